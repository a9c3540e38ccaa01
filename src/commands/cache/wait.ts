import { cancelCacheRun, getCacheStatus, type CacheMode, type CacheRunRecord, type CacheStatusRecord } from '../../api/caches.js';
import type { Http } from '../../api/http.js';
import type { Context } from '../../context.js';
import { DgwError, NotFoundError, plural, WaitTimeoutError } from '../../errors.js';
import { pollUntil, refreshEndedError, waitLimitMs, type PollPlan } from '../poll.js';

const ENDED = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

export function lastRunOf(status: CacheStatusRecord, mode: CacheMode): CacheRunRecord | null {
  return mode === 'INCREMENTAL' ? status.lastIncremental : status.lastFullRefresh;
}

/** The error of a run that ended other than COMPLETED (refreshEndedError). */
export function runFailure(ref: string, run: CacheRunRecord, localGateway: boolean): DgwError | undefined {
  if (run.status === 'COMPLETED') return undefined;
  return refreshEndedError(`refresh of cache ${ref} ${run.status.toLowerCase()}${run.error ? `: ${run.error}` : ''}`, run.error, localGateway);
}

/** What to wait for: the run the service named, or else the first run of `mode` (of either without one: a new cache's) after `before`. */
export interface CacheWait extends PollPlan {
  mode?: CacheMode;
  started?: CacheRunRecord;
  before: CacheRunRecord | null;
}

/** The run once it ends; giving up (--timeout) in-process cancels it, as it cannot outlive dgw, and `gaveUp` says so. */
export async function waitForCacheRun(ctx: Context, http: Http, projectId: string, id: string, ref: string, plan: CacheWait, gaveUp: string): Promise<CacheRunRecord> {
  try {
    return await pollCacheRun(ctx, http, projectId, id, ref, plan);
  } catch (error) {
    if (!(error instanceof WaitTimeoutError)) throw error;
    if (!http.inProcess) throw new WaitTimeoutError(error.message, `the refresh goes on: follow it with \`dgw cache status ${ref}\`, or stop it with \`dgw cache cancel ${ref}\``);
    for (const mode of plan.mode ? [plan.mode] : (['FULL_REFRESH', 'INCREMENTAL'] as const)) await cancelCacheRun(http, projectId, id, mode).catch(() => undefined);
    throw new WaitTimeoutError(gaveUp);
  }
}

function pollCacheRun(ctx: Context, http: Http, projectId: string, cacheId: string, ref: string, wait: CacheWait): Promise<CacheRunRecord> {
  const ended = (status: CacheStatusRecord): CacheRunRecord | undefined => {
    // A run replaced by a newer one of its mode (cancelled, then started again) is followed by that one.
    if (wait.started && wait.mode && ![status.lastFullRefresh, status.lastIncremental].some((r) => r?.id === wait.started!.id)) wait.started = lastRunOf(status, wait.mode) ?? wait.started;
    const run = wait.started
      ? [status.lastFullRefresh, status.lastIncremental].find((r) => r?.id === wait.started!.id)
      : (wait.mode ? lastRunOf(status, wait.mode) : status.lastFullRefresh ?? status.lastIncremental) ?? undefined;
    const ours = run !== undefined && run !== null && (wait.started !== undefined || run.id !== wait.before?.id || wait.before?.status === 'RUNNING');
    return ours && ENDED.has(run.status) ? run : undefined;
  };
  const gaveUp = () => new WaitTimeoutError(`gave up waiting for the refresh of cache ${ref} after ${Math.round(wait.deadlineMs / 1000)} s; it may still be running`);
  return pollUntil(ctx, http, wait, (hold) => getCacheStatus(http, projectId, cacheId, hold), ended, gaveUp).catch((error: unknown) => {
    throw error instanceof DgwError && error.kind === 'not_found' ? new NotFoundError(`cache ${ref} was deleted while waiting for its refresh`) : error;
  });
}

/** A new cache's first copy on the in-process local gateway: waited for in the open (Ctrl-C is exit 130, --timeout cancels it), its end reported (exit 10 unless COMPLETED). */
export async function awaitFirstCopy(ctx: Context, http: Http, projectId: string, id: string, ref: string): Promise<void> {
  const settings = await ctx.settings();
  ctx.out.note(`making the first copy of cache ${ref}…`);
  const plan = { before: null, deadlineMs: waitLimitMs(settings, Number.POSITIVE_INFINITY), firstPollMs: 1000, maxPollMs: 5000, heldPolls: true };
  const run = await waitForCacheRun(ctx, http, projectId, id, ref, plan, `gave up on the first copy of cache ${ref} (--timeout): it was cancelled; \`dgw cache refresh ${ref}\` makes it`);
  const failure = runFailure(ref, run, http.localGateway);
  if (failure) throw failure;
  ctx.out.note(`first copy of cache ${ref} made: ${plural(run.cachedRows, 'row')}`);
}
