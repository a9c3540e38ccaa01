import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw } from '../support/dgw.js';
import { runAsBinaryWould } from '../support/in-process.js';
import { P, spawnServe, tempDir, waitFor, type SpawnedServer } from './helpers.js';

// `dgw serve` answers over real HTTP on 127.0.0.1 and runs schedules; `--zone local` runs the
// gateway in-process when no server holds the folder and talks to the server when one does.

const tmp = tempDir();
const served = join(tmp.dir, 'served');
const config = join(tmp.dir, 'config');
let server: SpawnedServer;

beforeAll(async () => {
  // Schedules of a few seconds, below the one-minute minimum, so one can be seen firing.
  server = await spawnServe(served, config, [], { DGW_LOCAL_MIN_INTERVAL: '1s' });
});
afterAll(async () => {
  await server?.stop('SIGINT');
  tmp.remove();
});

describe('dgw serve', () => {
  it('prints its base URL and keys and answers over HTTP on 127.0.0.1', async () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(server.projectKeys.demo).toEqual(expect.any(String));
    const catalogs = await server.call('GET', `${P}/catalogs`);
    expect(catalogs.status).toBe(200);
    expect(catalogs.body.map((c: { catalogType: string }) => c.catalogType)).toEqual(expect.arrayContaining(['internal', 'query']));
    const unauth = await fetch(`${server.baseUrl}/info`);
    expect(unauth.status).toBe(401);
    const byProjectKey = await fetch(`${server.baseUrl}${P}/table`, { headers: { authorization: `Bearer ${server.projectKeys.demo}` } });
    expect(byProjectKey.status).toBe(200);
    const lock = JSON.parse(readFileSync(join(served, 'gateway.lock'), 'utf8'));
    expect(lock).toMatchObject({ pid: server.child.pid, mode: 'serve', url: server.baseUrl });
  });

  it('fires an interval schedule of two seconds while served', async () => {
    const q = await server.call('POST', `${P}/queries`, {
      displayName: 'Every Two Seconds', queryType: 'MATERIALIZED', inputQuery: 'SELECT now() AS at', schedule: { type: 'interval', repeatDuration: 'PT2S' },
    });
    expect(q.status).toBe(200);
    const first = (await server.call('GET', `${P}/materialized-queries/${q.body.id}/status`)).body;
    const later = await waitFor(async () => {
      const s = (await server.call('GET', `${P}/materialized-queries/${q.body.id}/status`)).body;
      return s.status === 'COMPLETED' && s.lastExecutionStartTime !== first.lastExecutionStartTime ? s : undefined;
    }, 'a scheduled refresh');
    // Not sooner than the interval (a busy machine only makes it later), and the next one set two seconds after this one began.
    const gap = Date.parse(later.lastExecutionStartTime) - Date.parse(first.lastExecutionStartTime);
    expect(gap).toBeGreaterThanOrEqual(1900);
    expect(Date.parse(later.nextExecutionStartTime)).toBe(Date.parse(later.lastExecutionStartTime) + 2000);
    await server.call('PUT', `${P}/queries/${q.body.id}`, { schedule: { type: 'none' } });
  });

  it('is used by --zone local commands on the same folder', async () => {
    const r = await runDgw(['--zone', 'local', '--debug', 'sql', 'select count(*) as n from svc.table.orders', '--json'], { env: { DGW_CONFIG_DIR: config, DGW_LOCAL_DIR: served } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ n: '60' }]);
    expect(r.stderr).toContain(server.baseUrl);
  });

  it('refuses a second server on the same folder with a clear message', async () => {
    const r = await runDgw(['serve', '--port', '0', '--data-dir', served], { env: { DGW_CONFIG_DIR: config } });
    expect(r.code).toBe(12);
    expect(r.stderr).toMatch(/served by dgw serve/);
  });
});

// Commands run in this process (as the binary would), but for the race of several processes on one folder.
describe('--zone local in-process', () => {
  const local = join(tmp.dir, 'in-process');
  const env = { DGW_CONFIG_DIR: config, DGW_LOCAL_DIR: local };

  it('seeds the demo project on first use and runs dgw sql with --json', async () => {
    const r = await runAsBinaryWould(['--zone', 'local', 'sql', 'select count(*) as n from svc.table.orders', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ n: '60' }]);
    const keys = JSON.parse(readFileSync(join(local, 'keys.json'), 'utf8'));
    expect(keys.partnerKey).toEqual(expect.any(String));
  });

  it('prints rows as tab-separated lines when piped, compact arrays with --format compact, reads --file -', async () => {
    const tsv = await runAsBinaryWould(['--zone', 'local', 'sql', 'select customer_id, name from svc.table.customers order by 1 limit 2'], { env });
    expect(tsv.stdout).toBe('1\tAda Lovelace\n2\tGrace Hopper\n');
    const compact = await runAsBinaryWould(['--zone', 'local', 'sql', 'select 1 as a, 2 as b', '--json', '--format', 'compact'], { env });
    expect(JSON.parse(compact.stdout)).toEqual([[1, 2]]);
    const stdin = await runAsBinaryWould(['--zone', 'local', 'sql', '--file', '-', '--json'], { env, input: 'select 42 as answer;\n' });
    expect(JSON.parse(stdin.stdout)).toEqual([{ answer: 42 }]);
  });

  it('keeps what a command created for the next command (materialized result included)', async () => {
    const created = await runAsBinaryWould(['--zone', 'local', 'sql', 'create table svc.table.notes as select 1 as id, \'hello\' as text'], { env });
    expect(created.code, created.stderr).toBe(0);
    const read = await runAsBinaryWould(['--zone', 'local', 'sql', 'select * from svc.table.notes', '--json'], { env });
    expect(JSON.parse(read.stdout)).toEqual([{ id: 1, text: 'hello' }]);
  });

  it('lets several commands at once take turns on the folder, losing nothing', async () => {
    await runDgw(['--zone', 'local', 'sql', 'create table svc.table.hits (n BIGINT)'], { env });
    const runs = await Promise.all([1, 2, 3, 4].map((n) => runDgw(['--zone', 'local', 'sql', `insert into svc.table.hits values (${n})`], { env })));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const total = await runDgw(['--zone', 'local', 'sql', 'select count(*) as c, sum(n) as s from svc.table.hits', '--json'], { env });
    expect(JSON.parse(total.stdout)).toEqual([{ c: '4', s: '10' }]);
  });

  it('answers a failing statement with DuckDB\'s message and exit 6', async () => {
    const r = await runAsBinaryWould(['--zone', 'local', 'sql', 'select * from svc.table.nope'], { env });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/nope/);
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('refuses bad usage with exit 2', async () => {
    expect((await runAsBinaryWould(['--zone', 'local', 'sql'], { env })).code).toBe(2);
    expect((await runAsBinaryWould(['--zone', 'local', 'sql', 'select 1', '--format', 'xml'], { env })).code).toBe(2);
    expect((await runAsBinaryWould(['serve', '--port', 'abc'], { env })).code).toBe(2);
  });
});
