import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { spawnServe, type SpawnedServer } from './gateway/helpers.js';
import { walkShapes } from './support/walk-shapes.js';

// The sources walk-through of the README on the local gateway, in-process and against `dgw serve`
// in both API shapes: connect a DuckDB file, browse its catalog, read it from SQL, a saved and a
// materialized query, cache one of its tables (full, then incremental), then remove the cache and
// the connection.

const work = tempDir('dgw-sources-');
afterAll(() => work.remove());

/** The shop's database file: 1,000 orders of 7 customers. */
async function makeShop(source: string): Promise<void> {
  const db = await DuckDBInstance.create(source);
  const conn = await db.connect();
  await conn.run("CREATE TABLE orders AS SELECT range AS order_id, 'c' || (range % 7) AS customer, range * 1.25 AS amount FROM range(1000)");
  conn.closeSync();
  db.closeSync();
}

/** Appends rows to the source file, as the program that owns it would, while no gateway has it open. */
async function appendOrders(source: string, from: number, to: number): Promise<void> {
  const db = await DuckDBInstance.create(source);
  const conn = await db.connect();
  await conn.run(`INSERT INTO orders SELECT range, 'new', 1 FROM range(${from}, ${to})`);
  conn.closeSync();
  db.closeSync();
}

const modes: Array<{ label: string; shape: 'spec' | 'hosted'; serve?: string[] }> = [
  { label: 'in-process', shape: 'spec' },
  { label: 'dgw serve', shape: 'spec', serve: [] },
  { label: 'dgw serve --api-shape hosted', shape: 'hosted', serve: ['--api-shape', 'hosted'] },
];

for (const mode of modes.filter((m) => walkShapes.includes(m.shape))) {
  describe(`sources on the local gateway, ${mode.label}`, () => {
    const dir = path.join(work.dir, `mode-${modes.indexOf(mode)}`);
    const [data, config, source] = [path.join(dir, 'data'), path.join(dir, 'config'), path.join(dir, 'shop.duckdb')];
    let server: SpawnedServer | undefined;
    beforeAll(async () => {
      fs.mkdirSync(dir, { recursive: true });
      await makeShop(source);
      if (mode.serve) server = await spawnServe(data, config, mode.serve);
    });
    afterAll(async () => server?.stop());

    const dgw = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env: { DGW_LOCAL_DIR: data, DGW_CONFIG_DIR: config }, cwd: dir });
    const ok = async (...args: string[]) => {
      const r = await dgw(...args);
      expect(r.code, `dgw ${args.join(' ')}\n${r.stderr}`).toBe(0);
      return r.stdout;
    };
    const json = async (...args: string[]) => JSON.parse(await ok(...args, '--json'));

    it('connect, browse, query, cache, remove', async () => {
      const made = await json('connection', 'create', 'Shop', '--type', 'duckdb', '--field', 'path=shop.duckdb');
      expect(made).toMatchObject({ name: 'Shop', type: 'duckdb' });
      expect(await json('connection', 'detail', 'Shop')).toEqual({ type: 'duckdb', path: source });
      const catalog = await json('catalog', 'get', 'shop');
      expect(catalog).toMatchObject({ name: 'shop', catalogType: 'duckdb', connectionId: made.id });
      expect((await ok('catalog', 'schemas', 'shop', '-q')).trim()).toBe('main');
      expect((await ok('catalog', 'tables', 'shop.main', '-q')).trim()).toBe('orders');
      expect((await json('catalog', 'columns', 'shop.main.orders')).map((c: { name: string }) => c.name)).toEqual(['order_id', 'customer', 'amount']);
      const stats = await json('catalog', 'stats', 'shop.main.orders');
      expect(stats.columnStatistics.find((c: { columnName: string }) => c.columnName === 'customer').distinctFraction).toBeCloseTo(-7 / 1000);

      expect((await ok('sql', 'SELECT count(*), sum(amount) FROM shop.main.orders')).trim()).toBe('1000\t624375.00');
      await ok('query', 'create', 'Big customers', '--sql', 'SELECT customer, sum(amount) AS total FROM shop.main.orders GROUP BY customer');
      await ok('query', 'create', 'Order count', '--materialized', '--sql', 'SELECT count(*) AS n FROM shop.main.orders');
      expect((await ok('sql', 'SELECT count(*) FROM svc.query.bigcustomers')).trim()).toBe('7');
      expect((await ok('sql', 'SELECT n FROM svc.mtquery.ordercount')).trim()).toBe('1000');

      const cache = await json('cache', 'create', 'shop.main.orders', '--incremental-column', 'order_id');
      // The first copy runs in the background of a served gateway: its status says when it is done.
      await expect.poll(async () => (await json('cache', 'status', cache.id)).status, { timeout: 120_000, interval: 100 }).toBe('COMPLETED');
      expect((await ok('sql', 'SELECT count(*) FROM svc.cache.orders')).trim()).toBe('1000');
      expect((await json('catalog', 'is-cached', 'shop.main.orders')).isCached).toBe(true);
      // The source changes while no gateway holds it (a served gateway keeps it open read-only).
      if (server) await server.stop();
      await appendOrders(source, 1000, 1100);
      if (mode.serve) server = await spawnServe(data, config, mode.serve);
      expect(await json('cache', 'refresh', cache.id, '--incremental', '--wait')).toMatchObject({ status: 'COMPLETED', insertedRows: 100, cachedRows: 1100 });
      expect(await json('cache', 'refresh', cache.id, '--wait')).toMatchObject({ status: 'COMPLETED', cachedRows: 1100 });

      await ok('cache', 'rm', cache.id, '--yes');
      await ok('connection', 'rm', 'Shop', '--yes');
      expect(await json('connection', 'list')).toEqual([]);
      expect((await dgw('sql', 'SELECT count(*) FROM shop.main.orders')).code).not.toBe(0);
    });
  });
}
