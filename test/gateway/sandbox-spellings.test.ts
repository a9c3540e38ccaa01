import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// An adversary's list: every other way found to reach the gateway's metadata, a host fact, a file
// or a setting, or to change what only the gateway may change. Each is refused with 400, the
// answer holds nothing it may not (no row of svc._dgw, no path of the host), and the project is
// unchanged afterwards.

let data: ReturnType<typeof tempDir>;
let g: TestGateway;
beforeAll(async () => {
  data = tempDir('dgw-spellings-');
  g = await openGateway({ dataDir: data.dir });
});
afterAll(async () => {
  await g.close();
  data.remove();
});

const run = (statement: string) => g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });

async function projectState() {
  const tables = (await g.call('GET', `${P}/table`)).body;
  const orders = (await run('SELECT count(*), sum(amount) FROM svc.table.orders')).body.data;
  return { tables, orders };
}

describe('refused, whatever the spelling', () => {
  it.each([
    // Common table expressions and set operations.
    ['a materialized CTE', 'WITH x AS MATERIALIZED (SELECT * FROM svc._dgw.settings) SELECT * FROM x'],
    ['a recursive CTE over the metadata', 'WITH RECURSIVE r(k) AS (SELECT key FROM svc._dgw.settings UNION ALL SELECT k FROM r WHERE false) SELECT * FROM r'],
    ['UNION with a stored table', 'SELECT status FROM svc.table.orders UNION SELECT key FROM svc._dgw.settings'],
    ['PIVOT of the metadata', "PIVOT svc._dgw.settings ON key IN ('seeded') USING first(value)"],
    ['UNPIVOT of the metadata', 'UNPIVOT svc._dgw.settings ON value INTO NAME k VALUE v'],
    ['SUMMARIZE of the metadata', 'SUMMARIZE svc._dgw.settings'],
    ['FROM-first', 'FROM svc._dgw.settings'],
    ['TABLE', 'TABLE svc._dgw.settings'],
    ['a sample', 'SELECT * FROM svc._dgw.settings USING SAMPLE 1'],
    // Catalog views and functions.
    ['information_schema.tables', 'SELECT table_schema, table_name FROM information_schema.tables'],
    ['information_schema.columns', "SELECT column_name FROM information_schema.columns WHERE table_schema = '_dgw'"],
    ['pg_catalog.pg_class', 'SELECT relname FROM pg_catalog.pg_class'],
    ['sqlite_master', 'SELECT * FROM sqlite_master'],
    ['duckdb_views()', 'SELECT sql FROM duckdb_views()'],
    ['duckdb_functions()', 'SELECT function_name FROM duckdb_functions() LIMIT 1'],
    ['duckdb_memory()', 'SELECT * FROM duckdb_memory()'],
    ['duckdb_logs()', 'SELECT * FROM duckdb_logs()'],
    ['duckdb_table_sample()', "SELECT * FROM duckdb_table_sample('svc._dgw.settings')"],
    ['pragma_table_info()', "SELECT * FROM pragma_table_info('svc._dgw.settings')"],
    ['pragma_storage_info()', "SELECT * FROM pragma_storage_info('svc._dgw.query_rows')"],
    ['pragma_metadata_info()', 'SELECT * FROM pragma_metadata_info()'],
    ['pragma_version()', 'SELECT * FROM pragma_version()'],
    ['SHOW DATABASES', 'SHOW DATABASES'],
    ['SHOW ALL TABLES', 'SHOW ALL TABLES'],
    ['DESCRIBE of a query', 'DESCRIBE SELECT * FROM svc._dgw.settings'],
    ['sql_auto_complete()', "SELECT * FROM sql_auto_complete('SELECT * FROM svc._dgw.')"],
    ['test_all_types()', 'SELECT * FROM test_all_types()'],
    ['json_execute_serialized_sql()', "SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT * FROM svc._dgw.settings'))"],
    ['a list function over a catalog function', 'SELECT list_transform((SELECT list(name) FROM duckdb_settings()), x -> upper(x)) AS l'],
    ['a lambda over query_table()', "SELECT list_transform(['svc._dgw.settings'], x -> (SELECT count(*) FROM query_table(x))) AS n"],
    ['current_setting() in a list', "SELECT [current_setting('temp_directory')] AS l"],
    // Files, extensions, other databases.
    ['read_csv of a host file', "SELECT * FROM read_csv('/etc/passwd')"],
    ['read_text of a host file', "SELECT * FROM read_text('/etc/hostname')"],
    ['a replacement scan of a file', "SELECT * FROM '/etc/passwd'"],
    ['a replacement scan of a CSV name', "SELECT * FROM 'orders.csv'"],
    ['glob()', "SELECT * FROM glob('/*')"],
    ['parquet_metadata()', "SELECT * FROM parquet_metadata('/etc/passwd')"],
    ['getenv()', "SELECT getenv('HOME') AS h"],
    ['COPY to a file', "COPY svc.table.orders TO '/tmp/dgw-leak.csv'"],
    ['COPY of a query to a file', "COPY (SELECT * FROM svc._dgw.settings) TO '/tmp/dgw-leak.csv'"],
    ['EXPORT DATABASE', "EXPORT DATABASE '/tmp/dgw-leak'"],
    ['ATTACH', "ATTACH ':memory:' AS other"],
    ['DETACH', 'DETACH svc'],
    ['INSTALL', 'INSTALL httpfs'],
    ['LOAD', 'LOAD json'],
    ['USE', 'USE svc._dgw'],
    // Settings, statements around statements.
    ['SET', "SET memory_limit = '1MB'"],
    ['RESET', 'RESET memory_limit'],
    ['SET VARIABLE', "SET VARIABLE x = 'svc._dgw.settings'"],
    ['PRAGMA', 'PRAGMA database_list'],
    ['CALL', 'CALL duckdb_settings()'],
    ['PREPARE', 'PREPARE leak AS SELECT * FROM svc._dgw.settings'],
    ['EXECUTE', 'EXECUTE leak'],
    ['two statements', 'SELECT 1; SELECT * FROM svc._dgw.settings'],
    ['a statement after a comment', 'SELECT 1; -- harmless\nDROP TABLE svc.table.orders'],
    ['BEGIN', 'BEGIN'],
    ['CHECKPOINT', 'CHECKPOINT'],
    ['VACUUM', 'VACUUM'],
    ['CREATE MACRO', "CREATE MACRO leak() AS TABLE SELECT * FROM svc._dgw.settings"],
    ['CREATE TEMP MACRO', 'CREATE TEMP MACRO m() AS 1'],
    ['CREATE VIEW', 'CREATE VIEW svc.table.v AS SELECT * FROM svc.table.orders'],
    ['CREATE SEQUENCE', 'CREATE SEQUENCE svc.table.s'],
    ['CREATE SCHEMA', 'CREATE SCHEMA svc.other'],
    ['CREATE TEMP TABLE', 'CREATE TEMP TABLE t AS SELECT 1 AS x'],
    ['CREATE TABLE in svc.main', 'CREATE TABLE x AS SELECT 1 AS x'],
    ['DROP MACRO of a built-in', 'DROP MACRO pg_get_viewdef'],
    ['DROP FUNCTION of the blocked current_setting', 'DROP FUNCTION current_setting'],
    ['DROP SCHEMA ... CASCADE', 'DROP SCHEMA svc.mtquery CASCADE'],
    ['ALTER TABLE of a stored table into another schema', 'ALTER TABLE svc.table.orders SET SCHEMA mtquery'],
    ['INSERT OR REPLACE into the metadata', "INSERT OR REPLACE INTO svc._dgw.settings VALUES ('seeded', 'x')"],
    ['MERGE INTO', "MERGE INTO svc._dgw.settings USING (SELECT 'k' AS key) s ON s.key = settings.key WHEN NOT MATCHED THEN INSERT VALUES ('k', 'v')"],
    // Quoting, case, comments, unicode.
    ['upper-case quoted names', 'SELECT * FROM "SVC"."_DGW"."SETTINGS"'],
    ['a nested comment between the parts', 'SELECT * FROM svc/* a /* b */ c */._dgw.settings'],
    ['a unicode escape in a name', 'SELECT * FROM svc.U&"\\005Fdgw".settings'],
    ['a name built from chr() in query()', "SELECT * FROM query('SELECT * FROM svc.' || chr(95) || chr(100) || 'gw.settings')"],
    ['a name built with format() in query_table()', "SELECT * FROM query_table(format('svc.{}dgw.{}', '_', 'settings'))"],
    ['a reversed name in query_table()', "SELECT * FROM query_table(reverse('sgnittes.wgd_.cvs'))"],
    ['a name decoded from base64', "SELECT * FROM query_table(decode(from_base64('c3ZjLl9kZ3cuc2V0dGluZ3M='))::VARCHAR)"],
  ])('%s', async (_label, statement) => {
    const before = await projectState();
    const r = await run(statement);
    expect(r.status, `${statement}: ${r.text}`).toBe(400);
    expect(r.text).not.toContain('seeded');
    expect(r.text).not.toContain(data.dir);
    expect(r.text).not.toMatch(/Stack Trace|node_modules/);
    expect(await projectState()).toEqual(before);
  });

  it.each([
    ['CREATE SECRET, whose type is in httpfs', "CREATE SECRET s (TYPE s3, KEY_ID 'k', SECRET 'v')"],
    ['a table function of sqlite_scanner', "SELECT * FROM sqlite_scan('x.db', 't')"],
  ])('%s is refused without DuckDB fetching or loading an extension, whose folder is in the host user\'s home', async (_label, statement) => {
    const r = await run(statement);
    expect(r.status, r.text).toBe(400);
    expect(r.text).not.toMatch(/Autoloading|\.duckdb[\\/]extensions/);
  });

  it("DEALLOCATE, which DuckDB reads as a DROP, finds nothing to drop: the sandbox's own statement exists only while one runs", async () => {
    const r = await run('DEALLOCATE dgw_judged');
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual([]);
    expect((await run('SELECT count(*) FROM svc.table.orders')).body.data).toEqual([['60']]);
    expect((await run('SELECT * FROM svc._dgw.settings')).status).toBe(400);
  });
});
