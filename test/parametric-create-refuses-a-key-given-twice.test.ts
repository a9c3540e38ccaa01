import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// `--param id=1 --param id=2` would make a table that is always empty: it is refused before anything is sent.

const tmp = tempDir('dgw-parametric-twice-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');

beforeAll(async () => {
  mkdirSync(join(tmp.dir, 'csvs'));
  writeFileSync(join(tmp.dir, 'csvs', 'codes.csv'), 'id,code\n1,a\n2,b\n');
  await dgw('connection', 'create', 'codes', '--type', 'csv', '--field', `path=${join(tmp.dir, 'csvs')}`);
});

it('a key given twice exits 2 naming it, and makes no table', async () => {
  const r = await run('parametric-table', 'create', 'codes', 'main.twice', '--from', 'main.codes', '--param', 'id=1', '--param', 'id=2');
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('id is given twice');
  expect(await json('parametric-table', 'list', 'codes')).toEqual([]);
});
