import { listCacheStatuses, type CacheStatusRecord } from '../../api/caches.js';
import type { Http } from '../../api/http.js';
import { checkNameArgument } from '../name-argument.js';
import { isIdShaped } from '../../api/resolve.js';
import { resolveCatalogId } from '../../api/resolve-catalog.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { didYouMean } from '../../output/did-you-mean.js';

/** The names a cache answers to: its table, `schema.table` and `catalog.schema.table`. */
export function cacheNames(c: Pick<CacheStatusRecord, 'catalogId' | 'schemaName' | 'tableName'>): string[] {
  return [c.tableName, `${c.schemaName}.${c.tableName}`, `${c.catalogId}.${c.schemaName}.${c.tableName}`];
}

/** A CACHE argument's id: as it is when id-shaped (a UUID), else looked up by table name, `schema.table` or `catalog.schema.table`, with the status that lookup read. */
export async function findCache(http: Http, projectId: string, ref: string): Promise<{ id: string; status?: CacheStatusRecord }> {
  checkNameArgument(ref, 'CACHE');
  if (isIdShaped(ref)) return { id: ref };
  if (http.readsNothing) return { id: http.placeholder(`id of cache ${ref}`) };
  const caches = await listCacheStatuses(http, projectId);
  let matches = caches.filter((c) => c.id === ref || cacheNames(c).includes(ref));
  const parts = ref.split('.');
  if (matches.length === 0 && parts.length === 3 && !isIdShaped(parts[0])) {
    // catalog.schema.table with the catalog by name (a connection's): its id is what caches record.
    const catalogId = await resolveCatalogId(http, projectId, parts[0]).catch(() => undefined);
    if (catalogId !== undefined) matches = caches.filter((c) => cacheNames(c)[2] === `${catalogId}.${parts[1]}.${parts[2]}`);
  }
  if (matches.length === 1) return { id: matches[0].id, status: matches[0] };
  if (matches.length > 1) throw new UsageError(`${matches.length} caches are of a table named ${ref}; name it as catalog.schema.table (${matches.map((c) => cacheNames(c)[2]).join(', ')})`);
  throw new NotFoundError(`project ${projectId} has no cache of a table named ${ref}${didYouMean(ref, caches.map((c) => c.tableName))}`);
}
