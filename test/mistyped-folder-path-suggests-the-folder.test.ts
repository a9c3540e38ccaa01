import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A mistyped folder path in the verbs that put something at a path said only "no folder at
// /reprots" and how to create it, though they had read the folder list: now the closest path
// comes first, as folder view and folder rm say it, and the create hint after it.

const tmp = tempDir('dgw-folder-typo-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PAGER: '' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

beforeAll(async () => {
  expect((await dgw('folder', 'create', '/reports/monthly')).code).toBe(0);
  expect((await dgw('query', 'create', 'q1', '--sql', 'SELECT 1 AS x')).code).toBe(0);
});

it.each([
  ['folder mv', ['folder', 'mv', 'q1', '/reprots']],
  ['query mv', ['query', 'mv', 'q1', '/reprots']],
  ['query create --path', ['query', 'create', 'q2', '--sql', 'SELECT 2 AS x', '--path', '/reprots']],
  ['folder move', ['folder', 'move', '/reports/monthly', '/reprots/monthly']],
])('%s to /reprots: did you mean "/reports"?, then how to create it', async (_verb, argv) => {
  const r = await dgw(...argv);
  expect(r.code).toBe(4);
  expect(r.stderr).toMatch(/^error: no folder at \/reprots; did you mean "\/reports"\?\nhint: create it with `dgw folder create \/reprots`, or add --parents/);
});

it('a path with nothing close keeps the create hint alone', async () => {
  const r = await dgw('query', 'mv', 'q1', '/zzzzzzzz');
  expect(r.code).toBe(4);
  expect(r.stderr).toMatch(/^error: no folder at \/zzzzzzzz\nhint: create it with/);
});
