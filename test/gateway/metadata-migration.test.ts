import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { projectFile } from '../../src/gateway/paths.js';
import { openGateway, P, tempDir, waitFor } from './helpers.js';
import { localCli } from '../support/local-cli.js';

// A data folder written before query metadata became one JSON document per query (a column per
// field in svc._dgw.queries) opens with every query, folder and status it had.

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
});

async function writeOldLayout(file: string): Promise<void> {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  // Attached as svc, as the gateway attaches it, so the view's references resolve there.
  for (const sql of [`ATTACH '${file}' AS svc`, 'USE svc',
    'CREATE SCHEMA _dgw', 'CREATE SCHEMA query', 'CREATE SCHEMA mtquery', 'CREATE SCHEMA "table"',
    `CREATE TABLE _dgw.queries (id VARCHAR, name VARCHAR, display_name VARCHAR, input_query VARCHAR, query_type VARCHAR,
       schedule VARCHAR, folder_id VARCHAR, view_pending BOOLEAN, schedule_set_at BIGINT, created_at BIGINT, modified_at BIGINT)`,
    'CREATE TABLE _dgw.folders (id VARCHAR, name VARCHAR, parent_id VARCHAR, created_at BIGINT, modified_at BIGINT)',
    'CREATE TABLE _dgw.refresh_log (query_id VARCHAR, seq BIGINT, status VARCHAR, started_at BIGINT, finished_at BIGINT, message VARCHAR)',
    'CREATE TABLE _dgw.settings (key VARCHAR, value VARCHAR)',
    "INSERT INTO _dgw.settings VALUES ('seeded', '2026-11-01T00:00:00.000Z')",
    'CREATE TABLE "table".sales AS SELECT i AS id, i * 10 AS amount FROM range(5) t(i)',
    "INSERT INTO _dgw.folders VALUES ('f1', 'reports', NULL, 1000, 1000)",
    `INSERT INTO _dgw.queries VALUES ('q1', 'oldplain', 'Old Plain', 'SELECT * FROM svc."table".sales', 'PLAIN', NULL, 'f1', false, 1000, 1000, 1000)`,
    `INSERT INTO _dgw.queries VALUES ('q2', 'oldtotal', 'Old Total', 'SELECT sum(amount) AS total FROM svc."table".sales', 'MATERIALIZED',
       '{"type":"interval","repeatDuration":"P1D"}', NULL, false, 2000, 2000, 2000)`,
    'CREATE VIEW query.oldplain AS SELECT * FROM svc."table".sales',
    'CREATE TABLE mtquery.oldtotal AS SELECT sum(amount) AS total FROM "table".sales',
    "INSERT INTO _dgw.refresh_log VALUES ('q2', 1, 'COMPLETED', 2000, 2000, NULL)",
  ]) {
    await c.run(sql);
  }
  c.closeSync();
  db.closeSync();
}

