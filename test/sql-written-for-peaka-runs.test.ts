import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withBuiltInCatalog } from '../src/gateway/catalog-alias.js';
import { openGateway } from './gateway/helpers.js';
import { localCli } from './support/local-cli.js';

// The hosted service calls the built-in catalog `peaka`; SQL written for it (`peaka.query.x`)
// runs unchanged on the local gateway, where the catalog is `svc`, and is stored as it was sent.

describe('withBuiltInCatalog', () => {
  it.each([
    ['SELECT * FROM peaka.query.daily', 'SELECT * FROM svc.query.daily'],
    ['SELECT * FROM PEAKA . "table" . "Orders"', 'SELECT * FROM svc . "table" . "Orders"'],
    ['SELECT * FROM "peaka".mtquery.m JOIN peaka.table.t USING (id)', 'SELECT * FROM "svc".mtquery.m JOIN svc.table.t USING (id)'],
    ['SELECT peaka.table.orders.amount FROM peaka.table.orders', 'SELECT svc.table.orders.amount FROM svc.table.orders'],
    ["SELECT $$ -- $$ AS s, e'\\' --' AS t FROM peaka.table.orders", "SELECT $$ -- $$ AS s, e'\\' --' AS t FROM svc.table.orders"],
  ])('reads %j as %j', (sent, bound) => {
    expect(withBuiltInCatalog(sent)).toBe(bound);
  });

  it.each([
    "SELECT 'peaka.table.orders' AS s",
    'SELECT 1 -- from peaka.table.orders',
    'SELECT 1 /* peaka.table.orders */',
    'SELECT peaka.amount FROM svc.table.orders AS peaka',
    'SELECT x.peaka.a.b FROM t AS x',
    'SELECT * FROM mypeaka.table.t',
    'SELECT * FROM "my peaka".table.t',
    'SELECT * FROM "peaka.table".t',
    'SELECT $$ see peaka.table.orders $$ AS s',
    'SELECT $q$ see peaka.table.orders $q$ AS s',
    "SELECT E'it\\'s peaka.table.orders' AS s",
  ])('leaves %j as it is', (sql) => {
    expect(withBuiltInCatalog(sql)).toBe(sql);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'dgw-peaka-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(['hosted', 'spec'])('SQL naming peaka on the local gateway (%s shape)', (shape) => {
  const cli = localCli(dir, shape);

  it('runs, saves (as sent), reads through a view and materializes', async () => {
    expect(Number((await cli.json('sql', 'SELECT count(*) AS n FROM peaka.table.orders'))[0].n)).toBeGreaterThan(0);
    await cli.dgw('query', 'create', 'Peaka Orders', '--sql', 'SELECT customer_id, amount FROM peaka.table.orders');
    expect((await cli.json('query', 'get', 'peakaorders')).inputQuery).toBe('SELECT customer_id, amount FROM peaka.table.orders');
    await cli.dgw('mtquery', 'create', 'Peaka Total', '--sql', 'SELECT sum(amount) AS total FROM peaka.query.peakaorders');
    const [viaView] = await cli.json('sql', 'SELECT sum(amount) AS total FROM peaka.query.peakaorders');
    const [materialized] = await cli.json('sql', 'SELECT total FROM peaka.mtquery.peakatotal');
    expect(materialized.total).toEqual(viaView.total);
    expect((await cli.json('query', 'get', 'peakatotal')).inputQuery).toBe('SELECT sum(amount) AS total FROM peaka.query.peakaorders');
  });

  it('a golden SQL naming peaka is checked as bound and kept as sent', async () => {
    const added = await cli.json('golden-sql', 'add', 'Orders per day?', '--sql', 'SELECT order_date, count(*) AS n FROM peaka.table.orders GROUP BY 1');
    expect(added.sql).toBe('SELECT order_date, count(*) AS n FROM peaka.table.orders GROUP BY 1');
    expect((await cli.run('golden-sql', 'add', 'Nothing?', '--sql', 'SELECT * FROM peaka.table.nosuch')).code).toBe(6);
  });

  it('a connection may not take the name peaka', async () => {
    const csv = join(dir, 'visits.csv');
    writeFileSync(csv, 'day,n\n2026-01-01,3\n');
    const r = await cli.run('connection', 'create', 'peaka', '--type', 'csv', '--field', `path=${csv}`);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/peaka/);
  });
});

describe('run SQL by qualified name and by the builder', () => {
  it('takes the catalog peaka as svc', async () => {
    const gw = await openGateway({ apiShape: 'hosted' });
    try {
      const r = await gw.call('POST', '/data/projects/demo/queries/execute?format=SIMPLE', { body: { qualifiedName: 'peaka.table.customers' } });
      expect(r.status, r.text).toBe(200);
      expect(JSON.stringify(r.body)).toContain('customer_id');
      const built = await gw.call('POST', '/data/projects/demo/queries/execute?format=SIMPLE', { body: { from: [{ catalogName: 'peaka', schemaName: 'table', tableName: 'orders' }], limit: 1 } });
      expect(built.status, built.text).toBe(200);
    } finally {
      await gw.close();
    }
  });
});
