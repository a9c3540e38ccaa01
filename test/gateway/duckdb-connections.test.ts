import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnce, walkShapes } from '../support/walk-shapes.js';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// A DuckDB database file connected to the local gateway: it becomes a catalog that run-SQL, saved
// and materialized queries and caches read, that browsing shows, and that no statement can write.

const work = tempDir('dgw-duckdb-conn-');
const source = join(work.dir, 'sales.duckdb');

beforeAll(async () => {
  const db = await DuckDBInstance.create(source);
  const conn = await db.connect();
  await conn.run("CREATE TABLE orders AS SELECT range AS id, CASE WHEN range % 4 = 0 THEN NULL ELSE 'r' || (range % 3) END AS region, range * 1.5 AS amount FROM range(100)");
  await conn.run('CREATE SCHEMA crm');
  await conn.run("CREATE TABLE crm.people (id INTEGER NOT NULL, name VARCHAR); INSERT INTO crm.people VALUES (1, 'Ada'), (2, 'Bo')");
  conn.closeSync();
  db.closeSync();
});
afterAll(() => work.remove());

for (const apiShape of walkShapes) {
  describe(`a DuckDB file as a connection (${apiShape} shape)`, () => {
    let g: TestGateway;
    const dataDir = join(work.dir, `data-${apiShape}`);
    beforeAll(async () => {
      g = await openGateway({ dataDir, seed: false, apiShape });
    });
    afterAll(() => g.close());
    const sql = async (statement: string) => g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });

    it('create answers the document\'s Connection; list, get and detail show it, no credential but the path', async () => {
      const made = await g.call('POST', '/connections/demo', { body: { name: 'Sales DB', type: 'duckdb', credential: { path: source } } });
      expect(made.status, made.text).toBe(200);
      expect(Object.keys(made.body).sort()).toEqual(['id', 'name', 'type']);
      expect(made.body).toMatchObject({ name: 'Sales DB', type: 'duckdb' });
      expect((await g.call('GET', '/connections/demo')).body).toEqual([made.body]);
      expect((await g.call('GET', `/connections/demo/${made.body.id}`)).body).toEqual(made.body);
      expect((await g.call('GET', `/connections/demo/${made.body.id}/detail`)).body).toEqual({ type: 'duckdb', path: source });
    });

    it('its catalog is listed beside the built-in ones and SQL reads it as salesdb.<schema>.<table>', async () => {
      const catalogs = (await g.call('GET', `${P}/catalogs`)).body;
      const conn = (await g.call('GET', '/connections/demo')).body[0];
      expect(catalogs.map((c: { id: string }) => c.id).slice(0, 2)).toEqual(['1', '2']);
      expect(catalogs[2]).toMatchObject({ name: 'salesdb', displayName: 'Sales DB', catalogType: 'duckdb', connectionId: conn.id });
      expect((await sql('SELECT count(*) AS n, sum(amount) AS s FROM salesdb.main.orders')).body.data).toEqual([['100', '7425.0']]);
      expect((await sql('SELECT name FROM salesdb.crm.people ORDER BY id')).body.data).toEqual([['Ada'], ['Bo']]);
    });

    it('no statement writes to it; run-SQL copies from it into a stored table', async () => {
      for (const statement of ['INSERT INTO salesdb.main.orders VALUES (1, NULL, 1)', 'DELETE FROM salesdb.main.orders', 'UPDATE salesdb.main.orders SET amount = 0', 'DROP TABLE salesdb.main.orders', 'CREATE TABLE salesdb.main.x AS SELECT 1']) {
        const r = await sql(statement);
        expect(r.status, statement).toBe(400);
      }
      expect((await sql('SELECT count(*) FROM salesdb.main.orders')).body.data).toEqual([['100']]);
      expect((await sql('CREATE TABLE svc."table".copied AS SELECT * FROM salesdb.crm.people')).status).toBe(200);
      expect((await sql('SELECT count(*) FROM svc."table".copied')).body.data).toEqual([['2']]);
    });

    it('a saved query and a materialized query read it', async () => {
      const plain = await g.call('POST', `${P}/queries`, { body: { displayName: 'Regions', inputQuery: 'SELECT region, count(*) AS n FROM salesdb.main.orders GROUP BY region' } });
      expect(plain.status, plain.text).toBe(200);
      const mat = await g.call('POST', `${P}/queries`, { body: { displayName: 'People count', queryType: 'MATERIALIZED', inputQuery: 'SELECT count(*) AS n FROM salesdb.crm.people' } });
      expect(mat.status, mat.text).toBe(200);
      expect((await sql('SELECT sum(n) FROM svc.query.regions')).body.data).toEqual([['100']]);
      expect((await sql('SELECT n FROM svc.mtquery.peoplecount')).body.data).toEqual([['2']]);
    });

    it('browsing: schemas, tables, columns and statistics computed from the rows', async () => {
      const id = (await g.call('GET', `${P}/catalogs`)).body[2].id;
      expect((await g.call('GET', `${P}/catalogs/${id}`)).body.name).toBe('salesdb');
      expect((await g.call('GET', `${P}/catalogs/${id}/schemas`)).body.map((s: { schemaName: string }) => s.schemaName)).toEqual(['crm', 'main']);
      const tables = (await g.call('GET', `${P}/catalogs/${id}/schemas/main/tables`)).body;
      expect(tables).toEqual([{ catalogId: id, catalogName: 'salesdb', schemaName: 'main', tableName: 'orders', isCached: false, isCacheable: true, supportedCacheTypes: ['FULL_REFRESH', 'INCREMENTAL'], isDynamicTable: false }]);
      const cols = (await g.call('GET', `${P}/catalogs/${id}/schemas/crm/tables/people/columns`)).body;
      expect(cols.map((c: { name: string; dataType: string; isNotNull: boolean }) => [c.name, c.dataType, c.isNotNull])).toEqual([['id', 'integer', true], ['name', 'varchar', false]]);
      const stats = (await g.call('GET', `${P}/catalogs/${id}/schemas/main/tables/orders/statistics`)).body;
      const region = stats.columnStatistics.find((s: { columnName: string }) => s.columnName === 'region');
      expect(region.distinctFraction).toBeCloseTo(-3 / 100);
      if (apiShape === 'hosted') expect(Object.keys(region).sort()).toEqual(['columnName', 'distinctFraction']);
      else {
        expect(stats.rowCount).toBe(100);
        expect(region).toMatchObject({ nullCount: 25, distinctCount: 3, min: 'r0', max: 'r2' });
      }
      expect((await g.call('GET', `${P}/catalogs/${id}/schemas/nope/tables`)).status).toBe(404);
      expect((await g.call('GET', `${P}/catalogs/${id}/schemas/main/tables/nope/columns`)).status).toBe(404);
      expect((await g.call('GET', `${P}/catalogs/99/schemas`)).status).toBe(404);
    });

    it('search matches catalog, schema and table names, whole names first, paged', async () => {
      const r = (await g.call('POST', `${P}/search`, { body: { query: 'peop' } })).body;
      expect(r).toEqual({ matchedCatalogs: [], matchedSchemas: [], matchedTables: [{ catalog: 'salesdb', schema: 'crm', table: 'people' }, { catalog: 'svc', schema: 'mtquery', table: 'peoplecount' }], meta: { page: { limit: 100, offset: 0, nextOffset: null }, query: { text: 'peop' } } });
      const sales = (await g.call('POST', `${P}/search`, { body: { query: 'salesdb' } })).body;
      expect(sales.matchedCatalogs).toEqual([{ catalog: 'salesdb' }]);
      const paged = (await g.call('POST', `${P}/search`, { body: { query: 'r', limit: 1, offset: 0 } })).body;
      expect(paged.meta.page.nextOffset).toBe(1);
      expect((await g.call('POST', `${P}/search`, { body: { query: 'people', catalog: 'svc' } })).body.matchedTables).toEqual([{ catalog: 'svc', schema: 'mtquery', table: 'peoplecount' }]);
      expect((await g.call('POST', `${P}/search`, { body: { query: '' } })).status).toBe(400);
    });

    it('the built-in catalogs browse too', async () => {
      await sql('CREATE TABLE svc."table".small (k INTEGER, v VARCHAR)');
      await sql("INSERT INTO svc.\"table\".small VALUES (1, 'a'), (2, NULL), (3, 'a')");
      expect((await g.call('GET', `${P}/catalogs/1/schemas`)).body).toEqual([
        { catalogId: '1', catalogName: 'svc', schemaName: 'table' },
        { catalogId: '1', catalogName: 'svc', schemaName: 'bitable' },
      ]);
      expect((await g.call('GET', `${P}/catalogs/1/schemas/table/tables`)).body.map((t: { tableName: string }) => t.tableName)).toEqual(['copied', 'small']);
      expect((await g.call('GET', `${P}/catalogs/2/schemas/query/tables`)).body.map((t: { tableName: string }) => t.tableName)).toContain('regions');
      const stats = (await g.call('GET', `${P}/catalogs/1/schemas/table/tables/small/statistics`)).body;
      if (apiShape === 'spec') expect(stats.columnStatistics[1]).toMatchObject({ columnName: 'v', nullCount: 1, distinctCount: 1, min: 'a', max: 'a' });
    });

    it('a cache copies a table of it; isCached says so; the connection cannot go while the cache stays', async () => {
      const id = (await g.call('GET', `${P}/catalogs`)).body[2].id;
      const cache = await g.call('POST', `${P}/cache`, { body: { catalogId: id, schemaName: 'main', tableName: 'orders' } });
      expect(cache.status, cache.text).toBe(200);
      await expect.poll(async () => (await sql('SELECT count(*) FROM svc.cache.orders')).body?.data, { timeout: 60_000 }).toEqual([['100']]);
      expect((await g.call('GET', `${P}/catalogs/${id}/schemas/main/tables/orders/isCached`)).body.isCached).toBe(true);
      const conn = (await g.call('GET', '/connections/demo')).body[0];
      expect((await g.call('DELETE', `/connections/demo/${conn.id}`)).status).toBe(409);
      expect((await g.call('DELETE', `${P}/cache/${cache.body.id}`)).status).toBe(200);
    });

    it('rm removes the connection and its catalog; SQL then no longer reaches the file', async () => {
      const conn = (await g.call('GET', '/connections/demo')).body[0];
      expect((await g.call('DELETE', `/connections/demo/${conn.id}`)).status).toBe(200);
      expect((await g.call('GET', '/connections/demo')).body).toEqual([]);
      expect((await g.call('GET', `${P}/catalogs`)).body).toHaveLength(2);
      expect((await sql('SELECT count(*) FROM salesdb.main.orders')).status).toBe(400);
    });
  });
}

