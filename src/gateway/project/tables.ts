import type { DuckDBConnection } from '@duckdb/node-api';
import { badRequest, conflict, notFound, userSql } from '../errors.js';
import { ident, literal, qualified } from '../sql.js';
import { didYouMean } from '../../output/did-you-mean.js';
import { rows, type ProjectStore } from './store.js';
import type { ColumnInfo, ColumnSpec, TableInfo } from './types.js';

// DuckDB has no table without columns: such a table is a row of `_dgw.empty_tables` until its first columns come.

export async function tables(s: ProjectStore): Promise<TableInfo[]> {
  const [cols, uniques, empty] = await s.withConnection(async (c) => [
    await rows(c, `SELECT table_name, column_name, data_type, is_nullable, column_default FROM duckdb_columns() WHERE database_name = 'svc' AND schema_name = 'table' ORDER BY table_name, column_index`),
    await rows(c, `SELECT table_name, constraint_column_names AS names FROM duckdb_constraints() WHERE database_name = 'svc' AND schema_name = 'table' AND constraint_type IN ('UNIQUE', 'PRIMARY KEY')`),
    await rows(c, 'SELECT name FROM svc._dgw.empty_tables'),
  ]);
  const unique = new Set(uniques.filter((r) => Array.isArray(r.names) && r.names.length === 1).map((r) => `${r.table_name}\u0000${(r.names as unknown[])[0]}`));
  const byTable = new Map<string, ColumnInfo[]>();
  for (const r of cols) {
    const t = String(r.table_name);
    if (!byTable.has(t)) byTable.set(t, []);
    byTable.get(t)!.push({
      name: String(r.column_name),
      dataType: String(r.data_type),
      notNull: r.is_nullable === false,
      unique: unique.has(`${t}\u0000${r.column_name}`),
      defaultValue: r.column_default === null ? null : unquote(String(r.column_default)),
    });
  }
  for (const r of empty) if (![...byTable.keys()].some((t) => sameName(t, String(r.name)))) byTable.set(String(r.name), []);
  return [...byTable].map(([name, columns]) => ({ name, columns })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A stored table by name, or 404. */
export async function table(s: ProjectStore, name: string): Promise<TableInfo> {
  const all = await tables(s);
  const t = all.find((x) => sameName(x.name, name));
  if (!t) throw notFound(`table ${name} not found in project ${s.id}${didYouMean(name, all.map((x) => x.name))}`);
  return t;
}

/** Create Table: with columns it is a DuckDB table at once; without, an empty table until columns come. */
export async function createTable(s: ProjectStore, name: string, columns: ColumnSpec[]): Promise<TableInfo> {
  await s.tx(async (c) => {
    if ((await tables(s)).some((t) => sameName(t.name, name))) throw conflict(`table ${name} already exists`);
    if (columns.length === 0) {
      await c.run('INSERT INTO svc._dgw.empty_tables VALUES (?, ?)', [name, s.now()]);
      return;
    }
    await checkDefaults(c, columns);
    await userSql(() => c.run(createTableSql(name, columns)));
  });
  return table(s, name);
}

/** Add Column: the columns added, as they are now. An empty table is created with them. */
export async function addColumns(s: ProjectStore, tableName: string, columns: ColumnSpec[]): Promise<ColumnInfo[]> {
  const t = await table(s, tableName);
  for (const col of columns) {
    if (t.columns.some((x) => sameName(x.name, col.name))) throw conflict(`table ${t.name} already has a column ${col.name}`);
  }
  await s.tx(async (c) => {
    await checkDefaults(c, columns);
    if (t.columns.length === 0) {
      await c.run('DELETE FROM svc._dgw.empty_tables WHERE lower(name) = lower(?)', [t.name]);
      await userSql(() => c.run(`CREATE TABLE ${qualified('table', t.name)} (${columns.map(columnSql).join(', ')})`));
      return;
    }
    const uniqueOne = columns.find((col) => col.unique);
    if (uniqueOne) throw badRequest(`column ${uniqueOne.name}: the local gateway can only make a column unique when the table is created (DuckDB cannot add a UNIQUE column)`);
    for (const col of columns) {
      const withDefault = col.defaultValue === null ? '' : ` DEFAULT ${literal(col.defaultValue)}`;
      await userSql(() => c.run(`ALTER TABLE ${qualified('table', t.name)} ADD COLUMN ${ident(col.name)} ${col.dataType}${withDefault}`));
      if (col.notNull) await userSql(() => c.run(`ALTER TABLE ${qualified('table', t.name)} ALTER COLUMN ${ident(col.name)} SET NOT NULL`));
    }
  });
  const after = await table(s, t.name);
  return columns.map((col) => after.columns.find((x) => sameName(x.name, col.name))!);
}

/** Delete Table Column (spec 4.8). */
export async function dropColumn(s: ProjectStore, tableName: string, columnName: string): Promise<TableInfo> {
  const t = await table(s, tableName);
  const col = t.columns.find((x) => sameName(x.name, columnName));
  if (!col) throw notFound(`table ${t.name} has no column ${columnName}${didYouMean(columnName, t.columns.map((x) => x.name))}`);
  if (t.columns.length === 1) throw badRequest(`${col.name} is the only column of ${t.name}; a table keeps at least one column (delete the table instead)`);
  await s.tx(async (c) => {
    await userSql(() => c.run(`ALTER TABLE ${qualified('table', t.name)} DROP COLUMN ${ident(col.name)}`));
  });
  await checkpoint(s);
  return table(s, t.name);
}

/** Delete Table: views and materialized queries reading it fail when next run. */
export async function deleteTable(s: ProjectStore, tableName: string): Promise<TableInfo> {
  const t = await table(s, tableName);
  await s.tx(async (c) => {
    if (t.columns.length === 0) await c.run('DELETE FROM svc._dgw.empty_tables WHERE lower(name) = lower(?)', [t.name]);
    else await userSql(() => c.run(`DROP TABLE ${qualified('table', t.name)}`));
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
      throw badRequest(`column ${col.name}: defaultValue "${col.defaultValue}" is not a ${col.dataType}`);
    }
  }
}

/** The statement that makes stored table `name` with `columns`. */
export function createTableSql(name: string, columns: ColumnSpec[]): string {
  return `CREATE TABLE ${qualified('table', name)} (${columns.map(columnSql).join(', ')})`;
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
