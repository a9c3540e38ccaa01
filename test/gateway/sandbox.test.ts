import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFile } from '../../src/gateway/paths.js';
import { openGateway, P, tempDir, waitFor, type TestGateway } from './helpers.js';

// The sandbox: what SQL may touch is decided from DuckDB's own view of each statement, for
// run-SQL, saved definitions and refreshes alike. Every way in to the gateway's metadata (svc._dgw)
// or to facts about the host is refused with 400 and a clear message, only a refresh writes
// svc.mtquery, EXPLAIN ANALYZE cannot run what its statement could not, and ordinary SQL still works.

let data: ReturnType<typeof tempDir>;
let g: TestGateway;
let matId: string;

beforeAll(async () => {
  data = tempDir('dgw-sandbox-');
  g = await openGateway({ dataDir: data.dir });
  expect((await create({ displayName: 'Base', inputQuery: 'SELECT order_id, amount FROM svc.table.orders' })).status).toBe(200);
  const mat = await create({ displayName: 'Totals', queryType: 'MATERIALIZED', inputQuery: 'SELECT customer_id, sum(amount) AS total FROM svc.table.orders GROUP BY 1' });
  expect(mat.status, mat.text).toBe(200);
  matId = mat.body.id;
});
afterAll(async () => {
  await g.close();
  data.remove();
});

const create = (body: Record<string, unknown>) => g.call('POST', `${P}/queries`, { body });
const run = (statement: string, key?: string) => g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement }, key });
const rowsOf = async (statement: string) => {
  const r = await run(statement);
  expect(r.status, `${statement}: ${r.text}`).toBe(200);
  return r.body.data as unknown[][];
};
const status = async (id: string) => (await g.call('GET', `${P}/materialized-queries/${id}/status`)).body;

/** The project's tables, views and macros and the totals, as they are now: none of them may change. */
async function state() {
  return {
    mtquery: await rowsOf('SELECT * FROM svc.mtquery.totals ORDER BY 1'),
    base: await rowsOf('SELECT count(*) FROM svc.query.base'),
    orders: await rowsOf('SELECT count(*), sum(amount) FROM svc.table.orders'),
    queries: (await g.call('GET', `${P}/queries`)).body,
    tables: (await g.call('GET', `${P}/table`)).body,
  };
}

async function expectRefused(statement: string, message: RegExp): Promise<void> {
  const r = await run(statement);
  expect(r.status, `${statement} answered ${r.text}`).toBe(400);
  expect(r.body.message, statement).toMatch(message);
  expect(r.text).not.toContain(data.dir);
}

const DGW = /svc\._dgw\) is out of reach/;

