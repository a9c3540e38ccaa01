import { afterAll, beforeAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// --default V with --no-default asks for two things at once; commander would keep the last one given, so it is refused, as --not-null with --nullable is.
const tmp = tempDir('dgw-default-contradict-');
afterAll(() => tmp.remove());
const { run, dgw, json } = localCli(tmp.dir, 'spec');

beforeAll(async () => {
  await dgw('bitable', 'create', 'sales_summary', '--column', 'orders:BIGINT');
  await dgw('bitable', 'update-column', 'sales_summary', 'orders', '--default', '7');
  await dgw('table', 'create', 'events', '--column', 'n:BIGINT');
  await dgw('table', 'update-column', 'events', 'n', '--default', '7');
});

it.each([
  ['bitable', 'sales_summary', 'orders', ['--default', '0', '--no-default']],
  ['bitable', 'sales_summary', 'orders', ['--no-default', '--default', '0']],
  ['table', 'events', 'n', ['--default', '0', '--no-default']],
])('%s update-column %s %s %j exits 2 naming both, and leaves the default as it was', async (noun, table, column, flags) => {
  const r = await run(noun, 'update-column', table, column, ...flags);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toContain('--default and --no-default contradict each other: give one');
  const columns: Array<{ name: string; defaultValue: unknown }> = await json(noun, 'list', table);
  expect(String(columns.find((c) => c.name === column)?.defaultValue)).toBe('7');
});

it('--no-default alone still removes the default', async () => {
  await dgw('bitable', 'update-column', 'sales_summary', 'orders', '--no-default');
  expect((await json('bitable', 'list', 'sales_summary'))[0].defaultValue).toBeNull();
});
