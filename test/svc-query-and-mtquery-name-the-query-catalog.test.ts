import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// Two built-in catalogs are named svc; `catalog tables svc.query` took the first (stored tables)
// and answered 404, though the contract names the query catalog's schemas svc.query and svc.mtquery.

const tmp = tempDir('dgw-svc-query-');
afterAll(() => tmp.remove());

describe('svc.query and svc.mtquery name the built-in query catalog', () => {
  const { dgw, json, run } = localCli(tmp.dir, 'spec');

  it('catalog tables and columns reach saved plain and materialized queries by name, with no ambiguity note', async () => {
    await dgw('query', 'create', 'Plain one', '--sql', 'SELECT 1 AS x');
    await dgw('mtquery', 'create', 'Mat one', '--sql', 'SELECT 2 AS y');
    const plain = await run('catalog', 'tables', 'svc.query', '--json');
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toBe('');
    expect(JSON.parse(plain.stdout).map((t: { tableName: string; catalogId: string }) => [t.tableName, t.catalogId])).toEqual([['plainone', '2']]);
    expect((await json('catalog', 'tables', 'svc.mtquery')).map((t: { tableName: string }) => t.tableName)).toEqual(['matone']);
    expect((await json('catalog', 'columns', 'svc.mtquery.matone')).map((c: { name: string }) => c.name)).toEqual(['y']);
    expect((await json('catalog', 'tables', 'svc.table')).map((t: { tableName: string }) => t.tableName)).toContain('orders');
  });
});
