import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { Gateway } from '../../src/gateway/gateway.js';
import { runDgw } from '../support/dgw.js';
import { tempDir } from './helpers.js';

// The in-process CLI exits as soon as its command is done, so its gateway does not free DuckDB's
// instance on close: freeing the catalog of 10,000 saved queries took 40 ms of every command, and
// the exit frees it anyway. Everything that lands in the file still does (the WAL is checkpointed
// before), and a process that takes the folder right after waits for DuckDB's lock to go.

const tmp = tempDir('dgw-close-exit-');
afterAll(() => tmp.remove());

/** A gateway on a fresh data folder, on an engine this test holds, with one query saved. */
async function gatewayWithChange(name: string): Promise<{ gateway: Gateway; engine: DuckDBInstance; file: string }> {
  const dataDir = fs.mkdtempSync(path.join(tmp.dir, 'data-'));
  const engine = await DuckDBInstance.create(':memory:');
  const gateway = await Gateway.open({ dataDir, engine: Promise.resolve(engine), seed: false });
  const project = await gateway.project('demo', { create: false });
  await project.createQuery({ displayName: name, inputQuery: 'SELECT 7 AS seven' }, false);
  return { gateway, engine, file: path.join(dataDir, 'projects', 'demo.duckdb') };
}

async function savedQueryNames(file: string): Promise<string[]> {
  const db = await DuckDBInstance.create(file);
  const conn = await db.connect();
  const names = (await conn.runAndReadAll(`SELECT name FROM _dgw.query_rows ORDER BY 1`)).getRows().map((r) => String(r[0]));
  conn.closeSync();
  db.closeSync();
  return names;
}

describe('closing for a process that ends leaves DuckDB to the exit', () => {
  it('the instance is still open after close, and the change is already in the file (no WAL)', async () => {
    const { gateway, engine, file } = await gatewayWithChange('Kept at exit');
    await gateway.close({ wait: true, endsProcess: true });
    // Not freed: it still takes connections.
    const conn = await engine.connect();
    conn.closeSync();
    expect(fs.existsSync(`${file}.wal`)).toBe(false);
    // What the process exit does, here by hand, before the file is opened again.
    engine.closeSync();
    expect(await savedQueryNames(file)).toEqual(['keptatexit']);
  });

  it('an ordinary close frees the instance', async () => {
    const { gateway, engine } = await gatewayWithChange('Freed');
    await gateway.close({ wait: true });
    await expect(engine.connect()).rejects.toThrow();
  });
});

describe('in-process CLI commands back to back and at once', () => {
  const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'cli-data'), DGW_ZONE: 'local' };

  it('four creates started together all succeed, and the next command sees all four', async () => {
    const made = await Promise.all([1, 2, 3, 4].map((i) => runDgw(['query', 'create', `Together ${i}`, '--sql', `SELECT ${i} AS n`, '--json'], { env })));
    for (const r of made) expect(r.code, r.stderr).toBe(0);
    const list = await runDgw(['query', 'list', '--json'], { env });
    expect(list.code, list.stderr).toBe(0);
    const names = (JSON.parse(list.stdout) as Array<{ name: string }>).map((q) => q.name).filter((n) => n.startsWith('together'));
    expect(names.sort()).toEqual(['together1', 'together2', 'together3', 'together4']);
    expect(fs.existsSync(path.join(tmp.dir, 'cli-data', 'projects', 'demo.duckdb.wal'))).toBe(false);
  }, 60_000);
});