describeOnce('what the local gateway refuses', () => {
  let g: TestGateway;
  const dataDir = join(work.dir, 'data-refusals');
  beforeAll(async () => {
    g = await openGateway({ dataDir, seed: false });
  });
  afterAll(() => g.close());

  it('a type it cannot serve is 400 naming the extension; the secret sent is in no answer and no file of the data folder', async () => {
    const secret = 'pg-secret-7f3a9c';
    const r = await g.call('POST', '/connections/demo', { body: { name: 'Warehouse', type: 'postgres', credential: { url: 'db', user: 'u', password: secret } } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/postgres extension/);
    expect(r.text).not.toContain(secret);
    const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
    for (const file of files(dataDir)) expect(readFileSync(file).includes(secret), file).toBe(false);
  });

  it('a relative path, a missing file, a file that is not a database, an unknown field: 400 before anything is stored', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ path: 'sales.duckdb' }, /absolute path/],
      [{ path: join(work.dir, 'missing.duckdb') }, /cannot open/],
      [{ path: join(dataDir, 'keys.json') }, /cannot read the local gateway's own data folder/],
      [{ path: join(dataDir, 'projects', '..', 'keys.json') }, /cannot read the local gateway's own data folder/],
      [{ path: source, password: 'x' }, /takes one field, path/],
    ];
    for (const [credential, message] of cases) {
      const r = await g.call('POST', '/connections/demo', { body: { name: 'Bad', type: 'duckdb', credential } });
      expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await g.call('GET', '/connections/demo')).body).toEqual([]);
  });

  it('a SQLite file as a duckdb connection is not a DuckDB database: no extension is fetched or loaded for it', async () => {
    const lite = join(work.dir, 'shop.sqlite');
    writeFileSync(lite, Buffer.concat([Buffer.from('SQLite format 3\u0000'), Buffer.alloc(4080)]));
    const r = await g.call('POST', '/connections/demo', { body: { name: 'Lite', type: 'duckdb', credential: { path: lite } } });
    expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(/not a valid DuckDB database file/)]);
    expect(r.text).not.toMatch(/extension/i);
  });

  it('only the partner key makes a connection (a project key could read any file); a name with a control character or of 100,000 characters is 400', async () => {
    const made = await g.call('POST', '/connections/demo', { key: g.demoKey, body: { name: 'Mine', type: 'duckdb', credential: { path: source } } });
    expect([made.status, made.body.message]).toEqual([403, expect.stringMatching(/partner key/)]);
    for (const name of ['a\u0000b', 'tab\there', 'x'.repeat(100_000)]) {
      const r = await g.call('POST', '/connections/demo', { body: { name, type: 'duckdb', credential: { path: source } } });
      expect(r.status, JSON.stringify(name).slice(0, 20)).toBe(400);
    }
    expect((await g.call('GET', '/connections/demo')).body).toEqual([]);
  });

  it('SQL reads no file by path, connected or not', async () => {
    for (const statement of [`SELECT * FROM '${source}'`, `ATTACH '${source}' AS other`, `SELECT * FROM read_csv('/etc/passwd')`]) {
      expect((await g.call('POST', `${P}/queries/execute`, { body: { statement } })).status, statement).toBe(400);
    }
  });

  it('oauth2Callback is 501 naming itself', async () => {
    const r = await g.call('POST', '/connections/demo/oauth2', { body: {} });
    expect([r.status, r.body.message]).toEqual([501, expect.stringMatching(/oauth2Callback/)]);
  });
});

