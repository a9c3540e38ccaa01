import { badRequest, conflict, notFound, userSql } from '../errors.js';
import { ident, qualified } from '../sql.js';
import { rows, type ProjectStore } from './store.js';
import type { ColumnInfo, TableInfo } from './types.js';

// Stored tables live in `svc.table`; DuckDB names are case-insensitive, so lookups are too.

export async function tables(s: ProjectStore): Promise<TableInfo[]> {
  const cols = await s.withConnection((c) =>
    rows(c, `SELECT table_name, column_name, data_type FROM duckdb_columns() WHERE database_name = 'svc' AND schema_name = 'table' ORDER BY table_name, column_index`),
  );
  const byTable = new Map<string, ColumnInfo[]>();
  for (const r of cols) {
    const t = String(r.table_name);
    if (!byTable.has(t)) byTable.set(t, []);
    byTable.get(t)!.push({ name: String(r.column_name), dataType: String(r.data_type) });
  }
  return [...byTable].map(([name, columns]) => ({ name, columns }));
}

/** A stored table by name, or 404. */
export async function table(s: ProjectStore, name: string): Promise<TableInfo> {
  const t = (await tables(s)).find((x) => sameName(x.name, name));
  if (!t) throw notFound(`table ${name} not found in project ${s.id}`);
  return t;
}

export async function createTable(s: ProjectStore, name: string, columns: ColumnInfo[]): Promise<void> {
  await s.tx(async (c) => {
    if ((await tables(s)).some((t) => sameName(t.name, name))) throw conflict(`table ${name} already exists`);
    const cols = columns.map((col) => `${ident(col.name)} ${col.dataType}`).join(', ');
    await userSql(() => c.run(`CREATE TABLE ${qualified('table', name)} (${cols})`));
  });
}

export async function addColumns(s: ProjectStore, tableName: string, columns: ColumnInfo[]): Promise<void> {
  const t = await table(s, tableName);
  for (const col of columns) {
    if (t.columns.some((x) => sameName(x.name, col.name))) throw conflict(`table ${t.name} already has a column ${col.name}`);
  }
  await s.tx(async (c) => {
    for (const col of columns) await userSql(() => c.run(`ALTER TABLE ${qualified('table', t.name)} ADD COLUMN ${ident(col.name)} ${col.dataType}`));
  });
}

/** Delete Table Column (spec 4.8): the column and its data are gone for good. */
export async function dropColumn(s: ProjectStore, tableName: string, columnName: string): Promise<void> {
  const t = await table(s, tableName);
  const col = t.columns.find((x) => sameName(x.name, columnName));
  if (!col) throw notFound(`table ${t.name} has no column ${columnName}`);
  if (t.columns.length === 1) throw badRequest(`${col.name} is the only column of ${t.name}; a table keeps at least one column`);
  await s.tx(async (c) => {
    await userSql(() => c.run(`ALTER TABLE ${qualified('table', t.name)} DROP COLUMN ${ident(col.name)}`));
  });
  // Rewrite the file so the dropped data is not left behind in free blocks; skipped while others write.
  await s.mutex.run(() => s.writer.run('CHECKPOINT').catch(() => undefined));
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