describe('a project database in the old metadata layout', () => {
  it('opens with its queries, folders and statuses, and takes new queries', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    mkdirSync(`${tmp.dir}/projects`, { recursive: true });
    await writeOldLayout(projectFile(tmp.dir, 'demo'));

    const g = await openGateway({ dataDir: tmp.dir });
    cleanups.push(() => g.close());
    const queries = (await g.call('GET', `${P}/queries`)).body;
    // Query ids became numeric strings; each old id is kept as an alias.
    const [id1, id2] = queries.map((q: { id: string }) => q.id);
    expect(id1).toMatch(/^[1-9]\d{17}$/);
    expect(id2).toMatch(/^[1-9]\d{17}$/);
    expect(queries).toEqual([
      { id: id1, displayName: 'Old Plain', name: 'oldplain', inputQuery: 'SELECT * FROM svc."table".sales', queryType: 'PLAIN', schedule: null, path: '/reports', folderId: 'f1' },
      { id: id2, displayName: 'Old Total', name: 'oldtotal', inputQuery: 'SELECT sum(amount) AS total FROM svc."table".sales', queryType: 'MATERIALIZED', schedule: { type: 'interval', repeatDuration: 'P1D' }, path: null, folderId: null },
    ]);
    expect((await g.call('GET', `${P}/queries/q1`)).body).toEqual(queries[0]);
    const status = (await g.call('GET', `${P}/materialized-queries/q2/status`)).body;
    expect(status).toMatchObject({ queryId: id2, status: 'COMPLETED', lastExecutionStartTime: new Date(2000).toISOString() });
    const total = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT total FROM svc.mtquery.oldtotal' } });
    expect(total.body.data).toEqual([['100']]);
    const added = await g.call('POST', `${P}/queries`, { body: { displayName: 'New One', queryType: 'MATERIALIZED', inputQuery: 'SELECT count(*) AS n FROM svc.table.sales', path: '/reports' } });
    expect(added.status).toBe(200);
    expect((await g.call('GET', `${P}/queries/folders`)).body[0]).toMatchObject({ name: 'reports', queryIds: [id1, added.body.id] });
    // Changes by the old id reach the query under its new id.
    expect((await g.call('PUT', `${P}/queries/q1`, { body: { displayName: 'Old Plain Renamed' } })).body).toMatchObject({ id: id1, name: 'oldplainrenamed' });
    await g.close();

    const again = await openGateway({ dataDir: tmp.dir });
    cleanups.push(() => again.close());
    expect((await again.call('GET', `${P}/queries`)).body.map((q: { id: string }) => q.id)).toEqual([id1, id2, added.body.id]);
    expect((await again.call('GET', `${P}/queries/q2`)).body.id).toBe(id2);
    expect((await again.call('DELETE', `${P}/queries/q1`)).status).toBe(200);
    expect((await again.call('GET', `${P}/queries/q1`)).status).toBe(404);
    expect((await again.call('GET', `${P}/queries/${id1}`)).status).toBe(404);
  });

  it('a database of schema version 1 (a JSON document per query, every view made) with UUID query ids: numeric ids, the UUIDs still answer, no view left', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    mkdirSync(`${tmp.dir}/projects`, { recursive: true });
    const uuid = '6f1c2e0a-1b2c-4d3e-8f40-123456789abc';
    const plainUuid = '7a2d3f1b-2c3d-4e5f-9a51-23456789abcd';
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    const doc = (fields: Record<string, unknown>) => JSON.stringify({ viewPending: false, scheduleSetAt: 1000, createdAt: 1000, modifiedAt: 1000, folderId: null, schedule: null, ...fields });
    for (const [sql, params] of [
      [`ATTACH '${projectFile(tmp.dir, 'demo')}' AS svc`], ['USE svc'],
      ['CREATE SCHEMA _dgw'], ['CREATE SCHEMA query'], ['CREATE SCHEMA mtquery'], ['CREATE SCHEMA "table"'],
      ['CREATE TABLE _dgw.query_docs (id VARCHAR, doc VARCHAR)'],
      ['CREATE TABLE _dgw.folders (id VARCHAR, name VARCHAR, parent_id VARCHAR, created_at BIGINT, modified_at BIGINT)'],
      ['CREATE TABLE _dgw.refresh_log (query_id VARCHAR, seq BIGINT, status VARCHAR, started_at BIGINT, finished_at BIGINT, message VARCHAR)'],
      ['CREATE TABLE _dgw.settings (key VARCHAR, value VARCHAR)'],
      ['CREATE TABLE _dgw.query_aliases (alias VARCHAR, id VARCHAR)'],
      ['CREATE TABLE _dgw.empty_tables (name VARCHAR, created_at BIGINT)'],
      // Those versions recorded no schema version at first: without one, opening checks and migrates.
      ["INSERT INTO _dgw.settings VALUES ('seeded', '2026-11-01T00:00:00.000Z')"],
      ['INSERT INTO _dgw.query_docs VALUES (?, ?)', [uuid, doc({ name: 'wasuuid', displayName: 'Was Uuid', inputQuery: 'SELECT 7 AS seven', queryType: 'MATERIALIZED', materializedAt: 1000 })]],
      ['INSERT INTO _dgw.query_docs VALUES (?, ?)', [plainUuid, doc({ name: 'plainone', displayName: 'Plain One', inputQuery: 'SELECT seven + 1 AS eight FROM svc.mtquery.wasuuid', queryType: 'PLAIN', createdAt: 2000 })]],
      ['CREATE TABLE mtquery.wasuuid AS SELECT 7 AS seven'],
      ['CREATE VIEW query.plainone AS SELECT seven + 1 AS eight FROM svc.mtquery.wasuuid'],
    ] as Array<[string, string[]?]>) {
      await c.run(sql, params);
    }
    c.closeSync();
    db.closeSync();

    const g = await openGateway({ dataDir: tmp.dir });
    cleanups.push(() => g.close());
    const byUuid = (await g.call('GET', `${P}/queries/${uuid}`)).body;
    expect(byUuid).toMatchObject({ name: 'wasuuid', id: expect.stringMatching(/^[1-9]\d{17}$/) });
    expect(byUuid.id).not.toBe(uuid);
    const plain = (await g.call('GET', `${P}/queries/${plainUuid}`)).body;
    expect(plain).toMatchObject({ name: 'plainone', queryType: 'PLAIN', id: expect.stringMatching(/^[1-9]\d{17}$/) });
    expect((await g.call('GET', `${P}/queries`)).body.map((q: { id: string }) => q.id)).toEqual([byUuid.id, plain.id]);
    const status = (await g.call('GET', `${P}/materialized-queries/${uuid}/status`)).body;
    expect(status).toMatchObject({ queryId: byUuid.id, status: 'COMPLETED', lastExecutionStartTime: new Date(1000).toISOString() });
    expect((await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { id: uuid } })).body.data).toEqual([[7]]);
    const refresh = await g.call('POST', `${P}/materialized-queries/${uuid}/refresh`);
    expect(refresh.status).toBe(200);
    expect(refresh.body.queryId).toBe(byUuid.id);
    await waitFor(async () => (await g.call('GET', `${P}/materialized-queries/${uuid}/status`)).body.lastExecutionStartTime === refresh.body.lastExecutionStartTime && (await g.call('GET', `${P}/materialized-queries/${byUuid.id}/status`)).body.status === 'COMPLETED', 'the refresh');
    // The view the old version made went with the migration; the first statement to read it makes it again.
    const project = await g.gateway.project('demo', { create: false });
    const views = () => project.withConnection(async (conn) => (await conn.runAndReadAll("SELECT view_name FROM duckdb_views() WHERE database_name = 'svc' AND schema_name = 'query'")).getRows().map((r) => String(r[0])));
    expect(await views()).toEqual([]);
    expect((await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT eight FROM svc.query.plainone' } })).body.data).toEqual([[8]]);
    expect(await views()).toEqual(['plainone']);
  });
});

