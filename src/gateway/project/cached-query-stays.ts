import type { DuckDBConnection } from '@duckdb/node-api';
import { conflict } from '../errors.js';
import { QUERY_CATALOG_ID } from '../routes/catalogs.js';
import { cacheOfTable } from './cache-rows.js';
import type { QueryRow } from './types.js';

/** A cache reads a saved query by name: deleted or renamed, the cache's next refresh fails, so that is 409 until the cache goes. */
export async function refuseQueryCached(c: DuckDBConnection, q: Pick<QueryRow, 'name'>, change: 'delete' | 'rename'): Promise<void> {
  const cache = await cacheOfTable(c, QUERY_CATALOG_ID, 'query', q.name);
  if (cache) throw conflict(`query ${q.name} is copied by cache ${cache.id} (svc.cache.${cache.copyName}): remove the cache first, then ${change} the query`);
}
