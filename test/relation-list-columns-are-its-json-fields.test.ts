import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `relation list` titled a column TABLE NAME that held `table.orders`, and TARGET TABLE NAME one that
// held `1.table.customers`, while --json tableName is `orders`: every column is now the field it names.
const tmp = tempDir('dgw-relation-columns-');
afterAll(() => tmp.remove());
const { dgw, json } = localCli(tmp.dir, 'spec');

it('each column of relation list holds the --json field its title names', async () => {
  await dgw('relation', 'add', '1.table.orders.customer_id', '1.table.customers.customer_id');
  const [header, row] = (await dgw('--header', 'relation', 'list', '1')).trimEnd().split('\n').map((line) => line.split('\t'));
  const [relation] = await json('relation', 'list', '1');
  const fields = header!.map((title) => title.toLowerCase().replace(/ (\w)/g, (_, c: string) => c.toUpperCase()));
  expect(fields).toEqual(['id', 'tableName', 'columnName', 'type', 'targetTableName', 'targetColumnName', 'schemaName', 'targetCatalogId', 'targetSchemaName']);
  expect(row).toEqual(fields.map((f) => String(relation[f])));
});
