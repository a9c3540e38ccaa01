import { mkdirSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { projectFile } from '../../src/gateway/paths.js';
import { openGateway, P, tempDir, waitFor } from './helpers.js';

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
    expect(total.body.data).toEqual([[100]]);
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

  it('a database of the current layout with UUID query ids gets numeric ids, the UUIDs still answer', async () => {
    const tmp = tempDir();
    cleanups.push(tmp.remove);
    const first = await openGateway({ dataDir: tmp.dir });
    const made = (await first.call('POST', `${P}/queries`, { body: { displayName: 'Was Uuid', queryType: 'MATERIALIZED', inputQuery: 'SELECT 7 AS seven' } })).body;
    await first.close();
    // Turn the stored id into a UUID, as versions before numeric ids stored it.
    const uuid = '6f1c2e0a-1b2c-4d3e-8f40-123456789abc';
    const db = await DuckDBInstance.create(projectFile(tmp.dir, 'demo'));
    const c = await db.connect();
    await c.run('UPDATE _dgw.query_docs SET id = ? WHERE id = ?', [uuid, made.id]);
    // Those versions recorded no schema version either: without one, opening checks and migrates.
    await c.run(`DELETE FROM _dgw.settings WHERE key = 'schema_version'`);
    c.closeSync();
    db.closeSync();

    const g = await openGateway({ dataDir: tmp.dir });
    cleanups.push(() => g.close());
    const byUuid = (await g.call('GET', `${P}/queries/${uuid}`)).body;
    expect(byUuid).toMatchObject({ name: 'wasuuid', id: expect.stringMatching(/^[1-9]\d{17}$/) });
    expect(byUuid.id).not.toBe(uuid);
    expect((await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { id: uuid } })).body.data).toEqual([[7]]);
    const refresh = await g.call('POST', `${P}/materialized-queries/${uuid}/refresh`);
    expect(refresh.status).toBe(200);
    expect(refresh.body.queryId).toBe(byUuid.id);
    await waitFor(async () => (await g.call('GET', `${P}/materialized-queries/${uuid}/status`)).body.lastExecutionStartTime === refresh.body.lastExecutionStartTime && (await g.call('GET', `${P}/materialized-queries/${byUuid.id}/status`)).body.status === 'COMPLETED', 10_000, 'the refresh');
  });
});
