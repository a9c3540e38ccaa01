import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// DuckDB reads a table's name in any case, so a cache does too: a table named MyOrders is cached
// once, whichever case `cache create` was given, and every listing says it is cached.

describe('a cache of a table whose name has capitals (local gateway)', () => {
  const tmp = tempDir('dgw-cache-case-');
  afterAll(() => tmp.remove());

  for (const shape of ['spec', 'hosted']) {
    it(`is the one cache of that table, whatever case names it (${shape} shape)`, async () => {
      const { run, dgw, json } = localCli(tmp.dir, shape);
      await dgw('sql', 'CREATE TABLE svc.table.MyOrders AS SELECT range AS id FROM range(3)');
      await dgw('cache', 'create', 'myorders');

      const again = await run('cache', 'create', 'MYORDERS');
      expect(again.code, again.stderr).toBe(5);
      expect(again.stderr).toContain('cached already');
      // What its hint quotes works: the cache is found by the name in any case, as the table is.
      expect(again.stderr).toContain('cache refresh MYORDERS` copies it again');
      expect(await json('cache', 'refresh', 'MYORDERS', '--wait')).toMatchObject({ status: 'COMPLETED' });
      expect(await json('cache', 'list')).toHaveLength(1);

      expect(await json('catalog', 'is-cached', '1', 'table', 'MyOrders')).toMatchObject({ isCached: true });
      const listed = (await json('table', 'list')) as Array<{ name?: string; tableName?: string; isCached: boolean }>;
      expect(listed.find((t) => (t.name ?? t.tableName) === 'MyOrders')).toMatchObject({ isCached: true });
      const tables = (await json('catalog', 'tables', '1', 'table')) as Array<{ tableName: string; isCached: boolean }>;
      expect(tables.find((t) => t.tableName === 'MyOrders')).toMatchObject({ isCached: true });
    });
  }
});
