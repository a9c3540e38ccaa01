import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';
import { walkShapes } from './support/walk-shapes.js';

// `dgw catalog export` (the document's exportTable) on the local gateway: a stored table or a
// connected file's table, written by the same export job as a query's, in both API shapes.

const tmp = tempDir('dgw-catalog-export-');
afterAll(() => tmp.remove());

for (const shape of walkShapes) {
  describe(`catalog export, ${shape} shape`, () => {
    const { run, dgw, json } = localCli(tmp.dir, shape);

    it('writes every row of a stored table, or the columns and rows asked for, as CSV or gzipped JSON Lines', async () => {
      const whole = join(tmp.dir, `${shape}-customers.csv`);
      await dgw('catalog', 'export', 'svc.table.customers', '-o', whole);
      const lines = readFileSync(whole, 'utf8').trimEnd().split('\n');
      expect(lines[0]).toBe('customer_id,name,country,signed_up');
      expect(lines).toHaveLength(21);
      expect(await dgw('catalog', 'export', 'svc', 'table', 'orders', '--columns', 'amount,order_id', '--limit', '2')).toBe('amount,order_id\n47.17,1\n84.34,2\n');
      const gz = join(tmp.dir, `${shape}-orders.jsonl.gz`);
      const job = await json('catalog', 'export', 'svc.table.orders', '--format', 'jsonl', '--gzip', '--limit', '1', '-o', gz);
      expect(gunzipSync(readFileSync(gz)).toString()).toBe('{"order_id":"1","customer_id":"8","order_date":"2024-01-14","amount":47.17,"status":"paid"}\n');
      expect(job).toMatchObject({ status: 'SUCCEEDED', rowCount: 1, queryId: null, catalogId: '1', schemaName: 'table', tableName: 'orders' });
      expect(job.files[0].name).toBe('table_1_orders.jsonl.gz');
      // The job is listed as a table's, beside the query exports.
      expect((await json('export', 'list')).find((e: { id: string }) => e.id === job.id)).toMatchObject({ catalogId: '1', tableName: 'orders', queryId: null });
    });

    it('exports the table of a connected CSV file by its catalog name', async () => {
      const file = join(tmp.dir, `${shape}-regions.csv`);
      writeFileSync(file, 'country,region\nDE,EMEA\nUS,AMER\n');
      await dgw('connection', 'create', 'geo', '--type', 'csv', '--field', `path=${file}`);
      expect(await dgw('catalog', 'export', `geo.main.${shape}regions`)).toBe('country,region\nDE,EMEA\nUS,AMER\n');
    });

    it('writes a table whose name is a path (a connected DuckDB file names its tables as it likes) inside the export, under one file name', async () => {
      const db = join(tmp.dir, `${shape}-named.duckdb`);
      const escaped = join(tmp.dir, `${shape}-escaped`);
      const table = `x${'/..'.repeat(30)}${escaped}`;
      const instance = await DuckDBInstance.create(db);
      const conn = await instance.connect();
      await conn.run(`CREATE TABLE "${table}" AS SELECT 7 AS a`);
      conn.closeSync();
      instance.closeSync();
      await dgw('connection', 'create', 'named', '--type', 'duckdb', '--field', `path=${db}`);
      for (const format of ['jsonl', 'csv']) {
        const job = await json('catalog', 'export', 'named', 'main', table, '--format', format, '-o', join(tmp.dir, `${shape}-named.${format}`));
        expect(job.files.map((f: { name: string }) => f.name)).toEqual([expect.stringMatching(new RegExp(`^table_\\d+_x[\\w.-]*\\.${format}$`))]);
        expect(existsSync(`${escaped}.${format}`)).toBe(false);
      }
      expect(readFileSync(join(tmp.dir, `${shape}-named.jsonl`), 'utf8')).toBe('{"a":7}\n');
    });

    it('refuses a table or a column that is not there (exit 4 and 6), leaving nothing at -o', async () => {
      const out = join(tmp.dir, `${shape}-none.csv`);
      const table = await run('catalog', 'export', 'svc.table.orderz', '-o', out);
      expect([table.code, table.stderr]).toEqual([4, expect.stringContaining('has no table table.orderz; did you mean "orders"?')]);
      const column = await run('catalog', 'export', 'svc.table.orders', '--columns', 'amout', '-o', out);
      expect([column.code, column.stderr]).toEqual([6, expect.stringContaining('table table.orders has no column "amout"')]);
      expect((await run('catalog', 'export', 'nosuchcatalog.main.t', '-o', out)).code).toBe(4);
      expect(existsSync(out)).toBe(false);
    });
  });
}
