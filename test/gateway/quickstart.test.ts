import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAsBinaryWould } from '../support/in-process.js';
import { spawnServe, tempDir, type SpawnedServer } from './helpers.js';

// The README's quick start (temporary data and config folders): create -> materialize -> sql on
// svc.mtquery -> refresh --wait -> folder mv -> table drop-column --yes -> query rm --yes, with the
// in-process gateway and against a spawned `dgw serve`. Commands run through `main` in this
// process, so a busy machine does not multiply fourteen start-ups (README blocks spawn the binary).

const tmp = tempDir('dgw-quickstart-');
let server: SpawnedServer | undefined;
afterAll(async () => {
  await server?.stop('SIGINT');
  tmp.remove();
});

async function quickStart(env: Record<string, string>) {
  const dgw = async (...args: string[]) => {
    const r = await runAsBinaryWould(['--zone', 'local', ...args], { env });
    expect(r.code, `dgw ${args.join(' ')}\n${r.stderr}`).toBe(0);
    return r.stdout;
  };
  const created = JSON.parse(
    await dgw('query', 'create', 'Revenue by customer', '--materialized', '--sql', 'SELECT customer_id, sum(amount) AS revenue FROM svc.table.orders GROUP BY 1', '--json'),
  );
  expect(created).toMatchObject({ name: 'revenuebycustomer', queryType: 'MATERIALIZED' });

  const top = JSON.parse(await dgw('sql', 'SELECT customer_id, revenue FROM svc.mtquery.revenuebycustomer ORDER BY revenue DESC LIMIT 1', '--json'));
  // BIGINT and sum()'s DECIMAL(38,2) are strings in every row (docs/output.md).
  expect(top).toEqual([{ customer_id: '11', revenue: '961.30' }]);

  await dgw('sql', 'INSERT INTO svc.table.orders VALUES (61, 1, DATE \'2024-07-01\', 500.00, \'paid\')');
  await dgw('mtquery', 'refresh', 'revenuebycustomer', '--wait');
  const after = JSON.parse(await dgw('sql', 'SELECT revenue FROM svc.mtquery.revenuebycustomer WHERE customer_id = 1', '--json'));
  expect(after).toEqual([{ revenue: '1371.40' }]);

  await dgw('folder', 'create', '/reports/monthly');
  await dgw('folder', 'mv', 'revenuebycustomer', '/reports/monthly');
  expect(JSON.parse(await dgw('query', 'get', 'revenuebycustomer', '--json'))).toMatchObject({ path: '/reports/monthly' });

  await dgw('table', 'drop-column', 'orders', 'status', '--yes');
  // DuckDB's catalog functions are out of reach of SQL: the table's columns come from the API.
  const columns = JSON.parse(await dgw('table', 'list', 'orders', '--json'));
  expect(columns.map((c: { name: string }) => c.name)).toEqual(['order_id', 'customer_id', 'order_date', 'amount']);
  expect(JSON.parse(await dgw('sql', 'SELECT * FROM svc.table.orders LIMIT 1', '--json'))[0]).not.toHaveProperty('status');

  await dgw('query', 'rm', 'revenuebycustomer', '--yes');
  const gone = await runAsBinaryWould(['--zone', 'local', 'sql', 'SELECT * FROM svc.mtquery.revenuebycustomer'], { env });
  expect(gone.code).toBe(6);
}

describe('README quick start', () => {
  it('works in-process in the hosted API shape (DGW_LOCAL_API_SHAPE=hosted)', async () => {
    await quickStart({ DGW_CONFIG_DIR: join(tmp.dir, 'config-c'), DGW_LOCAL_DIR: join(tmp.dir, 'data-c'), DGW_LOCAL_API_SHAPE: 'hosted' });
  });

  it('refuses an unknown DGW_LOCAL_API_SHAPE with exit 2', async () => {
    const r = await runAsBinaryWould(['--zone', 'local', 'catalog', 'list'], { env: { DGW_CONFIG_DIR: join(tmp.dir, 'config-d'), DGW_LOCAL_DIR: join(tmp.dir, 'data-d'), DGW_LOCAL_API_SHAPE: 'openapi' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/DGW_LOCAL_API_SHAPE: "openapi" is not spec or hosted/);
  });

  it('works in-process', async () => {
    await quickStart({ DGW_CONFIG_DIR: join(tmp.dir, 'config-a'), DGW_LOCAL_DIR: join(tmp.dir, 'data-a') });
  });

  it('works against dgw serve', async () => {
    const data = join(tmp.dir, 'data-b');
    const config = join(tmp.dir, 'config-b');
    server = await spawnServe(data, config);
    await quickStart({ DGW_CONFIG_DIR: config, DGW_LOCAL_DIR: data });
    // The server did the work: it still answers and sees the dropped column.
    const cols = await server.call('GET', '/data/projects/demo/table/orders/columns');
    expect(cols.body.map((c: { name: string }) => c.name)).not.toContain('status');
  });

  it('works against dgw serve --api-shape hosted', async () => {
    const data = join(tmp.dir, 'data-e');
    const config = join(tmp.dir, 'config-e');
    const hosted = await spawnServe(data, config, ['--api-shape', 'hosted']);
    try {
      expect((await hosted.call('GET', '/data/projects/demo/queries/folders')).body).toEqual({ items: [] });
      await quickStart({ DGW_CONFIG_DIR: config, DGW_LOCAL_DIR: data });
      expect((await hosted.call('GET', '/data/projects/demo/queries/folders')).body.items.map((f: { path: string }) => f.path)).toEqual(['/reports', '/reports/monthly']);
    } finally {
      await hosted.stop('SIGINT');
    }
  });
});
