import { badRequest } from '../errors.js';
import { ident } from '../sql.js';
import type { CacheRow } from './cache-rows.js';
import type { ConnectionRow } from './connections.js';

/** A cache's source as DuckDB reads it. */
export interface CacheSource {
  /** The relation, quoted, for `SELECT ... FROM`. */
  relation: string;
  /** The source in words, for messages. */
  label: string;
}

/** Where a catalog's table is read: the built-in catalogs (`1` stored tables, `2` saved queries), or a connection's. */
export function cacheSource({ catalogId, schemaName, tableName }: Pick<CacheRow, 'catalogId' | 'schemaName' | 'tableName'>, connections: readonly ConnectionRow[]): CacheSource {
  const label = `${schemaName}.${tableName} of catalog ${catalogId}`;
  const connected = connections.find((c) => c.catalogId === catalogId);
  if (connected) return { relation: `${ident(connected.catalogName)}.${ident(schemaName)}.${ident(tableName)}`, label: `${connected.catalogName}.${schemaName}.${tableName}` };
  if (catalogId === '1' && (schemaName === 'table' || schemaName === 'bitable')) return { relation: `svc.${ident(schemaName)}.${ident(tableName)}`, label };
  if (catalogId === '2' && schemaName === 'query') return { relation: `svc.query.${ident(tableName)}`, label };
  throw badRequest(`no table ${label}: catalog 1 has schemas "table" (stored tables) and "bitable" (BI tables), catalog 2 schema "query" (saved queries), and each connection's catalog its own`);
}
