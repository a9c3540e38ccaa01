import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// A parametric table whose base table went (its file left the connection's folder, or the
// connection was pointed at another folder) stayed in `parametric-table list`, while SQL reading it
// said "Table with name pricing does not exist! Did you mean "other"?" as if it had never been made.

const tmp = tempDir('dgw-parametric-base-gone-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');
const folder = join(tmp.dir, 'csvs');

beforeAll(async () => {
  mkdirSync(folder);
  writeFileSync(join(folder, 'visits.csv'), 'visitor,page\n7,/pricing\n8,/home\n');
  writeFileSync(join(folder, 'other.csv'), 'n\n1\n');
  await dgw('connection', 'create', 'site', '--type', 'csv', '--field', `path=${folder}`);
  await dgw('parametric-table', 'create', 'site', 'main.pricing', '--from', 'main.visits', '--param', 'page=/pricing');
});

it('reading it says it is that parametric table and that its base table is gone; once the file is back it reads again', async () => {
  rmSync(join(folder, 'visits.csv'));
  expect((await json('parametric-table', 'list', 'site')).map((p: { toTable: string }) => p.toTable)).toEqual(['pricing']);
  const read = await run('sql', 'SELECT * FROM site.main.pricing');
  expect(read.code).toBe(6);
  expect(read.stderr).toContain('parametric table main.pricing of catalog site cannot be read: its base table main.visits does not bind (Table with name visits does not exist!');
  expect(await json('sql', 'SELECT count(*) AS n FROM site.main.other')).toEqual([{ n: '1' }]);
  writeFileSync(join(folder, 'visits.csv'), 'visitor,page\n7,/pricing\n8,/home\n');
  expect(await json('sql', 'SELECT visitor FROM site.main.pricing')).toEqual([{ visitor: '7' }]);
});
