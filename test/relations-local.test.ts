import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';
import { walkShapes, describeOnce } from './support/walk-shapes.js';

// Relations between columns on the local gateway (issue #26): both ends checked against the
// columns that exist, across catalogs (a stored table to a connected CSV file), in both shapes.

const tmp = tempDir('dgw-relations-');
const csv = join(tmp.dir, 'regions.csv');
writeFileSync(csv, 'country,region\nDE,EMEA\nUS,AMER\n');
afterAll(() => tmp.remove());

for (const shape of walkShapes) {
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
      // A name nothing is close to (`id` for `customer_id`): the table's columns instead.
      const bare = await run('relation', 'add', '1.table.orders.customer_id', '1.table.customers.id');
      expect([bare.code, bare.stderr]).toEqual([6, expect.stringContaining('has no column id; its columns: customer_id, name, country, signed_up')]);
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

describeOnce('relations and metadata notes follow the stored tables and columns they name', () => {
  const { dgw, json, run } = localCli(join(tmp.dir, 'follow'), 'spec');
  const relations = async () => (await json('relation', 'list', '1')).map((r: { tableName: string; columnName: string; targetTableName: string; targetColumnName: string }) => `${r.tableName}.${r.columnName} → ${r.targetTableName}.${r.targetColumnName}`);
  const described = async (table: string) => (await json('metadata', 'get', '--catalog', '1', '--schema', 'table')).find((t: { tableName: string }) => t.tableName === table);

  it('a table removed takes its relations (either end) and notes; one made again under its name starts bare', async () => {
    await dgw('table', 'create', 'scratch', '--column', 'id:BIGINT', '--column', 'note:VARCHAR');
    await dgw('relation', 'add', '1.table.scratch.id', '1.table.orders.order_id');
    await dgw('relation', 'add', '1.table.customers.customer_id', '1.table.scratch.id');
    await dgw('metadata', 'describe', '1.table.scratch', '--description', 'PII: do not use', '--no-use-with-ai', '--column', 'note=secret');
    await dgw('table', 'rm', 'scratch', '--yes');
    expect(await relations()).toEqual([]);
    await dgw('table', 'create', 'scratch', '--column', 'id:BIGINT', '--column', 'note:VARCHAR');
    await dgw('metadata', 'refresh', '--catalog', '1', '--wait');
    const again = await described('scratch');
    expect(again).toMatchObject({ tableDescription: null, useWithAI: true });
    expect(again.columns.find((c: { columnName: string }) => c.columnName === 'note').columnDescription).toBeNull();
  });

  it('a table SQL drops or replaces takes its relations and notes as table rm does; one a cache copies is refused as table rm refuses it', async () => {
    const describeRa = async () => {
      await dgw('relation', 'add', '1.table.ra.cid', '1.table.customers.customer_id');
      await dgw('metadata', 'describe', '1.table.ra', '--description', 'old', '--column', 'cid=the customer');
    };
    const bare = async () => {
      expect(await relations()).toEqual([]);
      await dgw('metadata', 'refresh', '--catalog', '1', '--wait');
      const again = await described('ra');
      expect(again.tableDescription).toBeNull();
      expect(again.columns[0].columnDescription).toBeNull();
    };
    await dgw('sql', 'CREATE TABLE svc.table.ra AS SELECT 1 AS cid');
    await describeRa();
    await dgw('sql', 'DROP TABLE svc.table.ra');
    await dgw('sql', 'CREATE TABLE svc.table.ra AS SELECT 1 AS cid');
    await bare();
    await describeRa();
    await dgw('sql', 'CREATE OR REPLACE TABLE svc.table.ra AS SELECT 2 AS cid');
    await bare();
    await dgw('sql', 'DROP TABLE svc.table.ra');

    await dgw('cache', 'create', 'customers');
    const byRm = await run('table', 'rm', 'customers', '--yes');
    const bySql = await run('sql', 'DROP TABLE svc.table.customers');
    expect([bySql.code, bySql.stderr]).toEqual([5, byRm.stderr]);
    expect(bySql.stderr).toContain('is copied by cache');
    await dgw('cache', 'refresh', 'customers');
    await dgw('cache', 'rm', 'customers', '--yes');
  });

  it('a connection removed takes the relations to its tables and the notes on them', async () => {
    const csv = join(tmp.dir, 'follow-regions.csv');
    writeFileSync(csv, 'country,region\nDE,EMEA\n');
    await dgw('connection', 'create', 'geo2', '--type', 'csv', '--field', `path=${csv}`);
    await dgw('relation', 'add', '1.table.customers.country', 'geo2.main.followregions.country');
    await dgw('metadata', 'describe', 'geo2.main.followregions', '--description', 'regions');
    await dgw('connection', 'rm', 'geo2', '--yes');
    expect(await relations()).toEqual([]);
    // Connected again under the same name, its table is bare.
    await dgw('connection', 'create', 'geo2', '--type', 'csv', '--field', `path=${csv}`);
    expect((await json('metadata', 'get', '--catalog', 'geo2'))[0].tableDescription).toBeNull();
  });

  it('a column renamed takes its relations and notes along; a column dropped takes them with it', async () => {
    await dgw('relation', 'add', '1.table.orders.status', '1.table.customers.customer_id');
    await dgw('metadata', 'categorical', '1.table.orders.status');
    await dgw('metadata', 'describe', '1.table.orders', '--column', 'status=paid or not');
    await dgw('table', 'update-column', 'orders', 'status', '--rename', 'state', '--yes');
    expect(await relations()).toEqual(['orders.state → customers.customer_id']);
    expect((await run('metadata', 'rm-categorical', '1.table.orders.status')).code).toBe(4);
    await dgw('metadata', 'refresh', '--catalog', '1', '--wait');
    expect((await described('orders')).columns.find((c: { columnName: string }) => c.columnName === 'state')).toMatchObject({ columnDescription: 'paid or not', isCategorical: true });
    await dgw('table', 'drop-column', 'orders', 'state', '--yes');
    expect(await relations()).toEqual([]);
    expect((await run('metadata', 'rm-categorical', '1.table.orders.state')).code).toBe(4);
  });

  it('a saved query whose new SQL drops a column takes that column\'s relations (either end) and notes; its other columns keep theirs', async () => {
    await dgw('query', 'create', 'Narrow Q', '--sql', 'SELECT order_id, customer_id FROM svc.table.orders');
    await dgw('relation', 'add', '2.query.narrowq.customer_id', '1.table.customers.customer_id');
    await dgw('relation', 'add', '1.table.orders.order_id', '2.query.narrowq.order_id');
    await dgw('relation', 'add', '1.table.orders.customer_id', '2.query.narrowq.customer_id');
    await dgw('metadata', 'describe', '2.query.narrowq', '--column', 'customer_id=who', '--column', 'order_id=which');
    await dgw('query', 'update', 'narrowq', '--sql', 'SELECT order_id FROM svc.table.orders');
    expect(await json('relation', 'list', '2')).toEqual([]);
    expect(await relations()).toEqual(['orders.order_id → narrowq.order_id']);
    await dgw('query', 'update', 'narrowq', '--sql', 'SELECT order_id, customer_id FROM svc.table.orders');
    await dgw('metadata', 'refresh', '--catalog', '2', '--wait');
    const columns = (await json('metadata', 'get', '--catalog', '2')).find((t: { tableName: string }) => t.tableName === 'narrowq').columns;
    expect(Object.fromEntries(columns.map((c: { columnName: string; columnDescription: string | null }) => [c.columnName, c.columnDescription]))).toEqual({ order_id: 'which', customer_id: null });
    await dgw('query', 'rm', 'narrowq', '--yes');
  });

  it('a saved query deleted takes its relations (either end) and notes; one made again under its name starts bare', async () => {
    await dgw('query', 'create', 'Tmp Q', '--sql', 'SELECT customer_id FROM svc.table.orders');
    await dgw('relation', 'add', '2.query.tmpq.customer_id', '1.table.customers.customer_id');
    await dgw('relation', 'add', '1.table.orders.customer_id', '2.query.tmpq.customer_id');
    await dgw('metadata', 'describe', '2.query.tmpq', '--description', 'old meaning', '--column', 'customer_id=who');
    await dgw('query', 'rm', 'tmpq', '--yes');
    expect(await json('relation', 'list', '2')).toEqual([]);
    expect(await relations()).toEqual([]);
    await dgw('query', 'create', 'Tmp Q', '--sql', 'SELECT 1 AS customer_id');
    await dgw('metadata', 'refresh', '--catalog', '2', '--wait');
    const again = (await json('metadata', 'get', '--catalog', '2')).find((t: { tableName: string }) => t.tableName === 'tmpq');
    expect(again).toMatchObject({ tableDescription: null, useWithAI: true });
    expect(again.columns[0].columnDescription).toBeNull();
  });

  it('a connection whose file is gone still lists its relations, so plan of relations.yaml still runs', async () => {
    const csv = join(tmp.dir, 'follow-gone.csv');
    writeFileSync(csv, 'country,region\nDE,EMEA\n');
    await dgw('connection', 'create', 'gone', '--type', 'csv', '--field', `path=${csv}`);
    await dgw('relation', 'add', 'gone.main.followgone.country', '1.table.customers.country');
    rmSync(csv);
    expect((await json('relation', 'list', 'gone')).map((r: { columnName: string }) => r.columnName)).toEqual(['country']);
    const code = join(tmp.dir, 'follow-code');
    mkdirSync(code);
    writeFileSync(join(code, 'relations.yaml'), '[]\n');
    expect((await run('plan', '--dir', code)).code).toBe(0);
    await dgw('connection', 'rm', 'gone', '--yes');
  });

  it('a saved query renamed takes its relations and notes to its new name', async () => {
    await dgw('query', 'create', 'Old Name', '--sql', 'SELECT customer_id FROM svc.table.orders');
    await dgw('relation', 'add', '2.query.oldname.customer_id', '1.table.customers.customer_id');
    await dgw('metadata', 'describe', '2.query.oldname', '--description', 'who ordered');
    await dgw('query', 'update', 'oldname', '--name', 'New Name', '--yes');
    expect((await json('relation', 'list', '2')).map((r: { tableName: string }) => r.tableName)).toEqual(['newname']);
    await dgw('metadata', 'refresh', '--catalog', '2', '--wait');
    expect((await json('metadata', 'get', '--catalog', '2')).find((t: { tableName: string }) => t.tableName === 'newname').tableDescription).toBe('who ordered');
  });
});
