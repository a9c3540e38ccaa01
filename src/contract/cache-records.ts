import Type from 'typebox';
import { Closed, Nullable } from '../wire/common.js';
import { RefreshSchedule } from './records.js';

const Str = (description?: string) => Type.String(description ? { description } : {});
const Count = (description: string) => Nullable(Type.Integer({ description }));
const Time = (description: string) => Nullable(Type.String({ description: `${description}; ISO 8601` }));

/** The id of a cache and the table it copies, which a cache and its status both begin with. */
const cachedTable = { id: Str(), source: Str('the cached table as catalogId.schemaName.tableName'), catalogId: Str(), schemaName: Str(), tableName: Str() };

/** A cache's settings. */
export const CacheRecord = Closed(
  {
    ...cachedTable,
    fullRefreshSchedule: Nullable(RefreshSchedule),
    incrementalSchedule: Nullable(RefreshSchedule),
    incrementalColumn: Nullable(Str('the column an incremental update continues from; null when there is none, or where the service does not say')),
    copy: Nullable(Str('where SQL reads the copy (svc.cache.<name> on the local gateway); null where the service does not say')),
  },
  "a cache's settings",
);

/** One run of a cache. */
export const CacheRunRecord = Closed(
  {
    id: Str(),
    mode: Str('FULL_REFRESH or INCREMENTAL'),
    status: Str('RUNNING, COMPLETED, FAILED or CANCELLED'),
    createdAt: Time('when it started'),
    finishedAt: Time('when it ended'),
    cachedRows: Count('rows in the copy after the run'),
    insertedRows: Count('rows the run wrote'),
    lastOffset: Nullable(Str("the incremental column's last value in the copy")),
    error: Nullable(Str('why it failed or was cancelled')),
  },
  'one run of a cache',
);

/** A cache's status. */
export const CacheStatusRecord = Closed(
  {
    ...cachedTable,
    status: Type.Union(['NOT_INITIALIZED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'DELETED'].map((s) => Type.Literal(s))),
    lastFullRefresh: Nullable(CacheRunRecord),
    lastIncremental: Nullable(CacheRunRecord),
    cachedRows: Count('rows in the copy after the latest run'),
  },
  "a cache's status and its latest run of each mode",
);

/** One entry of `cache create --batch`. */
export const CacheCreated = Closed({ table: Str(), success: Type.Boolean(), id: Nullable(Str()), error: Nullable(Str()) }, 'whether the cache of one table was created');

/** `cache refresh` when the service runs it. */
export const CacheRefreshAccepted = Closed({ cacheId: Str(), refresh: Type.Literal('accepted') }, 'the refresh was accepted and runs in the service');

/** `cache cancel`. */
export const CacheCancel = Closed({ cacheId: Str(), cancel: Type.Union([Type.Literal('requested'), Type.Literal('nothing running')]) }, 'whether a running refresh was asked to stop');

/** `cache rm`. */
export const CacheDeleted = Closed({ cacheId: Str(), deleted: Type.Literal(true) }, 'the cache and its copy were deleted');
