import { NotFoundError } from '../errors.js';
import { closestNames, suggest } from '../output/did-you-mean.js';
import type { Http } from './http.js';
import { getQuery, listQueries } from './queries.js';
import type { Query } from './types.js';

const NUMERIC_ID = /^\d{15,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_ID = /^[0-9a-f]{24,}$/i;

/** A QUERY argument is an id, with no lookup, when id-shaped (15+ digits, a UUID, 24+ hex); anything else is a SQL name. */
export function isIdShaped(ref: string): boolean {
  return NUMERIC_ID.test(ref) || UUID.test(ref) || HEX_ID.test(ref);
}

/** QUERY arguments to ids: no request when all are id-shaped, else one query list (read anyway with `checkIds`, so an unknown id is not found). */
export async function resolveQueryIds(http: Http, projectId: string, refs: string[], checkIds = false): Promise<string[]> {
  if (refs.every(isIdShaped) && !checkIds) return refs;
  // A dry run looks nothing up: a name stays a name, shown as {id of NAME}.
  if (http.readsNothing) return refs.map((ref) => (isIdShaped(ref) ? ref : http.placeholder(`id of ${ref}`)));
  const queries = await listQueries(http, projectId);
  const ids: string[] = [];
  for (const ref of refs) {
    if (isIdShaped(ref)) await queryById(http, projectId, queries, ref);
    ids.push(isIdShaped(ref) ? ref : matchQuery(queries, ref).id);
  }
  return ids;
}

/** Each distinct id of `resolved` (parallel to `refs`), in order, with how a warning names it: the name first typed for it and the id. */
export function typedRefs(refs: string[], resolved: string[]): Map<string, string> {
  const typed = new Map<string, string>();
  resolved.forEach((id, i) => typed.has(id) || typed.set(id, refs[i] === id ? id : `${refs[i]} (${id})`));
  return typed;
}

/** The query an id names: from the list already read, else read itself (an old id still answers); one no query has is not found, before anything changes. */
export async function queryById(http: Http, projectId: string, listed: Query[], id: string): Promise<Query> {
  return listed.find((q) => q.id === id) ?? (await getQuery(http, projectId, id));
}

/** Finds a query by SQL name, or by id when a name matches nothing, or throws a not-found error. */
export function matchQuery(queries: Query[], ref: string): Query {
  const found = queries.find((q) => q.name === ref) ?? queries.find((q) => q.id === ref);
  if (!found) throw new NotFoundError(`no query named "${ref}" (nor with that id)${suggest(closeQueryNames(queries, ref))}`);
  return found;
}

/** The SQL names a mistyped reference likely meant, by name or display name. */
function closeQueryNames(queries: Query[], ref: string): string[] {
  const wanted = ref.trim().toLowerCase();
  const titled = queries.filter((q) => q.displayName?.trim().toLowerCase() === wanted);
  if (titled.length > 0) return titled.map((q) => q.name);
  const nameOf = new Map<string, string>();
  for (const q of queries) nameOf.set(q.name, q.name);
  for (const q of queries) if (q.displayName && !nameOf.has(q.displayName)) nameOf.set(q.displayName, q.name);
  return closestNames(ref, nameOf.keys()).map((c) => nameOf.get(c)!);
}
