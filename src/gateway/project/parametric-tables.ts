import type { DuckDBConnection } from '@duckdb/node-api';
import { didYouMean } from '../../output/did-you-mean.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { aType, ident, literal } from '../sql.js';
import { BUILT_IN_CATALOGS } from '../routes/catalogs.js';
import { cacheOfTable } from './cache-rows.js';
import { FILE_READERS, findCatalogConnection, readConnections, type ConnectionRow } from './connections.js';
import { ifTable, rows, rowsAs, type ProjectStore } from './store.js';
import { forgetStored } from './table-references.js';
import { failingViewSql, unreadableCause } from './unreadable-file.js';

// The hosted service binds REST tables' query parameters; with no REST source here, a parametric table is a view of a connected
// file's rows where each key (a column, as the document calls it) equals its value, macros evaluated per query.

/** A parametric table as stored: its catalog, base table, target name and fixed values. */
export interface ParametricRow {
  catalogId: string;
  fromSchema: string;
  fromTable: string;
  toSchema: string;
  toTable: string;
  paramValues: Array<{ key: string; value: unknown }>;
  createdAt: number;
}

export const PARAMETRIC_DDL = 'CREATE TABLE IF NOT EXISTS svc._dgw.parametric_tables (catalog_id VARCHAR, from_schema VARCHAR, from_table VARCHAR, to_schema VARCHAR, to_table VARCHAR, param_values VARCHAR, created_at BIGINT)';

/** Every parametric table of the project; none before metadata version 7 made their table. */
export async function readParametricTables(conn: DuckDBConnection): Promise<ParametricRow[]> {
  const sql = 'SELECT * FROM svc._dgw.parametric_tables ORDER BY created_at, to_schema, to_table';
  const stored = await ifTable(rowsAs<Omit<ParametricRow, 'paramValues'> & { paramValues: string }>(conn, sql), []);
  return stored.map((p) => ({ ...p, paramValues: JSON.parse(p.paramValues) as ParametricRow['paramValues'] }));
}

export async function insertParametricTable(conn: DuckDBConnection, p: ParametricRow): Promise<void> {
  await conn.run('INSERT INTO svc._dgw.parametric_tables VALUES ($1, $2, $3, $4, $5, $6, $7)', [p.catalogId, p.fromSchema, p.fromTable, p.toSchema, p.toTable, JSON.stringify(p.paramValues), p.createdAt]);
}

export async function deleteParametricRows(conn: DuckDBConnection, catalogId: string, target?: { toSchema: string; toTable: string }): Promise<void> {
  if (!target) await conn.run('DELETE FROM svc._dgw.parametric_tables WHERE catalog_id = $1', [catalogId]);
  else await conn.run('DELETE FROM svc._dgw.parametric_tables WHERE catalog_id = $1 AND lower(to_schema) = lower($2) AND lower(to_table) = lower($3)', [catalogId, target.toSchema, target.toTable]);
}

