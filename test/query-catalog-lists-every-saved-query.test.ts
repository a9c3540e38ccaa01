import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';
import { walkShapes } from './support/walk-shapes.js';

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