describeOnce('files as connections: a CSV folder, a Parquet file, a JSON glob', () => {
  let g: TestGateway;
  const dir = join(work.dir, 'files');
  const dataDir = join(work.dir, 'data-files');
  beforeAll(async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(join(dir, 'csv'), { recursive: true });
    writeFileSync(join(dir, 'csv', 'Customers.csv'), 'id,name\n1,Ada\n2,Bo\n');
    writeFileSync(join(dir, 'csv', 'visits.csv'), 'customer_id,page\n1,/a\n1,/b\n2,/a\n');
    writeFileSync(join(dir, 'csv', 'notes.txt'), 'not a table\n');
    writeFileSync(join(dir, 'e1.json'), '[{"k": 1}, {"k": 2}]');
    writeFileSync(join(dir, 'e2.json'), '[{"k": 3}]');
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    await conn.run(`COPY (SELECT range AS id, range % 10 AS bucket FROM range(1000)) TO '${join(dir, 'events.parquet')}' (FORMAT parquet)`);
    conn.closeSync();
    db.closeSync();
    g = await openGateway({ dataDir, seed: false });
  });
  afterAll(() => g.close());
  const sql = async (statement: string) => g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });
  const connect = (name: string, type: string, path: string) => g.call('POST', '/connections/demo', { body: { name, type, credential: { path } } });

  it('each file is a table SQL reads; a folder takes the files of the type only', async () => {
    expect((await connect('Shop CSV', 'csv', join(dir, 'csv'))).status).toBe(200);
    expect((await connect('Events', 'parquet', join(dir, 'events.parquet'))).status).toBe(200);
    expect((await connect('Logs', 'json', join(dir, 'e*.json'))).status).toBe(200);
    expect((await sql('SELECT c.name, count(*) FROM shopcsv.main.customers c JOIN shopcsv.main.visits v ON v.customer_id = c.id GROUP BY 1 ORDER BY 1')).body.data).toEqual([['Ada', '2'], ['Bo', '1']]);
    expect((await sql('SELECT count(*), sum(bucket) FROM events.main.events')).body.data).toEqual([['1000', '4500']]);
    expect((await sql('SELECT sum(k) FROM (SELECT k FROM logs.main.e1 UNION ALL SELECT k FROM logs.main.e2)')).body.data).toEqual([['6']]);
    const id = (await g.call('GET', `${P}/catalogs`)).body.find((c: { name: string }) => c.name === 'shopcsv').id;
    expect((await g.call('GET', `${P}/catalogs/${id}/schemas/main/tables`)).body.map((t: { tableName: string }) => t.tableName)).toEqual(['customers', 'visits']);
    const saved = await g.call('POST', `${P}/queries`, { body: { displayName: 'Big buckets', queryType: 'MATERIALIZED', inputQuery: 'SELECT bucket, count(*) AS n FROM events.main.events GROUP BY bucket' } });
    expect(saved.status, saved.text).toBe(200);
    expect((await sql('SELECT sum(n) FROM svc.mtquery.bigbuckets')).body.data).toEqual([['1000']]);
  });

  it('SQL still names no file itself, nor reaches one through query()', async () => {
    for (const statement of [
      `SELECT * FROM read_parquet('${join(dir, 'events.parquet')}')`,
      `SELECT * FROM '${join(dir, 'events.parquet')}'`,
      `SELECT * FROM read_csv('${join(dir, 'csv', 'notes.txt')}')`,
      `SELECT * FROM events.main.events, read_csv('/etc/passwd')`,
      `SELECT * FROM events.main.events WHERE id IN (SELECT id FROM query('SELECT 1 AS id FROM read_text(''/etc/passwd'')'))`,
      'INSERT INTO svc."table".x SELECT * FROM events.main.events',
    ]) {
      const r = await sql(statement);
      expect(r.status, `${statement}: ${r.text}`).toBe(400);
    }
  });

  it('a path with no file of the type is 400 before anything is stored', async () => {
    const r = await connect('Empty', 'parquet', join(dir, 'csv'));
    expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(/cannot open .* as parquet files/)]);
  });
});