/** The SELECT a parametric table stands for, in catalog `catalogName`. */
export function parametricSelect(catalogName: string, p: Pick<ParametricRow, 'fromSchema' | 'fromTable' | 'paramValues'>): string {
  const where = p.paramValues.map(({ key, value }) => condition(key, value));
  return `SELECT * FROM ${ident(catalogName)}.${ident(p.fromSchema)}.${ident(p.fromTable)}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
}

/** Makes the view (and its schema) in the connection's catalog; done when the project opens, before it is locked down. */
export async function createParametricView(conn: DuckDBConnection, catalogName: string, p: ParametricRow): Promise<void> {
  await conn.run(`CREATE SCHEMA IF NOT EXISTS ${ident(catalogName)}.${ident(p.toSchema)}`);
  await conn.run(`CREATE OR REPLACE VIEW ${ident(catalogName)}.${ident(p.toSchema)}.${ident(p.toTable)} AS ${parametricSelect(catalogName, p)}`);
}

/** Checks a new parametric table against the catalog as it is: the base table, its columns, a free target, values that bind. */
export async function checkParametricTable(conn: DuckDBConnection, catalogName: string, p: ParametricRow): Promise<void> {
  const tables = await rows(conn, 'SELECT schema_name, table_name FROM duckdb_tables() WHERE database_name = $1 UNION ALL SELECT schema_name, view_name FROM duckdb_views() WHERE database_name = $1 AND NOT internal', [catalogName]);
  const names = tables.map((t) => `${String(t.schema_name)}.${String(t.table_name)}`);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const from = `${p.fromSchema}.${p.fromTable}`;
  if (!names.some((n) => same(n, from))) throw notFound(`catalog ${catalogName} has no table ${from}${didYouMean(from, names)}`);
  if (names.some((n) => same(n, `${p.toSchema}.${p.toTable}`))) throw conflict(`catalog ${catalogName} has a table ${p.toSchema}.${p.toTable} already`);
  const described = await rows(conn, `DESCRIBE SELECT * FROM ${ident(catalogName)}.${ident(p.fromSchema)}.${ident(p.fromTable)}`);
  const columns = described.map((r) => String(r.column_name));
  for (const { key, value } of p.paramValues) {
    const at = columns.findIndex((c) => same(c, key));
    if (at < 0) throw badRequest(`paramValues: ${from} has no column ${key}${didYouMean(key, columns)}; here a parameter fixes a column of the base table`);
    if (value === null) continue;
    // The value is a constant: converting it now finds a wrong type before any row is read.
    const type = String(described[at].column_type);
    const expression = valueSql(value, key);
    if (typeof value === 'string' && value.startsWith('@') && !/^(DATE|TIMESTAMP)/.test(type)) throw badRequest(`paramValues: ${key} is a ${type} column; a date macro such as ${value} fixes a DATE or TIMESTAMP column`);
    const notValue = badRequest(`paramValues: ${JSON.stringify(value)} is not a value of ${key}, ${aType(type)} column`);
    await conn.run(`SELECT CAST(${expression} AS ${type})`).catch((error: unknown) => {
      if (!(error instanceof Error && error.message.startsWith('Conversion Error'))) throw error;
      throw notValue;
    });
    if (/^(U?(TINY|SMALL|BIG|HUGE)?INT(EGER)?|DECIMAL\(.*\))$/.test(type)) {
      const [cast] = await rows(conn, `SELECT TRY_CAST(${expression} AS DECIMAL(38,10)) <> CAST(${expression} AS ${type}) AS rounded`);
      if (cast.rounded === true) throw notValue;
    }
  }
}

/** One key's condition: equal to its value (NULL: IS NULL), a macro evaluated when the table is read. */
function condition(key: string, value: unknown): string {
  const column = ident(key);
  if (value === null) return `${column} IS NULL`;
  return `${column} = ${valueSql(value, key)}`;
}

/** A value as SQL: a macro's expression, else quoted, so it takes the column's type (a bare 7 read a text column as numbers). */
function valueSql(value: unknown, key: string): string {
  if (typeof value === 'boolean' || typeof value === 'number') return literal(String(value));
  if (typeof value === 'string') return value.startsWith('@') ? macro(value) : literal(value);
  throw badRequest(`paramValues: the value of ${key} must be a string, a number, true, false or null`);
}

const ANCHORS: Record<string, string> = {
  today: 'current_date',
  yesterday: "(current_date - INTERVAL '1 day')",
  now: 'CAST(now() AS TIMESTAMP)',
  sow: "date_trunc('week', current_date)",
  eow: "(date_trunc('week', current_date) + INTERVAL '6 days')",
  som: "date_trunc('month', current_date)",
  eom: 'last_day(current_date)',
  soq: "date_trunc('quarter', current_date)",
  eoq: "(date_trunc('quarter', current_date) + INTERVAL '3 months' - INTERVAL '1 day')",
  soy: "date_trunc('year', current_date)",
  eoy: "(date_trunc('year', current_date) + INTERVAL '1 year' - INTERVAL '1 day')",
};
const UNITS: Record<string, [number, string]> = { d: [1, 'day'], w: [1, 'week'], M: [1, 'month'], q: [3, 'month'], y: [1, 'year'], h: [1, 'hour'], m: [1, 'minute'] };
const MACRO = /^@([a-z]+)((?:[+-]\d{1,6}[dwMqyhm])*)$/;

/** A relative-date macro (`@today-7d`, `@som-1M`, `@now-24h`) as DuckDB SQL: a DATE, or a TIMESTAMP with `@now` or hours and minutes. */
export function macro(text: string): string {
  const m = MACRO.exec(text);
  const anchor = m ? ANCHORS[m[1]] : undefined;
  if (!m || anchor === undefined) {
    throw badRequest(`${JSON.stringify(text)} is not a date macro: @ then one of ${Object.keys(ANCHORS).join(', ')}, then offsets such as -7d or +1M (units d w M q y h m)`);
  }
  let sql = anchor;
  let timed = m[1] === 'now';
  for (const [, sign, count, unit] of m[2].matchAll(/([+-])(\d+)([dwMqyhm])/g)) {
    const [times, name] = UNITS[unit];
    timed ||= unit === 'h' || unit === 'm';
    sql = `(${sql} ${sign} INTERVAL '${Number(count) * times} ${name}')`;
  }
  return `CAST(${sql} AS ${timed ? 'TIMESTAMP' : 'DATE'})`;
}

/** Makes the views of the parametric tables whose catalogs opened; one whose base table is gone fails when read, saying so, and the project opens. */
export async function attachParametricTables(conn: DuckDBConnection, tables: ParametricRow[], connections: readonly ConnectionRow[], broken: ReadonlyMap<string, string>): Promise<void> {
  for (const p of tables) {
    const c = connections.find((x) => x.catalogId === p.catalogId);
    if (!c || broken.has(c.id)) continue;
    await createParametricView(conn, c.catalogName, p).catch(async (error: unknown) => {
      const why = `parametric table ${p.toSchema}.${p.toTable} of catalog ${c.catalogName} cannot be read: its base table ${p.fromSchema}.${p.fromTable} does not bind (${unreadableCause(error)})`;
      await conn.run(failingViewSql(`${ident(c.catalogName)}.${ident(p.toSchema)}.${ident(p.toTable)}`, why, true)).catch(() => undefined);
    });
  }
}

/** The connection whose catalog can hold parametric tables: a file connection's (its catalog is the gateway's own views). */
export function parametricCatalog(s: ProjectStore, catalogId: string): ConnectionRow {
  if (isBuiltIn(catalogId)) throw badRequest(`catalog ${catalogId} is built in: parametric tables are made locally on the catalogs of csv, parquet and json connections`);
  const c = findCatalogConnection(s, catalogId);
  if (!Object.hasOwn(FILE_READERS, c.type)) throw badRequest(`catalog ${c.catalogName} is a ${c.type} file attached read-only: parametric tables are made locally on the catalogs of csv, parquet and json connections`);
  return c;
}

const isBuiltIn = (catalogId: string) => BUILT_IN_CATALOGS.some((b) => b.id === catalogId);

/** Whether `p` is the parametric table `toSchema.toTable` (names compare as SQL's do, in any case). */
const isTarget = (p: Pick<ParametricRow, 'toSchema' | 'toTable'>, toSchema: string, toTable: string) =>
  p.toSchema.toLowerCase() === toSchema.toLowerCase() && p.toTable.toLowerCase() === toTable.toLowerCase();

export async function listParametricTables(s: ProjectStore, catalogId: string): Promise<ParametricRow[]> {
  if (isBuiltIn(catalogId)) return [];
  findCatalogConnection(s, catalogId);
  return (await s.withConnection(readParametricTables)).filter((p) => p.catalogId === catalogId);
}

/** Stores a parametric table once it is checked; the caller reopens the project, which makes its view. */
export async function createParametricTable(s: ProjectStore, catalogId: string, input: Omit<ParametricRow, 'catalogId' | 'createdAt'>): Promise<ParametricRow> {
  const c = parametricCatalog(s, catalogId);
  const row: ParametricRow = { ...input, catalogId, createdAt: s.now() };
  await s.withConnection((conn) => checkParametricTable(conn, c.catalogName, row));
  await s.tx(async (conn) => {
    findCatalogConnection(s, catalogId, await readConnections(conn));
    if ((await readParametricTables(conn)).some((p) => p.catalogId === catalogId && isTarget(p, row.toSchema, row.toTable))) {
      throw conflict(`catalog ${c.catalogName} has a parametric table ${row.toSchema}.${row.toTable} already`);
    }
    await insertParametricTable(conn, row);
  });
  return row;
}

export async function deleteParametricTable(s: ProjectStore, catalogId: string, toSchema: string, toTable: string): Promise<ParametricRow> {
  const c = parametricCatalog(s, catalogId);
  const found = (await s.withConnection(readParametricTables)).find((p) => p.catalogId === catalogId && isTarget(p, toSchema, toTable));
  if (!found) throw notFound(`catalog ${c.catalogName} has no parametric table ${toSchema}.${toTable}`);
  await s.tx(async (conn) => {
    const cache = await cacheOfTable(conn, catalogId, found.toSchema, found.toTable);
    if (cache) throw conflict(`table ${found.toSchema}.${found.toTable} is copied by cache ${cache.id} (svc.cache.${cache.copyName}): remove the cache first`);
    await deleteParametricRows(conn, catalogId, found);
    await forgetStored(conn, found.toSchema, found.toTable, undefined, catalogId);
  });
  return found;
}
