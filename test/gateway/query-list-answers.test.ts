import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// The query list and the folder list are kept between requests until a change commits
// (ProjectStore.untilChanged), and each query's row keeps its answer: after every kind of change,
// the list must still say what getting each query says, and the folder list which folder holds which.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(() => g.close());

type Q = { id: string; name: string; displayName: string; path: string | null; folderId: string | null; queryType: string; schedule: unknown };

type F = { id: string; queryIds: string[]; children: F[] };

/** The list, checked against each query fetched on its own, and the folder list against the list. */
async function listAgrees(): Promise<Q[]> {
  const list = (await g.call('GET', `${P}/queries`)).body as Q[];
  for (const q of list) expect((await g.call('GET', `${P}/queries/${q.id}`)).body).toEqual(q);
  const held = new Map<string, string[]>();
  const walk = (folders: F[]) => folders.forEach((f) => (f.queryIds.length > 0 && held.set(f.id, f.queryIds), walk(f.children)));
  walk((await g.call('GET', `${P}/queries/folders`)).body as F[]);
  const expected = new Map<string, string[]>();
  for (const q of list) if (q.folderId) expected.set(q.folderId, [...(expected.get(q.folderId) ?? []), q.id]);
  expect(held).toEqual(expected);
  return list;
}

const folderId = async (path: string) => {
  const items = (await g.call('GET', `${P}/queries/folders/tree`)).body.tree as Array<{ id: string; name: string; children: unknown[] }>;
  const find = (nodes: Array<{ id: string; name: string; children: unknown[] }>, parts: string[]): string | undefined => {
    const node = nodes.find((n) => n.name === parts[0]);
    if (!node) return undefined;
    return parts.length === 1 ? node.id : find(node.children as typeof nodes, parts.slice(1));
  };
  return find(items, path.split('/').filter(Boolean))!;
};

describe('the query list after each change', () => {
  it('create, update, move, folder rename and move, membership, delete', async () => {
    const a = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Listed A', inputQuery: 'SELECT 1 AS x', path: '/top/mid' } })).body as Q;
    const b = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Listed B', inputQuery: 'SELECT 2 AS x', queryType: 'MATERIALIZED' } })).body as Q;
    expect((await listAgrees()).find((q) => q.id === a.id)?.path).toBe('/top/mid');

    await g.call('PUT', `${P}/queries/${a.id}`, { body: { displayName: 'Listed A2' } });
    expect((await listAgrees()).find((q) => q.id === a.id)?.name).toBe('listeda2');

    await g.call('PUT', `${P}/queries/${b.id}`, { body: { schedule: { type: 'interval', repeatDuration: 'PT1H' } } });
    expect((await listAgrees()).find((q) => q.id === b.id)?.schedule).toMatchObject({ type: 'interval' });

    await g.call('PATCH', `${P}/queries/${b.id}/path`, { body: { path: '/top' } });
    expect((await listAgrees()).find((q) => q.id === b.id)?.path).toBe('/top');

    await g.call('PATCH', `${P}/queries/folders/${await folderId('/top')}/name`, { body: { name: 'renamed' } });
    let list = await listAgrees();
    expect(list.find((q) => q.id === a.id)?.path).toBe('/renamed/mid');
    expect(list.find((q) => q.id === b.id)?.path).toBe('/renamed');

    await g.call('PATCH', `${P}/queries/folders/${await folderId('/renamed/mid')}/path`, { body: { path: '/elsewhere/deep' } });
    expect((await listAgrees()).find((q) => q.id === a.id)?.path).toBe('/elsewhere/deep');

    const target = await folderId('/renamed');
    await g.call('PUT', `${P}/queries/folders/${target}`, { body: { queryIdsAdded: [a.id], queryIdsRemoved: [b.id] } });
    list = await listAgrees();
    expect(list.find((q) => q.id === a.id)?.path).toBe('/renamed');
    expect(list.find((q) => q.id === b.id)?.path).toBeNull();

    await g.call('DELETE', `${P}/queries/folders/${target}?force=true`);
    list = await listAgrees();
    expect(list.map((q) => q.id)).not.toContain(a.id);
    await g.call('DELETE', `${P}/queries/${b.id}`);
    expect((await listAgrees()).map((q) => q.id)).not.toContain(b.id);
  });

  it('a change that fails leaves the list as the database has it', async () => {
    const made = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Listed C', inputQuery: 'SELECT 3 AS x' } })).body as Q;
    await listAgrees();
    const refused = await g.call('PUT', `${P}/queries/${made.id}`, { body: { displayName: 'Listed C2', inputQuery: 'SELECT * FROM svc.table.nothing_here' } });
    expect(refused.status).toBe(400);
    expect((await listAgrees()).find((q) => q.id === made.id)?.displayName).toBe('Listed C');
  });
});
