import type { DuckDBConnection } from '@duckdb/node-api';

// Relations and metadata notes name what they describe, so they go with it, or follow its new name, in the same transaction:
// left behind, a relation would fail to apply elsewhere and a new table of the same name would inherit the old descriptions.

export const STORED_CATALOG = '1';

/** Forgets the relations from or to a stored table (or one of its columns), or a table of another catalog whose table goes (a saved query, a semantic or parametric table), and the notes on it. */
export async function forgetStored(c: DuckDBConnection, schema: string, table: string, column?: string, catalogId = STORED_CATALOG): Promise<void> {
  const at = (prefix: string) => `(${prefix}catalog_id = $1 AND ${prefix}schema_name = $2 AND ${prefix}table_name = $3${column === undefined ? '' : ` AND ${prefix}column_name = $4`})`;
  const params = column === undefined ? [catalogId, schema, table] : [catalogId, schema, table, column];
  await c.run(`DELETE FROM svc._dgw.relations WHERE ${at('')} OR ${at('target_')}`, params);
  await c.run(`DELETE FROM svc._dgw.metadata_notes WHERE ${at('')}`, params);
}

/** Forgets the relations and notes of the columns of a table of `catalogId` that `relation` (its view or table, made anew) no longer has. */
export async function forgetGoneColumns(c: DuckDBConnection, relation: string, catalogId: string, schema: string, table: string): Promise<void> {
  const at = (prefix: string) => `(${prefix}catalog_id = $1 AND ${prefix}schema_name = $2 AND ${prefix}table_name = $3 AND ${prefix}column_name NOT IN (SELECT column_name FROM (DESCRIBE ${relation})))`;
  await c.run(`DELETE FROM svc._dgw.relations WHERE ${at('')} OR ${at('target_')}`, [catalogId, schema, table]);
  await c.run(`DELETE FROM svc._dgw.metadata_notes WHERE ${at('')}`, [catalogId, schema, table]);
}

/** Moves the relations and notes of a stored table's column to its new name. */
export async function renameStoredColumn(c: DuckDBConnection, schema: string, table: string, from: string, to: string): Promise<void> {
  const params = [STORED_CATALOG, schema, table, from, to];
  for (const prefix of ['', 'target_']) {
    await c.run(`UPDATE svc._dgw.relations SET ${prefix}column_name = $5 WHERE ${prefix}catalog_id = $1 AND ${prefix}schema_name = $2 AND ${prefix}table_name = $3 AND ${prefix}column_name = $4`, params);
  }
  await c.run('UPDATE svc._dgw.metadata_notes SET column_name = $5 WHERE catalog_id = $1 AND schema_name = $2 AND table_name = $3 AND column_name = $4', params);
}

/** Moves the relations and notes of a table of `catalogId` (a saved query's, say) to its new name. */
export async function renameTable(c: DuckDBConnection, catalogId: string, schema: string, from: string, to: string): Promise<void> {
  const params = [catalogId, schema, from, to];
  for (const prefix of ['', 'target_']) {
    await c.run(`UPDATE svc._dgw.relations SET ${prefix}table_name = $4 WHERE ${prefix}catalog_id = $1 AND ${prefix}schema_name = $2 AND ${prefix}table_name = $3`, params);
  }
  await c.run('UPDATE svc._dgw.metadata_notes SET table_name = $4 WHERE catalog_id = $1 AND schema_name = $2 AND table_name = $3', params);
}

/** Forgets the relations from or to a catalog that goes (a connection's, a semantic one), the notes on it and its last metadata refresh. */
export async function forgetCatalog(c: DuckDBConnection, catalogId: string): Promise<void> {
  await c.run('DELETE FROM svc._dgw.relations WHERE catalog_id = $1 OR target_catalog_id = $1', [catalogId]);
  await c.run('DELETE FROM svc._dgw.metadata_notes WHERE catalog_id = $1', [catalogId]);
  await c.run('DELETE FROM svc._dgw.metadata_snapshots WHERE catalog_id = $1', [catalogId]);
}