describe('the metadata schema svc._dgw, whatever the spelling', () => {
  it.each([
    ['direct', 'SELECT * FROM svc._dgw.query_rows'],
    ['string building in query()', "SELECT * FROM query('SELECT * FROM svc._' || 'dgw.query_rows')"],
    ['chr() in query_table()', "SELECT * FROM query_table('svc.' || chr(95) || 'dgw.settings')"],
    ['the search path', 'SELECT * FROM _dgw.folders'],
    ['quoted, upper case', 'SELECT * FROM SVC."_dgw"."SETTINGS"'],
    ['spaces and comments', 'SELECT * FROM svc /* a */ . -- b\n _dgw . refresh_log'],
    ['LIMIT 0 (columns only)', 'SELECT * FROM svc._dgw.settings LIMIT 0'],
    ['WHERE false', 'SELECT * FROM svc._dgw.query_rows WHERE false'],
    ['a scalar subquery', 'SELECT (SELECT count(*) FROM svc._dgw.query_rows) AS n'],
    ['a CTE', 'WITH x AS (SELECT * FROM svc._dgw.refresh_log) SELECT count(*) FROM x'],
    ['a join with a stored table', 'SELECT * FROM svc.table.orders, svc._dgw.settings'],
    ['EXPLAIN', 'EXPLAIN SELECT * FROM svc._dgw.query_rows'],
    ['EXPLAIN ANALYZE', 'EXPLAIN ANALYZE SELECT * FROM svc._dgw.query_rows'],
    ['copied into a stored table', 'CREATE TABLE svc.table.leak AS SELECT * FROM svc._dgw.query_rows'],
    ['inserted into a stored table', 'INSERT INTO svc.table.orders SELECT NULL, NULL, NULL, NULL, doc FROM svc._dgw.query_rows'],
    ['an UPDATE reading it', 'UPDATE svc.table.orders SET status = (SELECT max(value) FROM svc._dgw.settings)'],
    ['a DELETE reading it', 'DELETE FROM svc.table.orders WHERE status IN (SELECT key FROM svc._dgw.settings)'],
    ['an INSERT into it', "INSERT INTO svc._dgw.settings SELECT 'seeded', 'never'"],
    ['an INSERT into it by VALUES', "INSERT INTO _dgw.settings VALUES ('a', 'b')"],
    ['a DELETE from it', 'DELETE FROM svc._dgw.query_rows'],
  ])('%s: %s', async (_label, statement) => {
    const before = await state();
    await expectRefused(statement, /svc\._dgw|out of reach|only a refresh writes/);
    expect(await state()).toEqual(before);
  });

  it.each(['SELECT * FROM query_rows', 'SELECT * FROM settings', 'SELECT * FROM refresh_log'])('is not suggested by the error for a name that binds nowhere: %s', async (statement) => {
    const r = await run(statement);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/does not exist/);
    expect(r.body.message).not.toMatch(/_dgw/);
  });

  it('is never in what a query definition reads, plain or materialized, created or updated', async () => {
    for (const queryType of ['PLAIN', 'MATERIALIZED']) {
      const r = await create({ displayName: `Reads dgw ${queryType}`, queryType, inputQuery: "SELECT * FROM query('SELECT * FROM svc._' || 'dgw.settings')" });
      expect(r.status, r.text).toBe(400);
      expect(r.body.message).toMatch(DGW);
      const unchecked = await g.call('POST', `${P}/queries?checkSchemaExists=false`, { body: { displayName: `Reads dgw unchecked ${queryType}`, queryType, inputQuery: 'SELECT * FROM svc._dgw.query_rows' } });
      expect(unchecked.status, unchecked.text).toBe(400);
    }
    const update = await g.call('PUT', `${P}/queries/${matId}`, { body: { inputQuery: 'SELECT key AS customer_id, 0 AS total FROM svc._dgw.settings' } });
    expect(update.status).toBe(400);
    expect(update.body.message).toMatch(DGW);
    expect((await g.call('GET', `${P}/queries`)).body.map((q: { name: string }) => q.name).sort()).toEqual(['base', 'totals']);
  });
});

describe('DuckDB facts about the host', () => {
  it.each([
    ['duckdb_databases(), which names the project file', 'SELECT * FROM duckdb_databases()'],
    ['the pragma that wraps it', 'SELECT * FROM pragma_database_list'],
    ['duckdb_settings()', 'SELECT * FROM duckdb_settings()'],
    ['duckdb_secrets(), whose error named a host path', 'SELECT * FROM duckdb_secrets()'],
    ['which_secret()', "SELECT * FROM which_secret('s3://bucket/key', 's3')"],
    ['duckdb_temporary_files()', 'SELECT * FROM duckdb_temporary_files()'],
    ['duckdb_extensions(), which names install paths', 'SELECT * FROM duckdb_extensions()'],
    ['duckdb_tables()', 'SELECT table_name FROM duckdb_tables()'],
    ['a catalog function inside query()', "SELECT * FROM query('SELECT path FROM duckdb_' || 'databases()')"],
    ['SHOW TABLES', 'SHOW TABLES'],
    ['DESCRIBE', 'DESCRIBE svc._dgw.query_rows'],
    ['pg_get_viewdef(), over duckdb_views()', "SELECT pg_get_viewdef((SELECT 1)) AS v"],
    ['a side-effect table function', 'SELECT * FROM checkpoint()'],
  ])('%s', async (_label, statement) => {
    await expectRefused(statement, /out of reach|not available/);
  });

  it.each([
    "SELECT current_setting('secret_directory') AS x",
    "SELECT system.main.current_setting('temp_directory') AS x",
    "SELECT * FROM query('SELECT current_' || 'setting(''allowed_directories'') AS x')",
    "SELECT CURRENT_SETTING('threads'::VARCHAR) AS x",
  ])('current_setting() is unusable: %s', async (statement) => {
    await expectRefused(statement, /current_setting\(\) is not available/);
  });

  it('reaches no setting through a stored table column default either', async () => {
    const r = await run("CREATE TABLE svc.table.defaults (a VARCHAR DEFAULT current_setting('allowed_directories'))");
    if (r.status === 200) {
      const insert = await run('INSERT INTO svc.table.defaults DEFAULT VALUES');
      expect(insert.status).toBe(400);
      expect(insert.text).not.toContain(data.dir);
      await run('DROP TABLE svc.table.defaults');
    } else expect(r.body.message).toMatch(/current_setting\(\) is not available/);
  });
});

