import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';
import { walkShapes } from './support/walk-shapes.js';

// Parametric tables on the local gateway: a view of a file connection's table with columns fixed
// (the hosted service binds REST parameters; here each key is a column, as the document names it).
// Real CSV and Parquet files, the CLI in-process, both API shapes; each command opens the project
// anew, so every view shown was made again from what was stored.

const tmp = tempDir('dgw-parametric-');
const csvDir = join(tmp.dir, 'csvs');
const parquet = join(tmp.dir, 'days.parquet');
const duckFile = join(tmp.dir, 'db.duckdb');
afterAll(() => tmp.remove());
beforeAll(async () => {
  mkdirSync(csvDir);
  writeFileSync(join(csvDir, 'visits.csv'), 'visitor,page,country\n7,/pricing,DE\n8,/docs,FR\n9,/pricing,FR\n10,/pricing,\n');
  // Days relative to DuckDB's own today, so the macros are tested against the clock they read.
  const db = await DuckDBInstance.create(duckFile);
  const conn = await db.connect();
  await conn.run(`COPY (SELECT CAST(current_date - CAST(i AS INTEGER) AS DATE) AS day, i AS n FROM range(40) t(i)) TO '${parquet}' (FORMAT parquet)`);
  await conn.run('CREATE TABLE t AS SELECT 1 AS x');
  conn.closeSync();
  db.closeSync();
});

for (const shape of walkShapes) {
  describe(`parametric tables, ${shape} shape`, () => {
    const { run, dgw } = localCli(tmp.dir, shape);
    const sql = (statement: string) => dgw('sql', statement, '--format', 'csv');

    beforeAll(async () => {
      await dgw('connection', 'create', 'web', '--type', 'csv', '--field', `path=${csvDir}`);
      await dgw('connection', 'create', 'days', '--type', 'parquet', '--field', `path=${parquet}`);
      await dgw('connection', 'create', 'db', '--type', 'duckdb', '--field', `path=${duckFile}`);
    });

    it('fixes columns of the base table: SQL reads only the rows with those values', async () => {
      await dgw('parametric-table', 'create', 'web', 'reports.pricing_fr', '--from', 'main.visits', '--param', 'page=/pricing', '--param', 'country=FR');
      expect(await sql('SELECT visitor FROM web.reports.pricing_fr')).toBe('visitor\n9\n');
      await dgw('parametric-table', 'create', 'web', 'main.visitor_7', '--from', 'main.visits', '--param', 'visitor=7');
      expect(await sql('SELECT page FROM web.main.visitor_7')).toBe('page\n/pricing\n');
      const listed = JSON.parse(await dgw('parametric-table', 'list', 'web', '--json'));
      expect(listed).toEqual([
        { fromSchema: 'main', fromTable: 'visits', toSchema: 'reports', toTable: 'pricing_fr', paramValues: [{ key: 'page', value: '/pricing' }, { key: 'country', value: 'FR' }] },
        { fromSchema: 'main', fromTable: 'visits', toSchema: 'main', toTable: 'visitor_7', paramValues: [{ key: 'visitor', value: 7 }] },
      ]);
      // The catalog shows the new schema and table as it shows the files'.
      expect(JSON.parse(await dgw('catalog', 'schemas', 'web', '--json')).map((s: { schemaName: string }) => s.schemaName)).toEqual(['main', 'reports']);
      // A saved query reads it too.
      await dgw('query', 'create', `French pricing ${shape}`, '--sql', 'SELECT count(*) AS n FROM web.reports.pricing_fr');
    });

    it('a date macro is evaluated when the table is read, against today', async () => {
      await dgw('parametric-table', 'create', 'days', 'main.week_ago', '--from', 'main.days', '--param', 'day=@today-7d');
      expect(await sql('SELECT n FROM days.main.week_ago')).toBe('n\n7\n');
      await dgw('parametric-table', 'create', 'days', 'main.yesterday', '--from', 'main.days', '--param', 'day=@yesterday');
      expect(await sql('SELECT n FROM days.main.yesterday')).toBe('n\n1\n');
      await dgw('parametric-table', 'create', 'days', 'main.month_start', '--from', 'main.days', '--param', 'day=@som');
      expect(await sql("SELECT count(*) AS c, bool_and(day = date_trunc('month', current_date)) AS ok FROM days.main.month_start")).toBe('c,ok\n1,true\n');
    });

    it('refuses what it cannot make, saying why, and makes nothing', async () => {
      const typo = await run('parametric-table', 'create', 'web', 'main.x', '--from', 'main.visits', '--param', 'pgae=/docs');
      expect([typo.code, typo.stderr]).toEqual([6, expect.stringContaining('did you mean "page"')]);
      expect((await run('parametric-table', 'create', 'web', 'main.x', '--from', 'main.nope', '--param', 'page=/docs')).code).toBe(4);
      expect((await run('parametric-table', 'create', 'web', 'main.visitor_7', '--from', 'main.visits', '--param', 'visitor=8')).code).toBe(5);
      const badType = await run('parametric-table', 'create', 'web', 'main.x', '--from', 'main.visits', '--param', 'visitor=seven');
      expect([badType.code, badType.stderr]).toEqual([6, expect.stringContaining('is not a value of visitor')]);
      const badMacro = await run('parametric-table', 'create', 'days', 'main.x', '--from', 'main.days', '--param', 'day=@tomorrow');
      expect([badMacro.code, badMacro.stderr]).toEqual([6, expect.stringContaining('not a date macro')]);
      const duck = await run('parametric-table', 'create', 'db', 'main.x', '--from', 'main.t', '--param', 'x=1');
      expect([duck.code, duck.stderr]).toEqual([6, expect.stringContaining('attached read-only')]);
      // A DuckDB file's catalog can hold none, so it lists none (a script walking every catalog goes on); a missing catalog is not found.
      expect(JSON.parse(await dgw('parametric-table', 'list', 'db', '--json'))).toEqual([]);
      expect((await run('parametric-table', 'list', 'nosuchcatalog')).code).toBe(4);
      expect((await run('parametric-table', 'create', '1', 'table.x', '--from', 'table.orders', '--param', 'status=paid')).code).toBe(6);
      expect((await run('parametric-table', 'rm', 'web', 'main.nope', '--yes')).code).toBe(4);
      expect(JSON.parse(await dgw('parametric-table', 'list', 'web', '--json'))).toHaveLength(2);
    });

    it('rm drops the view and its relations; removing the connection removes its parametric tables', async () => {
      await dgw('relation', 'add', 'web.main.visitor_7.visitor', '1.table.customers.customer_id');
      await dgw('parametric-table', 'rm', 'web', 'main.visitor_7', '--yes');
      expect(JSON.parse(await dgw('relation', 'list', 'web', '--json'))).toEqual([]);
      expect((await run('sql', 'SELECT * FROM web.main.visitor_7')).code).toBe(6);
      expect(JSON.parse(await dgw('parametric-table', 'list', 'web', '--json')).map((p: { toTable: string }) => p.toTable)).toEqual(['pricing_fr']);
      await dgw('query', 'rm', `french pricing ${shape}`.replace(/ /g, ''), '--yes');
      await dgw('connection', 'rm', 'web', '--yes');
      await dgw('connection', 'create', 'web', '--type', 'csv', '--field', `path=${csvDir}`);
      expect(JSON.parse(await dgw('parametric-table', 'list', 'web', '--json'))).toEqual([]);
      expect((await run('sql', 'SELECT * FROM web.reports.pricing_fr')).code).toBe(6);
    });
  });
}
