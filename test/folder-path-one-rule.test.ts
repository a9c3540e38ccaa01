import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `query mv` to a mistyped path built the whole folder chain silently while `folder move` refused
// the same move. One rule now for every verb that puts something at a folder path: a folder that
// is not there is exit 4 and nothing changes, unless --parents asks for it.

const tmp = tempDir('dgw-path-rule-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PAGER: '' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });
const folders = async () => (JSON.parse((await dgw('folder', 'list', '--json', 'path')).stdout) as { path: string }[]).map((f) => f.path).sort();
let id = '';

beforeAll(async () => {
  expect((await dgw('folder', 'create', '/reports')).code).toBe(0);
  id = (await dgw('query', 'create', 'Kept', '--sql', 'SELECT 1 AS x', '--path', '/reports', '-q')).stdout.trim();
  expect(id).toMatch(/^\d+$/);
});

describe('a folder path that does not exist', () => {
  const typos: [string, string[]][] = [
    ['query mv', ['query', 'mv', 'kept', '/reprots/monthly']],
    ['query create --path', ['query', 'create', 'Other', '--sql', 'SELECT 2 AS x', '--path', '/reprots']],
    ['mtquery create --path', ['mtquery', 'create', 'Snap', '--sql', 'SELECT 3 AS x', '--path', '/reprots']],
    ['query update --path (with a new name too)', ['query', 'update', 'kept', '--name', 'Renamed', '--path', '/reprots']],
    ['folder move to a new path under a missing parent', ['folder', 'move', '/reports', '/archive/2025']],
  ];
  for (const [what, argv] of typos) {
    it(`${what}: exit 4 naming the folder and --parents, and nothing changed`, async () => {
      const before = await folders();
      const r = await dgw(...argv);
      expect(r.code, r.stderr).toBe(4);
      expect(r.stderr).toMatch(/no folder at \/(reprots|archive)/);
      expect(r.stderr).toContain('--parents');
      expect(await folders()).toEqual(before);
      const kept = JSON.parse((await dgw('query', 'get', id, '--json', 'name,path')).stdout);
      expect(kept).toEqual({ name: 'kept', path: '/reports' });
      expect((await dgw('query', 'get', 'other')).code).toBe(4);
    });
  }

  it('--parents makes the folder with the query, for each verb', async () => {
    expect((await dgw('query', 'create', 'Other', '--sql', 'SELECT 2 AS x', '--path', '/new/one', '--parents')).code).toBe(0);
    expect((await dgw('query', 'mv', 'kept', '/new/two', '--parents')).code).toBe(0);
    expect((await dgw('query', 'update', 'other', '--path', '/new/three', '-p')).code).toBe(0);
    expect((await dgw('folder', 'move', '/reports', '/archive/2025', '--parents')).code).toBe(0);
    expect(JSON.parse((await dgw('query', 'get', id, '--json', 'path')).stdout).path).toBe('/new/two');
    expect(JSON.parse((await dgw('query', 'get', 'other', '--json', 'path')).stdout).path).toBe('/new/three');
    expect(await folders()).toEqual(expect.arrayContaining(['/archive', '/archive/2025', '/new', '/new/one', '/new/two', '/new/three']));
  });
});

describe('query mv NAME ID FOLDER with an id no query has', () => {
  it('is exit 4 before the named query is moved', async () => {
    const r = await dgw('query', 'mv', 'kept', '999999999999999999', '/');
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain('999999999999999999');
    expect(r.stderr).not.toContain('moved before the failure');
    expect(JSON.parse((await dgw('query', 'get', id, '--json', 'path')).stdout).path).not.toBe('/');
  });
});
