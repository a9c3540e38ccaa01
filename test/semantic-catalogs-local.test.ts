import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/gateway/server.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { localCli } from './support/local-cli.js';
import { walkShapes, describeOnce } from './support/walk-shapes.js';

// Semantic catalogs on the local gateway: real catalogs SQL reads, whose tables are saved queries.

const tmp = tempDir('dgw-semantic-');
afterAll(() => tmp.remove());

describe.each(walkShapes)('semantic catalogs in-process (%s shape)', (shape) => {
  const { dgw, json, run } = localCli(tmp.dir, shape);

  it('a saved query added as a table is read by SQL under the catalog\'s name, in every later command', async () => {
    await dgw('query', 'create', 'Big orders', '--sql', 'SELECT order_id, amount FROM svc.table.orders WHERE amount > 100');
    const made = await json('semantic-catalog', 'create', 'Sales');
    // The name follows the name rule; the display name stays as given, as the document's example keeps `myCatalog`.
    expect(made).toMatchObject({ name: 'sales', displayName: 'Sales', catalogType: 'SEMANTIC', connectionId: null });
    const added = await json('semantic-catalog', 'add-table', 'sales', 'bigorders', '--as', 'finance.big_orders');
    expect(added).toMatchObject({ catalogId: made.id, catalogName: 'sales', schemaName: 'finance', tableName: 'big_orders' });
    const viaSemantic = await dgw('sql', 'SELECT count(*) AS n FROM sales.finance.big_orders');
    const viaQuery = await dgw('sql', 'SELECT count(*) AS n FROM svc.query.bigorders');
    expect(viaSemantic).toBe(viaQuery);
    expect(Number(viaSemantic.trim())).toBeGreaterThan(0);
    // It is a catalog like any other: listed, browsed, in the metadata.
    expect(await json('catalog', 'list')).toContainEqual(made);
    expect((await json('catalog', 'tables', 'sales', 'finance')).map((t: { tableName: string }) => t.tableName)).toEqual(['big_orders']);
    expect((await json('metadata', 'get', '--catalog', 'sales')).map((t: { tableName: string }) => t.tableName)).toEqual(['big_orders']);
    // A change to the query shows in the table.
    await dgw('query', 'update', 'bigorders', '--sql', 'SELECT order_id FROM svc.table.orders WHERE amount > 1000000');
    expect((await dgw('sql', 'SELECT count(*) AS n FROM sales.finance.big_orders')).trim()).toBe('0');
  });

  it('SQL cannot write into it; the same table twice is 409, an unknown query 404, a name taken by a catalog 400', async () => {
    const write = await run('sql', 'CREATE TABLE sales.finance.x AS SELECT 1 AS a');
    expect(write.code).toBe(6);
    expect(write.stderr).toContain('run-SQL may create and drop tables in svc.table and svc.bitable only');
    expect((await run('semantic-catalog', 'add-table', 'sales', 'bigorders', '--as', 'finance.big_orders')).code).toBe(5);
    expect((await run('semantic-catalog', 'add-table', 'sales', 'nosuchquery', '--as', 'finance.x')).code).toBe(4);
    const taken = await run('semantic-catalog', 'create', 'sales');
    expect(taken.code).toBe(5);
    expect(taken.stderr).toContain('a catalog named sales exists already');
    expect((await run('semantic-catalog', 'create', 'svc')).stderr).toContain('svc');
    const builtIn = await run('semantic-catalog', 'add-table', '1', 'bigorders', '--as', 'finance.x');
    expect(builtIn.code).toBe(6);
    expect(builtIn.stderr).toContain('catalog 1 is not a semantic catalog (it is built in)');
  });

  it('rm-table takes the table out and its query stays; share is the hosted service\'s (exit 15)', async () => {
    const added = await json('semantic-catalog', 'add-table', 'sales', 'bigorders', '--as', 'finance.again');
    expect(await json('semantic-catalog', 'rm-table', 'sales', added.tableId, '--yes')).toMatchObject({ tableId: added.tableId, deleted: true });
    expect((await run('sql', 'SELECT * FROM sales.finance.again')).code).toBe(6);
    expect((await json('query', 'get', 'bigorders')).name).toBe('bigorders');
    expect((await run('semantic-catalog', 'rm-table', 'sales', added.tableId, '--yes')).code).toBe(4);
    const share = await run('semantic-catalog', 'share', 'sales', 'demo2');
    expect(share.code).toBe(15);
    expect(share.stderr).toContain("another project's SQL cannot read this project's saved queries");
  });

  it('catalog share of a semantic catalog is the hosted service\'s (exit 15), not "no catalog" (exit 4)', async () => {
    const share = await run('catalog', 'share', 'sales', 'demo2');
    expect(share.code).toBe(15);
    expect(share.stderr).toContain("another project's SQL cannot read this project's saved queries");
  });

  it('rm-table takes the table\'s relations and descriptions with it; a table added again under its name starts bare', async () => {
    const added = await json('semantic-catalog', 'add-table', 'sales', 'bigorders', '--as', 'finance.noted');
    await dgw('relation', 'add', 'sales.finance.noted.order_id', '1.table.orders.order_id');
    await dgw('metadata', 'describe', 'sales.finance.noted', '--description', 'old meaning');
    await dgw('semantic-catalog', 'rm-table', 'sales', added.tableId, '--yes');
    expect(await json('relation', 'list', 'sales')).toEqual([]);
    await dgw('semantic-catalog', 'add-table', 'sales', 'bigorders', '--as', 'finance.noted');
    await dgw('metadata', 'refresh', '--catalog', 'sales', '--wait');
    expect((await json('metadata', 'get', '--catalog', 'sales')).find((t: { tableName: string }) => t.tableName === 'noted').tableDescription).toBeNull();
  });

  it('a query that is a table stays, alone or with its folder (409, exit 5), until the table is taken out', async () => {
    await dgw('query', 'create', 'Paid orders', '--sql', "SELECT order_id FROM svc.table.orders WHERE status = 'paid'", '--path', '/finance', '--parents');
    const added = await json('semantic-catalog', 'add-table', 'sales', 'paidorders', '--as', 'finance.paid');
    const alone = await run('query', 'rm', 'paidorders', '--yes');
    expect(alone.code).toBe(5);
    expect(alone.stderr).toContain(`query paidorders is the table finance.paid (id ${added.tableId}) of semantic catalog sales: take the table out of the catalog first (\`dgw --zone local semantic-catalog rm-table sales ${added.tableId}\`)`);
    // A query in two catalogs names both tables, so taking out one does not meet the other's refusal unwarned.
    await dgw('semantic-catalog', 'create', 'audit');
    const second = await json('semantic-catalog', 'add-table', 'audit', 'paidorders', '--as', 'main.paid');
    const both = await run('query', 'rm', 'paidorders', '--yes');
    expect(both.stderr).toContain(`of semantic catalog sales and the table main.paid (id ${second.tableId}) of semantic catalog audit: take each table out of its catalog first`);
    expect(both.stderr).toContain(`semantic-catalog rm-table audit ${second.tableId}\``);
    await json('semantic-catalog', 'rm-table', 'audit', second.tableId, '--yes');
    expect((await run('folder', 'rm', '/finance', '--force', '--yes')).code).toBe(5);
    // Nothing of the folder went, and the table still reads the query.
    expect((await json('query', 'list', '--folder', '/finance')).map((q: { name: string }) => q.name)).toEqual(['paidorders']);
    expect((await run('sql', 'SELECT count(*) FROM sales.finance.paid')).code).toBe(0);
    await json('semantic-catalog', 'rm-table', 'sales', added.tableId, '--yes');
    expect((await run('folder', 'rm', '/finance', '--force', '--yes')).code).toBe(0);
  });

  it('catalog rm deletes a semantic catalog with its tables; their queries stay and its name is free again', async () => {
    await json('semantic-catalog', 'add-table', 'sales', 'bigorders', '--as', 'finance.last');
    expect((await run('catalog', 'rm', 'sales', '--yes')).code).toBe(0);
    expect((await json('catalog', 'list')).map((c: { name: string }) => c.name)).not.toContain('sales');
    const read = await run('sql', 'SELECT * FROM sales.finance.last');
    expect(read.code).toBe(6);
    expect(read.stderr).toContain('Catalog "sales" does not exist');
    expect((await json('query', 'get', 'bigorders')).name).toBe('bigorders');
    expect((await run('catalog', 'rm', 'sales', '--yes')).code).toBe(4);
    // Made again under the same name, it starts empty: the old tables went with the old catalog.
    expect((await json('semantic-catalog', 'create', 'sales')).name).toBe('sales');
    expect((await run('sql', 'SELECT * FROM sales.finance.last')).code).toBe(6);
  });
});

