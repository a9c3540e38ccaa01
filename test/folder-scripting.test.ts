import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// Folders for scripts: `folder create -p` makes sure a folder exists (exit 0 if it does),
// `query list --folder F --recursive` takes the subfolders too, `folder list --tree --queries`
// shows each folder's queries.

const tmp = tempDir('dgw-folder-scripting-');
afterAll(() => tmp.remove());
// In-process: what is tested is what the commands print and do to the folder, not a process of their own.
const local = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env: { DGW_CONFIG_DIR: `${tmp.dir}/c`, DGW_LOCAL_DIR: `${tmp.dir}/d` } });
const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const [name, args] of Object.entries({
    rev: ['query', 'create', 'Rev', '--sql', 'SELECT 1 AS x', '--path', '/reports/monthly', '--parents'],
    snap: ['mtquery', 'create', 'Snap', '--sql', 'SELECT 2 AS x', '--path', '/reports', '--parents'],
    top: ['query', 'create', 'Top', '--sql', 'SELECT 3 AS x'],
  })) {
    const r = await local(...args, '-q');
    expect(r.code, r.stderr).toBe(0);
    ids[name] = r.stdout.trim();
  }
});

describe('folder create -p', () => {
  it('an existing folder is a success: exit 0, its id, created false', async () => {
    const r = await local('folder', 'create', '-p', '/reports/monthly', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ path: '/reports/monthly', created: false });
    const quiet = await local('folder', 'create', '--parents', '/reports/monthly', '-q');
    expect(quiet.code).toBe(0);
    expect(quiet.stdout.trim()).toBe(JSON.parse(r.stdout).id);
  });

  it('a missing folder is made with its missing parents: created true', async () => {
    const r = await local('folder', 'create', '-p', '/archive/2024/q1', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ path: '/archive/2024/q1', created: true });
    expect((await local('folder', 'list', '--json', 'path')).stdout).toContain('"/archive/2024"');
  });

  it('without -p an existing folder is still exit 5, with a hint', async () => {
    const r = await local('folder', 'create', '/reports');
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/hint: .*-p\/--parents/);
  });
});

describe('query list --folder F --recursive', () => {
  const names = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => l.split('\t')[1]).sort();

  it('takes the queries of every subfolder; without it, the folder alone', async () => {
    expect(names((await local('query', 'list', '--folder', '/reports', '--recursive')).stdout)).toEqual(['rev', 'snap']);
    expect(names((await local('query', 'list', '--folder', '/reports')).stdout)).toEqual(['snap']);
    expect(names((await local('query', 'list', '--folder', '/reports/monthly', '-r')).stdout)).toEqual(['rev']);
  });

  it('by folder id too, and with --type', async () => {
    const tree = JSON.parse((await local('folder', 'list', '--json')).stdout) as Array<{ id: string; path: string }>;
    const reports = tree.find((f) => f.path === '/reports')!.id;
    expect(names((await local('query', 'list', '--folder', reports, '--recursive')).stdout)).toEqual(['rev', 'snap']);
    expect(names((await local('query', 'list', '--folder', reports, '--recursive', '--type', 'plain')).stdout)).toEqual(['rev']);
  });

  it('/ --recursive is every query; a folder that does not exist is exit 4', async () => {
    expect(names((await local('query', 'list', '--folder', '/', '--recursive')).stdout)).toEqual(['rev', 'snap', 'top']);
    const missing = await local('query', 'list', '--folder', '/nope', '--recursive');
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('no folder at /nope');
  });
});

describe('folder list --tree --queries', () => {
  it('puts each query under its folder (as folder tree --queries does)', async () => {
    const r = await local('folder', 'list', '--tree', '--queries');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n').map((l) => l.replace(/\s{2}\S+$/, ''));
    // The query in no folder comes last, at the root.
    expect(lines).toEqual(['archive/', '  2024/', '    q1/', 'reports/', '  monthly/', '    rev', '  snap', 'top']);
    const same = await local('folder', 'tree', '--queries');
    expect(r.stdout).toBe(same.stdout);
  });

  it('--json: each folder with its queries', async () => {
    const roots = JSON.parse((await local('folder', 'list', '--queries', '--json')).stdout) as Array<{ path: string; queries: Array<{ id: string }>; children: Array<{ queries: Array<{ id: string }> }> }>;
    const reports = roots.find((c) => c.path === '/reports')!;
    expect(reports.queries.map((q) => q.id)).toEqual([ids.snap]);
    expect(reports.children[0].queries.map((q) => q.id)).toEqual([ids.rev]);
  });
});

describe('folder mv --parents', () => {
  it('makes no folder for a query id no query has: exit 4, and the path is still missing', async () => {
    const r = await local('folder', 'mv', '123456789012345678', '/made/by/mv', '--parents');
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('query 123456789012345678 not found');
    const paths = JSON.parse((await local('folder', 'list', '--json', 'path')).stdout).map((f: { path: string }) => f.path);
    expect(paths).not.toContain('/made');
    const moved = await local('folder', 'mv', ids.top, '/made/by/mv', '--parents', '--json');
    expect(moved.code, moved.stderr).toBe(0);
    expect(JSON.parse(moved.stdout).createdFolders).toEqual(['/made', '/made/by', '/made/by/mv']);
  });
});

describe('the flat folder shape (no query ids in the folder list)', () => {
  const { server, dgw } = useStandIn();
  it('folder mv --parents whose move fails after making folders names them in a warning', async () => {
    server.on('GET', /\/queries$/, { json: [queryJson({ id: 'q1', name: 'inner', folderId: null })] });
    server.on('GET', /\/folders$/, { json: { items: [] } });
    let made = 0;
    server.on('POST', /\/folders(\/[^/]+)?$/, () => ({ json: { id: `f${(made += 1)}` } }));
    server.on('PUT', /\/folders\/f2$/, { status: 500, json: { message: 'down' } });
    const r = await dgw(['folder', 'mv', 'q1', '/a/b', '--parents']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('created before the failure: /a, /a/b');
  });

  it('folder create -p when another command makes a level first (409): that folder is taken, as mkdir -p does, and the rest made under it', async () => {
    server.on('GET', /\/folders$/, { json: { items: [] } }, { json: { items: [{ id: 'theirs', name: 'par', path: '/par', parentId: null }] } });
    server.on('POST', /\/folders$/, { status: 409, json: { errorCode: 'CONFLICT', message: 'a folder /par already exists' } });
    server.on('POST', /\/folders\/theirs$/, { json: { id: 'mine', name: 'a', path: '/par/a', parentId: 'theirs' } });
    const r = await dgw(['folder', 'create', '/par/a', '-p', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 'mine', created: true });
    expect(server.requests.map((q) => `${q.method} ${q.path.replace(/^.*\/queries/, '')}`)).toEqual(['GET /folders', 'POST /folders', 'GET /folders', 'POST /folders/theirs']);
  });

  it('query list --recursive places queries by their folderId', async () => {
    server.on('GET', /\/folders$/, { json: { items: [{ id: 'f1', name: 'reports', path: '/reports', parentId: null }, { id: 'f2', name: 'monthly', path: '/reports/monthly', parentId: 'f1' }] } });
    server.on('GET', /\/queries$/, { json: [queryJson({ id: 'q1', name: 'inner', folderId: 'f2' }), queryJson({ id: 'q2', name: 'outer', folderId: null })] });
    const list = await dgw(['query', 'list', '--folder', '/reports', '--recursive', '-q']);
    expect(list.stdout).toBe('q1\n');
  });
});
