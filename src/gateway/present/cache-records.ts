import type { Schedule } from '../../api/types.js';
import type { CacheRow, CacheRun, CacheState } from '../project/index.js';

const iso = (t: number | null) => (t === null ? undefined : new Date(t).toISOString());

/** A schedule as the document's cache Schedule: `BASIC` with a duration; cron as `CRON`, its zone in a `CRON_TZ=` prefix. */
export function wireCacheSchedule(s: Schedule | null): { type: string; expression?: string } | undefined {
  if (!s || s.type === 'none') return undefined;
  if (s.type === 'interval') return { type: 'BASIC', expression: s.repeatDuration };
  return { type: 'CRON', expression: `${s.timezone ? `CRON_TZ=${s.timezone} ` : ''}${s.cronExpression}` };
}

/** The document's Cache; the default shape adds where SQL reads the copy and the incremental column. */
export function cacheRecord(c: CacheRow, projectId: string, extras: boolean): object {
  return {
    id: c.id,
    catalogId: c.catalogId,
    schemaName: c.schemaName,
    tableName: c.tableName,
    ...(c.incrementalSchedule ? { incrementalCacheSchedule: wireCacheSchedule(c.incrementalSchedule) } : {}),
    ...(c.fullSchedule ? { fullRefreshCacheSchedule: wireCacheSchedule(c.fullSchedule) } : {}),
    projectId,
    ...(extras ? { copy: `svc.cache.${c.copyName}`, incrementalColumn: c.incrementalColumn } : {}),
  };
}

/** The document's CacheExecutionInfo; a failure's message is its `error`. */
export function executionRecord(r: CacheRun): object {
  return {
    id: r.id,
    executionMode: r.mode,
    status: r.status,
    ...(r.message !== null && r.status !== 'COMPLETED' ? { error: { message: r.message } } : {}),
    progress: {
      ...(r.cachedRows !== null ? { numberOfCachedRecords: r.cachedRows } : {}),
      ...(r.insertedRows !== null ? { numberOfInsertedRecords: r.insertedRows, numberOfUpdatedRecords: 0, numberOfDeletedRecords: 0 } : {}),
      ...(r.lastOffset !== null ? { lastOffset: r.lastOffset } : {}),
    },
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    ...(r.finishedAt !== null ? { finishedAt: iso(r.finishedAt) } : {}),
  };
}

/** The document's CacheStatus; its action log is the recent runs, newest first. */
export function cacheStatusRecord(state: CacheState, projectId: string, withLogs: boolean): object {
  const { cache } = state;
  return {
    id: cache.id,
    status: state.status,
    catalogId: cache.catalogId,
    schemaName: cache.schemaName,
    tableName: cache.tableName,
    ...(state.incremental ? { lastIncrementalCacheExecution: executionRecord(state.incremental) } : {}),
    ...(state.full ? { lastFullRefreshCacheExecution: executionRecord(state.full) } : {}),
    ...(withLogs
      ? {
          cacheActionLogs: state.runs.map((r) => ({
            timestamp: iso(r.finishedAt ?? r.createdAt),
            action: r.status,
            message: r.message ?? `${r.mode === 'FULL_REFRESH' ? 'full refresh' : 'incremental update'} ${r.status.toLowerCase()}${r.insertedRows !== null ? `: ${r.insertedRows} rows written` : ''}`,
            cacheType: r.mode,
            isScheduled: r.scheduled,
          })),
        }
      : {}),
    projectId,
  };
}
