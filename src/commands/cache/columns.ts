import type { CacheRecord, CacheRunRecord, CacheStatusRecord } from '../../api/caches.js';
import type { Column } from '../../output/format.js';
import { describeSchedule } from '../../schedule/describe.js';


/** Columns of `cache list` and `cache status`. */
export const STATUS_COLUMNS: Column<CacheStatusRecord>[] = [
  { field: 'id', kind: 'id' },
  { field: 'source', kind: 'key' },
  { field: 'status' },
  { field: 'lastFullRefresh', kind: 'time', show: (s) => s.lastFullRefresh?.finishedAt ?? s.lastFullRefresh?.createdAt ?? null },
  { field: 'lastIncremental', kind: 'time', show: (s) => s.lastIncremental?.finishedAt ?? s.lastIncremental?.createdAt ?? null },
  { field: 'cachedRows', kind: 'number' },
];

/** Fields of `cache get`, `create` and `update`. */
export const CACHE_FIELDS: Column<CacheRecord>[] = [
  { field: 'id', kind: 'id' },
  { field: 'source', kind: 'key' },
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
