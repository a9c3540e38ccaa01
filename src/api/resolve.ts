import { NotFoundError } from '../errors.js';
import { closestNames, suggest } from '../output/did-you-mean.js';
import type { Http } from './http.js';
import { listQueries } from './queries.js';
import type { Query } from './types.js';

const NUMERIC_ID = /^\d{15,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_ID = /^[0-9a-f]{24,}$/i;

/**
 * The id rule: a QUERY argument is used as an id, with no lookup, when it is a number of 15 or
 * more digits (the service's query ids, like 709922802836177297), a UUID, or a hex id of 24 or
 * more characters. Anything else is a SQL name, found through the query list.
 */
export function isIdShaped(ref: string): boolean {
  return NUMERIC_ID.test(ref) || UUID.test(ref) || HEX_ID.test(ref);
}

/**
 * Turns QUERY arguments (ids or SQL names) into ids with the fewest requests: none when every
 * argument is id-shaped (or in a dry run), otherwise one list of queries for all of them.
 */
export async function resolveQueryIds(http: Http, projectId: string, refs: string[]): Promise<string[]> {
  if (refs.every(isIdShaped)) return refs;
  // A dry run looks nothing up: a name stays a name, shown as {id of NAME}.
  if (http.readsNothing) return refs.map((ref) => (isIdShaped(ref) ? ref : http.placeholder(`id of ${ref}`)));
  const queries = await listQueries(http, projectId);
  return refs.map((ref) => (isIdShaped(ref) ? ref : matchQuery(queries, ref).id));
}

/** Finds a query by SQL name, or by id when a name matches nothing, or throws a not-found error. */
export function matchQuery(queries: Query[], ref: string): Query {
  const found = queries.find((q) => q.name === ref) ?? queries.find((q) => q.id === ref);
  if (!found) throw new NotFoundError(`no query named "${ref}" (nor with that id)${suggest(closeQueryNames(queries, ref))}`);
  return found;
}

/**
 * The SQL names of the queries a mistyped reference most likely meant, from the list at hand: by
 * name, or by display name (a person may give the title they see; the name is what works).
 */
function closeQueryNames(queries: Query[], ref: string): string[] {
  const wanted = ref.trim().toLowerCase();
  const titled = queries.filter((q) => q.displayName?.trim().toLowerCase() === wanted);
  if (titled.length > 0) return titled.map((q) => q.name);
  const nameOf = new Map<string, string>();
  for (const q of queries) nameOf.set(q.name, q.name);
  for (const q of queries) if (q.displayName && !nameOf.has(q.displayName)) nameOf.set(q.displayName, q.name);
  return closestNames(ref, nameOf.keys()).map((c) => nameOf.get(c)!);
}
