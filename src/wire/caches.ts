import Type from 'typebox';
import { Closed, DateTime, Maybe, Opt } from './common.js';

/** A cache's refresh schedule: `BASIC` with an ISO 8601 duration, `NONE`, or (the local gateway) `CRON` with five fields, optionally after `CRON_TZ=Zone `. */
export const CacheSchedule = Closed({
  type: Opt(Type.String()),
  expression: Maybe(Type.String()),
});

/** What to cache: a table of a catalog, with its schedules. */
export const CacheRequest = Closed({
  catalogId: Opt(Type.String()),
  schemaName: Opt(Type.String()),
  tableName: Opt(Type.String()),
  incrementalCacheSchedule: Opt(CacheSchedule),
  fullRefreshCacheSchedule: Opt(CacheSchedule),
});

/** New schedules of a cache; those left out stay. */
export const CacheSettingsUpdateRequest = Closed({
  incrementalCacheSchedule: Opt(CacheSchedule),
  fullRefreshCacheSchedule: Opt(CacheSchedule),
});

/** A cache's settings. */
export const Cache = Closed({
  id: Opt(Type.String()),
  ...CacheRequest.properties,
  /** Write-only in the document: never in an answer. */
  appId: Opt(Type.String()),
  projectId: Opt(Type.String()),
});

/** What one run copied. */
export const CacheExecutionProgress = Closed({
  numberOfCachedRecords: Opt(Type.Integer()),
  numberOfInsertedRecords: Opt(Type.Integer()),
  numberOfUpdatedRecords: Opt(Type.Integer()),
  numberOfDeletedRecords: Opt(Type.Integer()),
  lastOffset: Opt(Type.String()),
  lastCacheTxId: Opt(Type.String()),
});

/** One run of a cache: full refresh or incremental. */
export const CacheExecutionInfo = Closed({
  id: Opt(Type.String()),
  executionMode: Opt(Type.String()),
  status: Opt(Type.String()),
  error: Opt(Type.Object({})),
  progress: Opt(CacheExecutionProgress),
  createdAt: Opt(DateTime()),
  updatedAt: Opt(DateTime()),
  finishedAt: Opt(DateTime()),
});

/** One event of a cache's log. */
export const CacheActionRecord = Closed({
  timestamp: Opt(DateTime()),
  action: Opt(Type.String()),
  message: Opt(Type.String()),
  cacheType: Opt(Type.String()),
  isScheduled: Opt(Type.Boolean()),
});

/** A cache's status and its last runs. */
export const CacheStatus = Closed({
  id: Opt(Type.String()),
  status: Opt(Type.Union(['RUNNING', 'CANCELLED', 'FAILED', 'COMPLETED', 'DELETED', 'NOT_INITIALIZED'].map((s) => Type.Literal(s)))),
  catalogId: Opt(Type.String()),
  schemaName: Opt(Type.String()),
  tableName: Opt(Type.String()),
  lastIncrementalCacheExecution: Opt(CacheExecutionInfo),
  lastFullRefreshCacheExecution: Opt(CacheExecutionInfo),
  cacheActionLogs: Opt(Type.Array(CacheActionRecord)),
  /** Write-only in the document: never in an answer. */
  appId: Opt(Type.String()),
  projectId: Opt(Type.String()),
});

/** One entry of a batch create's answer. */
export const CacheCreateStatus = Closed({
  success: Opt(Type.Boolean()),
  error: Opt(Type.String()),
  cache: Opt(Cache),
});

/** The answer to a refresh or incremental update: an object of objects. */
export const CacheRefreshAnswer = Type.Record(Type.String(), Type.Object({}));
