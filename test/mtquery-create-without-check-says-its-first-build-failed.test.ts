import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// With --no-check-schema a materialized query is kept even when its first build fails; the create
// said only "created svc.mtquery.NAME", and the table then did not exist. It now says why.
const tmp = tempDir('dgw-mtq-first-build-');
afterAll(() => tmp.remove());
const { run } = localCli(tmp.dir, 'spec');

it('a create whose first build fails warns with the reason and how to fix it, and still exits 0', async () => {
  const r = await run('mtquery', 'create', 'Bad', '--sql', 'SELECT nosuch FROM svc.table.orders', '--no-check-schema');
  expect(r.code).toBe(0);
  expect(r.stderr).toMatch(/warning: its first build failed, so svc\.mtquery\.bad is not there yet: .*nosuch.*; fix the SQL with `dgw .*query update bad --sql SQL`/s);
});

it('a create whose first build succeeds says nothing more', async () => {
  const r = await run('mtquery', 'create', 'Good', '--sql', 'SELECT 1 AS x', '--no-check-schema');
  expect([r.code, r.stderr]).toEqual([0, expect.not.stringContaining('warning')]);
});
