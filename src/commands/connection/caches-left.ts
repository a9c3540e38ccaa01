import { listCacheStatuses } from '../../api/caches.js';
import { listCatalogs, listCatalogTables } from '../../api/catalogs.js';
import type { Http } from '../../api/http.js';
import type { Catalog } from '../../api/types.js';
import type { Context } from '../../context.js';

/** The catalog a connection's tables are read in, if the service lists one. */
export async function connectionCatalog(http: Http, projectId: string, connectionId: string): Promise<Catalog | undefined> {
  return (await listCatalogs(http, projectId)).find((c) => c.connectionId === connectionId);
}

/** Warns of each cache of the changed connection's catalog whose table it no longer has (another file names another table). */
export async function warnOfCachesLeft(ctx: Context, http: Http, projectId: string, catalog: Catalog): Promise<void> {
  const tables = new Map<string, Set<string>>();
  for (const cache of await listCacheStatuses(http, projectId, catalog.id)) {
    if (!tables.has(cache.schemaName)) {
      const listed = await listCatalogTables(http, projectId, catalog.id, cache.schemaName).catch(() => []);
      tables.set(cache.schemaName, new Set(listed.map((t) => t.tableName)));
    }
    if (tables.get(cache.schemaName)!.has(cache.tableName)) continue;
    const name = `${catalog.name}.${cache.schemaName}.${cache.tableName}`;
    ctx.out.warn(`cache ${name} copies a table connection ${catalog.name} no longer has: its refreshes fail until the table is back (\`dgw cache rm ${name}\` removes it)`);
  }
}
