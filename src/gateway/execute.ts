import type { DuckDBResultReader } from '@duckdb/node-api';
import type { ExecuteResult, ResultColumn, ResultFormat, TypedCell } from '../api/types.js';
import { badRequest, notFound } from './errors.js';
import { jsonValueConverter } from './json-values.js';
import { checkStatementSize } from './limits.js';
import { refuseNul } from './project/check.js';
import type { ProjectDb } from './project/index.js';
import { builderSql, type BuilderRequest } from './query-builder.js';
import { ident, trimStatement } from './sql.js';

/** What to run: a statement, a saved query by id, an object by qualified name, or a builder request. */
export type ExecuteTarget = { statement: string } | { id: string } | { qualifiedName: string } | { builder: BuilderRequest };

/** Rows a run-SQL answer carries at most; more are cut off and `truncated` is set. */
export const MAX_ROWS = 100_000;

const SCHEMAS = new Set(['query', 'mtquery', 'table']);

/**
 * Run SQL (`POST .../queries/execute`): one statement, reading the project's tables, views and
 * materialized results; it may also write stored tables (INSERT/UPDATE/DELETE, CREATE TABLE and
 * DROP TABLE in `svc.table`). The sandbox decides and runs it; DuckDB's errors are answered 400
 * with its message.
 */
export async function executeSql(project: ProjectDb, target: ExecuteTarget, format: ResultFormat): Promise<ExecuteResult & { truncated?: boolean }> {
  let sql: string;
  let source: { schemaName: string; tableName: string } | undefined;
  if ('statement' in target) {
    sql = trimStatement(target.statement);
    if (sql.trim() === '') throw badRequest('statement must not be empty');
    refuseNul(target.statement, 'statement');
    checkStatementSize(target.statement, 'statement');
  } else if ('id' in target) {
    const q = project.query(target.id);
    source = { schemaName: q.queryType === 'PLAIN' ? 'query' : 'mtquery', tableName: q.name };
    sql = `SELECT * FROM svc.${ident(source.schemaName)}.${ident(q.name)}`;
  } else if ('builder' in target) {
    for (const name of [target.builder.source.tableName, ...(target.builder.columns ?? []), ...target.builder.orderBy.map((o) => o.column)]) refuseNul(name, 'a name in the builder request');
    source = target.builder.source;
    sql = builderSql(target.builder);
  } else {
    refuseNul(target.qualifiedName, 'qualifiedName');
    const [catalog, schemaName, tableName] = parseQualifiedName(target.qualifiedName);
    if (catalog !== 'svc') throw notFound(`catalog ${catalog} not found; this project's built-in catalog is svc`);
    if (!SCHEMAS.has(schemaName)) throw badRequest(`qualifiedName must name svc.query.<name>, svc.mtquery.<name> or svc.table.<name>`);
    source = { schemaName, tableName };
    sql = `SELECT * FROM svc.${ident(schemaName)}.${ident(tableName)}`;
  }
  if (project.queries.size > 0) await project.bindPendingViews();
  return project.withConnection(async (conn) => {
    const reader = await project.sandbox.run(conn, sql, MAX_ROWS + 1);
    const truncated = reader.currentRowCount > MAX_ROWS;
    const columns: ResultColumn[] = reader.columnNames().map((columnName, i) => ({
      catalogName: source ? 'svc' : null,
      schemaName: source?.schemaName ?? null,
      tableName: source?.tableName ?? null,
      columnName,
      dataType: String(reader.columnType(i)),
    }));
    const data = convert(project, reader, columns, format);
    return truncated ? { columns, data, truncated } : { columns, data };
  });
}

/** Splits `svc.query.name` (parts optionally double-quoted) into its three parts. */
export function parseQualifiedName(text: string): [string, string, string] {
  const parts: string[] = [];
  const re = /\s*(?:"((?:[^"]|"")*)"|([^."\s]+))\s*(\.|$)/y;
  let m: RegExpExecArray | null;
  let last = 0;
  while (last < text.length && (m = re.exec(text))) {
    parts.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2].toLowerCase());
    last = re.lastIndex;
    if (m[3] === '') break;
  }
  if (last !== text.length || parts.length < 2 || parts.length > 3) {
    throw badRequest(`qualifiedName "${text}" must look like svc.query.<name>, svc.mtquery.<name> or svc.table.<name>`);
  }
  return (parts.length === 2 ? ['svc', ...parts] : parts) as [string, string, string];
}

/** The rows in the answer's shape; each value is converted once, by jsonValueConverter. */
function convert(project: ProjectDb, reader: DuckDBResultReader, columns: ResultColumn[], format: ResultFormat): unknown[] {
  const n = Math.min(reader.currentRowCount, MAX_ROWS);
  const rows = reader.convertRows(jsonValueConverter(project.duck));
  const out: unknown[] = [];
  for (let r = 0; r < n; r++) {
    const cells = rows[r];
    if (format === 'COMPACT') out.push(cells);
    else if (format === 'SIMPLE') out.push(Object.fromEntries(columns.map((c, i) => [c.columnName, cells[i]])));
    else out.push(cells.map((value, i) => typedCell(columns[i], i, value)));
  }
  return out;
}

/** A CELL_TYPED cell as the document gives it: the column's name twice, its type in lower case, its position. */
function typedCell(column: ResultColumn, order: number, value: unknown): TypedCell {
  return { name: column.columnName, displayName: column.columnName, dataType: (column.dataType ?? '').toLowerCase(), order, value };
}
