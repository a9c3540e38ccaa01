import { readCaches } from './cache-rows.js';
import type { ProjectDb } from './index.js';

/** Whether a project has a cache of this table of a catalog (the catalog routes' `isCached`). */
export async function isTableCached(project: ProjectDb, catalogId: string, schemaName: string, tableName: string): Promise<boolean> {
  const caches = await project.withConnection(readCaches);
  return caches.some((c) => c.catalogId === catalogId && c.schemaName === schemaName && c.tableName === tableName);
}
