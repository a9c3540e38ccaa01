import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// An incremental schedule is accepted without an incremental column (the service has no such column),
// but on the local gateway it never runs until there is one: create and update say so, naming the fix.
const tmp = tempDir('dgw-cache-inc-warn-');
afterAll(() => tmp.remove());
const { run } = localCli(tmp.dir, 'spec');

it('cache create --incremental-every without --incremental-column warns that it never runs', async () => {
  const r = await run('cache', 'create', 'orders', '--incremental-every', '1h');
  expect(r.code).toBe(0);
  expect(r.stderr).toMatch(/warning: the incremental schedule never runs until the cache has an incremental column: give --incremental-column COLUMN/);
});

it('cache update with an incremental schedule and no column warns; with the column it does not', async () => {
  const r = await run('cache', 'update', 'orders', '--incremental-cron', '0 3 * * *');
  expect(r.code).toBe(0);
  expect(r.stderr).toMatch(/warning: the incremental schedule of cache orders never runs until it has an incremental column: `dgw .*cache update orders --incremental-column COLUMN`/);
  const fixed = await run('cache', 'update', 'orders', '--incremental-column', 'order_id');
  expect([fixed.code, fixed.stderr]).toEqual([0, expect.not.stringContaining('warning')]);
  const plain = await run('cache', 'create', 'customers', '--incremental-every', '1h', '--incremental-column', 'customer_id');
  expect([plain.code, plain.stderr]).toEqual([0, expect.not.stringContaining('warning')]);
});

it('in the hosted shape, whose cache tells no column, setting one with cache update does not warn that there is none', async () => {
  const hosted = tempDir('dgw-cache-inc-warn-hosted-');
  try {
    const cli = localCli(hosted.dir, 'hosted');
    expect((await cli.run('cache', 'create', 'orders', '--incremental-every', '1h')).code).toBe(0);
    const fixed = await cli.run('cache', 'update', 'orders', '--incremental-column', 'order_id');
    expect([fixed.code, fixed.stderr]).toEqual([0, expect.not.stringContaining('warning')]);
  } finally {
    hosted.remove();
  }
});
