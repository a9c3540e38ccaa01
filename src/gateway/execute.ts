import type { DuckDBConnection, DuckDBResultReader } from '@duckdb/node-api';
import type { ExecuteResult, ResultColumn, ResultFormat } from '../api/types.js';
import { badRequest, duckMessage, HttpError, notFound, sqlError } from './errors.js';
import type { ProjectDb } from './project/index.js';
import { ident, trimStatement } from './sql.js';

/** What to run: a statement, a saved query by id, or an object by qualified name. */
export type ExecuteTarget = { statement: string } | { id: string } | { qualifiedName: string };

/** Rows a run-SQL answer carries at most; more are cut off and `truncated` is set. */
export const MAX_ROWS = 100_000;

const SCHEMAS = new Set(['query', 'mtquery', 'table']);

/**
 * Run SQL (`POST .../queries/execute`): one statement, reading anything in the project; it may
 * also write stored tables (INSERT/UPDATE/DELETE, CREATE TABLE and DROP TABLE in `svc.table`).
 * DuckDB's errors are answered 400 with its message.
 */
export async function executeSql(project: ProjectDb, target: ExecuteTarget, format: ResultFormat): Promise<ExecuteResult & { truncated?: boolean }> {
  let sql: string;
  let source: { schemaName: string; tableName: string } | undefined;
  if ('statement' in target) {
    sql = trimStatement(target.statement);
    if (sql.trim() === '') throw badRequest('statement must not be empty');
  } else if ('id' in target) {
    const q = project.query(target.id);
    source = { schemaName: q.queryType === 'PLAIN' ? 'query' : 'mtquery', tableName: q.name };
    sql = `SELECT * FROM svc.${ident(source.schemaName)}.${ident(q.name)}`;
  } else {
    const [catalog, schemaName, tableName] = parseQualifiedName(target.qualifiedName);
    if (catalog !== 'svc') throw notFound(`catalog ${catalog} not found; this project's built-in catalog is svc`);
    if (!SCHEMAS.has(schemaName)) throw badRequest(`qualifiedName must name svc.query.<name>, svc.mtquery.<name> or svc.table.<name>`);
    source = { schemaName, tableName };
    sql = `SELECT * FROM svc.${ident(schemaName)}.${ident(tableName)}`;
  }
  if (project.queries.size > 0) await project.bindPendingViews();
  return project.withConnection(async (conn) => {
    const reader = await run(conn, sql, 'statement' in target);
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

async function run(conn: DuckDBConnection, sql: string, fromUser: boolean): Promise<DuckDBResultReader> {
  try {
    if (!fromUser) return await conn.streamAndReadUntil(sql, MAX_ROWS + 1);
    const extracted = await conn.extractStatements(sql);
    if (extracted.count !== 1) throw badRequest(`run one statement at a time (got ${extracted.count})`);
    if (/\b_dgw\b/i.test(sql)) throw badRequest('the gateway\'s own metadata (schema _dgw) cannot be read or changed with SQL');
    const prepared = await extracted.prepare(0);
    try {
      checkStatement(prepared.statementType, sql);
      return await prepared.streamAndReadUntil(MAX_ROWS + 1);
    } finally {
      prepared.destroySync();
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw sqlError(duckMessage(error).replace(/^Failed to extract statements: /, ''));
  }
}

// StatementType values of DuckDB's C API.
const SELECT = 1;
const INSERT = 2;
const UPDATE = 3;
const EXPLAIN = 4;
const DELETE = 5;
const CREATE = 7;
const DROP = 15;
const TABLE_DDL = /^\s*(create\s+(or\s+replace\s+)?table|drop\s+table)\s+(if\s+(not\s+)?exists\s+)?(svc\s*\.\s*)?("table"|table)\s*\./i;

function checkStatement(type: number, sql: string): void {
  if (type === SELECT || type === EXPLAIN || type === INSERT || type === UPDATE || type === DELETE) return;
  if ((type === CREATE || type === DROP) && TABLE_DDL.test(sql)) return;
  throw badRequest('only SELECT, EXPLAIN, INSERT, UPDATE, DELETE, and CREATE TABLE / DROP TABLE in svc.table can be run');
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

function convert(project: ProjectDb, reader: DuckDBResultReader, columns: ResultColumn[], format: ResultFormat): unknown[] {
  const n = Math.min(reader.currentRowCount, MAX_ROWS);
  const { DuckDBTypeId } = project.duck;
  const numeric = new Set<number>([
    DuckDBTypeId.BOOLEAN, DuckDBTypeId.TINYINT, DuckDBTypeId.SMALLINT, DuckDBTypeId.INTEGER, DuckDBTypeId.BIGINT,
    DuckDBTypeId.UTINYINT, DuckDBTypeId.USMALLINT, DuckDBTypeId.UINTEGER, DuckDBTypeId.UBIGINT, DuckDBTypeId.HUGEINT,
    DuckDBTypeId.UHUGEINT, DuckDBTypeId.FLOAT, DuckDBTypeId.DOUBLE, DuckDBTypeId.DECIMAL,
  ]);
  const types = reader.columnTypes();
  const useJs = types.map((t) => numeric.has(t.typeId));
  const js = useJs.some(Boolean) ? reader.getRowsJS() : [];
  const json = useJs.some((x) => !x) ? reader.getRowsJson() : [];
  const out: unknown[] = [];
  for (let r = 0; r < n; r++) {
    const cells = columns.map((_, i) => (useJs[i] ? jsonNumber(js[r][i]) : json[r][i]));
    if (format === 'COMPACT') out.push(cells);
    else if (format === 'SIMPLE') out.push(Object.fromEntries(columns.map((c, i) => [c.columnName, cells[i]])));
    else out.push(cells.map((value, i) => ({ type: columns[i].dataType, value })));
  }
  return out;
}

/** Numbers as JSON numbers where exact, otherwise as strings (big integers, NaN, infinities). */
function jsonNumber(v: unknown): unknown {
  if (typeof v === 'bigint') return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return v;
}
