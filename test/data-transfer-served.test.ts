import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { spawnServe, type SpawnedServer } from './gateway/helpers.js';

// The same data paths against `dgw serve` over HTTP: rows streamed from DuckDB to the socket to
// dgw's stdout; a statement that fails after its first rows is never taken for a whole result; export
// download links work without the API key until they expire (DGW_LOCAL_LINK_TTL, here 2 s), and
// dgw asks for fresh ones.

const dir = tempDir('dgw-transfer-served-');
const dataDir = path.join(dir.dir, 'gateway');
const env = { DGW_CONFIG_DIR: path.join(dir.dir, 'config'), DGW_LOCAL_DIR: dataDir, DGW_ZONE: 'local' };
// The server is a process of its own; the dgw that talks to it runs in this one.
const dgw = (args: string[]) => runAsBinaryWould(args, { env });
let server: SpawnedServer;

beforeAll(async () => {
  server = await spawnServe(dataDir, env.DGW_CONFIG_DIR, [], { DGW_LOCAL_LINK_TTL: '2s' });
});
afterAll(async () => {
  await server?.stop();
  dir.remove();
});

describe('dgw sql against dgw serve', () => {
  it('streams 200,000 rows to stdout, every one', async () => {
    const r = await dgw(['sql', "SELECT i AS n, 'row ' || i AS label FROM range(200000) t(i)", '--format', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(200_001);
    expect(lines[0]).toBe('n,label');
    expect(lines[200_000]).toBe('199999,row 199999');
  }, 60_000);

  it('a statement that fails after its first rows: never exit 0, and the reason on stderr', async () => {
    const r = await dgw(['sql', "SELECT CASE WHEN i = 150000 THEN error('boom at 150000') ELSE i END AS n FROM range(300000) t(i)"]);
    expect([6, 9]).toContain(r.code);
    expect(r.stderr).toMatch(/boom at 150000|ended before it was complete/);
    expect(r.stdout.split('\n').length).toBeLessThan(300_000);
  }, 60_000);
});

describe('export download links of dgw serve', () => {
  it('work without the key, expire, and dgw export get asks for fresh ones', async () => {
    expect((await dgw(['query', 'create', 'Orders Export', '--sql', 'SELECT * FROM svc.table.orders'])).code).toBe(0);
    const started = await dgw(['query', 'export', 'ordersexport', '--no-wait']);
    expect(started.code, started.stderr).toBe(0);
    const id = started.stdout.trim();
    let job = JSON.parse((await dgw(['export', 'get', id, '--json'])).stdout);
    for (let i = 0; i < 100 && job.status !== 'SUCCEEDED'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = JSON.parse((await dgw(['export', 'get', id, '--json'])).stdout);
    }
    expect(job.status).toBe('SUCCEEDED');
    const url: string = job.files[0].url;
    expect(url.startsWith(server.baseUrl)).toBe(true);
    const fresh = await fetch(url);
    expect(fresh.status).toBe(200);
    const csv = await fresh.text();
    expect(csv.split('\n')[0]).toMatch(/^order_id,/);

    const tampered = await fetch(url.replace(/signature=[^&]+/, 'signature=forged'));
    expect([tampered.status, (await tampered.json()).errorCode]).toEqual([403, 'FORBIDDEN']);

    await new Promise((r) => setTimeout(r, 2500));
    const expired = await fetch(url);
    const body = await expired.json();
    expect([expired.status, body.errorCode]).toEqual([403, 'LINK_EXPIRED']);
    expect(body.message).toMatch(/this download link expired at .*; read the export again/);

    const out = path.join(dir.dir, 'orders.csv');
    const again = await dgw(['export', 'get', id, '-o', out]);
    expect(again.code, again.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe(csv);
  }, 60_000);
});
