import type { DuckDBConnection } from '@duckdb/node-api';
import { qualified, sqlValue } from '../sql.js';
import { statusStatement } from './refresh-log.js';
import type { ProjectStore } from './store.js';
import type { QueryRow, SqlCheck, Statement } from './types.js';

// What a saved query is in the database: its metadata row, plus a view in `svc.query` (PLAIN)
// or a materialized table in `svc.mtquery` with its refresh log (MATERIALIZED).

/** The metadata row of a query. */
export function insertQuerySql(q: QueryRow): Statement {
  const values = [
    q.id, q.name, q.displayName, q.inputQuery, q.queryType, q.schedule ? JSON.stringify(q.schedule) : null,
    q.folderId, q.viewPending, q.scheduleSetAt, q.createdAt, q.modifiedAt,
  ];
  return { sql: `INSERT INTO svc._dgw.queries VALUES (${values.map(sqlValue).join(', ')})` };
}

export function createViewSql(name: string, sql: string): string {
  return `CREATE OR REPLACE VIEW ${qualified('query', name)} AS\n${sql}\n`;
}

export function materializeSql(name: string, sql: string): string {
  return `CREATE OR REPLACE TABLE ${qualified('mtquery', name)} AS\n${sql}\n`;
}

/** Drops the view of a PLAIN query or the materialized table of a MATERIALIZED one. */
export function dropObjectSql(q: QueryRow): string {
  return q.queryType === 'PLAIN' ? `DROP VIEW IF EXISTS ${qualified('query', q.name)}` : `DROP TABLE IF EXISTS ${qualified('mtquery', q.name)}`;
}

/**
 * SQL that creates the view of a PLAIN query or the materialized table of a MATERIALIZED one. SQL
 * that does not bind yet gets no view (retried later), or a FAILED refresh in place of a table.
 */
export function objectStatements(s: ProjectStore, row: QueryRow, check: SqlCheck): Statement[] {
  if (row.queryType === 'PLAIN') {
    return check.bindError !== undefined ? [] : [{ sql: createViewSql(row.name, check.sql) }];
  }
  const now = s.now();
  if (check.bindError !== undefined) {
    return [statusStatement(s, row.id, { status: 'FAILED', startedAt: now, finishedAt: now, message: check.bindError })];
  }
  return [
    { sql: materializeSql(row.name, check.sql) },
    statusStatement(s, row.id, { status: 'COMPLETED', startedAt: now, finishedAt: now, message: null }),
  ];
}

/** Deletes a query inside a transaction: its row, its refresh log, and its view or table. */
export async function dropQuery(s: ProjectStore, c: DuckDBConnection, q: QueryRow): Promise<void> {
  await c.run('DELETE FROM svc._dgw.queries WHERE id = ?', [q.id]);
  await c.run('DELETE FROM svc._dgw.refresh_log WHERE query_id = ?', [q.id]);
  await c.run(dropObjectSql(q));
  s.refreshes.delete(q.id);
}