describe('the DuckDB instance itself, under the sandbox', () => {
  it.each([
    ["SET memory_limit = '1MB'", /configuration has been locked/],
    ["SET enable_external_access = true", /configuration has been locked|Cannot change enable_external_access/],
    ["SELECT * FROM read_csv('/etc/hostname')", /file system operations are disabled/],
    ["ATTACH '/tmp/other.duckdb' AS other", /disabled by configuration|Permission/],
    ["SELECT current_setting('temp_directory')", /current_setting/],
  ])('refuses %s on any connection, whatever asks', async (sql, message) => {
    const project = await g.gateway.project('demo', { create: false });
    await expect(project.withConnection((c) => c.run(sql))).rejects.toThrow(message);
  });
});

describe('EXPLAIN ANALYZE runs nothing its statement could not', () => {
  it.each(['EXPLAIN ANALYZE', 'EXPLAIN ANALYSE', 'explain /* x */ analyze', 'EXPLAIN (ANALYZE)', 'EXPLAIN (ANALYZE false)', 'EXPLAIN ("analyze")', 'EXPLAIN (FORMAT JSON, ANALYZE)'])('%s of each forbidden kind', async (head) => {
    const before = await state();
    for (const statement of [
      'DROP VIEW svc.query.base',
      'DROP TABLE svc.mtquery.totals',
      'CREATE MACRO boom(x) AS x + 1',
      'ALTER TABLE svc.mtquery.totals RENAME TO moved',
      'ALTER VIEW svc.query.base RENAME TO moved',
      "SET memory_limit = '1MB'",
      "SET VARIABLE v = 'x'",
      'INSERT INTO svc.mtquery.totals VALUES (1, 1)',
      'DELETE FROM svc.mtquery.totals',
      'UPDATE svc.mtquery.totals SET total = 0',
      'CREATE VIEW svc.table.v AS SELECT 1',
      'CREATE OR REPLACE TABLE svc.mtquery.totals AS SELECT 1 AS x',
      'CREATE TEMP TABLE t AS SELECT 1 AS x',
      'CHECKPOINT',
      'LOAD json',
    ]) {
      const r = await run(`${head} ${statement}`);
      expect(r.status, `${head} ${statement}: ${r.text}`).toBe(400);
    }
    expect(await state()).toEqual(before);
    expect((await rowsOf("SELECT count(*) FROM duckdb_functions() WHERE function_name = 'boom'").catch(() => [[0]]))).toEqual([[0]]);
  });

  it('leaves every key able to work: no setting changed', async () => {
    await run("EXPLAIN ANALYZE SET memory_limit = '1MB'");
    // A hash table of half a million keys: far beyond 1 MB.
    const other = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT count(*) FROM (SELECT DISTINCT x FROM range(500000) t(x))' }, key: g.demoKey });
    expect(other.status, other.text).toBe(200);
    expect(other.body.data).toEqual([['500000']]);
  });
});

describe("DuckDB's limits", () => {
  it('are said without its advice to raise them with SET, which SQL here may not run', async () => {
    const deep = `SELECT ${Array.from({ length: 1200 }, () => '1').join(' + ')}`;
    for (const r of [await run(deep), await create({ displayName: 'Deep', inputQuery: deep })]) {
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/Max expression depth limit of 1000 exceeded: SQL here cannot raise this limit$/);
    }
  });
});

