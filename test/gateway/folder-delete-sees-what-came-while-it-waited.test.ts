import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, raceBehindWriter, type TestGateway } from './helpers.js';

// A folder delete waits its turn behind other changes: what it deletes, and whether it may, is
// decided once its turn comes. A query put into the folder meanwhile is not deleted without
// force, and a subfolder made meanwhile is not left behind without its parent.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openGateway();
});
afterAll(() => gw.close());

const folderId = async (name: string) => (await gw.call('POST', `${P}/queries/folders`, { body: { folderName: name } })).body.id as string;
const createInto = (name: string, path: string) => gw.call('POST', `${P}/queries`, { body: { displayName: name, inputQuery: 'SELECT 1', path } });
/** `first` and `second` wait for the held writer together; odd rounds send the second first. */
const race = async <A, B>(i: number, first: () => Promise<A>, second: () => Promise<B>): Promise<[A, B]> => {
  const project = await gw.gateway.project('demo', { create: false });
  return raceBehindWriter(project, first, second, i % 2 === 1);
};

it('a delete without force does not take a query that came into the folder while it waited', async () => {
  for (let i = 0; i < 5; i++) {
    const id = await folderId(`plain${i}`);
    const [created, deleted] = await race(i, () => createInto(`Came ${i}`, `/plain${i}`), () => gw.call('DELETE', `${P}/queries/folders/${id}`));
    expect(created.status).toBe(200);
    const query = await gw.call('GET', `${P}/queries/${created.body.id}`);
    // Either the delete went first (the query made the folder again) or it was refused: the query is never lost, nor left in a folder that is gone.
    expect([deleted.status, query.status]).toEqual([deleted.status === 200 ? 200 : 409, 200]);
    const folders = (await gw.call('GET', `${P}/queries/folders`)).body as Array<{ id: string; name: string }>;
    expect(folders.some((f) => f.name === `plain${i}`), `round ${i}: /plain${i} is listed`).toBe(true);
  }
});

it('a forced delete takes the subfolders made while it waited, leaving none without a parent', async () => {
  for (let i = 0; i < 5; i++) {
    const id = await folderId(`forced${i}`);
    const [created] = await race(i, () => createInto(`Deep ${i}`, `/forced${i}/sub`), () => gw.call('DELETE', `${P}/queries/folders/${id}?force=true`));
    const folders = (await gw.call('GET', `${P}/queries/folders`)).body as Array<{ id: string; name: string; children: Array<{ name: string }> }>;
    const query = await gw.call('GET', `${P}/queries/${created.body.id}`);
    const listed = folders.find((f) => f.name === `forced${i}`);
    // Either the query is gone with the folder, or it is in /forcedN/sub and the list shows that folder.
    expect(query.status === 404 || listed?.children.some((c) => c.name === 'sub')).toBe(true);
  }
});
