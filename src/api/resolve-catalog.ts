import { NotFoundError } from '../errors.js';
import { didYouMean } from '../output/did-you-mean.js';
import { listCatalogs } from './catalogs.js';
import type { Http } from './http.js';
import { isIdShaped } from './resolve.js';
import type { Catalog } from './types.js';

// CATALOG arguments resolve as QUERY ones do (resolve.ts): an id-shaped argument is used as it is;
// anything else is looked up by name, then by id, with "did you mean".

/** A catalog by name (SQL or display name) or id; of several sharing a SQL name (the built-in `svc` ones) the one of type `query` for `schema` query or mtquery (the contract's svc.query, svc.mtquery), else the first, `onAmbiguous` told. */
export function matchCatalog(all: Catalog[], ref: string, onAmbiguous?: (message: string) => void, schema?: string): Catalog {
  const named = all.filter((c) => c.name === ref);
  const bySchema = named.length > 1 && schema !== undefined ? named.find((c) => (c.catalogType === 'query') === ['query', 'mtquery'].includes(schema)) : undefined;
  if (named.length > 1 && !bySchema) onAmbiguous?.(`${named.length} catalogs are named ${ref}; using id ${named[0].id} (give the id for ${named.slice(1).map((c) => c.id).join(', ')})`);
  const found = bySchema ?? named[0] ?? all.find((c) => c.id === ref) ?? all.find((c) => c.displayName === ref);
  if (!found) throw new NotFoundError(`no catalog named "${ref}" (nor with that id)${didYouMean(ref, all.map((c) => c.name))}`);
  return found;
}

/** A catalog argument's id: no request for an id, one list for a name (none in a dry run). */
export async function resolveCatalogId(http: Http, projectId: string, ref: string, onAmbiguous?: (message: string) => void, schema?: string): Promise<string> {
  if (isIdShaped(ref)) return ref;
  if (http.readsNothing) return http.placeholder(`id of ${ref}`);
  return matchCatalog(await listCatalogs(http, projectId), ref, onAmbiguous, schema).id;
}
