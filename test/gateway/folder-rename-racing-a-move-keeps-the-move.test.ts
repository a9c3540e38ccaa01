import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, raceBehindWriter, type TestGateway } from './helpers.js';

// A rename waits its turn behind a move of the same folder; it then renames the folder where the
// move put it, rather than writing back the parent it saw before waiting.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openGateway();
});
afterAll(() => gw.close());

it('a rename sent with a move of the same folder leaves it under its new parent, with its new name', async () => {
  await gw.call('POST', `${P}/queries/folders`, { body: { folderName: 'archive' } });
  for (let i = 0; i < 5; i++) {
    const id = (await gw.call('POST', `${P}/queries/folders`, { body: { folderName: `f${i}` } })).body.id as string;
    const move = () => gw.call('PATCH', `${P}/queries/folders/${id}/path`, { body: { path: `/archive/f${i}` } });
    const rename = () => gw.call('PATCH', `${P}/queries/folders/${id}/name`, { body: { name: `g${i}` } });
    // Both queue for the held writer; every other round sends the rename first.
    const project = await gw.gateway.project('demo', { create: false });
    const [moved, renamed] = await raceBehindWriter(project, move, rename, i % 2 === 1);
    expect([moved.status, renamed.status]).toEqual([200, 200]);
    const tree = (await gw.call('GET', `${P}/queries/folders/tree`)).body.tree as Array<{ name: string; children: Array<{ id: string; name: string }> }>;
    const archive = tree.find((f) => f.name === 'archive')!;
    const under = archive.children.find((c) => c.id === id);
    // Whichever went first, the folder is below /archive, and named g<i> unless the move came last.
    expect(under?.name).toMatch(new RegExp(`^[fg]${i}$`));
    expect(tree.some((f) => f.name === `g${i}` || f.name === `f${i}`)).toBe(false);
  }
});
