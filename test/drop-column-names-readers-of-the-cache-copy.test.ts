import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// A cached stored table is read as svc.cache.<table>; the copy loses a dropped column at its next
// refresh, and the saved queries that read it there fail: they are named before the drop too.

const tmp = tempDir('dgw-drop-column-cache-');
afterAll(() => tmp.remove());
const { dgw } = localCli(tmp.dir, 'spec');

it('drop-column --dry-run --with-reads names a saved query reading the column from the cache copy', async () => {
  await dgw('table', 'create', 'ct', '--column', 'id:BIGINT', '--column', 'w:VARCHAR');
  await dgw('cache', 'create', '1.table.ct');
  await dgw('query', 'create', 'Copy reader', '--sql', 'SELECT w FROM svc.cache.ct');
  const dry = await dgw('table', 'drop-column', 'ct', 'w', '--dry-run', '--with-reads');
  expect(dry).toContain('1 saved query reads ct.w and will fail when next run or refreshed:\n  copyreader (plain): names w');
});
