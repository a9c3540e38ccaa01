import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// `--param visitor=7.5` on a BIGINT column was taken: DuckDB's cast rounds it to 8, so the table
// held visitor 8's rows. Such a value is no value of the column, and is refused as one that does
// not convert is.

const tmp = tempDir('dgw-parametric-rounded-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');

beforeAll(async () => {
  mkdirSync(join(tmp.dir, 'csvs'));
  writeFileSync(join(tmp.dir, 'csvs', 'visits.csv'), 'visitor,page,ratio\n7,/pricing,0.5\n8,/home,0.25\n');
  await dgw('connection', 'create', 'visits', '--type', 'csv', '--field', `path=${join(tmp.dir, 'csvs')}`);
});

it('a value with digits a column would round away is refused (exit 6), and no table is made', async () => {
  const rounded = await run('parametric-table', 'create', 'visits', 'main.v', '--from', 'main.visits', '--param', 'visitor=7.5');
  expect([rounded.code, rounded.stderr]).toEqual([6, expect.stringContaining('paramValues: 7.5 is not a value of visitor, a BIGINT column')]);
  expect(await json('parametric-table', 'list', 'visits')).toEqual([]);
});

it('a value the column holds as given is taken, however it is written', async () => {
  await dgw('parametric-table', 'create', 'visits', 'main.seven', '--from', 'main.visits', '--param', 'visitor="7.0"');
  await dgw('parametric-table', 'create', 'visits', 'main.half', '--from', 'main.visits', '--param', 'ratio=0.50');
  expect(await json('sql', 'SELECT page FROM visits.main.seven')).toEqual([{ page: '/pricing' }]);
  expect(await json('sql', 'SELECT page FROM visits.main.half')).toEqual([{ page: '/pricing' }]);
});
