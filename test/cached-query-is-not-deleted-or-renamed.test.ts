import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `query rm` of a saved query a cache copies deleted it without a word, and the cache's next refresh
// failed ("Table with name q2 does not exist"); a rename by `query update --name` did the same. Both
// are now 409 naming the cache, as `table rm` of a cached stored table is, and so is a forced
// `folder rm` of a folder holding such a query: nothing is deleted.
const tmp = tempDir('dgw-cached-query-');
afterAll(() => tmp.remove());

describe('a saved query a cache copies', () => {
  it('is not deleted, renamed or deleted with its folder (409, exit 5) until the cache is removed', async () => {
    const { dgw, run, json } = localCli(tmp.dir, 'spec');
    await dgw('query', 'create', 'Q2', '--sql', 'SELECT 1 AS x', '--path', '/kept', '--parents');
    const cache = await json('cache', 'create', '2.query.q2');
    const said = (change: string) => `query q2 is copied by cache ${cache.id} (svc.cache.q2): remove the cache first, then ${change} the query`;
    const removed = await run('query', 'rm', 'q2', '--yes');
    expect([removed.code, removed.stderr]).toEqual([5, expect.stringContaining(said('delete'))]);
    const renamed = await run('query', 'update', 'q2', '--name', 'Other');
    expect([renamed.code, renamed.stderr]).toEqual([5, expect.stringContaining(said('rename'))]);
    const folder = await run('folder', 'rm', '/kept', '--force', '--yes');
    expect([folder.code, folder.stderr]).toEqual([5, expect.stringContaining(said('delete'))]);
    expect((await json('query', 'get', 'q2')).path).toBe('/kept');
    expect((await run('cache', 'refresh', '2.query.q2', '--wait')).code).toBe(0);
    await dgw('query', 'update', 'q2', '--sql', 'SELECT 2 AS x');
    await dgw('cache', 'rm', '2.query.q2', '--yes');
    await dgw('query', 'update', 'q2', '--name', 'Other');
    await dgw('query', 'rm', 'other', '--yes');
  });
});
