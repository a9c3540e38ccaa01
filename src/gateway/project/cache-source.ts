import { badRequest } from '../errors.js';
import { ident } from '../sql.js';

/** A cache's source as DuckDB reads it. */
export interface CacheSource {
  /** The relation, quoted, for `SELECT ... FROM`. */
  relation: string;
  /** The source in words, for messages. */
  label: string;
}

/** Where a catalog's table is read: the built-in catalogs (`1` stored tables, `2` saved queries); connected catalogs join here. */
export function cacheSource(catalogId: string, schemaName: string, tableName: string): CacheSource {
  const label = `${schemaName}.${tableName} of catalog ${catalogId}`;
  if (catalogId === '1' && schemaName === 'table') return { relation: `svc."table".${ident(tableName)}`, label };
  if (catalogId === '2' && schemaName === 'query') return { relation: `svc.query.${ident(tableName)}`, label };
  throw badRequest(`no table ${label}: catalog 1 has schema "table" (stored tables), catalog 2 schema "query" (saved queries)`);
}
