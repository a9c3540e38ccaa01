import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// A query given twice, or by its name and its id, is one query: moved once and counted once.

const tmp = tempDir('dgw-mv-twice-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');

it('query mv and folder mv of one query named twice say "moved 1 query" and list its id once', async () => {
  const id = (await dgw('query', 'create', 'Twice', '--sql', 'SELECT 1', '-q')).trim();
  await dgw('folder', 'create', '/a');
  const byQuery = await run('query', 'mv', 'twice', id, '/a');
  expect([byQuery.code, byQuery.stderr]).toEqual([0, expect.stringContaining('moved 1 query to /a')]);
  expect(await json('query', 'mv', 'twice', 'twice', '/')).toEqual({ path: '/', queryIds: [id] });
  const byFolder = await run('folder', 'mv', 'twice', 'twice', '/a');
  expect([byFolder.code, byFolder.stderr]).toEqual([0, expect.stringContaining('moved 1 query to /a')]);
  expect((await json('folder', 'mv', 'twice', id, '/')).queryIds).toEqual([id]);
});
