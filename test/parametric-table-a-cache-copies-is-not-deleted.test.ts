import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// `parametric-table rm` of a table a cache copies deleted it and left the cache, whose every refresh
// then failed ("Table with name v7 does not exist! Did you mean svc.cache.v7?"); a stored table, a
// saved query and a connection are refused the same way.

const tmp = tempDir('dgw-parametric-cached-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');

beforeAll(async () => {
  mkdirSync(join(tmp.dir, 'csvs'));
  writeFileSync(join(tmp.dir, 'csvs', 'visits.csv'), 'visitor,page\n7,/pricing\n8,/home\n7,/home\n');
  await dgw('connection', 'create', 'visits', '--type', 'csv', '--field', `path=${join(tmp.dir, 'csvs')}`);
  await dgw('parametric-table', 'create', 'visits', 'main.v7', '--from', 'main.visits', '--param', 'visitor=7');
});

it('deleting a parametric table a cache copies exits 5 naming the cache, and keeps the table; once the cache is gone it is deleted', async () => {
  const cache = await json('cache', 'create', 'visits.main.V7');
  const refused = await run('parametric-table', 'rm', 'visits', 'main.v7', '--yes');
  expect([refused.code, refused.stderr]).toEqual([5, expect.stringContaining(`table main.v7 is copied by cache ${cache.id} (svc.cache.V7): remove the cache first`)]);
  expect((await json('parametric-table', 'list', 'visits')).map((p: { toTable: string }) => p.toTable)).toEqual(['v7']);
  expect(await json('cache', 'refresh', cache.id, '--wait')).toMatchObject({ status: 'COMPLETED', cachedRows: 2 });
  await dgw('cache', 'rm', cache.id, '--yes');
  await dgw('parametric-table', 'rm', 'visits', 'main.v7', '--yes');
  expect(await json('parametric-table', 'list', 'visits')).toEqual([]);
});
