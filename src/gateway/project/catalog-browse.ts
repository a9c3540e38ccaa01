import { existsSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { didYouMean } from '../../output/did-you-mean.js';
import { notFound } from '../errors.js';
import { ident } from '../sql.js';
import type { CatalogPlace } from './catalog-place.js';
import { rows, textOrNull } from './store.js';
import { isFailingView } from './unreadable-file.js';

/** A column as DuckDB's catalog describes it. */
export interface BrowsedColumn {
  name: string;
  dataType: string;
  isNotNull: boolean;
  comment: string | null;
}

/** One column's statistics, computed from its rows. */
export interface ColumnStats {
  columnName: string;
  nullCount: number;
  distinctCount: number;
  min: string | null;
  max: string | null;
}

const HIDDEN_SCHEMAS = new Set(['information_schema', 'pg_catalog']);

export async function schemaNames(conn: DuckDBConnection, place: CatalogPlace): Promise<string[]> {
  if (place.schemas) return place.schemas;
  const found = await rows(conn, 'SELECT schema_name FROM duckdb_schemas() WHERE database_name = $1 ORDER BY schema_name', [place.database]);
  return found.map((r) => String(r.schema_name)).filter((s) => !HIDDEN_SCHEMAS.has(s));
}

export async function tableNames(conn: DuckDBConnection, place: CatalogPlace, schema: string): Promise<string[]> {
  if (!(await schemaNames(conn, place)).includes(schema)) throw notFound(`catalog ${place.catalog.name} (${place.catalog.id}) has no schema ${schema}`);
  const found = await rows(
    conn,
    'SELECT table_name AS name FROM duckdb_tables() WHERE database_name = $1 AND schema_name = $2 UNION SELECT view_name FROM duckdb_views() WHERE database_name = $1 AND schema_name = $2 AND NOT internal ORDER BY 1',
    [place.database, schema],
  );
  return found.map((r) => String(r.name));
}

/** The tables a catalog lists: a connected file gone since the project opened is still a view in DuckDB's catalog, but no table. */
export async function listedTables(conn: DuckDBConnection, place: CatalogPlace, schema: string): Promise<string[]> {
  const names = await tableNames(conn, place, schema);
  const gone = goneTables(place);
  const listed = names.filter((name) => !gone.has(name));
  const c = place.connection;
  if (c && listed.length === 0 && names.length > 0) throw notFound(`catalog ${c.catalogName} cannot be read: its connection ${c.name} has no ${c.type} file at ${c.config.path} any more (gone or moved since the project opened)`);
  return listed;
}

/** The tables of a connected catalog whose files are gone since the project opened. */
export function goneTables(place: CatalogPlace): Set<string> {
  const c = place.connection;
  if (!c || c.type === 'duckdb') return new Set();
  return new Set(Object.entries(c.tables ?? {}).flatMap(([file, name]) => (existsSync(file) ? [] : [name])));
}

export async function columns(conn: DuckDBConnection, place: CatalogPlace, schema: string, table: string): Promise<BrowsedColumn[]> {
  const names = await tableNames(conn, place, schema);
  if (!names.includes(table)) throw notFound(`catalog ${place.catalog.name} (${place.catalog.id}) has no table ${schema}.${table}${didYouMean(table, names)}`);
  const found = await rows(
    conn,
    'SELECT column_name, data_type, is_nullable, comment FROM duckdb_columns() WHERE database_name = $1 AND schema_name = $2 AND table_name = $3 ORDER BY column_index',
    [place.database, schema, table],
  );
  return found.map((r) => ({ name: String(r.column_name), dataType: String(r.data_type), isNotNull: r.is_nullable === false, comment: textOrNull(r.comment) }));
}

/** The columns of a table that reads; one that does not (a connected file, a parametric table's base) fails saying why. */
export async function readableColumns(conn: DuckDBConnection, place: CatalogPlace, schema: string, table: string): Promise<BrowsedColumn[]> {
  const cols = await columns(conn, place, schema, table);
  const relation = `${ident(place.database)}.${ident(schema)}.${ident(table)}`;
  if (isFailingView(cols)) await rows(conn, `SELECT count(*) FROM ${relation}`);
  // A connected file gone since the project opened is still in DuckDB's catalog: its first row says whether it reads.
  else if (place.catalog.connectionId) await rows(conn, `SELECT 1 FROM ${relation} LIMIT 1`);
  return cols;
}

/** Rows, and per column nulls, distinct values, min and max, each by one aggregate over the table. */
export async function statistics(conn: DuckDBConnection, place: CatalogPlace, schema: string, table: string): Promise<{ rowCount: number; columns: ColumnStats[] }> {
  const cols = await columns(conn, place, schema, table);
  const relation = `${ident(place.database)}.${ident(schema)}.${ident(table)}`;
  const parts = cols.flatMap((c, i) => {
    const col = ident(c.name);
    return [`count(*) - count(${col}) AS n${i}`, `count(DISTINCT ${col}) AS d${i}`, `min(${col})::VARCHAR AS lo${i}`, `max(${col})::VARCHAR AS hi${i}`];
  });
  const [r] = await rows(conn, `SELECT count(*) AS row_count${parts.length ? `, ${parts.join(', ')}` : ''} FROM ${relation}`);
  return {
    rowCount: Number(r.row_count),
    columns: cols.map((c, i) => ({ columnName: c.name, nullCount: Number(r[`n${i}`]), distinctCount: Number(r[`d${i}`]), min: textOrNull(r[`lo${i}`]), max: textOrNull(r[`hi${i}`]) })),
  };
}
