import { NotFoundError } from '../errors.js';
import { didYouMean } from '../output/did-you-mean.js';
import { listCatalogs } from './catalogs.js';
import { listConnections } from './connections.js';
import type { Http } from './http.js';
import { isIdShaped } from './resolve.js';
import type { Catalog, Connection } from './types.js';

// CATALOG and CONNECTION arguments resolve as QUERY ones do (resolve.ts): an id-shaped argument is
// used as it is; anything else is looked up by name, then by id, with "did you mean".

/**
 * A catalog by name (its SQL name or display name) or id, from the list at hand. Several catalogs
 * may share a SQL name (the local gateway's built-in `svc` ones): the first listed is taken, and
 * `onAmbiguous` told the others.
 */
export function matchCatalog(all: Catalog[], ref: string, onAmbiguous?: (message: string) => void): Catalog {
  const named = all.filter((c) => c.name === ref);
  if (named.length > 1) onAmbiguous?.(`${named.length} catalogs are named ${ref}; using id ${named[0].id} (give the id for ${named.slice(1).map((c) => c.id).join(', ')})`);
  const found = named[0] ?? all.find((c) => c.id === ref) ?? all.find((c) => c.displayName === ref);
  if (!found) throw new NotFoundError(`no catalog named "${ref}" (nor with that id)${didYouMean(ref, all.map((c) => c.name))}`);
  return found;
}

/** A connection by name or id, from the list at hand. */
export function matchConnection(all: Connection[], ref: string): Connection {
  const found = all.find((c) => c.name === ref) ?? all.find((c) => c.id === ref);
  if (!found) throw new NotFoundError(`no connection named "${ref}" (nor with that id)${didYouMean(ref, all.map((c) => c.name))}`);
  return found;
}

/** A catalog argument's id: no request for an id, one list for a name (none in a dry run). */
export async function resolveCatalogId(http: Http, projectId: string, ref: string, onAmbiguous?: (message: string) => void): Promise<string> {
  if (isIdShaped(ref)) return ref;
  if (http.readsNothing) return http.placeholder(`id of ${ref}`);
  return matchCatalog(await listCatalogs(http, projectId), ref, onAmbiguous).id;
}

/** A connection argument's id, as `resolveCatalogId`. */
export async function resolveConnectionId(http: Http, projectId: string, ref: string): Promise<string> {
  if (isIdShaped(ref)) return ref;
  if (http.readsNothing) return http.placeholder(`id of ${ref}`);
  return matchConnection(await listConnections(http, projectId), ref).id;
}
