import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P, spawnServe, type SpawnedServer } from './gateway/helpers.js';
import { runDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// Control characters through the spawned binary: the bytes of a SQL file and of a display name
// reach the service exactly (or are refused before anything is sent), a NUL byte in SQL is refused
// with exit 2 naming --file, and against the local gateway nothing acknowledged is ever lost (the
// 66 creates on dgw serve run in this process: argv is not their path, stdin is).

const CONTROLS = [...Array.from({ length: 32 }, (_, i) => i), 0x7f];
const hex = (code: number) => code.toString(16).padStart(2, '0').toUpperCase();
/** What argv can carry: everything but NUL, which ends a C string. */
const ARGV_CONTROLS = CONTROLS.filter((code) => code !== 0);

describe('against the recording stand-in', () => {
  const { server, dgw } = useStandIn();

  it.each(ARGV_CONTROLS.map((code) => [hex(code), code] as const))('U+00%s in a display name and a SQL file arrives byte for byte', async (h, code) => {
    const c = String.fromCharCode(code);
    server.on('POST', '/data/projects/proj-1/queries', (req) => ({ json: queryJson(req.json as Record<string, unknown>) }));
    const displayName = `Ctl ${h} x${c}y`;
    const sql = `SELECT 'x${c}y' AS v`;
    const r = await dgw(['query', 'create', displayName, '--file', '-', '--json'], { input: sql });
    if (r.code === 2) {
      // Refused before sending: it must say which argument, and nothing may have gone out.
      expect(r.stderr).toMatch(/DISPLAY_NAME|display name|--file/i);
      expect(server.requests).toHaveLength(0);
      return;
    }
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].json).toMatchObject({ displayName, inputQuery: sql });
  });

  it('a NUL byte in a SQL file is refused with exit 2 naming --file, and nothing is sent', async () => {
    const create = await dgw(['query', 'create', 'n', '--file', '-'], { input: 'SELECT 42 AS a\0' });
    expect(create.code).toBe(2);
    expect(create.stderr).toMatch(/--file: .*NUL/);
    const update = await dgw(['query', 'update', '3f2b8c1e-0000-4000-8000-000000000001', '--file', '-'], { input: 'SELECT\0 1' });
    expect(update.code).toBe(2);
    expect(update.stderr).toMatch(/--file: .*NUL/);
    const sql = await dgw(['sql', '--file', '-'], { input: 'SELECT 1\0; DROP TABLE x' });
    expect(sql.code).toBe(2);
    expect(sql.stderr).toMatch(/--file: .*NUL/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('against the local gateway', () => {
  const tmp = tempDir('dgw-ctl-');
  const config = join(tmp.dir, 'config');
  afterAll(() => tmp.remove());

  it('in-process: the NUL repro is refused, loses nothing, and the next create works', async () => {
    const env = { DGW_CONFIG_DIR: config, DGW_LOCAL_DIR: join(tmp.dir, 'in-process'), DGW_ZONE: 'local' };
    const local = (args: string[], input?: string) => runDgw(args, { env, input });

    const kept = await local(['query', 'create', 'Kept before', '--sql', 'SELECT 1 AS one']);
    expect(kept.code, kept.stderr).toBe(0);
    const nul = await local(['query', 'create', 'n', '--file', '-'], 'SELECT 42 AS a\0');
    expect(nul.code).toBe(2);
    expect((await local(['query', 'get', 'n'])).code).toBe(4);

    // Past the CLI's own check, straight to the gateway: refused with 400 (exit 6) naming inputQuery.
    const raw = await local(['api', 'POST', '/data/projects/{projectId}/queries', '--input', '-'], JSON.stringify({ displayName: 'N', inputQuery: 'SELECT 2 AS x\u0000' }));
    expect(raw.code).toBe(6);
    expect(raw.stderr).toMatch(/inputQuery.*NUL/);

    const next = await local(['query', 'create', 'Next after', '--sql', 'SELECT 3 AS three']);
    expect(next.code, next.stderr).toBe(0);
    for (const name of ['keptbefore', 'nextafter']) expect((await local(['query', 'get', name])).code).toBe(0);
  });

  describe('served', () => {
    let server: SpawnedServer;
    const served = join(tmp.dir, 'served');
    beforeAll(async () => {
      server = await spawnServe(served, config);
    });
    afterAll(async () => {
      await server?.stop('SIGINT');
    });

    it('every control character in a SQL file and a display name: each acknowledged create is there, exactly', async () => {
      const env = { DGW_CONFIG_DIR: config, DGW_LOCAL_DIR: served, DGW_ZONE: 'local' };
      const acknowledged: Array<{ id: string; displayName: string; inputQuery: string; value: unknown }> = [];
      for (const code of CONTROLS) {
        const c = String.fromCharCode(code);
        // Display names refuse control characters (item 17, test/terminal-control-characters.test.ts): here the SQL carries them.
        const displayName = `Ctl ${hex(code)}`;
        // Inside a string, and at the very end (where a cut at NUL leaves SQL that still parses).
        for (const [name, sql, value] of [[displayName, `SELECT 'x${c}y' AS v`, `x${c}y`], [`End ${hex(code)}`, `SELECT 42 AS v${c}`, 42]] as const) {
          const r = await runAsBinaryWould(['query', 'create', name, '--file', '-', '--json'], { env, input: sql });
          if (r.code === 0) {
            const created = JSON.parse(r.stdout);
            // The CLI trims the whitespace a file ends with; the rest arrives as it is.
            acknowledged.push({ id: created.id, displayName: name, inputQuery: sql.trim(), value });
          } else {
            expect([2, 6], `U+00${hex(code)}: ${r.stderr}`).toContain(r.code);
          }
          // The next write, from another key, works.
          const next = await fetch(`${server.baseUrl}${P}/queries`, {
            method: 'POST',
            headers: { authorization: `Bearer ${server.projectKeys.demo}`, 'content-type': 'application/json' },
            // A display name never holds a control character (item 17): the next write's is made clean.
            // eslint-disable-next-line no-control-regex
            body: JSON.stringify({ displayName: `After ${name.replace(/[\u0000-\u001f\u007f]/g, '?')}`, inputQuery: 'SELECT 1 AS one' }),
          });
          expect(next.status, `the write after ${JSON.stringify(sql)}`).toBe(200);
        }
      }
      expect(acknowledged.length).toBeGreaterThanOrEqual(CONTROLS.length);
      for (const q of acknowledged) {
        const back = await server.call('GET', `${P}/queries/${q.id}`);
        expect(back.status).toBe(200);
        expect(back.body).toMatchObject({ displayName: q.displayName, inputQuery: q.inputQuery });
        const rows = await server.call('POST', `${P}/queries/execute?format=COMPACT`, { id: q.id });
        expect(rows.body.data).toEqual([[q.value]]);
      }
    });
  });
});
