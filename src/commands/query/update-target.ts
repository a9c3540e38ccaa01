import type { Http } from '../../api/http.js';
import { deriveQueryName, sqlName } from '../../api/names.js';
import { getQuery, listQueries } from '../../api/queries.js';
import { isIdShaped, matchQuery, resolveQueryIds } from '../../api/resolve.js';
import type { Query, QueryType, Schedule } from '../../api/types.js';
import { DgwError, UsageError } from '../../errors.js';
import { endedQueryName, endedQueryType, querySchema, type EndedName } from '../../impact/name-readers.js';

/** The query an update changes, as read before the update, and the id of a `--from` source. */
export interface UpdateTarget {
  id: string;
  fromId?: string;
  /** The query itself, when the update needs to know it (its type, its SQL name). */
  query?: Query;
  /** Every query, when they were listed (for names, and for the readers of a renamed query). */
  queries?: Query[];
}

/** Finds the query to update with the fewest requests the flags allow. */
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

/** Catches before sending what the service would refuse with 400: `--from` and schedules need a materialized query. */
export function checkMaterializedOnly(query: Query, given: { from: boolean; schedule?: Schedule; materialized: boolean }): void {
  if (given.materialized || query.queryType === 'MATERIALIZED') return;
  if (given.from) {
    throw new UsageError(`--from copies SQL into a materialized query, and ${query.name} is a plain query: add --materialized to convert it, or use --sql`);
  }
  if (given.schedule && given.schedule.type !== 'none') {
    throw new UsageError(`schedules apply to materialized queries, and ${query.name} is a plain query: add --materialized to convert it`);
  }
}

/** A change of a query's SQL name by `--name`. */
export interface Rename {
  from: string;
  to: string;
  /** `svc.query` or `svc.mtquery`: where the name lives in SQL before the update. */
  fromSchema: string;
  /** The same, after the update (`--materialized` or `--plain` may change it too). */
  schema: string;
}

/** What `--name` does to the SQL name; a name another query has is refused (exit 5) before sending. */
export function renameOf(query: Query, displayName: string, queries: Query[], newType: QueryType | undefined): Rename | undefined {
  const to = deriveQueryName(displayName);
  if (to === query.name) return undefined;
  const taken = queries.find((q) => q.id !== query.id && q.name === to);
  if (taken) throw new DgwError('conflict', `another query (${taken.id}) already has the SQL name ${to}, which the display name "${displayName}" would give ${query.name}`);
  return { from: query.name, to, fromSchema: `svc.${querySchema(query)}`, schema: `svc.${querySchema({ queryType: newType ?? query.queryType })}` };
}

/** The SQL name an update ends: the old name on rename, else the old schema's on a type change. */
export function endedByUpdate(query: Query, rename: Rename | undefined, newType: QueryType | undefined): { ended: EndedName; line: string } | undefined {
  if (rename) {
    return {
      ended: endedQueryName(query),
      line: `the SQL name changes: ${sqlName(rename.fromSchema, rename.from)} becomes ${sqlName(rename.schema, rename.to)}, and ${sqlName(rename.fromSchema, rename.from)} stops existing`,
    };
  }
  if (newType === undefined || querySchema({ queryType: newType }) === querySchema(query)) return undefined;
  const ended = endedQueryType(query);
  const result = newType === 'MATERIALIZED' ? `the table ${sqlName('svc.mtquery', query.name)}` : `the view ${sqlName('svc.query', query.name)}`;
  return { ended, line: `${query.name} becomes a ${newType === 'MATERIALIZED' ? 'materialized' : 'plain'} query: its result is now ${result}, and ${ended.shown} stops existing` };
}
