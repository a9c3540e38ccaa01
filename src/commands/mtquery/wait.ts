import type { Http } from '../../api/http.js';
import { getRefreshStatus } from '../../api/materialized.js';
import type { RefreshStatusRecord } from '../../api/types.js';
import type { Context } from '../../context.js';
import { DgwError, NotFoundError, RefreshFailedError, WaitTimeoutError } from '../../errors.js';
import { pollUntil, refreshEndedError, type PollPlan } from '../poll.js';

/** The error of a final status that is not COMPLETED (refreshEndedError); undefined for one that is. */
export function refreshFailure(status: RefreshStatusRecord, localGateway: boolean): DgwError | undefined {
  if (status.status === 'COMPLETED') return undefined;
  return refreshEndedError(`refresh of ${status.queryName || status.queryId} ${status.status.toLowerCase()}${status.message ? `: ${status.message}` : ''}`, status.message, localGateway);
}

/** How long `--wait` may take and how often it asks. */
export interface WaitPlan extends PollPlan {
  /** Called with every status read while waiting (to show it as it changes). */
  onStatus?: (status: RefreshStatusRecord) => void;
}

/** Polls until the refresh started at `requestedAt` ends; a COMPLETED from before the request is not the answer. */
export async function waitForRefresh(ctx: Context, http: Http, projectId: string, queryId: string, ref: string, requestedAt: number, plan: WaitPlan): Promise<RefreshStatusRecord> {
  let runStart: number | undefined;
  const ended = (status: RefreshStatusRecord): RefreshStatusRecord | undefined => {
    plan.onStatus?.(status);
    const started = status.lastExecutionStartTime ? Date.parse(status.lastExecutionStartTime) : NaN;
    if (status.status === 'RUNNING') runStart ??= started;
    const thisRun = runStart !== undefined || (!Number.isNaN(started) && started >= requestedAt - 1000);
    if (!thisRun || !(status.status === 'COMPLETED' || status.status === 'FAILED' || status.status === 'CANCELLED')) return undefined;
    // Only a run seen starting after the request can be told from another (a running status may carry an older start).
    if (runStart !== undefined && runStart >= requestedAt - 1000 && started > runStart + 1000) throw new RefreshFailedError(`the refresh of ${ref} did not complete: the query was changed while waiting, which rebuilt it and stopped the refresh`);
    return status;
  };
  const gaveUp = () => new WaitTimeoutError(`gave up waiting for the refresh after ${Math.round(plan.deadlineMs / 1000)} s; it may still be running`);
  return pollUntil(ctx, http, plan, () => getRefreshStatus(http, projectId, queryId), ended, gaveUp).catch((error: unknown) => {
    throw error instanceof DgwError && error.kind === 'not_found' ? new NotFoundError(`query ${ref} was deleted while waiting for its refresh`) : error;
  });
}