describe('a version 6 database: connections, but no parametric tables yet', () => {
  it('opens with its connection catalog, read by SQL', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const source = `${tmp.dir}/source.duckdb`;
    const made = await DuckDBInstance.create(source);
    const m = await made.connect();
    await m.run('CREATE TABLE items AS SELECT i AS id FROM range(7) t(i)');
    m.closeSync();
    made.closeSync();
    const { dgw, json } = localCli(tmp.dir, 'spec');
    await dgw('connection', 'create', 'src', '-t', 'duckdb', '-f', `path=${source}`);
    // Back to version 6: the parametric tables' table did not exist, and opening reads none of it.
    const file = projectFile(`${tmp.dir}/data-spec`, 'demo');
    const db = await DuckDBInstance.create(file);
    const c = await db.connect();
    await c.run("DROP TABLE _dgw.parametric_tables; UPDATE _dgw.settings SET value = '6' WHERE key = 'schema_version'; CHECKPOINT");
    c.closeSync();
    db.closeSync();
    expect((await json('catalog', 'list')).map((k: { name: string }) => k.name)).toContain('src');
    expect((await dgw('sql', 'SELECT count(*) FROM src.main.items')).trim()).toBe('7');
  });
});

describe('a version 11 database: one schedule-set time for both of a cache\'s schedules', () => {
  it('opens with its caches due as before, and a change of one schedule keeps the other\'s time', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    let now = Date.parse('2030-03-01T00:00:00Z');
    const first = await openGateway({ dataDir: tmp.dir, now: () => now });
    const body = { catalogId: '1', schemaName: 'table', tableName: 'orders', fullRefreshCacheSchedule: { type: 'BASIC', expression: 'P1D' }, incrementalCacheSchedule: { type: 'BASIC', expression: 'PT1H' } };
    const { id } = (await first.call('POST', `${P}/cache?incrementalColumn=order_id`, { body })).body as { id: string };
    await waitFor(async () => (await first.call('GET', `${P}/cache/${id}/status`)).body.status === 'COMPLETED');
    await first.close();
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    await c.run(`ATTACH '${projectFile(tmp.dir, 'demo')}' AS svc`);
    await c.run("ALTER TABLE svc._dgw.caches DROP COLUMN incremental_schedule_set_at; UPDATE svc._dgw.settings SET value = '11' WHERE key = 'schema_version'; DETACH svc");
    c.closeSync();
    db.closeSync();

    now = Date.parse('2030-03-01T03:00:00Z');
    const g = await openGateway({ dataDir: tmp.dir, now: () => now });
    cleanups.push(() => g.close());
    const { cacheStates, nextRuns } = await import('../../src/gateway/project/caches.js');
    const project = await g.gateway.project('demo', { create: false });
    const due = async () => (await cacheStates(project)).flatMap((s) => nextRuns(s.cache, s).map((d) => [d.mode, new Date(d.at).toISOString()]));
    expect(await due()).toEqual([['FULL_REFRESH', '2030-03-02T00:00:00.000Z'], ['INCREMENTAL', '2030-03-01T01:00:00.000Z']]);
    expect((await g.call('PUT', `${P}/cache/${id}`, { body: { fullRefreshCacheSchedule: { type: 'BASIC', expression: 'P2D' } } })).status).toBe(200);
    expect(await due()).toEqual([['FULL_REFRESH', '2030-03-03T03:00:00.000Z'], ['INCREMENTAL', '2030-03-01T01:00:00.000Z']]);
    expect((await g.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: 'customers' } })).status).toBe(200);
  });
});

