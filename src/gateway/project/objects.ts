import type { DuckDBConnection } from '@duckdb/node-api';
import { qualified, trimStatement } from '../sql.js';
import { statusStatement } from './refresh-log.js';
import type { ProjectStore } from './store.js';
import type { QueryRow, RefreshRow, SqlCheck, Statement } from './types.js';

// What a saved query is in the database: its metadata row, plus a view in `svc.query` (PLAIN)
// or a materialized table in `svc.mtquery` with its refresh log (MATERIALIZED).

/**
 * The metadata of a query is one JSON document per row of `svc._dgw.query_docs`: one narrow row is
 * written on every create, and DuckDB's cost of an INSERT grows with the number of columns.
 */
export function insertQuerySql(q: QueryRow): Statement {
  return { sql: 'INSERT INTO svc._dgw.query_docs VALUES (?, ?)', params: [q.id, queryDoc(q)] };
}

/** Rewrites the metadata of a query already stored. */
export function updateQuerySql(q: QueryRow): Statement {
  return { sql: 'UPDATE svc._dgw.query_docs SET doc = ? WHERE id = ?', params: [queryDoc(q), q.id] };
}

/**
 * Rewrites the metadata of many queries in one statement, however many there are: their ids and
 * documents travel as two bound lists (a statement per query cost a 500-query move 400 ms).
 */
export function updateQueriesSql(s: ProjectStore, qs: QueryRow[]): Statement {
  return {
    sql: 'UPDATE svc._dgw.query_docs SET doc = u.doc FROM (SELECT unnest(?::VARCHAR[]) AS id, unnest(?::VARCHAR[]) AS doc) u WHERE query_docs.id = u.id',
    params: [s.duck.listValue(qs.map((q) => q.id)), s.duck.listValue(qs.map(queryDoc))],
  };
}

function queryDoc(q: QueryRow): string {
  const { id: _id, ...doc } = q;
  return JSON.stringify(doc);
}

/** A stored query document, parsed: the row without its id, any field possibly missing. */
export type QueryDoc = Partial<QueryRow>;

/** A parsed query document as a row; fields it lacks take their defaults. */
export function queryFromDoc(id: string, d: QueryDoc): QueryRow {
  return {
    id,
    name: String(d.name),
    displayName: String(d.displayName),
    inputQuery: String(d.inputQuery),
    queryType: d.queryType === 'MATERIALIZED' ? 'MATERIALIZED' : 'PLAIN',
    schedule: d.schedule ?? null,
    folderId: d.folderId ?? null,
    viewPending: d.viewPending === true,
    scheduleSetAt: Number(d.scheduleSetAt ?? d.createdAt ?? 0),
    createdAt: Number(d.createdAt ?? 0),
    modifiedAt: Number(d.modifiedAt ?? d.createdAt ?? 0),
    materializedAt: typeof d.materializedAt === 'number' ? d.materializedAt : null,
  };
}

/** The view of a PLAIN query; `sql` is the query's own text (trailing `;` and spaces are dropped). */
export function createViewSql(name: string, sql: string): string {
  return `CREATE OR REPLACE VIEW ${qualified('query', name)} AS\n${trimStatement(sql)}\n`;
}

/**
 * `WITH DATA` (the default) closes the statement, so SQL that ends in its own `WITH [NO] DATA`
 * does not parse here, just as it does not parse as the body of a view.
 */
export function materializeSql(name: string, sql: string): string {
  return `CREATE OR REPLACE TABLE ${qualified('mtquery', name)} AS\n${trimStatement(sql)}\nWITH DATA`;
}

/** Drops the view of a PLAIN query or the materialized table of a MATERIALIZED one. */
export function dropObjectSql(q: QueryRow): string {
  return q.queryType === 'PLAIN' ? `DROP VIEW IF EXISTS ${qualified('query', q.name)}` : `DROP TABLE IF EXISTS ${qualified('mtquery', q.name)}`;
}

/**
 * SQL that creates the view of a PLAIN query or the materialized table of a MATERIALIZED one. SQL
 * that does not bind yet gets no view (retried later), or a FAILED refresh in place of a table. A
 * table built here is COMPLETED at `row.materializedAt`, which the query's own row records.
 */
export function objectStatements(s: ProjectStore, row: QueryRow, check: SqlCheck): Statement[] {
  if (row.queryType === 'PLAIN') {
    return check.bindError !== undefined ? [] : [{ sql: createViewSql(row.name, check.sql) }];
  }
  if (check.bindError !== undefined) {
    const now = s.now();
    return [statusStatement(s, row.id, { status: 'FAILED', startedAt: now, finishedAt: now, message: check.bindError })];
  }
  const sql = materializeSql(row.name, check.sql);
  return [{ sql, run: (conn) => s.sandbox.materialize(conn, sql), apply: () => s.refreshes.set(row.id, builtStatus(row)) }];
}

/** The status of a materialized table built when its query was saved (see objectStatements). */
export function builtStatus(q: QueryRow): RefreshRow {
  return { status: 'COMPLETED', startedAt: q.materializedAt, finishedAt: q.materializedAt, message: null };
}

/** Deletes a query inside a transaction: its row, its refresh log, and its view or table. */
export async function dropQuery(s: ProjectStore, c: DuckDBConnection, q: QueryRow): Promise<void> {
  await c.run('DELETE FROM svc._dgw.query_docs WHERE id = ?', [q.id]);
  await c.run('DELETE FROM svc._dgw.refresh_log WHERE query_id = ?', [q.id]);
  await c.run(dropObjectSql(q));
  s.removeQuery(q.id);
}
