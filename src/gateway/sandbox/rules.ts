import { HttpError } from '../errors.js';
import type { PlanSources, PlanTouches } from './plan.js';

// What SQL may do in the local gateway (docs/local-gateway.md says the same); everything else is refused.

/** A statement the sandbox refuses: 400, with the reason. */
export function notAllowed(reason: string): HttpError {
  return new HttpError(400, reason, 'SQL_NOT_ALLOWED');
}

/** What a statement is for: a saved query's definition, or one kind of run-SQL statement. */
export type Purpose = 'definition' | 'select' | 'insert' | 'update' | 'delete' | 'create' | 'drop';

/** The schemas of catalog `svc` whose tables may be read (views in `svc.query` expand into these). */
const READABLE = new Set(['table', 'bitable', 'mtquery', 'cache']);

/** Table functions that read nothing but their arguments. */
export const TABLE_FUNCTIONS = ['range', 'generate_series', 'unnest', 'repeat', 'repeat_row', 'json_each', 'json_tree'];

const TABLE_FUNCTION_NODES = new Set(TABLE_FUNCTIONS.map((f) => f.toUpperCase()));

/** Plan nodes and physical functions that read files: allowed only where the views of file connections put them (file-reads.ts). */
export const FILE_READS = new Set(['READ_CSV', 'READ_CSV_AUTO', 'READ_PARQUET', 'PARQUET_SCAN', 'READ_JSON', 'READ_JSON_AUTO', 'READ_NDJSON', 'READ_NDJSON_AUTO', 'READ_JSON_OBJECTS']);

const READ_NODES = new Set([
  'PROJECTION', 'FILTER', 'AGGREGATE', 'WINDOW', 'UNNEST', 'LIMIT', 'ORDER_BY', 'TOP_N', 'SAMPLE', 'DISTINCT', 'PIVOT',
  'COMPARISON_JOIN', 'ANY_JOIN', 'ASOF_JOIN', 'DELIM_JOIN', 'DEPENDENT_JOIN', 'CROSS_PRODUCT', 'POSITIONAL_JOIN',
  'UNION', 'EXCEPT', 'INTERSECT', 'DUMMY_SCAN', 'EMPTY_RESULT', 'EXPRESSION_GET', 'DELIM_GET',
  'CTE', 'MATERIALIZED_CTE', 'CTE_SCAN', 'REC_CTE', 'REC_KEY_CTE', 'RECURSIVE_CTE',
  ...TABLE_FUNCTION_NODES,
]);

/** The writing nodes each run-SQL kind may hold (an upsert plans as MERGE_INTO). */
const WRITE_NODES: Partial<Record<Purpose, string[]>> = {
  insert: ['INSERT', 'MERGE_INTO'],
  update: ['UPDATE'],
  delete: ['DELETE'],
  create: ['CREATE_TABLE'],
  drop: ['DROP'],
};

/** What run-SQL may do, in words, for the messages. */
export const RUN_SQL_MAY = 'run-SQL may read svc.table, svc.bitable, svc.query, svc.mtquery, svc.cache and the catalogs of connections, INSERT, UPDATE and DELETE rows of svc.table and svc.bitable, and CREATE or DROP tables in them';

const CHANGES = /^(CREATE|ALTER|DROP|INSERT|UPDATE|DELETE|MERGE|SET|RESET|LOAD|VACUUM|TRANSACTION|PRAGMA|PREPARE|EXECUTE|EXPORT|COPY|ATTACH|DETACH)/;

/** The catalogs of the project's connections, by lower-case name: read-only to SQL. */
export type ConnectedCatalogs = ReadonlySet<string>;

const NO_CONNECTIONS: ConnectedCatalogs = new Set();

/** A definition that is not one SELECT: the refusal names a query's field (checkSql names another's). */
export const ONE_SELECT = 'inputQuery must be a single SELECT statement';