describe('a query an earlier dgw named otherwise than its display name now gives (before accents kept their letter)', () => {
  async function withCafReport(): Promise<{ tmp: ReturnType<typeof tempDir> } & ReturnType<typeof localCli>> {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    mkdirSync(`${tmp.dir}/data-spec/projects`, { recursive: true });
    await writeOldLayout(projectFile(`${tmp.dir}/data-spec`, 'demo'));
    const db = await DuckDBInstance.create(projectFile(`${tmp.dir}/data-spec`, 'demo'));
    const c = await db.connect();
    await c.run(`INSERT INTO _dgw.queries VALUES ('q3', 'cafreport', 'Café Report', 'SELECT 1 AS one', 'PLAIN', NULL, NULL, false, 3000, 3000, 3000)`);
    c.closeSync();
    db.closeSync();
    return { tmp, ...localCli(tmp.dir, 'spec') };
  }

  it('keeps its name when only its SQL changes, so SQL reading it by that name still reads it', async () => {
    const { json, dgw } = await withCafReport();
    expect(await json('query', 'update', 'cafreport', '--sql', 'SELECT 2 AS one')).toMatchObject({ name: 'cafreport', displayName: 'Café Report' });
    expect((await dgw('sql', 'SELECT one FROM svc.query.cafreport')).trim()).toBe('2');
    expect(await json('query', 'update', 'cafreport', '--name', 'Café Report')).toMatchObject({ name: 'cafereport' });
  });

  it('is skipped by pull with a warning and left alone by plan, which plans no change', async () => {
    const { tmp, run, dgw } = await withCafReport();
    const pulled = await run('pull', '--dir', `${tmp.dir}/q`);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stderr).toContain('query "cafreport" in /: its name is not the one its display name "Café Report" gives (cafereport)');
    const planned = await run('plan', '--dir', `${tmp.dir}/q`, '--exit-code');
    expect(planned.code, planned.stderr).toBe(0);
    expect((await dgw('sql', 'SELECT one FROM svc.query.cafreport')).trim()).toBe('1');
  });

  it('in a file an older dgw pulled, is exit 2 naming the file and what to do, which works', async () => {
    const { tmp, run, dgw } = await withCafReport();
    const dir = `${tmp.dir}/q`;
    await dgw('pull', '--dir', dir);
    // What an older dgw's pull wrote for it.
    const file = `${dir}/cafreport.sql`;
    writeFileSync(file, '-- ---\n-- displayName: Café Report\n-- ---\nSELECT 1 AS one\n');
    for (const args of [['plan'], ['apply', '--yes']]) {
      const r = await run(...args, '--dir', dir);
      expect([r.code, r.stdout], args[0]).toEqual([2, '']);
      expect(r.stderr).toContain(`${file}:2: displayName "Café Report" gives the SQL name "cafereport", but the file is named cafreport.sql, the name an older dgw gave the query`);
      expect(r.stderr).toContain("delete this file (pull no longer writes one), or rename the query to cafereport with `dgw --zone local query update cafreport --name 'Café Report'`");
    }
    rmSync(file);
    expect((await run('plan', '--dir', dir, '--exit-code')).code).toBe(0);
    await dgw('query', 'update', 'cafreport', '--name', 'Café Report');
    await dgw('pull', '--dir', dir);
    expect(readFileSync(`${dir}/cafereport.sql`, 'utf8')).toContain('displayName: Café Report');
    expect((await run('plan', '--dir', dir, '--exit-code')).code).toBe(0);
  });
});

