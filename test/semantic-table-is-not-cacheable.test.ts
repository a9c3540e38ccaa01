import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `catalog is-cached` and `catalog tables` called a semantic catalog's table cacheable, both ways,
// while `cache create` of it was refused as "no table fin.t of catalog <id>: catalog 1 has schemas
// ...". Such a table is a view of a saved query: it is not cacheable, and cache create says to cache
// the query instead.
const tmp = tempDir('dgw-semantic-cache-');
afterAll(() => tmp.remove());

describe('a semantic catalog\'s table', () => {
  it('is not cacheable: is-cached and catalog tables say so, and cache create names the query to cache', async () => {
    const { dgw, run, json } = localCli(tmp.dir, 'spec');
    await dgw('sql', "CREATE TABLE svc.table.s AS SELECT 1 AS id, 'open' AS status");
    await dgw('query', 'create', 'Q1', '--sql', 'SELECT * FROM svc.table.s');
    await dgw('semantic-catalog', 'create', 'rep');
    await dgw('semantic-catalog', 'add-table', 'rep', 'q1', '--as', 'fin.t');
    const notCacheable = { isCached: false, isCacheable: false, supportedCacheTypes: [] };
    expect(await json('catalog', 'is-cached', 'rep.fin.t')).toEqual(notCacheable);
    expect(await json('catalog', 'tables', 'rep', 'fin')).toEqual([expect.objectContaining({ tableName: 't', ...notCacheable })]);
    const refused = await run('cache', 'create', 'rep.fin.t');
    expect([refused.code, refused.stderr]).toEqual([6, expect.stringContaining('rep.fin.t is not cacheable: a semantic table is a view of saved query q1; cache the query instead (2.query.q1)')]);
    expect(await json('cache', 'list')).toEqual([]);
    expect((await json('catalog', 'is-cached', '2.query.q1')).isCacheable).toBe(true);
    expect((await run('cache', 'create', '2.query.q1')).code).toBe(0);
  });
});
