import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DGW_BIN, runDgw, tempDir } from './support/dgw.js';
import { spawnServe, type SpawnedServer } from './gateway/helpers.js';
import { runAsBinaryWould, runInProcess } from './support/in-process.js';
import { transferFolder } from './support/transfer-folder.js';

// `dgw sql --format csv` on the local gateway has DuckDB write the CSV (the gateway's COPY through
// a named pipe), copied as sent to a pipe or a file; with --limit, on a terminal or with
// --guard-formulas, dgw reads that CSV's records and prints them with its own writer, the same
// bytes (docs/data.md "One CSV rule"), in-process and through `dgw serve`.

const SELECT = `SELECT i AS id, 'name ' || i AS name, i / 4 AS amount, i % 3 = 0 AS flag, CASE WHEN i % 5 = 0 THEN '' END AS maybe,
  (i * 1e-8)::DOUBLE AS tiny, TIMESTAMP '2026-01-01' + INTERVAL (i) SECOND AS at FROM range(250000) t(i)`;
// Past any row count: the records go through dgw's own writer.
const JSON_PATH = ['--limit', '1000000000'];

const dir = tempDir('dgw-sql-csv-duckdb-');
const inProcess = { DGW_CONFIG_DIR: path.join(dir.dir, 'config-a'), DGW_LOCAL_DIR: path.join(dir.dir, 'gateway-a'), DGW_ZONE: 'local' };
const served = { DGW_CONFIG_DIR: path.join(dir.dir, 'config-b'), DGW_LOCAL_DIR: path.join(dir.dir, 'gateway-b'), DGW_ZONE: 'local' };
let server: SpawnedServer;

beforeAll(async () => {
  server = await spawnServe(served.DGW_LOCAL_DIR, served.DGW_CONFIG_DIR);
});
afterAll(async () => {
  await server?.stop();
  dir.remove();
});

