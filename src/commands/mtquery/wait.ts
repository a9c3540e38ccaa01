import type { Http } from '../../api/http.js';
import { getRefreshStatus } from '../../api/materialized.js';
import type { RefreshStatusRecord } from '../../api/types.js';
import type { Clock } from '../../context.js';
import { RefreshFailedError, WaitTimeoutError } from '../../errors.js';

/** The error (exit 10) of a final status that is not COMPLETED; undefined for one that is. */
export function refreshFailure(status: RefreshStatusRecord): RefreshFailedError | undefined {
  if (status.status === 'COMPLETED') return undefined;
  return new RefreshFailedError(`refresh of ${status.queryName || status.queryId} ${status.status.toLowerCase()}${status.message ? `: ${status.message}` : ''}`);
}

/** How long `--wait` may take and how often it asks. */
export interface WaitPlan {
  deadlineMs: number;
  firstPollMs?: number;
  maxPollMs?: number;
  /** Called with every status read while waiting (to show it as it changes). */
  onStatus?: (status: RefreshStatusRecord) => void;
}

/** Polls until the refresh started at `requestedAt` ends; a COMPLETED from before the request is not the answer. */
export async function waitForRefresh(
  http: Http,
  projectId: string,
  queryId: string,
  requestedAt: number,
  clock: Clock,
  signal: AbortSignal,
  plan: WaitPlan,
): Promise<RefreshStatusRecord> {
  const deadline = clock.now() + plan.deadlineMs;
  let delay = plan.firstPollMs ?? 250;
  let seenRunning = false;
  for (;;) {
    const status = await getRefreshStatus(http, projectId, queryId);
    plan.onStatus?.(status);
    if (status.status === 'RUNNING') seenRunning = true;
    const started = status.lastExecutionStartTime ? Date.parse(status.lastExecutionStartTime) : NaN;
    const thisRun = seenRunning || (!Number.isNaN(started) && started >= requestedAt - 1000);
    if (thisRun && (status.status === 'COMPLETED' || status.status === 'FAILED' || status.status === 'CANCELLED')) return status;
    if (clock.now() + delay > deadline) {
      throw new WaitTimeoutError(`gave up waiting for the refresh after ${Math.round(plan.deadlineMs / 1000)} s; it may still be running`);
    }
    await clock.sleep(delay, signal);
    delay = Math.min(delay * 2, plan.maxPollMs ?? 5000);
  }
}
