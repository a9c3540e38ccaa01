import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// One gateway answering many requests, as `dgw serve` does: a read made again after a change must
// see it. Statements kept prepared for reuse were planned on the data's statistics of their first
// run: the folder list read while no query sat in any folder never showed one again (and
// `folder rm --force` said "empty", then deleted the query), an update planned on a column then
// all NULL changed no row.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(() => g.close());

describe('a long-lived gateway', () => {
  it('lists a query moved into a folder after the folder list was read while no query was in one', async () => {
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Keep Me', inputQuery: 'SELECT 1 AS x' } })).body as { id: string };
    const folder = (await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'old' } })).body as { id: string };
    const before = (await g.call('GET', `${P}/queries/folders`)).body as Array<{ id: string; queryIds: string[] }>;
    expect(before.find((f) => f.id === folder.id)!.queryIds).toEqual([]);
    expect((await g.call('PATCH', `${P}/queries/${q.id}/path`, { body: { path: '/old' } })).status).toBe(200);
    for (let read = 0; read < 2; read++) {
      const after = (await g.call('GET', `${P}/queries/folders`)).body as Array<{ id: string; queryIds: string[] }>;
      expect(after.find((f) => f.id === folder.id)!.queryIds).toEqual([q.id]);
    }
  });
});
