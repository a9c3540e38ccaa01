import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// A folder created under a parent given by id waits its turn behind a move of that parent; it is
// then made under the parent where it now is, not at the parent's old path (made again for it).

let gw: TestGateway;
beforeAll(async () => {
  gw = await openGateway();
});
afterAll(() => gw.close());

it('a subfolder created as its parent moves ends up in that parent, and no old path is made again', async () => {
  await gw.call('POST', `${P}/queries/folders`, { body: { folderName: 'archive' } });
  for (let i = 0; i < 5; i++) {
    const parent = (await gw.call('POST', `${P}/queries/folders`, { body: { folderName: `p${i}` } })).body.id as string;
    const [moved, created] = await Promise.all([
      gw.call('PATCH', `${P}/queries/folders/${parent}/path`, { body: { path: `/archive/p${i}` } }),
      gw.call('POST', `${P}/queries/folders/${parent}`, { body: { folderName: 'child' } }),
    ]);
    expect([moved.status, created.status]).toEqual([200, 201]);
    const folders = (await gw.call('GET', `${P}/queries/folders`)).body as Array<{ id: string; name: string; parentId?: string | null; children: Array<{ id: string; name: string; children: unknown[] }> }>;
    expect(folders.some((f) => f.name === `p${i}`)).toBe(false);
    const archive = folders.find((f) => f.name === 'archive')!;
    const moving = archive.children.find((c) => c.id === parent)!;
    expect(moving.children.map((c) => (c as { id: string }).id)).toEqual([created.body.id]);
  }
});