describe('only a refresh writes svc.mtquery', () => {
  it.each([
    'DELETE FROM svc.mtquery.totals WHERE customer_id = 1',
    'INSERT INTO svc.mtquery.totals VALUES (999, 1)',
    'INSERT INTO mtquery.totals SELECT * FROM svc.mtquery.totals',
    'INSERT INTO "MTQUERY"."TOTALS" VALUES (998, 2)',
    'UPDATE svc.mtquery.totals SET total = 0',
    'TRUNCATE svc.mtquery.totals',
    'DELETE FROM svc.mtquery.totals USING svc.table.orders WHERE totals.customer_id = orders.customer_id',
    'CREATE OR REPLACE TABLE svc.mtquery.totals AS SELECT 1 AS customer_id, 1 AS total',
    'DROP TABLE svc.mtquery.totals',
    'CREATE TABLE svc.mtquery.extra AS SELECT 1 AS x',
    'DROP VIEW svc.query.base',
  ])('%s', async (statement) => {
    const before = await state();
    await expectRefused(statement, /refresh|svc\.table|not available|only/);
    expect(await state()).toEqual(before);
  });

  it('a refresh still does', async () => {
    await rowsOf('INSERT INTO svc.table.orders VALUES (1000, 1, DATE \'2024-06-01\', 5.00, \'paid\')');
    const r = await g.call('POST', `${P}/materialized-queries/${matId}/refresh`);
    expect(r.status).toBe(200);
    await waitFor(async () => (await status(matId)).status === 'COMPLETED' && (await status(matId)).lastUpdateTime !== null, 'the refresh');
    expect(await rowsOf('SELECT total FROM svc.mtquery.totals WHERE customer_id = 1')).toEqual(await rowsOf('SELECT sum(amount) FROM svc.table.orders WHERE customer_id = 1'));
    await rowsOf('DELETE FROM svc.table.orders WHERE order_id = 1000');
  });
});

describe('what SQL may still do', () => {
  it('reads across svc.query, svc.mtquery and svc.table', async () => {
    const r = await rowsOf('SELECT count(*) FROM svc.query.base b JOIN svc.table.orders o USING (order_id) JOIN svc.mtquery.totals t ON t.customer_id = o.customer_id');
    expect(r).toEqual([['60']]);
    expect(await rowsOf("SELECT count(*) FROM query('SELECT * FROM svc.' || 'table.orders')")).toEqual([['60']]);
    expect(await rowsOf("SELECT count(*) FROM query_table('svc.mtquery.totals')")).toEqual(await rowsOf('SELECT count(*) FROM svc.mtquery.totals'));
    expect(await rowsOf('SELECT sum(x) FROM range(4) t(x), generate_series(1, 1), unnest([1]) u(y)')).toEqual([['6']]);
    expect(await rowsOf('WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT max(n) FROM r')).toEqual([[3]]);
    expect((await rowsOf('SELECT order_id, sum(amount) OVER (ORDER BY order_id) FROM svc.table.orders QUALIFY row_number() OVER () <= 2')).length).toBe(2);
  });

  it('writes stored tables: CREATE, INSERT (also from svc.mtquery), UPDATE, DELETE, DROP', async () => {
    expect(await rowsOf('CREATE TABLE svc.table.scratch AS SELECT * FROM svc.mtquery.totals')).toEqual([['20']]);
    expect(await rowsOf('INSERT INTO svc.table.scratch SELECT customer_id + 100, total FROM svc.mtquery.totals WHERE customer_id < 3')).toEqual([['2']]);
    expect(await rowsOf('UPDATE svc.table.scratch SET total = 0 WHERE customer_id > 100')).toEqual([['2']]);
    expect(await rowsOf('DELETE FROM svc.table.scratch USING svc.mtquery.totals t WHERE scratch.customer_id = t.customer_id RETURNING scratch.customer_id').then((r) => r.length)).toBe(20);
    expect(await rowsOf('SELECT count(*) FROM svc.table.scratch')).toEqual([['2']]);
    await rowsOf('CREATE TABLE svc.table.kept (id BIGINT PRIMARY KEY, note VARCHAR)');
    expect(await rowsOf("INSERT INTO svc.table.kept VALUES (1, 'a'), (2, 'b')")).toEqual([['2']]);
    expect(await rowsOf("INSERT OR REPLACE INTO svc.table.kept VALUES (1, 'c')")).toEqual([['1']]);
    expect(await rowsOf('SELECT note FROM svc.table.kept ORDER BY id')).toEqual([['c'], ['b']]);
    await rowsOf('TRUNCATE svc.table.kept');
    await rowsOf('DROP TABLE svc.table.kept');
    await rowsOf('DROP TABLE svc.table.scratch');
    expect((await g.call('GET', `${P}/table`)).body.map((t: { tableName: string }) => t.tableName).sort()).toEqual(['customers', 'orders']);
  });

  it('a PIVOT without IN (...), which DuckDB runs as two statements, is refused saying to list its values; with IN (...) it runs', async () => {
    const r = await run('PIVOT svc.table.orders ON status USING count(*)');
    expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(/PIVOT without IN \(\.\.\.\).*ON column IN \(\.\.\.\)/)]);
    expect((await run('SELECT 1; SELECT 2')).body.message).toBe('run one statement at a time (got 2)');
    expect(await rowsOf("PIVOT (SELECT status FROM svc.table.orders) ON status IN ('paid') USING count(*)")).toHaveLength(1);
  });

  it('EXPLAIN without ANALYZE in any format, and EXPLAIN ANALYZE of a SELECT or an allowed write', async () => {
    const plain = await run('EXPLAIN SELECT * FROM svc.query.base');
    expect(plain.status, plain.text).toBe(200);
    expect(JSON.stringify(plain.body.data)).toContain('physical_plan');
    const json = await run('EXPLAIN (FORMAT JSON) SELECT count(*) FROM svc.mtquery.totals');
    expect(json.status, json.text).toBe(200);
    expect(JSON.parse(json.body.data[0][1])[0]).toHaveProperty('name');
    expect((await run('EXPLAIN (SELECT 1)')).status).toBe(200);
    const analyzed = await run('EXPLAIN ANALYZE SELECT count(*) FROM svc.table.orders');
    expect(analyzed.status, analyzed.text).toBe(200);
    expect(JSON.stringify(analyzed.body.data)).toContain('analyzed_plan');
    expect((await run('EXPLAIN ANALYZE CREATE TABLE svc.table.profiled AS SELECT 1 AS x')).status).toBe(200);
    expect(await rowsOf('SELECT * FROM svc.table.profiled')).toEqual([[1]]);
    expect((await run('EXPLAIN CREATE TABLE svc.table.never AS SELECT 1 AS x')).status).toBe(200);
    expect((await run('SELECT * FROM svc.table.never')).status).toBe(400);
    await rowsOf('DROP TABLE svc.table.profiled');
  });
});

