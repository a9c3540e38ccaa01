import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';
import { openGateway, P } from './gateway/helpers.js';
import { walkShapes, describeOnce } from './support/walk-shapes.js';

// A plain query's view is made when something first reads it, so the query catalog (id 2) used to
// list only the queries read since they were saved: a new query was missing from `catalog tables`,
// `catalog columns`, search and relations until then.

const tmp = tempDir('dgw-query-catalog-');
afterAll(() => tmp.remove());

describe.each(walkShapes)('the query catalog lists every saved plain query, read or not (%s shape)', (shape) => {
  const { dgw, json, run } = localCli(tmp.dir, shape);

  it('tables, columns, search and a relation see a query saved a moment ago', async () => {
    await dgw('query', 'create', 'Big orders', '--sql', 'SELECT order_id, amount FROM svc.table.orders WHERE amount > 100');
    await dgw('query', 'create', 'Big order ids', '--sql', 'SELECT order_id FROM svc.query.bigorders');
    const tables = (await json('catalog', 'tables', '2', 'query')).map((t: { tableName: string }) => t.tableName);
    expect(tables).toEqual(expect.arrayContaining(['bigorders', 'bigorderids']));
    expect((await json('catalog', 'columns', '2', 'query', 'bigorderids')).map((c: { name: string }) => c.name)).toEqual(['order_id']);
    expect((await json('catalog', 'search', 'bigorder')).map((t: { table: string }) => t.table)).toEqual(expect.arrayContaining(['bigorders', 'bigorderids']));
    expect((await run('relation', 'add', '2.query.bigorderids.order_id', '1.table.orders.order_id', '--type', 'MANY_TO_ONE')).code).toBe(0);
  });

  it('a query whose SQL no longer runs stays out, and the others are still listed', async () => {
    await dgw('table', 'create', 'scratch', '--column', 'x:BIGINT');
    await dgw('query', 'create', 'Reads scratch', '--sql', 'SELECT x FROM svc.table.scratch');
    await dgw('table', 'rm', 'scratch', '--yes');
    const tables = (await json('catalog', 'tables', '2', 'query')).map((t: { tableName: string }) => t.tableName);
    expect(tables).not.toContain('readsscratch');
    expect(tables).toContain('bigorders');
  });
});

describeOnce('the query catalog on a project of many queries never read', () => {
  it('lists them all (views made a transaction per 200, a query that no longer runs left out, the rest of its batch kept)', async () => {
    const g = await openGateway({ dataDir: tmp.dir + '/many' });
    try {
      expect((await g.call('POST', `${P}/table/scratch`, { body: { columns: [{ name: 'x', dataType: 'BIGINT' }] } })).status).toBeLessThan(300);
      const made: string[] = [];
      for (let i = 0; i < 220; i++) {
        const sql = i === 150 ? 'SELECT x FROM svc.table.scratch' : i === 10 ? 'SELECT n FROM svc.query.many95' : `SELECT ${i} AS n`;
        // Query 10 reads one saved later, in the last batch by name: saved unchecked, its view needs that one's first.
        const r = await g.call('POST', `${P}/queries${i === 10 ? '?checkSchemaExists=false' : ''}`, { body: { displayName: `Many ${i}`, inputQuery: sql } });
        expect(r.status, r.text).toBeLessThan(300);
        made.push(r.body.name);
      }
      expect((await g.call('DELETE', `${P}/table/scratch`)).status).toBeLessThan(300);
      const listed = await g.call('GET', `${P}/catalogs/2/schemas/query/tables`);
      const names = (listed.body as Array<{ tableName: string }>).map((t) => t.tableName);
      expect(names).not.toContain('many150');
      expect(names).toEqual(expect.arrayContaining(made.filter((n) => n !== 'many150')));
    } finally {
      await g.close();
    }
  });
});
