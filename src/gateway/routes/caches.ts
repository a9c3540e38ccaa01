import type { Duration } from '../../schedule/duration.js';
import type { Schedule } from '../../api/types.js';
import { badRequest, HttpError } from '../errors.js';
import type { CacheChange, CacheInput, CacheMode, CacheRow } from '../project/index.js';
import { requestSignal } from '../request-scope.js';
import { Routes, type RouteContext } from '../router.js';
import { normaliseSchedule } from '../schedule.js';
import { boolParam, isObject, jsonBody, jsonObject, reqString, waitMsParam } from '../validate.js';

/** Loaded with the first cache request: a command that touches no cache does not load it. */
const caches = () => import('../project/caches.js');

/** The document's cache Schedule: `NONE` is null; `BASIC` an ISO 8601 interval; `CRON` five fields after an optional `CRON_TZ=Zone`. */
export function cacheSchedule(value: unknown, field: string, minInterval: Duration): Schedule | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (!isObject(value) || typeof value.type !== 'string') throw badRequest(`${field} must be an object {type, expression}`);
  const type = value.type.toUpperCase();
  if (type === 'NONE') return null;
  if (typeof value.expression !== 'string') throw badRequest(`${field}.expression must be a string`);
  try {
    if (type === 'BASIC') return normaliseSchedule({ type: 'interval', expression: value.expression }, minInterval) ?? null;
    if (type === 'CRON') {
      const m = /^\s*CRON_TZ=(\S+)\s+(.*)$/.exec(value.expression);
      return normaliseSchedule({ type: 'cron', expression: m ? m[2] : value.expression, timezone: m?.[1] }, minInterval) ?? null;
    }
  } catch (error) {
    if (error instanceof HttpError) throw badRequest(`${field}: ${error.message.replace(/^schedule\.\w+:?\s*/, '')}`);
    throw error;
  }
  throw badRequest(`${field}.type must be BASIC (an ISO 8601 interval such as PT6H), CRON (five fields, optionally after CRON_TZ=Zone) or NONE`);
}

/** The query parameter incrementalColumn; empty is none. */
const incrementalColumn = (c: RouteContext) => c.req.query('incrementalColumn') || undefined;

function cacheInput(body: unknown, column: string | null, minInterval: Duration): CacheInput {
  if (!isObject(body)) throw badRequest('each cache request must be an object {catalogId, schemaName, tableName}');
  return {
    catalogId: reqString(body, 'catalogId'),
    schemaName: reqString(body, 'schemaName'),
    tableName: reqString(body, 'tableName'),
    incrementalColumn: column,
    fullSchedule: cacheSchedule(body.fullRefreshCacheSchedule, 'fullRefreshCacheSchedule', minInterval) ?? null,
    incrementalSchedule: cacheSchedule(body.incrementalCacheSchedule, 'incrementalCacheSchedule', minInterval) ?? null,
  };
}

const statuses = async (c: RouteContext, filter?: (cache: CacheRow) => boolean) => c.get('present').cacheStatuses(c, await (await caches()).cacheStates(c.get('project'), filter));

/** Caches of a project's tables: settings, runs (started at once, run in the background), status and history. */
export function cacheRoutes(): Routes {
  const r = new Routes();
  const run = (mode: CacheMode) => async (c: RouteContext) => c.get('present').cacheRunStarted(c, await (await caches()).startRun(c.get('project'), c.req.param('cacheId'), mode, false));
  const cancel = (mode: CacheMode) => async (c: RouteContext) => c.get('present').cacheRunCancelled(c, await (await caches()).cancelRun(c.get('project'), c.req.param('cacheId'), mode));
  r.post('/', async (c) => {
    const input = cacheInput(await jsonObject(c), incrementalColumn(c) ?? null, c.get('gateway').minInterval);
    return c.get('present').cache(c, await (await caches()).createCache(c.get('project'), input));
  });
  r.post('/batch', async (c) => {
    const body = await jsonBody(c);
    if (!Array.isArray(body)) throw badRequest('the request body must be an array of cache requests');
    const outcomes = [];
    for (const item of body) {
      try {
        outcomes.push({ cache: await (await caches()).createCache(c.get('project'), cacheInput(item, null, c.get('gateway').minInterval)) });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        outcomes.push({ error: error.message });
      }
    }
    return c.get('present').cachesCreated(c, outcomes);
  });
  r.get('/status', async (c) => statuses(c));
  r.get('/:cacheId', async (c) => c.get('present').cache(c, await (await caches()).cacheRow(c.get('project'), c.req.param('cacheId'))));
  r.put('/:cacheId', async (c) => {
    const body = await jsonObject(c, { optional: true });
    const min = c.get('gateway').minInterval;
    const change: CacheChange = {
      incrementalColumn: incrementalColumn(c),
      fullSchedule: cacheSchedule(body.fullRefreshCacheSchedule, 'fullRefreshCacheSchedule', min),
      incrementalSchedule: cacheSchedule(body.incrementalCacheSchedule, 'incrementalCacheSchedule', min),
    };
    return c.get('present').cache(c, await (await caches()).updateCache(c.get('project'), c.req.param('cacheId'), change));
  });
  r.delete('/:cacheId', async (c) => c.get('present').cacheDeleted(c, await (await caches()).deleteCache(c.get('project'), c.req.param('cacheId'))));
  r.post('/:cacheId/fullRefreshUpdate', run('FULL_REFRESH'));
  r.post('/:cacheId/incrementalUpdate', run('INCREMENTAL'));
  r.post('/:cacheId/cancelFullRefreshUpdate', cancel('FULL_REFRESH'));
  r.post('/:cacheId/cancelIncrementalUpdate', cancel('INCREMENTAL'));
  r.get('/:cacheId/status', async (c) => {
    // dgw's own `waitMs`: a running refresh is answered when it ends (that long at most), so a waiting CLI need not poll.
    const [m, p, id] = [await caches(), c.get('project'), c.req.param('cacheId')];
    await m.runSettled(p, id, waitMsParam(c), requestSignal());
    return c.get('present').cacheStatus(c, await m.cacheState(p, id), !boolParam(c, 'excludeLogs', false));
  });
  r.get('/:cacheId/executionHistory', async (c) => {
    const limit = count(c.req.query('limit'), 'limit', 100);
    const offset = count(c.req.query('offset'), 'offset', 0);
    return c.get('present').cacheHistory(c, await (await caches()).cacheHistory(c.get('project'), c.req.param('cacheId'), Math.max(limit, 1), offset));
  });
  return r;
}

/** Cache statuses of one catalog, or of one schema of it. */
export function catalogCacheRoutes(): Routes {
  const r = new Routes();
  r.get('/:catalogId/cache/status', async (c) => statuses(c, (x) => x.catalogId === c.req.param('catalogId')));
  r.get('/:catalogId/schema/:schemaName/cache/status', async (c) => statuses(c, (x) => x.catalogId === c.req.param('catalogId') && x.schemaName === c.req.param('schemaName')));
  return r;
}

function count(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw badRequest(`query parameter ${name} must be a whole number`);
  return Number(raw);
}
