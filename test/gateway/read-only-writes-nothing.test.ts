import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/dgw.js';
import { runAsBinaryWould } from '../support/in-process.js';

// A command that only reads, run in-process on the data folder, leaves the project's database
// file and its WAL exactly as it found them: same bytes, same modification time, no WAL made.
// (Opening used to run the schema's CREATE ... IF NOT EXISTS, a refresh-log clean-up and a
// CHECKPOINT on every command.) A command that changes something still lands in the file. A saved
// query's view is made by the first statement that reads it (the one write a read may cause), and
// stays: every read after it writes nothing.

const tmp = tempDir('dgw-readonly-');
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'data'), DGW_ZONE: 'local' };
const file = path.join(tmp.dir, 'data', 'projects', 'demo.duckdb');
let queryId = '';

/** Bytes, size and modification time of the database and its WAL (absent: null). */
function fingerprint(): Record<string, { sha256: string; size: number; mtimeNs: bigint } | null> {
  const of = (f: string) => {
    if (!fs.existsSync(f)) return null;
    const st = fs.statSync(f, { bigint: true });
    return { sha256: createHash('sha256').update(fs.readFileSync(f)).digest('hex'), size: Number(st.size), mtimeNs: st.mtimeNs };
  };
  return { db: of(file), wal: of(`${file}.wal`) };
}

async function dgw(...args: string[]): Promise<string> {
  const r = await runAsBinaryWould(args, { env });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** The commands that only read, each run once. */
async function readEverything(): Promise<void> {
  expect(JSON.parse(await dgw('query', 'list', '--json'))).toHaveLength(2);
  expect(JSON.parse(await dgw('query', 'get', queryId, '--json')).name).toBe('kept');
  expect(await dgw('sql', 'SELECT count(*) AS n FROM svc.table.notes')).toBe('2\n');
  expect(await dgw('sql', 'SELECT * FROM svc.query.kept')).toBe('7\n');
  expect(JSON.parse(await dgw('catalog', 'list', '--json'))).toHaveLength(2);
  expect(await dgw('folder', 'list', '--tree')).toContain('reports');
  expect(JSON.parse(await dgw('table', 'list', '--json')).length).toBeGreaterThan(0);
  expect(JSON.parse(await dgw('mtquery', 'status', 'totals', '--json'))).toMatchObject({ status: 'COMPLETED' });
}

beforeAll(async () => {
  queryId = JSON.parse(await dgw('query', 'create', 'Kept', '--sql', 'SELECT 7 AS seven', '--path', '/reports', '--parents', '--json')).id;
  await dgw('mtquery', 'create', 'Totals', '--sql', 'SELECT 1 AS one');
  await dgw('sql', 'CREATE TABLE svc.table.notes AS SELECT * FROM range(2) t(n)');
}, 60_000);
afterAll(() => tmp.remove());

describe('a read-only in-process command writes nothing to the database file', () => {
  it('after commands that changed it, the file is whole and there is no WAL', () => {
    const now = fingerprint();
    expect(now.db).not.toBeNull();
    expect(now.wal).toBeNull();
  });

  it('the first statement to read a saved query makes its view, in the file and with no WAL; the same read again writes nothing', async () => {
    const before = fingerprint();
    expect(await dgw('sql', 'SELECT * FROM svc.query.kept')).toBe('7\n');
    const made = fingerprint();
    expect(made.db?.sha256).not.toBe(before.db?.sha256);
    expect(made.wal).toBeNull();
    expect(await dgw('sql', 'SELECT * FROM svc.query.kept')).toBe('7\n');
    expect(fingerprint()).toEqual(made);
  }, 60_000);

  it('query list, query get, sql SELECT, catalog list, folder list, table list, mtquery status: same bytes, same time, no WAL', async () => {
    const before = fingerprint();
    await readEverything();
    expect(fingerprint()).toEqual(before);
  }, 60_000);

  it('refreshes leave one refresh-log row per query: the rows they superseded go when the command closes', async () => {
    await dgw('mtquery', 'refresh', 'totals');
    await dgw('mtquery', 'refresh', 'totals');
    const db = await DuckDBInstance.create(file);
    const c = await db.connect();
    const rows = (await c.runAndReadAll('SELECT status FROM _dgw.refresh_log')).getRows();
    c.closeSync();
    db.closeSync();
    expect(rows).toEqual([['COMPLETED']]);
    const before = fingerprint();
    await readEverything();
    expect(fingerprint()).toEqual(before);
  }, 60_000);

  it('a WAL left by a gateway that did not close is read, and left as it was', async () => {
    // What a process killed after a commit leaves: committed changes still in the WAL.
    const db = await DuckDBInstance.create(file);
    const c = await db.connect();
    await c.run('PRAGMA disable_checkpoint_on_shutdown');
    await c.run('INSERT INTO "table".notes VALUES (2)');
    c.closeSync();
    db.closeSync();
    const before = fingerprint();
    expect(before.wal?.size).toBeGreaterThan(0);
    expect(await dgw('sql', 'SELECT count(*) AS n FROM svc.table.notes')).toBe('3\n');
    expect(fingerprint()).toEqual(before);
    // A command that changes something folds the WAL into the file as it closes.
    await dgw('sql', 'DELETE FROM svc.table.notes WHERE n = 2');
    const after = fingerprint();
    expect(after.wal).toBeNull();
    expect(after.db?.sha256).not.toBe(before.db?.sha256);
    expect(await dgw('sql', 'SELECT count(*) AS n FROM svc.table.notes')).toBe('2\n');
  }, 60_000);
});