describe('a definition changed behind the gateway\'s back', () => {
  it('is refused when refreshed or read: its own SQL, or a view it reads rewritten later', async () => {
    const viaView = await create({ displayName: 'Via view', queryType: 'MATERIALIZED', inputQuery: 'SELECT * FROM svc.query.base' });
    expect(viaView.status, viaView.text).toBe(200);
    const outer = await create({ displayName: 'Outer', inputQuery: 'SELECT * FROM svc.query.base' });
    expect(outer.status, outer.text).toBe(200);
    await g.close();

    // Edited directly in the database while no gateway runs: the doc of `totals` now reads
    // svc._dgw, and so does the view `base` (which `viaview` and the view `outer` read).
    const instance = await DuckDBInstance.create(projectFile(data.dir, 'demo'));
    const conn = await instance.connect();
    const doc = (await conn.runAndReadAll('SELECT doc FROM _dgw.query_rows WHERE id = ?', [matId])).getRows()[0][0] as string;
    await conn.run('UPDATE _dgw.query_rows SET doc = ? WHERE id = ?', [JSON.stringify({ ...JSON.parse(doc), inputQuery: 'SELECT key AS customer_id, 0 AS total FROM svc._dgw.settings' }), matId]);
    await conn.run('CREATE OR REPLACE VIEW query.base AS SELECT doc AS order_id, 0 AS amount FROM _dgw.query_rows');
    conn.closeSync();
    instance.closeSync();
    g = await openGateway({ dataDir: data.dir });

    for (const id of [matId, viaView.body.id]) {
      expect((await g.call('POST', `${P}/materialized-queries/${id}/refresh`)).status).toBe(200);
      const done = await waitFor(async () => {
        const s = await status(id);
        return s.status === 'FAILED' ? s : undefined;
      }, 'the refresh to fail');
      expect(done.message).toMatch(DGW);
    }
    for (const statement of ['SELECT * FROM svc.query.base', 'SELECT * FROM svc.query.outer']) await expectRefused(statement, DGW);
    const byId = await g.call('POST', `${P}/queries/execute`, { body: { id: outer.body.id } });
    expect(byId.status).toBe(400);
    expect(byId.body.message).toMatch(DGW);
    const copy = await create({ displayName: 'Copy', queryType: 'MATERIALIZED', inputQueryRefId: matId });
    expect(copy.status).toBe(400);
    expect(copy.body.message).toMatch(DGW);
  });
});
