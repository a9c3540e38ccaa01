import type { Static } from 'typebox';
import type * as CR from '../contract/cache-records.js';
import type { Http } from './http.js';
import { sqlName } from './names.js';
import { apiPath } from './path.js';
import { flag, idOf, isRaw, object, objects, readAnswer, text, textOrNull, type Raw } from './read.js';
import type { RefreshSchedule, RefreshStatus, Schedule } from './types.js';
import type * as W from '../wire/index.js';

/** Which run: a full refresh copies the whole table again; an incremental one appends the rows past the column's last value. */
export type CacheMode = 'FULL_REFRESH' | 'INCREMENTAL';

/** A cache's schedule on the wire: `BASIC` with an ISO 8601 interval, `CRON` (after an optional `CRON_TZ=Zone `), or `NONE`. */
export type WireCacheSchedule = Static<typeof W.CacheSchedule>;

/** What `cache create` sends: the source table and its schedules. */
export type CacheRequest = Static<typeof W.CacheRequest>;

/** A cache's settings as dgw prints them. */
export type CacheRecord = Static<typeof CR.CacheRecord>;

/** One run of a cache. */
export type CacheRunRecord = Static<typeof CR.CacheRunRecord>;

/** A cache's status with its latest run of each mode; the schema's status union, built by map(), has no static type of its own. */
export type CacheStatusRecord = Omit<Static<typeof CR.CacheStatusRecord>, 'status'> & { status: RefreshStatus | 'DELETED' };

const C = (projectId: string, cacheId: string) => apiPath`/data/projects/${projectId}/cache/${cacheId}`;

/** A schedule as the document's cache Schedule. */
export function wireCacheSchedule(s: Schedule | null): WireCacheSchedule {
  if (!s || s.type === 'none') return { type: 'NONE' };
  if (s.type === 'interval') return { type: 'BASIC', expression: s.repeatDuration };
  return { type: 'CRON', expression: `${s.timezone ? `CRON_TZ=${s.timezone} ` : ''}${s.cronExpression}` };
}

function readSchedule(value: unknown): RefreshSchedule | null {
  if (!isRaw(value)) return null;
  const type = text(value.type).toUpperCase();
  const expression = text(value.expression);
  if (type === 'BASIC' && expression) return { type: 'interval', repeatDuration: expression };
  if (type !== 'CRON' || !expression) return null;
  const m = /^\s*CRON_TZ=(\S+)\s+(.*)$/.exec(expression);
  return m ? { type: 'cron', cronExpression: m[2], timezone: m[1] } : { type: 'cron', cronExpression: expression };
}

/** The id of a cache and the table it copies, which a cache and its status both begin with. */
function cachedTable(c: Raw) {
  const [catalogId, schemaName, tableName] = [text(c.catalogId), text(c.schemaName), text(c.tableName)];
  return { id: idOf(c, 'a cache'), source: `${catalogId}.${schemaName}.${tableName}`, catalogId, schemaName, tableName };
}

export function readCache(value: unknown): CacheRecord {
  const c = object(value, 'a cache');
  return {
    ...cachedTable(c),
    fullRefreshSchedule: readSchedule(c.fullRefreshCacheSchedule),
    incrementalSchedule: readSchedule(c.incrementalCacheSchedule),
    incrementalColumn: textOrNull(c.incrementalColumn),
    copy: typeof c.copy === 'string' && c.copy.startsWith('svc.cache.') ? sqlName('svc.cache', c.copy.slice('svc.cache.'.length)) : textOrNull(c.copy),
  };
}

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function readRun(value: unknown): CacheRunRecord {
  const r = object(value, 'a cache run');
  const progress = isRaw(r.progress) ? r.progress : {};
  const error = isRaw(r.error) ? textOrNull(r.error.message) ?? JSON.stringify(r.error) : textOrNull(r.error);
  return {
    id: text(r.id),
    mode: text(r.executionMode),
    status: text(r.status).toUpperCase(),
    createdAt: textOrNull(r.createdAt),
    finishedAt: textOrNull(r.finishedAt),
    cachedRows: count(progress.numberOfCachedRecords),
    insertedRows: count(progress.numberOfInsertedRecords),
    lastOffset: textOrNull(progress.lastOffset),
    error,
  };
}

