import { listCacheStatuses, type CacheStatusRecord } from '../../api/caches.js';
import { listCatalogs } from '../../api/catalogs.js';
import type { Http } from '../../api/http.js';
import type { Catalog } from '../../api/types.js';
import { checkNameArgument } from '../name-argument.js';
import { isIdShaped } from '../../api/resolve.js';
import { matchCatalog } from '../../api/resolve-catalog.js';
import { NotFoundError, UsageError } from '../../errors.js';
import { didYouMean } from '../../output/did-you-mean.js';

/** The names a cache answers to: its table, `schema.table` and `catalog.schema.table`. */
export function cacheNames(c: Pick<CacheStatusRecord, 'catalogId' | 'schemaName' | 'tableName'>): string[] {
  return [c.tableName, `${c.schemaName}.${c.tableName}`, `${c.catalogId}.${c.schemaName}.${c.tableName}`];
}

/** The project's catalogs, read once and only when a name needs them; undefined when they cannot be read. */
type Catalogs = () => Promise<Catalog[] | undefined>;

function catalogsOnce(http: Http, projectId: string): Catalogs {
  let read: Promise<Catalog[] | undefined> | undefined;
  return () => (read ??= listCatalogs(http, projectId).catch(() => undefined));
}

/** Whether a cache answers to `ref`: as written, else in any case (a table name is, as the local gateway's DuckDB reads it). */
function answersTo(caches: CacheStatusRecord[], ref: string, name: (c: CacheStatusRecord) => string[]): CacheStatusRecord[] {
  const exact = caches.filter((c) => name(c).includes(ref));
  return exact.length > 0 ? exact : caches.filter((c) => name(c).some((n) => n.toLowerCase() === ref.toLowerCase()));
}

/** The caches `ref` names: by id, table, `schema.table`, or `catalog.schema.table` with the catalog by id or name. */
async function cachesNamed(caches: CacheStatusRecord[], ref: string, catalogs: Catalogs): Promise<CacheStatusRecord[]> {
  const matches = answersTo(caches, ref, (c) => [c.id, ...cacheNames(c)]);
  const parts = ref.split('.');
  if (matches.length > 0 || parts.length !== 3 || isIdShaped(parts[0])) return matches;
  const all = await catalogs();
  if (!all) return [];
  let catalogId: string;
  try {
    // Both built-in catalogs are named svc: the schema says which (svc.query.x is a saved query's).
    catalogId = matchCatalog(all, parts[0], undefined, parts[1]).id;
  } catch {
    return [];
  }
  return answersTo(caches, `${catalogId}.${parts[1]}.${parts[2]}`, (c) => [cacheNames(c)[2]]);
}

/** A name that picks out this cache alone: catalog.schema.table by the catalog's name, else its id. */
async function soleName(cache: CacheStatusRecord, caches: CacheStatusRecord[], catalogs: Catalogs): Promise<string> {
  const name = (await catalogs())?.find((c) => c.id === cache.catalogId)?.name;
  const named = name === undefined ? undefined : `${name}.${cache.schemaName}.${cache.tableName}`;
  return named !== undefined && (await cachesNamed(caches, named, catalogs)).every((c) => c.id === cache.id) ? named : cache.id;
}

/** A CACHE argument's id: as it is when id-shaped (a UUID), else looked up by table name, `schema.table` or `catalog.schema.table`, with the status that lookup read. */
export async function findCache(http: Http, projectId: string, ref: string): Promise<{ id: string; status?: CacheStatusRecord }> {
  checkNameArgument(ref, 'CACHE');
  if (isIdShaped(ref)) return { id: ref };
  if (http.readsNothing) return { id: http.placeholder(`id of cache ${ref}`) };
  const caches = await listCacheStatuses(http, projectId);
  const catalogs = catalogsOnce(http, projectId);
  const matches = await cachesNamed(caches, ref, catalogs);
  if (matches.length === 1) return { id: matches[0].id, status: matches[0] };
  if (matches.length > 1) {
    const choices = await Promise.all(matches.map((c) => soleName(c, caches, catalogs)));
    throw new UsageError(`${matches.length} caches are of a table named ${ref}; name it as catalog.schema.table (${choices.join(', ')})`);
  }
  throw new NotFoundError(`project ${projectId} has no cache of a table named ${ref}${didYouMean(ref, caches.map((c) => c.tableName))}`);
}

/** How the notes and hints after a create name a cache: as typed while that names it alone, else by a name that does; the caches are read once, when a name first needs them. */
export function cacheNamer(http: Http, projectId: string): (typed: string, id: string) => Promise<string> {
  let read: Promise<CacheStatusRecord[] | undefined> | undefined;
  const catalogs = catalogsOnce(http, projectId);
  return async (typed, id) => {
    // catalog.schema.table names one cache whatever others there are: no need to read them.
    if (http.readsNothing || typed.split('.').length === 3) return typed;
    const caches = await (read ??= listCacheStatuses(http, projectId).catch(() => undefined));
    const cache = caches?.find((c) => c.id === id);
    if (!caches || !cache) return typed;
    const named = await cachesNamed(caches, typed, catalogs);
    return named.length === 1 && named[0].id === id ? typed : soleName(cache, caches, catalogs);
  };
}
