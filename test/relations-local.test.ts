import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// Relations between columns on the local gateway (issue #26): both ends checked against the
// columns that exist, across catalogs (a stored table to a connected CSV file), in both shapes.

const tmp = tempDir('dgw-relations-');
const csv = join(tmp.dir, 'regions.csv');
writeFileSync(csv, 'country,region\nDE,EMEA\nUS,AMER\n');
afterAll(() => tmp.remove());

for (const shape of ['spec', 'hosted']) {
  describe(`relations, ${shape} shape`, () => {
    const { run, json } = localCli(tmp.dir, shape);

    it('adds relations within a catalog and to a connected file, lists, updates and removes them', async () => {
      await json('connection', 'create', 'geo', '--type', 'csv', '--field', `path=${csv}`);
      const toCustomers = await json('relation', 'add', '1.table.orders.customer_id', '1.table.customers.customer_id');
      const toRegions = await json('relation', 'add', '1.table.customers.country', 'geo.main.regions.country', '--type', 'many_to_one');
      expect(toRegions).toMatchObject({ catalogId: '1', tableName: 'customers', targetSchemaName: 'main', targetTableName: 'regions', targetColumnName: 'country', type: 'MANY_TO_ONE' });
      expect((await json('relation', 'list', '1')).map((r: { id: string }) => r.id)).toEqual([toCustomers.id, toRegions.id]);
      expect(await json('relation', 'list', 'geo')).toEqual([]);

      expect((await json('relation', 'update', '1', toCustomers.id, '--type', 'ONE_TO_MANY')).type).toBe('ONE_TO_MANY');
      expect((await json('relation', 'list', '1')).find((r: { id: string }) => r.id === toCustomers.id).type).toBe('ONE_TO_MANY');
      expect(await json('relation', 'rm', '1', toCustomers.id, '--yes')).toEqual({ id: toCustomers.id, deleted: true });
      expect((await json('relation', 'list', '1')).map((r: { id: string }) => r.id)).toEqual([toRegions.id]);
    });

    it('refuses a column or table that does not exist, the same relation twice, an unknown kind or id', async () => {
      const column = await run('relation', 'add', '1.table.orders.custmer_id', '1.table.customers.customer_id');
      expect([column.code, column.stderr]).toEqual([6, expect.stringContaining('did you mean "customer_id"')]);
      const target = await run('relation', 'add', '1.table.orders.customer_id', 'geo.main.regions.contry');
      expect([target.code, target.stderr]).toEqual([6, expect.stringContaining('target column')]);
      const table = await run('relation', 'add', '1.table.orderz.customer_id', '1.table.customers.customer_id');
      expect([table.code, table.stderr]).toEqual([4, expect.stringContaining('has no table table.orderz; did you mean "orders"?')]);
      const targetTable = await run('relation', 'add', '1.table.orders.customer_id', '1.table.customerz.customer_id');
      expect([targetTable.code, targetTable.stderr]).toEqual([6, expect.stringContaining('the target column: catalog svc (1) has no table table.customerz; did you mean "customers"?')]);
      expect((await run('relation', 'add', '1.table.customers.country', 'geo.main.regions.country')).code).toBe(5);
      // The CLI leaves the kinds to the service (the hosted one may take others); the local gateway names its four.
      const sideways = await run('relation', 'add', '1.table.orders.customer_id', '1.table.customers.customer_id', '--type', 'SIDEWAYS');
      expect([sideways.code, sideways.stderr]).toEqual([6, expect.stringContaining('MANY_TO_ONE')]);
      expect((await run('relation', 'add', '1.table.orders.customer_id', '1.table.customers.customer_id', '--type', 'many to one')).code).toBe(2);
      const api = await run('api', 'POST', '/metadata/demo/relations/1/table/orders/customer_id', '-f', 'targetCatalogId=1', '-f', 'targetSchemaName=table', '-f', 'targetTableName=customers', '-f', 'targetColumnName=customer_id', '-f', 'type=SIDEWAYS');
      expect(api.code).toBe(6);
      expect((await run('relation', 'rm', '1', '404404404404404404', '--yes')).code).toBe(4);
      expect((await run('relation', 'list', 'nosuchcatalog')).code).toBe(4);
      expect(await json('relation', 'list', '1')).toHaveLength(1);
    });
  });
}
