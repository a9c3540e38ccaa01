import { NotFoundError } from '../errors.js';
import { didYouMean } from '../output/did-you-mean.js';
import { listConnections } from './connections.js';
import type { Http } from './http.js';
import { isIdShaped } from './resolve.js';
import type { Connection } from './types.js';

// CONNECTION arguments resolve as QUERY ones do (resolve.ts): an id-shaped argument is used as it
// is; anything else is looked up by name, then by id, with "did you mean".

/** A connection by name or id, from the list at hand. */
export function matchConnection(all: Connection[], ref: string): Connection {
  const found = all.find((c) => c.name === ref) ?? all.find((c) => c.id === ref);
  if (!found) throw new NotFoundError(`no connection named "${ref}" (nor with that id)${didYouMean(ref, all.map((c) => c.name))}`);
  return found;
}

/** A connection argument's id, no request for an id, one list for a name (none in a dry run). */
export async function resolveConnectionId(http: Http, projectId: string, ref: string): Promise<string> {
  if (isIdShaped(ref)) return ref;
  if (http.readsNothing) return http.placeholder(`id of ${ref}`);
  return matchConnection(await listConnections(http, projectId), ref).id;
}