/** Why the plan of a statement for `purpose` is refused, or undefined when it is allowed. */
export function refusal(touches: PlanTouches, purpose: Purpose, connected = NO_CONNECTIONS): string | undefined {
  const why = tablesRefusal(touches.tables, purpose, connected);
  if (why) return why;
  for (const node of touches.nodes) {
    if (READ_NODES.has(node) || WRITE_NODES[purpose]?.includes(node)) continue;
    if (purpose === 'definition' && Object.values(WRITE_NODES).flat().includes(node)) return ONE_SELECT;
    if (node === 'CHUNK_GET') return 'DESCRIBE and SHOW are not available here; `dgw table list TABLE` and `dgw query get QUERY` show columns and SQL';
    if (CHANGES.test(node)) return `${node.replace(/_/g, ' ')} is not allowed here: ${RUN_SQL_MAY}`;
    return functionRefusal(node);
  }
  return undefined;
}

/** The same rules as `refusal`, on the physical plan of the binding that actually runs. */
export function sourceRefusal(sources: PlanSources, purpose: Purpose, connected = NO_CONNECTIONS): string | undefined {
  const why = tablesRefusal(sources.tables, purpose, connected);
  if (why) return why;
  // File reads in a bound plan come from the views of file connections: the text was judged first (file-reads.ts).
  for (const fn of sources.functions) if (!TABLE_FUNCTION_NODES.has(fn) && !(connected.size > 0 && FILE_READS.has(fn))) return functionRefusal(fn);
  return undefined;
}

export const METADATA_OUT_OF_REACH = "the gateway's own metadata (svc._dgw) is out of reach of SQL";

/** DuckDB suggests its own catalog views for a mistyped table (`Did you mean "pg_enum"?`): none is within reach, so the hint only misleads. */
const SYSTEM_SUGGESTION = /\s*Did you mean "(?:[\w.]*\.)?(?:pg_\w+|duckdb_\w+|sqlite_\w+|pragma_\w+|information_schema\b[\w.]*)"\?/;

/** DuckDB's bind error without the names of what SQL may not reach; SQL built at run time gets the first sentence only. */
export function withoutInternalNames(said: string, sql: string): string {
  if (!/^(Catalog|Binder) Error/.test(said)) return said;
  const message = said.replace(SYSTEM_SUGGESTION, '');
  if (/(?<![\w$])_dgw\b/i.test(sql)) return METADATA_OUT_OF_REACH;
  if (/\bquery(_table)?\s*\(/i.test(sql)) return message.split('\n')[0];
  return message;
}

function tablesRefusal(tables: PlanTouches['tables'], purpose: Purpose, connected: ConnectedCatalogs): string | undefined {
  for (const [catalog, schema, table] of tables) {
    const c = catalog.toLowerCase();
    const s = schema.toLowerCase();
    if (c === 'svc' && s === '_dgw') return METADATA_OUT_OF_REACH;
    // A connection's catalog is attached read-only: DuckDB itself refuses a write to it.
    if (connected.has(c) && purpose !== 'update') continue;
    if (c !== 'svc' || !READABLE.has(s)) return `${catalog}.${schema}.${table} is out of reach: SQL reads svc.table, svc.bitable, svc.query, svc.mtquery, svc.cache and the catalogs of connections`;
    if (purpose === 'update' && s !== 'table' && s !== 'bitable') return `an UPDATE may read stored and BI tables (svc.table, svc.bitable) only, not ${catalog}.${schema}.${table}`;
  }
  return undefined;
}

function functionRefusal(name: string): string {
  if (name.startsWith('DUCKDB_') || name.startsWith('PRAGMA_') || name === 'WHICH_SECRET') {
    return `${name.toLowerCase()}() is out of reach: DuckDB's own catalog and settings functions are not available to SQL here`;
  }
  return `${name.toLowerCase()} is not available here; the table functions SQL may use are ${TABLE_FUNCTIONS.join(', ')}`;
}
