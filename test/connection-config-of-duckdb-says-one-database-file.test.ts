import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// `dgw connection config duckdb` described its path as the file types' is, "a folder of them or a
// glob (each file a table)": a folder or a glob given to a duckdb connection is refused, and the
// tables are the database's own.

const tmp = tempDir('dgw-duckdb-path-field-');
afterAll(() => tmp.remove());
const { json } = localCli(tmp.dir, 'spec');

it('the path of a duckdb connection is one database file; of csv, parquet and json a file, a folder or a glob', async () => {
  const path = async (type: string) => (await json('connection', 'config', type)).configuration.find((f: { fieldName: string }) => f.fieldName === 'path').description as string;
  expect(await path('duckdb')).toBe('Path of the DuckDB database file (its tables are the catalog\'s); read-only');
  for (const type of ['csv', 'parquet', 'json']) expect(await path(type)).toBe('Path of the file, a folder of them or a glob (each file a table); read-only');
});
