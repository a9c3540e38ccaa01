import { readCaches } from './cache-rows.js';
import type { ProjectStore } from './store.js';

/** The tables of one schema of a catalog that the project caches, read once for a whole listing. */
export async function cachedTables(project: ProjectStore, catalogId: string, schemaName: string): Promise<Set<string>> {
  const caches = await project.withConnection(readCaches);
  return new Set(caches.filter((c) => c.catalogId === catalogId && c.schemaName === schemaName).map((c) => c.tableName));
}

/** Whether a project has a cache of this table of a catalog (the catalog routes' `isCached`). */
export async function isTableCached(project: ProjectStore, catalogId: string, schemaName: string, tableName: string): Promise<boolean> {
  return (await cachedTables(project, catalogId, schemaName)).has(tableName);
}
