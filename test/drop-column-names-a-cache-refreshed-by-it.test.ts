import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// A cache whose incremental column is dropped fails every incremental refresh after: the check before the drop names it.

const tmp = tempDir('dgw-drop-column-incremental-');
afterAll(() => tmp.remove());
const { dgw, json } = localCli(tmp.dir, 'spec');

it('drop-column --dry-run --with-reads names the cache refreshed incrementally by the column, and only for that column', async () => {
  await dgw('table', 'create', 'inc', '--column', 'id:BIGINT', '--column', 'at:TIMESTAMP');
  const { id } = await json('cache', 'create', 'inc', '--incremental-column', 'at');
  expect(await dgw('table', 'drop-column', 'inc', 'AT', '--dry-run', '--with-reads')).toContain(`Cache ${id} of inc refreshes incrementally by AT: its incremental refreshes will fail.`);
  expect(await dgw('table', 'drop-column', 'inc', 'id', '--dry-run', '--with-reads')).not.toContain('Cache');
});
