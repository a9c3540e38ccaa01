import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/gateway/server.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { localCli } from './support/local-cli.js';

// With caches of two tables named orders (sales.main.orders and svc.table.orders), `cache create
// orders` told the user to run `dgw cache status orders`, which refused: "2 caches are of a table
// named orders; name it as catalog.schema.table (311569021487212227.main.orders, 1.table.orders)",
// catalog ids the user never typed. The hints now name the cache alone, and the refusal lists the
// choices by catalog name.
const tmp = tempDir('dgw-cache-hints-');
afterAll(() => tmp.remove());
const file = path.join(tmp.dir, 'orders.csv');
writeFileSync(file, 'id,amount\n1,10\n');

async function twoCachesOfOrders(dgw: (...args: string[]) => Promise<{ code: number; stderr: string }>): Promise<{ code: number; stderr: string }> {
  for (const args of [['connection', 'create', 'sales', '--type', 'csv', '--field', `path=${file}`], ['cache', 'create', 'sales.main.orders']]) {
    const r = await dgw(...args);
    expect(r.code, r.stderr).toBe(0);
  }
  const made = await dgw('cache', 'create', 'orders');
  expect(made.code, made.stderr).toBe(0);
  return made;
}

describe('with two caches of tables named orders', () => {
  let server: RunningServer;
  const dataDir = path.join(tmp.dir, 'served');
  const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'served-config'), DGW_LOCAL_DIR: dataDir };
  const served = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env });
  beforeAll(async () => {
    server = await startServer({ dataDir, port: 0 });
  });
  afterAll(() => server.close());

  it('cache create on dgw serve quotes a status command that names the new cache alone, and it runs', async () => {
    const made = await twoCachesOfOrders(served);
    expect(made.stderr).toContain('its first copy has started (`dgw cache status svc.table.orders`)');
    const status = await served('cache', 'status', 'svc.table.orders', '--json');
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ catalogId: '1', schemaName: 'table', tableName: 'orders' });
  });

  it('a bare table name is refused with the choices by catalog name', async () => {
    const bare = await served('cache', 'status', 'orders');
    expect(bare.stderr).toContain('2 caches are of a table named orders; name it as catalog.schema.table (sales.main.orders, svc.table.orders)');
    expect((await served('cache', 'status', 'sales.main.orders')).code).toBe(0);
  });

  it('in-process, the notes of the first copy name the new cache alone', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const made = await twoCachesOfOrders(run);
    expect(made.stderr).toContain('making the first copy of cache svc.table.orders…');
    expect(made.stderr).toMatch(/first copy of cache svc\.table\.orders made: \d+ rows?/);
  });

  it('a table name that names the new cache alone is quoted as typed', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    expect((await run('sql', 'CREATE TABLE svc.table.items AS SELECT 1 AS id')).code).toBe(0);
    const made = await run('cache', 'create', 'items');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain('making the first copy of cache items…');
  });
});
