import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// The copy of a table named `We i"rd` was shown as svc.cache.We i"rd, which SQL cannot read; it is quoted now, and cache rm
// still finds the saved queries that read it. A stored table cannot be so named: a DuckDB file's can.
const tmp = tempDir('dgw-cache-copy-quoted-');
afterAll(() => tmp.remove());
const { dgw, run, json } = localCli(tmp.dir, 'spec');

it('cache create and get show the copy as SQL reads it, and that name can be pasted into SQL', async () => {
  const file = path.join(tmp.dir, 'weird.duckdb');
  const db = await DuckDBInstance.create(file);
  const conn = await db.connect();
  await conn.run('CREATE TABLE "We i""rd" (a INT)');
  conn.closeSync();
  db.closeSync();
  await dgw('connection', 'create', 'weird', '--type', 'duckdb', '--field', `path=${file}`);
  const r = await run('cache', 'create', 'weird.main.We i"rd');
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain('SQL reads it as svc.cache."We i""rd"');
  const { copy } = await json('cache', 'get', 'weird.main.We i"rd');
  expect(copy).toBe('svc.cache."We i""rd"');
  expect(await dgw('sql', `SELECT count(*) AS n FROM ${copy}`, '--format', 'csv')).toBe('n\n0\n');
  await dgw('query', 'create', 'reader', '--sql', `SELECT * FROM ${copy}`);
  expect((await run('cache', 'rm', 'weird.main.We i"rd', '--dry-run', '--with-reads')).stdout).toContain('reader');
});
