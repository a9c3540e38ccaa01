import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// `--param code=@today` on a text column made a table every read of which failed on a row that is not a date.

const tmp = tempDir('dgw-parametric-macro-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');

beforeAll(async () => {
  mkdirSync(join(tmp.dir, 'csvs'));
  writeFileSync(join(tmp.dir, 'csvs', 'codes.csv'), 'id,code,day\n1,007,2024-01-01\n2,abc,2024-02-02\n');
  await dgw('connection', 'create', 'codes', '--type', 'csv', '--field', `path=${join(tmp.dir, 'csvs')}`);
});

it('a date macro on a text column is refused at create, naming the column and its type; on a date column it is made', async () => {
  const r = await run('parametric-table', 'create', 'codes', 'main.mac', '--from', 'main.codes', '--param', 'code=@today');
  expect(r.code).toBe(6);
  expect(r.stderr).toContain('code is a VARCHAR column');
  expect(await json('parametric-table', 'list', 'codes')).toEqual([]);
  await dgw('parametric-table', 'create', 'codes', 'main.today', '--from', 'main.codes', '--param', 'day=@today-7d');
});