describe('a database this dgw wrote, opened by a dgw of schema version 1', () => {
  it('holds every table that dgw reads first, so it sees the later version and refuses instead of preparing it again', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const first = await openGateway({ dataDir: tmp.dir });
    expect((await first.call('GET', `${P}/queries`)).status).toBe(200);
    await first.close();
    const file = projectFile(tmp.dir, 'demo');
    // As a version 12 dgw left it: the table gone.
    const edit = await DuckDBInstance.create(file);
    const e = await edit.connect();
    await e.run("DROP TABLE IF EXISTS _dgw.query_docs; UPDATE _dgw.settings SET value = '12' WHERE key = 'schema_version'; CHECKPOINT");
    e.closeSync();
    edit.closeSync();
    const again = await openGateway({ dataDir: tmp.dir });
    expect((await again.call('GET', `${P}/queries`)).status).toBe(200);
    await again.close();
    // The statement a version 1 dgw opens with (its metadata.ts): a missing table made it take the database for a new one.
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    await c.run(`ATTACH '${file}' AS svc`);
    const read = await c.runAndReadAll(`SELECT (SELECT to_json(list(s)) FROM svc._dgw.settings s WHERE key IN ('schema_version', 'seeded'))::VARCHAR,
      (SELECT '[' || string_agg('{"id":' || to_json(id) || ',"doc":' || doc || '}', ',') || ']' FROM svc._dgw.query_docs)::VARCHAR,
      (SELECT to_json(list(f ORDER BY created_at, id)) FROM svc._dgw.folders f)::VARCHAR,
      (SELECT to_json(list(a)) FROM svc._dgw.query_aliases a)::VARCHAR, (SELECT to_json(list(r ORDER BY seq)) FROM svc._dgw.refresh_log r)::VARCHAR`);
    const version = (JSON.parse(String(read.getRows()[0][0])) as Array<{ key: string; value: string }>).find((r) => r.key === 'schema_version')?.value;
    expect(Number(version)).toBeGreaterThan(1);
    c.closeSync();
    db.closeSync();
  });
});

describe('semantic catalogs made before their display name was kept (version 13)', () => {
  it('show their name as the display name; one made now keeps the name as given', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const g = await openGateway({ dataDir: tmp.dir });
    const older = (await g.call('POST', `${P}/semantic-catalogs`, { body: { name: 'Older' } })).body;
    await g.close();
    // Back to what version 13 wrote: no display_name column.
    const db = await DuckDBInstance.create(projectFile(tmp.dir, 'demo'));
    const c = await db.connect();
    await c.run('ALTER TABLE _dgw.semantic_catalogs DROP COLUMN display_name');
    await c.run("UPDATE _dgw.settings SET value = '13' WHERE key = 'schema_version'");
    c.closeSync();
    db.closeSync();

    const again = await openGateway({ dataDir: tmp.dir });
    cleanups.push(() => again.close());
    expect((await again.call('GET', `${P}/catalogs`)).body).toContainEqual({ ...older, displayName: 'older' });
    expect((await again.call('POST', `${P}/semantic-catalogs`, { body: { name: 'Newer' } })).body).toMatchObject({ name: 'newer', displayName: 'Newer' });
  });
});

describe('a version 14 database: file connections whose table names were not kept', () => {
  it('keeps the names its files had, and a file arriving later takes a name of its own', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const { dgw } = localCli(tmp.dir, 'spec');
    const inbox = `${tmp.dir}/inbox`;
    mkdirSync(inbox);
    writeFileSync(`${inbox}/Orders.csv`, 'who\nfrom Orders.csv\n');
    await dgw('connection', 'create', 'inbox', '--type', 'csv', '--field', `path=${inbox}`);
    const db = await DuckDBInstance.create(projectFile(`${tmp.dir}/data-spec`, 'demo'));
    const c = await db.connect();
    await c.run("ALTER TABLE _dgw.connections DROP COLUMN tables; UPDATE _dgw.settings SET value = '14' WHERE key = 'schema_version'");
    c.closeSync();
    db.closeSync();

    expect(await dgw('sql', 'SELECT who FROM inbox.main.orders')).toBe('from Orders.csv\n');
    writeFileSync(`${inbox}/orders.csv`, 'who\nfrom orders.csv\n');
    expect(await dgw('sql', 'SELECT who FROM inbox.main.orders')).toBe('from Orders.csv\n');
    expect(await dgw('sql', 'SELECT who FROM inbox.main.orders_2')).toBe('from orders.csv\n');
  });
});
