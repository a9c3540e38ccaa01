import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `table import nosuch x.csv` said only that the table was not found, though --create makes it
// from the file; and a missing file was named as `FILE: nofile.csv`, the argument's name before it.

const tmp = tempDir('dgw-import-missing-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local', DGW_PAGER: '' };
const dgw = (...argv: string[]) => runInProcess(argv, { env, cwd: tmp.dir });

beforeAll(() => fs.writeFileSync(path.join(tmp.dir, 'x.csv'), 'a\n1\n'));

it('a table that is not there: exit 4, and the hint names --create', async () => {
  const r = await dgw('table', 'import', 'nosuch', 'x.csv');
  expect(r.code).toBe(4);
  expect(r.stderr).toBe('error: table nosuch not found in project demo (HTTP 404)\nhint: add --create to make table nosuch from the file\n');
  expect((await dgw('table', 'import', 'nosuch', 'x.csv', '--create')).code).toBe(0);
});

it('a project that is not there gets no --create hint', async () => {
  const r = await dgw('table', 'import', 'orders', 'x.csv', '--project', 'nosuchproject');
  expect(r.code).toBe(4);
  expect(r.stderr).not.toContain('--create');
});

it('a file that is not there, or a folder, is named plainly: exit 2', async () => {
  const missing = await dgw('table', 'import', 'orders', 'nofile.csv');
  expect([missing.code, missing.stderr]).toEqual([2, 'error: nofile.csv does not exist (ENOENT)\n']);
  fs.mkdirSync(path.join(tmp.dir, 'afolder'));
  const folder = await dgw('table', 'import', 'orders', 'afolder');
  expect([folder.code, folder.stderr]).toEqual([2, 'error: afolder is a folder, not a file\n']);
});
