import type { CacheRecord, CacheRunRecord, CacheStatusRecord } from '../../api/caches.js';
import { listCatalogs } from '../../api/catalogs.js';
import type { Http } from '../../api/http.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/format.js';
import { describeSchedule } from '../../schedule/describe.js';

/** How a cache's source table is shown: `shop.main.items`, as it was named. */
export type SourceName = (c: Pick<CacheRecord, 'source' | 'catalogId' | 'schemaName' | 'tableName'>) => string;

/** The source as the service gives it, by catalog id. */
const sourceById: SourceName = (c) => c.source;

/**
 * Names sources by their catalog's name, read beside the command's own request; JSON (and a dry
 * run, or a catalog list that fails) keeps `source`, the catalog's id, which is its documented form.
 */
export async function sourceNames(ctx: Context, http: Http, projectId: string): Promise<SourceName> {
  if (ctx.out.json || ctx.out.mode.kind === 'quiet' || http.readsNothing) return sourceById;
  const names = await listCatalogs(http, projectId).then((catalogs) => new Map(catalogs.map((c) => [c.id, c.name])), () => undefined);
  return (c) => (names?.has(c.catalogId) ? `${names.get(c.catalogId)}.${c.schemaName}.${c.tableName}` : sourceById(c));
}

/** Columns of `cache list` and `cache status`. */
export const statusColumns = (source: SourceName): Column<CacheStatusRecord>[] => [
  { field: 'id', kind: 'id' },
  { field: 'source', kind: 'key', show: source },
  { field: 'status' },
  { field: 'lastFullRefresh', kind: 'time', show: (s) => s.lastFullRefresh?.finishedAt ?? s.lastFullRefresh?.createdAt ?? null },
  { field: 'lastIncremental', kind: 'time', show: (s) => s.lastIncremental?.finishedAt ?? s.lastIncremental?.createdAt ?? null },
  { field: 'cachedRows', kind: 'number' },
];

/** Fields of `cache get`, `create` and `update`. */
export const cacheFields = (source: SourceName): Column<CacheRecord>[] => [
  { field: 'id', kind: 'id' },
  { field: 'source', kind: 'key', show: source },
  { field: 'copy', kind: 'key' },
  { field: 'fullRefreshSchedule', kind: 'text', show: (c) => describeSchedule(c.fullRefreshSchedule) },
  { field: 'incrementalSchedule', kind: 'text', show: (c) => describeSchedule(c.incrementalSchedule) },
  { field: 'incrementalColumn', kind: 'key' },
];

/** Columns of `cache history`. */
export const RUN_COLUMNS: Column<CacheRunRecord>[] = [
  { field: 'id', kind: 'id' },
  { field: 'mode' },
  { field: 'status' },
  { field: 'createdAt', kind: 'time' },
  { field: 'finishedAt', kind: 'time' },
  { field: 'insertedRows', kind: 'number' },
  { field: 'cachedRows', kind: 'number' },
  { field: 'error', kind: 'text' },
];

export const cacheId = (c: { id: string }): string => c.id;
