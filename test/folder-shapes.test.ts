import { describe, expect, it } from 'vitest';
import { folderTree, findFolder } from '../src/api/folder-tree.js';
import { useStandIn } from './support/stand-in.js';

// Folders come in two shapes (the spec's nested tree, the newer flat list); both resolve by path.
const nested = [
  {
    id: 'f1', name: 'reports', createdAt: 1700000000000, modifiedAt: 1700000000000, queryIds: ['q0'],
    children: [{ id: 'f2', name: 'monthly', createdAt: 1700000000001, modifiedAt: 1, queryIds: ['q1', 'q2'], children: [] }],
  },
  { id: 'f3', name: 'adhoc', createdAt: 1700000000002, modifiedAt: 1, queryIds: [], children: [] },
];
const flat = {
  items: [
    { id: 'f2', name: 'monthly', path: '/reports/monthly', parentId: 'f1', createdAt: '2026-01-02T00:00:00Z' },
    { id: 'f1', name: 'reports', path: '/reports', parentId: null, createdAt: '2026-01-01T00:00:00Z' },
    { id: 'f3', name: 'adhoc', path: '/adhoc', parentId: null, createdAt: '2026-01-03T00:00:00Z' },
  ],
};

describe('folderTree normalises both shapes into one tree', () => {
  it.each([['nested', nested], ['flat', flat]])('%s shape', (_name, response) => {
    const tree = folderTree(response);
    expect([...tree.byPath.keys()].sort()).toEqual(['/adhoc', '/reports', '/reports/monthly']);
    expect(findFolder(tree, '/reports/monthly')?.id).toBe('f2');
    expect(findFolder(tree, '/reports/monthly/')?.id).toBe('f2');
    expect(findFolder(tree, 'f3')?.path).toBe('/adhoc');
    expect(tree.roots.map((r) => r.id).sort()).toEqual(['f1', 'f3']);
    expect(findFolder(tree, '/reports')?.children.map((c) => c.id)).toEqual(['f2']);
    expect(typeof findFolder(tree, '/reports')?.createdAt).toBe('number');
  });

  it('keeps query ids from the nested shape and marks them unknown in the flat one', () => {
    expect(findFolder(folderTree(nested), '/reports/monthly')?.queryIds).toEqual(['q1', 'q2']);
    expect(findFolder(folderTree(flat), '/reports/monthly')?.queryIds).toBeNull();
  });

  it('refuses a response of neither shape', () => {
    expect(() => folderTree({ folders: [] })).toThrow(/neither an array nor/);
  });
});

const { server, dgw } = useStandIn();
const QID = '3f2b8c1e-0000-4000-8000-000000000001';

describe('folder commands on either shape', () => {
  it.each([['nested', nested], ['flat', flat]])('folder mv resolves /reports/monthly in the %s shape', async (_name, response) => {
    server.on('GET', '/data/projects/proj-1/queries/folders', { json: response });
    server.on('PUT', '/data/projects/proj-1/queries/folders/f2', { json: {} });
    const r = await dgw(['folder', 'mv', QID, '/reports/monthly']);
    expect(r.code).toBe(0);
    expect(server.requests.at(-1)?.path).toBe('/data/projects/proj-1/queries/folders/f2');
  });

  it.each([['nested', nested], ['flat', flat]])('folder list --json gives the same paths for the %s shape', async (_name, response) => {
    server.on('GET', '/data/projects/proj-1/queries/folders', { json: response });
    const r = await dgw(['folder', 'list', '--json', 'id,path,parentId']);
    expect(JSON.parse(r.stdout)).toEqual([
      { id: 'f3', path: '/adhoc', parentId: null },
      { id: 'f1', path: '/reports', parentId: null },
      { id: 'f2', path: '/reports/monthly', parentId: 'f1' },
    ]);
  });

  it('folder list --tree draws the hierarchy (the tree endpoint, as folder tree)', async () => {
    server.on('GET', '/data/projects/proj-1/queries/folders/tree', { json: { tree: nested } });
    const r = await dgw(['folder', 'list', '--tree']);
    expect(r.stdout).toMatch(/^adhoc\/ .*\nreports\/ .*\n {2}monthly\/ \(2 queries\)/);
  });

  it('an unknown folder path is exit 4 and nothing is changed', async () => {
    server.on('GET', '/data/projects/proj-1/queries/folders', { json: flat });
    const r = await dgw(['folder', 'mv', QID, '/nope']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('no folder at /nope');
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
  });

  it('folder mv to / with the flat shape asks the queries where they live', async () => {
    server.on('GET', '/data/projects/proj-1/queries/folders', { json: flat });
    server.on('GET', '/data/projects/proj-1/queries', { json: [{ id: QID, name: 'x', folderId: 'f2' }] });
    server.on('PUT', '/data/projects/proj-1/queries/folders/f2', { json: {} });
    const r = await dgw(['folder', 'mv', QID, '/']);
    expect(r.code).toBe(0);
    expect(server.requests.at(-1)?.json).toEqual({ queryIdsAdded: [], queryIdsRemoved: [QID] });
  });
});

describe('folder mv to / of an id no query has', () => {
  it('is exit 4 naming it, not "moved 1 query"', async () => {
    server.on('GET', '/data/projects/proj-1/queries/folders', { json: nested });
    server.on('GET', '/data/projects/proj-1/queries', { json: [{ id: 'q0', name: 'x', folderId: 'f1' }] });
    const r = await dgw(['folder', 'mv', QID, '/']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(QID);
    expect(server.requests.map((q) => q.method)).toEqual(['GET', 'GET', 'GET']);
  });
});
