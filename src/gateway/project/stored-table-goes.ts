import type { DuckDBConnection } from '@duckdb/node-api';
import { conflict } from '../errors.js';
import type { StoredSchema } from '../sql.js';
import { cacheOfTable } from './cache-rows.js';
import { forgetStored, STORED_CATALOG } from './table-references.js';

/** Before a stored or BI table goes (`table rm`, or run-SQL dropping or replacing it), in its transaction: 409 while a cache copies it, else its relations and notes go too. */
export async function letStoredTableGo(c: DuckDBConnection, schema: StoredSchema, name: string): Promise<void> {
  const cache = await cacheOfTable(c, STORED_CATALOG, schema, name);
  if (cache) throw conflict(`table ${name} is copied by cache ${cache.id} (svc.cache.${cache.copyName}): remove the cache first`);
  await forgetStored(c, schema, name);
}
