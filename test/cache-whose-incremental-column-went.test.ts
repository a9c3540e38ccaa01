import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// Once the source lost a cache's incremental column (a column dropped, a connected file written
// anew), every refresh failed with `Binder Error: Referenced column "at" not found in FROM
// clause!`: the full refresh too, which the incremental one's failure names as the way to take the
// source's columns, and nothing said which setting to change.

const tmp = tempDir('dgw-cache-column-went-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');

it('a full refresh takes the source as it is; an incremental one fails naming the column and the command that names another', async () => {
  await dgw('sql', 'CREATE TABLE svc.table.inc AS SELECT range AS id, TIMESTAMP \'2026-01-01\' + to_days(range::INTEGER) AS at FROM range(3)');
  const { id } = await json('cache', 'create', 'inc', '--incremental-column', 'AT');
  await dgw('table', 'drop-column', 'inc', 'at', '--yes');
  await dgw('sql', 'INSERT INTO svc.table.inc VALUES (3)');

  expect(await json('cache', 'refresh', 'inc', '--wait')).toMatchObject({ status: 'COMPLETED', cachedRows: 4, lastOffset: null });
  expect(await json('sql', 'SELECT * FROM svc.cache.inc ORDER BY id')).toEqual([{ id: '0' }, { id: '1' }, { id: '2' }, { id: '3' }]);

  const incremental = await run('cache', 'refresh', 'inc', '--incremental', '--wait');
  expect(incremental.code).toBe(10);
  expect(incremental.stderr).toContain(`the source has no column at, the cache's incremental column: name another with \`dgw --zone local cache update ${id} --incremental-column COLUMN\``);

  await dgw('cache', 'update', 'inc', '--incremental-column', 'id');
  await dgw('sql', 'INSERT INTO svc.table.inc VALUES (4)');
  expect(await json('cache', 'refresh', 'inc', '--incremental', '--wait')).toMatchObject({ status: 'COMPLETED', insertedRows: 1, cachedRows: 5, lastOffset: '4' });
});