describeOnce('semantic catalogs through dgw serve', () => {
  let server: RunningServer;
  const dataDir = path.join(tmp.dir, 'served');
  const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'served-config'), DGW_LOCAL_DIR: dataDir };
  const dgw = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env });
  beforeAll(async () => {
    server = await startServer({ dataDir, port: 0 });
  });
  afterAll(() => server.close());

  it('made through the server, read by SQL through it, and again after it restarts', async () => {
    expect((await dgw('query', 'create', 'Paid', '--sql', "SELECT order_id FROM svc.table.orders WHERE status = 'paid'")).code).toBe(0);
    expect((await dgw('semantic-catalog', 'create', 'reporting')).code).toBe(0);
    expect((await dgw('semantic-catalog', 'add-table', 'reporting', 'paid', '--as', 'main.paid')).code).toBe(0);
    const before = await dgw('sql', 'SELECT count(*) FROM reporting.main.paid');
    expect(before.code, before.stderr).toBe(0);
    await server.close();
    server = await startServer({ dataDir, port: 0 });
    const after = await dgw('sql', 'SELECT count(*) FROM reporting.main.paid');
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toBe(before.stdout);
  });

  it('catalog rm deletes one while the server runs: SQL through it no longer reads it, nor after a restart', async () => {
    expect((await dgw('semantic-catalog', 'create', 'scratch')).code).toBe(0);
    expect((await dgw('semantic-catalog', 'add-table', 'scratch', 'paid', '--as', 'main.paid')).code).toBe(0);
    expect((await dgw('sql', 'SELECT count(*) FROM scratch.main.paid')).code).toBe(0);
    const removed = await dgw('catalog', 'rm', 'scratch', '--yes');
    expect(removed.code, removed.stderr).toBe(0);
    expect((await dgw('sql', 'SELECT count(*) FROM scratch.main.paid')).code).toBe(6);
    await server.close();
    server = await startServer({ dataDir, port: 0 });
    expect((await dgw('sql', 'SELECT count(*) FROM scratch.main.paid')).code).toBe(6);
    expect((await dgw('sql', 'SELECT count(*) FROM reporting.main.paid')).code).toBe(0);
  });

  it('a table reads its query under a new name and as a materialized query, without a restart', async () => {
    expect((await dgw('query', 'create', 'Open orders', '--sql', "SELECT order_id FROM svc.table.orders WHERE status <> 'paid'")).code).toBe(0);
    expect((await dgw('semantic-catalog', 'add-table', 'reporting', 'openorders', '--as', 'main.open')).code).toBe(0);
    const before = await dgw('sql', 'SELECT count(*) FROM reporting.main.open');
    expect(before.code, before.stderr).toBe(0);
    for (const change of [['--name', 'Unpaid orders'], ['--materialized']]) {
      const name = change[0] === '--name' ? 'openorders' : 'unpaidorders';
      const updated = await dgw('query', 'update', name, ...change);
      expect(updated.code, updated.stderr).toBe(0);
      const read = await dgw('sql', 'SELECT count(*) FROM reporting.main.open');
      expect(read.code, read.stderr).toBe(0);
      expect(read.stdout).toBe(before.stdout);
    }
  });
});