export function readCacheStatus(value: unknown): CacheStatusRecord {
  const s = object(value, 'a cache status');
  const lastFullRefresh = isRaw(s.lastFullRefreshCacheExecution) ? readRun(s.lastFullRefreshCacheExecution) : null;
  const lastIncremental = isRaw(s.lastIncrementalCacheExecution) ? readRun(s.lastIncrementalCacheExecution) : null;
  const latest = [lastFullRefresh, lastIncremental].filter((r): r is CacheRunRecord => r !== null).sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))[0];
  return {
    ...cachedTable(s),
    status: (text(s.status).toUpperCase() || 'NOT_INITIALIZED') as CacheStatusRecord['status'],
    lastFullRefresh,
    lastIncremental,
    cachedRows: latest?.cachedRows ?? null,
  };
}

/** The column, sent as dgw's one query parameter beyond the document, only when given. */
const column = (incrementalColumn?: string) => (incrementalColumn ? { incrementalColumn } : undefined);

export async function createCache(http: Http, projectId: string, request: CacheRequest, incrementalColumn?: string): Promise<CacheRecord> {
  return readAnswer(await http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/cache`, query: column(incrementalColumn), body: request }), readCache);
}

/** Creates several caches; each answer says whether that one was made. */
export async function createCaches(http: Http, projectId: string, requests: CacheRequest[]): Promise<Array<{ success: boolean; error: string | null; cache: CacheRecord | null }>> {
  const body = await http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/cache/batch`, body: requests });
  return objects(body, 'cache create statuses').map((s) => ({ success: flag(s.success), error: textOrNull(s.error), cache: isRaw(s.cache) ? readCache(s.cache) : null }));
}

export async function getCache(http: Http, projectId: string, cacheId: string): Promise<CacheRecord> {
  return readCache(await http.request({ method: 'GET', path: C(projectId, cacheId) }));
}

export async function updateCache(
  http: Http,
  projectId: string,
  cacheId: string,
  body: Static<typeof W.CacheSettingsUpdateRequest>,
  incrementalColumn?: string,
): Promise<CacheRecord> {
  return readAnswer(await http.request({ method: 'PUT', path: C(projectId, cacheId), query: column(incrementalColumn), body }), readCache);
}

export function deleteCache(http: Http, projectId: string, cacheId: string): Promise<void> {
  return http.request({ method: 'DELETE', path: C(projectId, cacheId), expect: 'none' });
}

/** Every cache's status: of the project, of one catalog, or of one schema of it. */
export async function listCacheStatuses(http: Http, projectId: string, catalogId?: string, schemaName?: string): Promise<CacheStatusRecord[]> {
  const path =
    catalogId === undefined
      ? apiPath`/data/projects/${projectId}/cache/status`
      : schemaName === undefined
        ? apiPath`/data/projects/${projectId}/catalog/${catalogId}/cache/status`
        : apiPath`/data/projects/${projectId}/catalog/${catalogId}/schema/${schemaName}/cache/status`;
  return objects(await http.request({ method: 'GET', path }), 'cache statuses').map(readCacheStatus);
}

/** A cache's status; `waitMs` (local gateway only) asks it to answer a running refresh when it ends. */
export async function getCacheStatus(http: Http, projectId: string, cacheId: string, waitMs?: number): Promise<CacheStatusRecord> {
  return readCacheStatus(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/cache/${cacheId}/status`, query: { excludeLogs: true, ...(waitMs ? { waitMs } : {}) } }));
}

export async function cacheHistory(http: Http, projectId: string, cacheId: string, limit: number): Promise<CacheRunRecord[]> {
  return objects(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/cache/${cacheId}/executionHistory`, query: { limit } }), 'cache runs').map(readRun);
}

/** Starts a run; the answer may name it (the local gateway's default shape) or not. */
export async function refreshCache(http: Http, projectId: string, cacheId: string, mode: CacheMode): Promise<CacheRunRecord | undefined> {
  const path = mode === 'INCREMENTAL' ? apiPath`/data/projects/${projectId}/cache/${cacheId}/incrementalUpdate` : apiPath`/data/projects/${projectId}/cache/${cacheId}/fullRefreshUpdate`;
  const body = await http.request({ method: 'POST', path, expect: 'optional-json' });
  return isRaw(body) && isRaw(body.execution) ? readRun(body.execution) : undefined;
}

export function cancelCacheRun(http: Http, projectId: string, cacheId: string, mode: CacheMode): Promise<void> {
  const path = mode === 'INCREMENTAL' ? apiPath`/data/projects/${projectId}/cache/${cacheId}/cancelIncrementalUpdate` : apiPath`/data/projects/${projectId}/cache/${cacheId}/cancelFullRefreshUpdate`;
  return http.request({ method: 'POST', path, expect: 'none' });
}
