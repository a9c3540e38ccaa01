import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// A file of a folder connection that does not read is a table whose every read fails saying why;
// `catalog columns` listed it with one made-up column, `unreadable` of type "null", and exit 0,
// while `catalog stats` and SQL said which file and why.

const tmp = tempDir('dgw-columns-unreadable-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');
const folder = join(tmp.dir, 'csvs');

beforeAll(async () => {
  mkdirSync(folder);
  writeFileSync(join(folder, 'good.csv'), 'n\n1\n');
  await dgw('connection', 'create', 'files', '--type', 'csv', '--field', `path=${folder}`);
  writeFileSync(join(folder, 'latin.csv'), Buffer.from('name\ncaf\xe9\n', 'latin1'));
});

it('catalog columns of it fails as catalog stats does, naming the file and why; a readable table still lists its columns', async () => {
  const stats = await run('catalog', 'stats', 'files.main.latin');
  expect(stats.code).toBe(6);
  const columns = await run('catalog', 'columns', 'files.main.latin');
  expect([columns.code, columns.stdout]).toEqual([6, '']);
  expect(columns.stderr).toContain(`${join(folder, 'latin.csv')} cannot be read as CSV: it is not UTF-8 text`);
  expect(columns.stderr).toBe(stats.stderr);
  expect((await json('catalog', 'columns', 'files.main.good')).map((c: { name: string }) => c.name)).toEqual(['n']);
});
