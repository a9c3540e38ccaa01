import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';
import { P, spawnServe } from './gateway/helpers.js';

// A connected CSV file replaced by a named pipe made every command on the project wait for ever
// (`query list` too): opening the project reads each connected file, and DuckDB's open of a pipe
// waits for a writer. A pipe, socket or device is now refused as a file that cannot be read: the
// project opens, that table (or that DuckDB connection) says why. Spawned: a hang must not take
// the test's own process with it.
let config: ReturnType<typeof tempDir>;
let data: ReturnType<typeof tempDir>;
let files: ReturnType<typeof tempDir>;
beforeEach(() => {
  config = tempDir('dgw-fifo-conn-config-');
  data = tempDir('dgw-fifo-conn-data-');
  files = tempDir('dgw-fifo-conn-files-');
});
afterEach(() => {
  for (const dir of [config, data, files]) dir.remove();
});

const dgw = (...args: string[]) => runDgw(['--zone', 'local', ...args], { env: { DGW_CONFIG_DIR: config.dir, DGW_LOCAL_DIR: data.dir }, timeoutMs: 30_000 });
const fifo = (file: string) => execFileSync('mkfifo', [file]);

/** Runs one statement on a DuckDB database (a file, or ':memory:'), as another program makes a file dgw connects. */
async function duckdb(database: string, sql: string): Promise<void> {
  const instance = await DuckDBInstance.create(database);
  const conn = await instance.connect();
  await conn.run(sql);
  conn.closeSync();
  instance.closeSync();
}

describe.skipIf(process.platform === 'win32')('a named pipe where a connected file goes', () => {
  it('a connected CSV file replaced by one: the project opens, another connection reads, its table names the pipe', async () => {
    for (const [name, n] of [['a', 1], ['b', 2]] as const) {
      fs.writeFileSync(path.join(files.dir, `${name}.csv`), `n\n${n}\n`);
      expect((await dgw('connection', 'create', name, '--type', 'csv', '--field', `path=${path.join(files.dir, `${name}.csv`)}`)).code).toBe(0);
    }
    const b = path.join(files.dir, 'b.csv');
    fs.rmSync(b);
    fifo(b);
    const list = await dgw('query', 'list', '--json');
    expect([list.code, list.stderr]).toEqual([0, '']);
    expect((await dgw('sql', 'SELECT n FROM a.main.a')).stdout).toBe('1\n');
    const read = await dgw('sql', 'SELECT n FROM b.main.b');
    expect(read.code).toBe(6);
    expect(read.stderr).toContain(`${b} cannot be read as CSV: it is a named pipe, not a file`);
    expect(fs.statSync(b).isFIFO()).toBe(true);
  });

  it('a DuckDB connection whose file became one: the project opens, its catalog says why it did not open', async () => {
    const file = path.join(files.dir, 'sales.duckdb');
    await duckdb(file, 'CREATE TABLE t AS SELECT 1 AS n');
    expect((await dgw('connection', 'create', 'sales', '--type', 'duckdb', '--field', `path=${file}`)).code).toBe(0);
    fs.rmSync(file);
    fifo(file);
    expect((await dgw('query', 'list')).code).toBe(0);
    const read = await dgw('sql', 'SELECT n FROM sales.main.t');
    expect(read.code).not.toBe(0);
    expect(read.stderr).toContain(`its connection sales did not open (${file} is a named pipe, not a file)`);
  });

  it('a Parquet file replaced by one while dgw serve stays open: the next read says what is there; other requests answer', async () => {
    const file = path.join(files.dir, 'sales.parquet');
    await duckdb(':memory:', `COPY (SELECT 1 AS n) TO '${file}'`);
    const served = await spawnServe(data.dir, config.dir);
    try {
      // A read that would wait on the pipe must not hold the test: its answer is awaited 30 s at most.
      const read = async () => {
        const res = await fetch(`${served.baseUrl}${P}/queries/execute?format=SIMPLE`, {
          method: 'POST',
          headers: { authorization: `Bearer ${served.partnerKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ statement: 'SELECT n FROM sales.main.sales' }),
          signal: AbortSignal.timeout(30_000),
        });
        return { status: res.status, body: await res.json() };
      };
      expect((await served.call('POST', '/connections/demo', { name: 'sales', type: 'parquet', credential: { path: file } })).status).toBe(200);
      expect((await read()).body.data).toEqual([{ n: 1 }]);
      fs.rmSync(file);
      fifo(file);
      const refused = await read();
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(`the file ${file} changed since the project opened and cannot be read as PARQUET now: it is a named pipe, not a file`);
      expect((await served.call('GET', `${P}/queries`)).status).toBe(200);
    } finally {
      await served.stop('SIGKILL');
    }
  });

  it.each([['csv', 'visits.csv', 'cannot open %s as csv files'], ['duckdb', 'sales.duckdb', 'cannot open %s as a DuckDB database']])(
    'connection create --type %s of one: exit 6 naming it, nothing made',
    async (type, name, said) => {
      const file = path.join(files.dir, name);
      fifo(file);
      const r = await dgw('connection', 'create', 'piped', '--type', type, '--field', `path=${file}`);
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toContain(`${said.replace('%s', file)}: `);
      expect(r.stderr).toMatch(/ is a named pipe, not a file \(HTTP 400\)$/m);
      expect((await dgw('connection', 'list', '--json')).stdout.trim()).toBe('[]');
    },
  );
});
