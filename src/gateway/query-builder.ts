import { badRequest } from './errors.js';
import { ident, qualified } from './sql.js';
import { HOSTED_CATALOG } from './catalog-alias.js';
import { isObject } from './validate.js';

// Filters are not evaluated: the document shows their grammar by one example only, and a guess would answer wrongly.

/** One table or query a builder request reads, as `svc.<schemaName>.<tableName>`. */
export interface BuilderSource {
  schemaName: 'table' | 'bitable' | 'query' | 'mtquery';
  tableName: string;
}

/** A builder request, checked. */
export interface BuilderRequest {
  source: BuilderSource;
  /** Null: every column. */
  columns: string[] | null;
  orderBy: Array<{ column: string; descending: boolean }>;
  limit: number | null;
  offset: number | null;
}

const SCHEMAS_OF_CATALOG: Record<string, readonly BuilderSource['schemaName'][]> = { '1': ['table', 'bitable'], '2': ['query', 'mtquery'] };
const SCHEMAS: readonly BuilderSource['schemaName'][] = ['table', 'bitable', 'query', 'mtquery'];
const ORDER = /^\s*(?:"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_]*))(?:\s+(ASC|DESC))?\s*$/i;

const absent = (v: unknown) => v === undefined || v === null;

/** True when a run-SQL body is a builder request (it names what to read `from`). */
export function isBuilderBody(body: Record<string, unknown>): boolean {
  return !absent(body.from);
}

/** Checks a builder body; 400 with what is wrong. */
export function parseBuilder(body: Record<string, unknown>): BuilderRequest {
  if (!Array.isArray(body.from) || body.from.length !== 1 || !isObject(body.from[0])) {
    throw badRequest('from must list exactly one table or query: [{catalogName, schemaName, tableName}] (the local gateway joins nothing)');
  }
  const filters = body.filters;
  if (!absent(filters) && !(isObject(filters) && Object.keys(filters).length === 0)) {
    throw badRequest('the local gateway does not evaluate filters; send {statement} with a WHERE clause instead');
  }
  return {
    source: parseSource(body.from[0]),
    columns: parseColumns(body.columns),
    orderBy: parseOrder(body.orderBy),
    limit: count(body.limit, 'limit'),
    offset: count(body.offset, 'offset'),
  };
}

/** The one SELECT a builder request stands for: names quoted, numbers checked. */
export function builderSql(b: BuilderRequest): string {
  const columns = b.columns === null ? '*' : b.columns.map(ident).join(', ');
  let sql = `SELECT ${columns} FROM ${qualified(b.source.schemaName, b.source.tableName)}`;
  if (b.orderBy.length > 0) sql += ` ORDER BY ${b.orderBy.map((o) => `${ident(o.column)} ${o.descending ? 'DESC' : 'ASC'}`).join(', ')}`;
  if (b.limit !== null) sql += ` LIMIT ${b.limit}`;
  if (b.offset !== null) sql += ` OFFSET ${b.offset}`;
  return sql;
}

function parseSource(t: Record<string, unknown>): BuilderSource {
  for (const field of ['catalogId', 'catalogName', 'schemaName', 'tableName']) {
    if (!absent(t[field]) && typeof t[field] !== 'string') throw badRequest(`from[0].${field} must be a string`);
  }
  const catalogId = (t.catalogId ?? undefined) as string | undefined;
  const catalogName = (t.catalogName ?? undefined) as string | undefined;
  const schemaName = String(t.schemaName ?? '').toLowerCase() as BuilderSource['schemaName'];
  const tableName = t.tableName as string | undefined;
  if (catalogName !== undefined && catalogName.toLowerCase() !== 'svc' && catalogName.toLowerCase() !== HOSTED_CATALOG) {
    throw badRequest(`catalog ${catalogName} not found; this project's built-in catalog is svc`);
  }
  const allowed = catalogId === undefined ? SCHEMAS : SCHEMAS_OF_CATALOG[catalogId];
  if (!allowed) throw badRequest(`catalog id ${catalogId} not found; the built-in catalogs are 1 (stored tables) and 2 (queries)`);
  if (!allowed.includes(schemaName)) throw badRequest(`from[0].schemaName must be ${allowed.join(', ')}`);
  if (!tableName) throw badRequest('from[0].tableName is required');
  return { schemaName, tableName };
}

function parseColumns(value: unknown): string[] | null {
  if (absent(value)) return null;
  if (!Array.isArray(value) || value.some((c) => typeof c !== 'string' || c === '')) throw badRequest('columns must be an array of column names');
  return value.length === 0 ? null : (value as string[]);
}

function parseOrder(value: unknown): BuilderRequest['orderBy'] {
  if (absent(value)) return [];
  if (!Array.isArray(value)) throw badRequest('orderBy must be an array such as ["amount DESC"]');
  return value.map((item) => {
    const m = typeof item === 'string' ? ORDER.exec(item) : null;
    if (!m) throw badRequest(`orderBy entry ${JSON.stringify(item)} must be a column name, optionally followed by ASC or DESC`);
    return { column: m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2], descending: (m[3] ?? '').toUpperCase() === 'DESC' };
  });
}

function count(value: unknown, field: string): number | null {
  if (absent(value)) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw badRequest(`${field} must be a whole number, 0 or more`);
  return value;
}
