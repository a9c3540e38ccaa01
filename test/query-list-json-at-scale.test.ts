import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';
import { P, spawnServe, type SpawnedServer } from './gateway/helpers.js';

// `dgw query list --json` against `dgw serve` prints a long list straight from the answer's text
// when it can (commands/query/printed-list.ts), and the gateway keeps the list's bytes between
// requests (ProjectStore.queryList). What it prints must be what reading the answer prints,
// whichever way it went: here against a reference made independently from the raw answer, with
// 1,500 queries whose texts have quotes, backslashes, newlines, JSON punctuation and other
// scripts; and every change must be in the next list, also across a restart of dgw serve with a
// change made in-process between.

const tmp = tempDir('dgw-list-scale-');
const data = join(tmp.dir, 'data');
const config = join(tmp.dir, 'config');
let server: SpawnedServer | undefined;
afterAll(async () => {
  await server?.stop();
  tmp.remove();
});

const dgw = (...args: string[]) => runDgw(args, { env: { DGW_ZONE: 'local', DGW_LOCAL_DIR: data, DGW_CONFIG_DIR: config, DGW_PROJECT: 'demo' }, timeoutMs: 60_000 });

/** What `query list --json` must print for the gateway's answer in a pipe: each query in readQuery's form, compact, DEL and C1 escaped. */
async function expected(s: SpawnedServer): Promise<string> {
  const answer = (await s.call('GET', `${P}/queries`)).body as Array<Record<string, unknown>>;
  const queries = answer.map((q) => {
    const schedule = q.schedule as { type?: string } | null;
    return { id: q.id, displayName: q.displayName, name: q.name, inputQuery: q.inputQuery, queryType: q.queryType, schedule: schedule && schedule.type !== 'none' ? schedule : null, path: q.path, folderId: q.folderId };
  });
  return `${JSON.stringify(queries).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}

async function listed(): Promise<string> {
  const r = await dgw('query', 'list', '--json');
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

const TEXTS = ['plain', 'say "hi"', 'back\\slash', 'two\nlines\ttabbed', '","name":"x', '{"a":[1,2]}: ', 'Grüße 東京 😀', '\u2028'];

describe('query list --json at scale, served', () => {
  it('1,500 queries: the same bytes as the reference, and each change in the next list', async () => {
    server = await spawnServe(data, config);
    const s = server;
    let next = 0;
    const make = async () => {
      for (let i = next++; i < 1500; i = next++) {
        const text = TEXTS[i % TEXTS.length];
        const body = { displayName: `Query ${i} ${text.replace(/[\n\t\u2028]/g, ' ')}`, inputQuery: `SELECT ${i} AS n, '${text.replace(/'/g, "''")}' AS label`, ...(i % 7 === 0 ? {} : { path: `/area-${i % 10}/group-${i % 100}` }) };
        const made = await s.call('POST', `${P}/queries`, body);
        expect(made.status, JSON.stringify(made.body)).toBe(200);
      }
    };
    await Promise.all([make(), make(), make(), make()]);
    const scheduled = await s.call('POST', `${P}/queries`, { displayName: 'Hourly', inputQuery: 'SELECT 1 AS one', queryType: 'MATERIALIZED', schedule: { type: 'interval', repeatDuration: 'PT1H' } });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(await listed()).toBe(await expected(s));

    // A change after the list was kept: create, update, move, folder rename, delete.
    const a = (await s.call('POST', `${P}/queries`, { displayName: 'Added later', inputQuery: 'SELECT 2 AS two', path: '/later' })).body as { id: string };
    let out = await listed();
    expect(out).toContain('"displayName":"Added later"');
    expect(out).toBe(await expected(s));
    await s.call('PUT', `${P}/queries/${a.id}`, { displayName: 'Renamed later' });
    out = await listed();
    expect(out).toContain('"displayName":"Renamed later"');
    expect(out).toBe(await expected(s));
    await s.call('PATCH', `${P}/queries/${a.id}/path`, { path: '/moved/here' });
    expect(await listed()).toContain('"path":"/moved/here"');
    const moved = ((await s.call('GET', `${P}/queries/${a.id}`)).body as { folderId: string }).folderId;
    expect((await dgw('folder', 'rename', '/moved', 'shifted')).code).toBe(0);
    expect(await listed()).toContain('"path":"/shifted/here"');
    expect((await s.call('GET', `${P}/queries/${a.id}`)).body.folderId).toBe(moved);
    await s.call('DELETE', `${P}/queries/${a.id}`);
    out = await listed();
    expect(out).not.toContain(a.id);
    expect(out).toBe(await expected(s));

    // A materialized query without a schedule ({"type":"none"}, which dgw prints as null): the usual way, the same bytes.
    const unscheduled = await s.call('POST', `${P}/queries`, { displayName: 'Unscheduled', inputQuery: 'SELECT 3 AS three', queryType: 'MATERIALIZED' });
    expect(unscheduled.status, JSON.stringify(unscheduled.body)).toBe(200);
    out = await listed();
    expect(out).toContain('"displayName":"Unscheduled"');
    expect(out).toBe(await expected(s));
  });

  it('a change made in-process while no dgw serve runs is in the list of the next dgw serve', async () => {
    const before = await listed();
    expect(await server!.stop()).toBe(0);
    server = undefined;
    const made = await dgw('query', 'create', 'Made in process', '--sql', 'SELECT 4 AS four', '-q');
    expect(made.code, made.stderr).toBe(0);
    server = await spawnServe(data, config);
    const after = await listed();
    expect(after).not.toBe(before);
    expect(after).toContain(made.stdout.trim());
    expect(after).toBe(await expected(server));
  });
});