describe('dgw sql --format csv on the local gateway', () => {
  it('in-process and through dgw serve: the same bytes as dgw\'s own writer, for 250,000 rows', async () => {
    const bothServed = Promise.all([
      runDgw(['sql', SELECT, '--format', 'csv'], { env: served, timeoutMs: 60_000 }),
      runDgw(['sql', SELECT, '--format', 'csv', ...JSON_PATH], { env: served, timeoutMs: 60_000 }),
    ]);
    // One after the other: each holds the data folder, and a busy machine outlasts the other's 10 s wait for it.
    const fast = await runDgw(['sql', SELECT, '--format', 'csv'], { env: inProcess, timeoutMs: 60_000 });
    const slow = await runDgw(['sql', SELECT, '--format', 'csv', ...JSON_PATH], { env: inProcess, timeoutMs: 60_000 });
    const [fastServed, slowServed] = await bothServed;
    for (const r of [fast, slow, fastServed, slowServed]) expect(r.code, r.stderr).toBe(0);
    expect(fast.stdout.split('\n').slice(0, 3)).toEqual(['id,name,amount,flag,maybe,tiny,at', '0,name 0,0.0,true,"",0.0,2026-01-01 00:00:00', '1,name 1,0.25,false,,1e-08,2026-01-01 00:00:01']);
    expect(fast.stdout.length).toBeGreaterThan(10_000_000);
    expect(fast.stdout === slow.stdout).toBe(true);
    expect(fastServed.stdout === fast.stdout).toBe(true);
    expect(slowServed.stdout === fast.stdout).toBe(true);
  });

  it('asks the gateway for CSV whenever it prints CSV, and only then (the --debug trace shows the Accept header)', async () => {
    for (const extra of [[], ['--guard-formulas'], ['--limit', '5']]) {
      const asked = await runAsBinaryWould(['--debug', 'sql', 'SELECT 1 AS x', '--format', 'csv', ...extra], { env: served });
      expect(asked.stderr, extra.join(' ')).toMatch(/accept: text\/csv/);
      expect(asked.stdout).toBe('x\n1\n');
    }
    const tsv = await runAsBinaryWould(['--debug', 'sql', 'SELECT 1 AS x', '--format', 'tsv'], { env: served });
    expect(tsv.stderr).not.toMatch(/accept: text\/csv/);
  });

  it('--guard-formulas, statements that are not a SELECT and columns of every type', async () => {
    const guarded = await runAsBinaryWould(['sql', "SELECT '=1+1' AS f, 2.0::DOUBLE AS d", '--format', 'csv', '--guard-formulas'], { env: inProcess });
    expect(guarded.stdout).toBe("f,d\n'=1+1,2.0\n");
    await runAsBinaryWould(['sql', 'CREATE TABLE svc.table.csv_w (x INTEGER)'], { env: inProcess });
    const insert = await runAsBinaryWould(['sql', 'INSERT INTO svc.table.csv_w VALUES (1), (2), (3)', '--format', 'csv'], { env: inProcess });
    expect(insert.code, insert.stderr).toBe(0);
    expect(insert.stdout).toBe('Count\n3\n');
    const nested = await runAsBinaryWould(['sql', "SELECT [1, 2] AS l, {'k': 1.5} AS s", '--format', 'csv'], { env: served });
    expect(nested.stdout).toBe('l,s\n"[1, 2]",{\'k\': 1.5}\n');
  });

  it('where no named pipe can be made (no mkfifo on the PATH), the same CSV comes through JSON', async () => {
    const select = "SELECT i AS n, i / 3 AS third, 'a,' || i AS t FROM range(1000) t(i)";
    const withPipe = await runAsBinaryWould(['sql', select, '--format', 'csv'], { env: inProcess });
    // Spawned: the gateway finds mkfifo on the PATH of its process, not on the one a command is given.
    const withoutPipe = await runDgw(['--debug', 'sql', select, '--format', 'csv'], { env: { ...inProcess, PATH: path.join(dir.dir, 'no-such-bin') } });
    expect(withoutPipe.code, withoutPipe.stderr).toBe(0);
    expect(withoutPipe.stderr).toMatch(/accept: text\/csv/);
    expect(withoutPipe.stdout).toBe(withPipe.stdout);
    expect(withPipe.stdout.split('\n')[2]).toBe('1,0.3333333333333333,"a,1"');
  });

  it('on a terminal, CSV goes through dgw\'s printer (screen-safe text)', async () => {
    const r = await runInProcess(['sql', "SELECT 1.0::DOUBLE AS d, 'a' || chr(27) || '[31m' AS t", '--format', 'csv', '--no-pager'], { env: { PATH: process.env.PATH ?? '', ...inProcess }, terminalColumns: 80 });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/^d,t\r?\n1\.0,/m);
    expect(r.stdout).not.toContain('\u001b[31m');
  });

  it('a statement DuckDB refuses: the same message and exit code as JSON, nothing on stdout', async () => {
    const csv = await runAsBinaryWould(['sql', 'SELECT * FROM svc.table.nosuch', '--format', 'csv'], { env: served });
    const json = await runAsBinaryWould(['sql', 'SELECT * FROM svc.table.nosuch', '--json'], { env: served });
    expect(csv.code).toBe(json.code);
    expect(csv.code).not.toBe(0);
    expect(csv.stderr).toMatch(/nosuch/);
    expect(csv.stdout).toBe('');
  });

  it('a statement that fails after its first rows: never exit 0', async () => {
    for (const env of [inProcess, served]) {
      const r = await runAsBinaryWould(['sql', "SELECT CASE WHEN i = 300000 THEN error('boom') ELSE i END AS n FROM range(500000) t(i)", '--format', 'csv'], { env });
      expect([6, 9], r.stderr).toContain(r.code);
      expect(r.stdout.split('\n').length).toBeLessThan(500_000);
    }
  });

  it('a reader that stops early (head): exit 0, and the server keeps no pipe and answers the next', async () => {
    const { spawn } = await import('node:child_process');
    for (let i = 0; i < 3; i++) {
      const child = spawn(process.execPath, [DGW_BIN, 'sql', 'SELECT i AS n FROM range(30000000) t(i)', '--format', 'csv'], { env: { ...process.env, ...served }, stdio: ['ignore', 'pipe', 'pipe'] });
      await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
      child.stdout!.destroy();
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      expect(code).toBe(0);
    }
    const next = await runAsBinaryWould(['sql', 'SELECT 5 AS n', '--format', 'csv'], { env: served });
    expect(next.stdout).toBe('n\n5\n');
    const streams = path.join(transferFolder(served.DGW_LOCAL_DIR), 'streams');
    await expect.poll(() => (fs.existsSync(streams) ? fs.readdirSync(streams) : []), { timeout: 10_000 }).toEqual([]);
  });
});
