import { afterAll, beforeAll, expect, it } from 'vitest';
import { rows } from '../../src/gateway/project/store.js';
import { openGateway, P, raceBehindWriter, type TestGateway } from './helpers.js';

// A query put in a folder (membership, move, create with a path) while the folder is removed: whatever
// the order, no query may be left in a folder that is gone. A membership change checked the folder,
// then moved the query in a later transaction, after a removal that committed in between.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openGateway();
});
afterAll(() => gw.close());

const F = `${P}/queries/folders`;

it('a query put in a folder racing its removal: either it is in the folder, which stays, or the folder is gone and the query is not in it', async () => {
  const project = await gw.gateway.project('demo', { create: false });
  const puts = [
    (folderId: string, queryId: string) => gw.call('PUT', `${F}/${folderId}`, { body: { queryIdsAdded: [queryId] } }),
    (_: string, queryId: string, path: string) => gw.call('PATCH', `${P}/queries/${queryId}/path`, { body: { path } }),
    (_: string, __: string, path: string, i: number) => gw.call('POST', `${P}/queries`, { body: { displayName: `made in ${i}`, inputQuery: 'SELECT 1 AS one', path } }),
  ];
  for (let i = 0; i < 18; i += 1) {
    const folder = await gw.call('POST', F, { body: { folderName: `goes${i}` } });
    expect(folder.status).toBe(201);
    const folderId = String(folder.body.id);
    const query = await gw.call('POST', `${P}/queries`, { body: { displayName: `moved ${i}`, inputQuery: 'SELECT 1 AS one' } });
    expect(query.status).toBe(200);
    // Both check first and queue for the held writer; the put starts after 0 to 2 reads, so the removal's turn may come first.
    const put = async () => {
      for (let k = 0; k < Math.floor(i / 3) % 3; k += 1) await gw.call('GET', `${F}/${folderId}`);
      return puts[i % 3](folderId, String(query.body.id), `/goes${i}`, i);
    };
    const [added, removed] = await raceBehindWriter(project, put, () => gw.call('DELETE', `${F}/${folderId}`));
    expect([200, 404], `${i}: the put`).toContain(added.status);
    expect([200, 409], `${i}: the rm`).toContain(removed.status);
    const lost = await project.withConnection((conn) => rows(conn, 'SELECT name, folder_id FROM svc._dgw.query_rows WHERE folder_id IS NOT NULL AND folder_id NOT IN (SELECT id FROM svc._dgw.folders)'));
    expect(lost, `${i}: queries in a folder that is gone`).toEqual([]);
  }
});
