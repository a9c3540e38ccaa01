import { NotFoundError } from '../errors.js';
import type { Http } from './http.js';
import { listQueries } from './queries.js';
import type { Query } from './types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_ID = /^[0-9a-f]{24,}$/i;

/**
 * True when a QUERY argument can only be an id: a SQL name is `[a-z0-9_]` only, so anything
 * with other characters, a UUID or a long hex id needs no lookup.
 */
export function isIdShaped(ref: string): boolean {
  return UUID.test(ref) || HEX_ID.test(ref) || /[^a-z0-9_]/.test(ref);
}

/**
 * Turns QUERY arguments (ids or SQL names) into ids with the fewest requests: none when every
 * argument is id-shaped, otherwise one list of queries for all of them.
 */
export async function resolveQueryIds(http: Http, projectId: string, refs: string[]): Promise<string[]> {
  if (refs.every(isIdShaped)) return refs;
  const queries = await listQueries(http, projectId);
  return refs.map((ref) => (isIdShaped(ref) ? ref : matchQuery(queries, ref).id));
}

/** Finds a query by id or SQL name in a list, or throws a not-found error. */
export function matchQuery(queries: Query[], ref: string): Query {
  const found = queries.find((q) => q.id === ref) ?? queries.find((q) => q.name === ref);
  if (!found) throw new NotFoundError(`no query with id or name "${ref}"`);
  return found;
}
