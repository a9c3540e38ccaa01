import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServer } from '../src/gateway/server.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// On dgw serve, a parametric table over a connected file that was written again is bound again: one
// whose base lost its parameter's column says so, as in-process, not in DuckDB's "Binder Error". A
// column read from a view that stands for what does not read gets that view's reason, not "column not found".
const tmp = tempDir('dgw-parametric-rewritten-');
afterAll(() => tmp.remove());

it('served: a parametric table whose base file lost the column says why, and reads again once the column is back', async () => {
  const file = join(tmp.dir, 'visits.csv');
  writeFileSync(file, 'page,n\n/a,1\n/b,2\n');
  const dataDir = join(tmp.dir, 'data');
  const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: dataDir };
  const dgw = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env });
  expect((await dgw('connection', 'create', 'site', '--type', 'csv', '--field', `path=${file}`)).code).toBe(0);
  expect((await dgw('parametric-table', 'create', 'site', 'main.page_a', '--from', 'main.visits', '--param', 'page=/a')).code).toBe(0);
  const server = await startServer({ dataDir, port: 0 });
  try {
    expect((await dgw('sql', 'SELECT n FROM site.main.page_a')).stdout).toBe('1\n');
    writeFileSync(file, 'other,n\nx,1\n');
    const r = await dgw('sql', 'SELECT n FROM site.main.page_a');
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('parametric table main.page_a of catalog site cannot be read: its base table main.visits does not bind (Referenced column "page" not found');
    writeFileSync(file, 'page,n\n/a,5\n');
    expect((await dgw('sql', 'SELECT n FROM site.main.page_a')).stdout).toBe('5\n');
  } finally {
    await server.close();
  }
});

it('in-process: a column read from a parametric table whose base lost the column gets the reason, not "Referenced column not found"', async () => {
  const file = join(tmp.dir, 'orders.csv');
  writeFileSync(file, 'status,n\npaid,1\n');
  const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config-2'), DGW_LOCAL_DIR: join(tmp.dir, 'data-2') };
  const dgw = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env });
  expect((await dgw('connection', 'create', 'shop', '--type', 'csv', '--field', `path=${file}`)).code).toBe(0);
  expect((await dgw('parametric-table', 'create', 'shop', 'main.paid', '--from', 'main.orders', '--param', 'status=paid')).code).toBe(0);
  writeFileSync(file, 'state,n\npaid,1\n');
  const r = await dgw('sql', 'SELECT n FROM shop.main.paid');
  expect(r.stderr).toContain('parametric table main.paid of catalog shop cannot be read: its base table main.orders does not bind');
  // Any other missing column is DuckDB's own message, as before.
  expect((await dgw('sql', 'SELECT nope FROM shop.main.orders')).stderr).toContain('Referenced column "nope" not found');
});
