import type { DuckDBConnection } from '@duckdb/node-api';
import { badRequest, conflict, notFound, userSql } from '../errors.js';
import { aType, ident, literal, qualified, type StoredSchema } from '../sql.js';
import { sqlName, sqlWord } from '../../api/names.js';
import { shellWord } from '../../output/carry-target.js';
import { didYouMean } from '../../output/did-you-mean.js';
import { rows, type ProjectStore } from './store.js';
import type { ColumnChange, ColumnInfo, ColumnSpec, TableInfo } from './types.js';
import { forgetStored, renameStoredColumn } from './table-references.js';
import { letStoredTableGo } from './stored-table-goes.js';

// Stored tables live in `svc.table`, BI tables in `svc.bitable`: DuckDB stores both by column, so one code serves both.
// DuckDB has no table without columns: such a table is a row of `_dgw.empty_tables` until its first columns come.

export async function tables(s: ProjectStore, schema: StoredSchema = 'table'): Promise<TableInfo[]> {
  const [cols, uniques, empty] = await s.withConnection(async (c) => [
    await rows(c, `SELECT table_name, column_name, data_type, is_nullable, column_default FROM duckdb_columns() WHERE database_name = 'svc' AND schema_name = $1 ORDER BY table_name, column_index`, [schema]),
    await rows(c, `SELECT table_name, constraint_column_names AS names FROM duckdb_constraints() WHERE database_name = 'svc' AND schema_name = $1 AND constraint_type IN ('UNIQUE', 'PRIMARY KEY')`, [schema]),
    await rows(c, 'SELECT name FROM svc._dgw.empty_tables WHERE schema_name = $1', [schema]),
  ]);
  const unique = new Set(uniques.filter((r) => Array.isArray(r.names) && r.names.length === 1).map((r) => `${r.table_name}\u0000${(r.names as unknown[])[0]}`));
  const column = (r: Record<string, unknown>): ColumnInfo => ({
    name: String(r.column_name),
    dataType: String(r.data_type),
    notNull: r.is_nullable === false,
    unique: unique.has(`${r.table_name}\u0000${r.column_name}`),
    defaultValue: r.column_default === null ? null : unquote(String(r.column_default)),
  });
  const byTable = Map.groupBy(cols, (r) => String(r.table_name));
  for (const r of empty) if (![...byTable.keys()].some((t) => sameName(t, String(r.name)))) byTable.set(String(r.name), []);
  return [...byTable].map(([name, list]) => ({ name, schema, columns: list.map(column) })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A stored table by name, or 404. */
export async function table(s: ProjectStore, name: string, schema: StoredSchema = 'table'): Promise<TableInfo> {
  const all = await tables(s, schema);
  const t = all.find((x) => sameName(x.name, name));
  if (!t) throw notFound(`${KIND[schema]} ${name} not found in project ${s.id}${didYouMean(name, all.map((x) => x.name))}`);
  return t;
}

/** Create Table: with columns it is a DuckDB table at once; without, an empty table until columns come. */
export async function createTable(s: ProjectStore, name: string, columns: ColumnSpec[], schema: StoredSchema = 'table'): Promise<TableInfo> {
  await s.tx(async (c) => {
    if ((await tables(s, schema)).some((t) => sameName(t.name, name))) throw conflict(`${KIND[schema]} ${name} already exists`);
    if (columns.length === 0) {
      await c.run('INSERT INTO svc._dgw.empty_tables (name, created_at, schema_name) VALUES (?, ?, ?)', [name, s.now(), schema]);
      return;
    }
    await checkDefaults(c, columns);
    await userSql(() => c.run(createTableSql(name, columns, schema)));
  });
  return table(s, name, schema);
}

/** Add Column: the columns added, as they are now. An empty table is created with them. */
export async function addColumns(s: ProjectStore, tableName: string, columns: ColumnSpec[], schema: StoredSchema = 'table'): Promise<ColumnInfo[]> {
  const t = await s.tx(async (c) => {
    const t = await table(s, tableName, schema);
    for (const col of columns) {
      if (t.columns.some((x) => sameName(x.name, col.name))) throw conflict(`table ${t.name} already has a column ${col.name}`);
    }
    await checkDefaults(c, columns);
    if (t.columns.length === 0) {
      await c.run('DELETE FROM svc._dgw.empty_tables WHERE lower(name) = lower(?) AND schema_name = ?', [t.name, schema]);
      await userSql(() => c.run(createTableSql(t.name, columns, schema)));
      return t;
    }
    const uniqueOne = columns.find((col) => col.unique);
    if (uniqueOne) throw badRequest(`column ${uniqueOne.name}: the local gateway can only make a column unique when the table is created (DuckDB cannot add a UNIQUE column)`);
    for (const col of columns) {
      const withDefault = col.defaultValue === null ? '' : ` DEFAULT ${literal(col.defaultValue)}`;
      await userSql(() => c.run(`ALTER TABLE ${qualified(schema, t.name)} ADD COLUMN ${ident(col.name)} ${col.dataType}${withDefault}`));
      if (col.notNull) await userSql(() => c.run(`ALTER TABLE ${qualified(schema, t.name)} ALTER COLUMN ${ident(col.name)} SET NOT NULL`));
    }
    return t;
  });
  const after = await table(s, t.name, schema);
  return columns.map((col) => after.columns.find((x) => sameName(x.name, col.name))!);
}

/** Delete Table Column (spec 4.8). */
export async function dropColumn(s: ProjectStore, tableName: string, columnName: string, schema: StoredSchema = 'table'): Promise<TableInfo> {
  const name = await s.tx(async (c) => {
    const t = await table(s, tableName, schema);
    const col = columnOf(t, columnName);
    if (t.columns.length === 1) throw badRequest(`${col.name} is the only column of ${t.name}; a table keeps at least one column (delete the table instead)`);
    await userSql(() => c.run(`ALTER TABLE ${qualified(schema, t.name)} DROP COLUMN ${ident(col.name)}`));
    await forgetStored(c, schema, t.name, col.name);
    return t.name;
  });
  await checkpoint(s);
  return table(s, name, schema);
}

/** Update Column: renames, retypes (converting the rows), sets or drops the default and NOT NULL; all or nothing. */
export async function updateColumn(s: ProjectStore, tableName: string, columnName: string, change: ColumnChange, schema: StoredSchema = 'table'): Promise<ColumnInfo[]> {
  const tableNow = await s.tx(async (c) => {
    const t = await table(s, tableName, schema);
    const col = columnOf(t, columnName);
    const name = change.name ?? col.name;
    if (!sameName(name, col.name) && t.columns.some((x) => sameName(x.name, name))) throw conflict(`${KIND[schema]} ${t.name} already has a column ${name}`);
    if (change.unique !== undefined && change.unique !== col.unique) {
      throw badRequest(`column ${col.name}: the local gateway cannot make a column unique or not unique after the table is made (DuckDB cannot alter a UNIQUE constraint)`);
    }
    const target = qualified(schema, t.name);
    if (name !== col.name) {
      await userSql(() => c.run(`ALTER TABLE ${target} RENAME COLUMN ${ident(col.name)} TO ${ident(name)}`));
      await renameStoredColumn(c, schema, t.name, col.name, name);
    }
    const alter = `ALTER TABLE ${target} ALTER COLUMN ${ident(name)}`;
    if (change.dataType !== undefined && change.dataType !== col.dataType) {
      // DuckDB's ALTER TYPE converts deleted rows too, refusing a value no longer in the table: the rows there are checked by a read, then converted with TRY_CAST.
      const cast = (fn: string) => `${fn}(${ident(name)} AS ${change.dataType})`;
      await userSql(() => c.run(`SELECT 1 FROM ${target} WHERE ${ident(name)} IS NOT NULL AND ${cast('CAST')} IS NULL LIMIT 1`));
      if (!/^VARCHAR$/i.test(col.dataType)) await refuseChangedValues(c, schema, t.name, name, col.dataType, change.dataType);
      await userSql(() => c.run(`${alter} TYPE ${change.dataType} USING ${cast('TRY_CAST')}`));
    }
    if (change.defaultValue !== undefined) {
      if (change.defaultValue !== null) await checkDefaults(c, [{ name, dataType: change.dataType ?? col.dataType, defaultValue: change.defaultValue, notNull: false, unique: false }]);
      await userSql(() => c.run(change.defaultValue === null ? `${alter} DROP DEFAULT` : `${alter} SET DEFAULT ${literal(change.defaultValue!)}`));
    }
    if (change.notNull === true && !col.notNull) await refuseEmptyRows(c, `svc.${schema}.${ident(t.name)}`, t.name, name, col.name);
    if (change.notNull !== undefined && change.notNull !== col.notNull) await userSql(() => c.run(`${alter} ${change.notNull ? 'SET' : 'DROP'} NOT NULL`));
    return t.name;
  });
  await checkpoint(s);
  return (await table(s, tableNow, schema)).columns;
}

/** 400 when a value would not come back as itself from the new type (DECIMAL 1.25 as BIGINT is 1, BIGINT 2 as BOOLEAN true). */
async function refuseChangedValues(c: DuckDBConnection, schema: StoredSchema, table: string, column: string, from: string, to: string): Promise<void> {
  const target = qualified(schema, table);
  const col = ident(column);
  const [changed] = await rows(c, `SELECT ${col}::VARCHAR AS was, TRY_CAST(${col} AS ${to})::VARCHAR AS becomes, count(*) OVER ()::INTEGER AS n FROM ${target} WHERE ${col} IS NOT NULL AND TRY_CAST(TRY_CAST(${col} AS ${to}) AS ${from}) IS DISTINCT FROM ${col} LIMIT 1`);
  if (!changed) return;
  const n = Number(changed.n);
  const update = `UPDATE ${sqlName(`svc.${schema}`, table)} SET ${sqlWord(column)} = CAST(${sqlWord(column)} AS ${to})`;
  throw badRequest(
    `column ${column} of ${table} is not changed to ${to}: ${n === 1 ? 'a value' : `${n} values`} would change (${changed.was} would be ${changed.becomes ?? 'NULL'}); to change ${n === 1 ? 'it' : 'them'} on purpose, first run \`dgw sql ${shellWord(update)}\`, then change the type`,
  );
}

/** 400 when rows have the column empty: DuckDB's refusal of NOT NULL says neither how many nor what to do. */
async function refuseEmptyRows(c: DuckDBConnection, target: string, table: string, column: string, shown: string): Promise<void> {
  const [{ n }] = await rows(c, `SELECT count(*)::INTEGER AS n FROM ${target} WHERE ${ident(column)} IS NULL`);
  if (n === 0) return;
  const them = n === 1 ? 'it' : 'them';
  throw badRequest(`column ${shown} of ${table} is empty (NULL) in ${n} row${n === 1 ? '' : 's'}: give ${them} a value (UPDATE ${target} SET ${ident(column)} = ... WHERE ${ident(column)} IS NULL) or delete ${them}, then make it NOT NULL`);
}

/** Delete Table: views and materialized queries reading it fail when next run. */
export async function deleteTable(s: ProjectStore, tableName: string, schema: StoredSchema = 'table'): Promise<TableInfo> {
  const t = await s.tx(async (c) => {
    const t = await table(s, tableName, schema);
    await letStoredTableGo(c, schema, t.name);
    if (t.columns.length === 0) await c.run('DELETE FROM svc._dgw.empty_tables WHERE lower(name) = lower(?) AND schema_name = ?', [t.name, schema]);
    else await userSql(() => c.run(`DROP TABLE ${qualified(schema, t.name)}`));
    return t;
  });
  await checkpoint(s);
  return t;
}

/** A default that does not convert to its column's type is a 400 before anything changes. */
async function checkDefaults(c: DuckDBConnection, columns: ColumnSpec[]): Promise<void> {
  for (const col of columns) {
    if (col.defaultValue === null) continue;
    try {
      await c.run(`SELECT CAST(?::VARCHAR AS ${col.dataType})`, [col.defaultValue]);
    } catch {
      throw badRequest(`column ${col.name}: defaultValue "${col.defaultValue}" is not ${aType(col.dataType)}`);
    }
  }
}

export function createTableSql(name: string, columns: ColumnSpec[], schema: StoredSchema = 'table'): string {
  return `CREATE TABLE ${qualified(schema, name)} (${columns.map(columnSql).join(', ')})`;
}

const KIND: Record<StoredSchema, string> = { table: 'table', bitable: 'BI table' };

function columnOf(t: TableInfo, columnName: string): ColumnInfo {
  const col = t.columns.find((x) => sameName(x.name, columnName));
  if (!col) throw notFound(`${KIND[t.schema]} ${t.name} has no column ${columnName}${didYouMean(columnName, t.columns.map((x) => x.name))}`);
  return col;
}

function columnSql(col: ColumnSpec): string {
  return [ident(col.name), col.dataType, col.unique ? 'UNIQUE' : '', col.notNull ? 'NOT NULL' : '', col.defaultValue === null ? '' : `DEFAULT ${literal(col.defaultValue)}`]
    .filter(Boolean)
    .join(' ');
}

/** Rewrite the file so deleted data is not left behind in free blocks; skipped while others write. */
async function checkpoint(s: ProjectStore): Promise<void> {
  await s.mutex.run(() => s.writer.run('CHECKPOINT').catch(() => undefined));
}

function unquote(text: string): string {
  const m = /^'((?:[^']|'')*)'$/.exec(text);
  return m ? m[1].replace(/''/g, "'") : text;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
