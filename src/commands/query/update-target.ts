import type { Http } from '../../api/http.js';
import { deriveQueryName, sqlName } from '../../api/names.js';
import { getQuery, listQueries } from '../../api/queries.js';
import { isIdShaped, matchQuery, resolveQueryIds } from '../../api/resolve.js';
import type { Query, Schedule } from '../../api/types.js';
import { DgwError, UsageError } from '../../errors.js';
import { queryNameReaders } from '../../impact/query-name-readers.js';

/** The query an update changes, as read before the update, and the id of a `--from` source. */
export interface UpdateTarget {
  id: string;
  fromId?: string;
  /** The query itself, when the update needs to know it (its type, its SQL name). */
  query?: Query;
  /** Every query, when they were listed (for names, and for the readers of a renamed query). */
  queries?: Query[];
}

/**
 * Finds the query to update (and `--from`'s source) with the fewest requests: the query list
 * when a name must be looked up or readers found, else one read of the query when its type or
 * name matters, else none.
 */
export async function readUpdateTarget(http: Http, projectId: string, ref: string, from: string | undefined, needs: { query: boolean; all: boolean }): Promise<UpdateTarget> {
  const refs = from === undefined ? [ref] : [ref, from];
  if (http.readsNothing) {
    // A dry run reads nothing: names stay placeholders, and what only the query could tell is not checked.
    const [id, fromId] = await resolveQueryIds(http, projectId, refs);
    return { id, fromId };
  }
  if (needs.all || !refs.every(isIdShaped)) {
    const queries = await listQueries(http, projectId);
    const [id, fromId] = refs.map((r) => (isIdShaped(r) ? r : matchQuery(queries, r).id));
    const query = queries.find((q) => q.id === id) ?? (needs.query ? await getQuery(http, projectId, id) : undefined);
    return { id, fromId, query, queries };
  }
  const [id, fromId] = refs;
  return needs.query ? { id, fromId, query: await getQuery(http, projectId, id) } : { id, fromId };
}

/**
 * The mistakes the service would refuse with 400, caught before the update is sent, as
 * `query create` catches them: `--from` and schedules need a materialized query, so a plain one
 * takes them only with `--materialized` (which converts it).
 */
export function checkMaterializedOnly(query: Query, given: { from: boolean; schedule?: Schedule; materialized: boolean }): void {
  if (given.materialized || query.queryType === 'MATERIALIZED') return;
  if (given.from) {
    throw new UsageError(`--from copies SQL into a materialized query, and ${query.name} is a plain query: add --materialized to convert it, or use --sql`);
  }
  if (given.schedule && given.schedule.type !== 'none') {
    throw new UsageError(`schedules apply to materialized queries, and ${query.name} is a plain query: add --materialized to convert it`);
  }
}

/** A change of a query's SQL name by `--name`, and the other saved queries whose SQL reads the old one. */
export interface Rename {
  from: string;
  to: string;
  /** `svc.query` or `svc.mtquery`: where the name lives in SQL after the update. */
  schema: string;
  readers: Query[];
}

/**
 * What `--name` does to the SQL name (`svc.query.<name>` is derived from the display name), or
 * undefined when the name stays. A new name another query already has is refused here (exit 5),
 * before the update is sent.
 */
export function renameOf(query: Query, displayName: string, queries: Query[], materialized: boolean): Rename | undefined {
  const to = deriveQueryName(displayName);
  if (to === query.name) return undefined;
  const taken = queries.find((q) => q.id !== query.id && q.name === to);
  if (taken) throw new DgwError('conflict', `another query (${taken.id}) already has the SQL name ${to}, which the display name "${displayName}" would give ${query.name}`);
  const schema = materialized || query.queryType === 'MATERIALIZED' ? 'svc.mtquery' : 'svc.query';
  return { from: query.name, to, schema, readers: queryNameReaders(queries, query.name, query.id) };
}

/** Lines for stderr (and a dry run): the old and new SQL names, and who reads the old one. */
export function describeRename(r: Rename): string[] {
  const [from, to] = [sqlName(r.schema, r.from), sqlName(r.schema, r.to)];
  const lines = [`the SQL name changes: ${from} becomes ${to}, and ${from} stops existing`];
  if (r.readers.length === 0) lines.push(`no other saved query's SQL reads ${r.from}`);
  else lines.push(`${r.readers.length === 1 ? '1 saved query reads' : `${r.readers.length} saved queries read`} ${r.from} and will fail until its SQL is changed: ${r.readers.map((q) => q.name).join(', ')}`);
  return lines;
}
