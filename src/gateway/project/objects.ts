import type { DuckDBConnection } from '@duckdb/node-api';
import { qualified, trimStatement } from '../sql.js';
import { statusStatement } from './refresh-log.js';
import type { ProjectStore } from './store.js';
import type { QueryRow, RefreshRow, SqlCheck, Statement } from './types.js';
import { withBuiltInCatalog } from '../catalog-alias.js';
import { QUERY_CATALOG_ID } from '../routes/catalogs.js';
import { forgetStored } from './table-references.js';
import { refuseQueryCached } from './cached-query-stays.js';

/** SQL ending in its own `WITH [NO] DATA` does not parse here, just as it does not parse as a view body. */
export function materializeSql(name: string, sql: string): string {
  return `CREATE OR REPLACE TABLE ${qualified('mtquery', name)} AS\n${trimStatement(withBuiltInCatalog(sql))}\nWITH DATA`;
}

/** Drops the view of a PLAIN query (if it was made) or the materialized table of a MATERIALIZED one. */
export function dropObjectSql(q: Pick<QueryRow, 'queryType' | 'name'>): string {
  return q.queryType === 'PLAIN' ? `DROP VIEW IF EXISTS ${qualified('query', q.name)}` : `DROP TABLE IF EXISTS ${qualified('mtquery', q.name)}`;
}

/** SQL building a MATERIALIZED query's table; SQL that does not bind yet gets a FAILED refresh instead. */
export function objectStatements(s: ProjectStore, row: QueryRow, check: SqlCheck): Statement[] {
  if (row.queryType === 'PLAIN') return [];
  if (check.bindError !== undefined) {
    const now = s.now();
    return [statusStatement(s, row.id, { status: 'FAILED', startedAt: now, finishedAt: now, message: check.bindError })];
  }
  const sql = materializeSql(row.name, check.sql);
  return [{ sql, run: (conn) => s.sandbox.materialize(conn, sql), apply: () => s.refreshes.set(row.id, builtStatus(row)) }];
}

/** The status of a materialized table built when its query was saved. */
export function builtStatus(q: QueryRow): RefreshRow {
  return { status: 'COMPLETED', startedAt: q.materializedAt, finishedAt: q.materializedAt, message: null };
}

/** Deletes a query inside a transaction: its row, its refresh log, and its view or table. */
export async function dropQuery(s: ProjectStore, c: DuckDBConnection, q: QueryRow): Promise<void> {
  // A project without semantic catalogs loads none of their code.
  if (s.semanticCatalogs.length > 0) await (await import('./semantic-catalogs.js')).refuseQueryInCatalog(s, c, q);
  await refuseQueryCached(c, q, 'delete');
  await c.run('DELETE FROM svc._dgw.query_rows WHERE id = ?', [q.id]);
  await c.run('DELETE FROM svc._dgw.refresh_log WHERE query_id = ?', [q.id]);
  await c.run(dropObjectSql(q));
  // Its relations and descriptions go with it, as a stored table's do: a new query of its name would inherit them.
  await forgetStored(c, 'query', q.name, undefined, QUERY_CATALOG_ID);
  s.refreshes.delete(q.id);
}
