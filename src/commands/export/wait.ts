import { readExport } from '../../api/exports.js';
import type { ExportJob } from '../../api/types.js';
import type { Context } from '../../context.js';
import { localGatewayFault, type Http } from '../../api/http.js';
import { ExportFailedError, InterruptedError, NotFoundError, WaitTimeoutError } from '../../errors.js';

const FINISHED = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED']);

/** How a wait for an export goes: its bound, the intervals of its polls, and what to show as the status changes. */
export interface ExportWait {
  deadlineMs: number;
  firstPollMs: number;
  maxPollMs: number;
  /** The service holds each poll until the job ends, the interval at most (the local gateway's `waitMs`), instead of dgw sleeping it. */
  heldPolls: boolean;
  onStatus?: (job: ExportJob) => void;
}

/** Without --timeout, no limit in-process (the job cannot outlive dgw), an hour elsewhere. */
export async function exportWait(ctx: Context, http: Http): Promise<ExportWait> {
  const settings = await ctx.settings();
  const flag = settings.timeoutMs.source === 'flag' ? settings.timeoutMs.value : undefined;
  if (http.inProcess) return { deadlineMs: flag ?? Number.POSITIVE_INFINITY, firstPollMs: 25, maxPollMs: 1000, heldPolls: true };
  return { deadlineMs: flag ?? 60 * 60_000, firstPollMs: 200, maxPollMs: 5000, heldPolls: http.localGateway };
}

/** Polls an export until it ends; FAILED and CANCELLED are exit 10, EXPIRED exit 4. */
export async function waitForExport(ctx: Context, http: Http, projectId: string, exportId: string, plan: ExportWait): Promise<ExportJob> {
  const deadline = ctx.clock.now() + plan.deadlineMs;
  let delay = plan.firstPollMs;
  let hold = 0;
  for (;;) {
    const job = await readExport(http, projectId, exportId, hold);
    plan.onStatus?.(job);
    if (FINISHED.has(job.status)) return finished(job, http.localGateway);
    if (ctx.clock.now() + delay > deadline) throw new WaitTimeoutError(`gave up waiting for export ${exportId} after ${Math.round(plan.deadlineMs / 1000)} s (--timeout); it is ${job.status || 'not finished'}`);
    // A held poll must end well within the time limit of its request.
    if (plan.heldPolls) hold = Math.min(delay, Math.floor(http.timeoutMs / 2));
    else await ctx.clock.sleep(delay, ctx.signal);
    delay = Math.min(delay * 2, plan.maxPollMs);
  }
}

/** A local DISK_FULL failure is this machine's fault (exit 13), not a failed export; a hosted code never speaks of this machine. */
export function finished(job: ExportJob, localGateway: boolean): ExportJob {
  const fault = localGateway && job.status === 'FAILED' && job.errorCode ? localGatewayFault(job.errorCode, job.error ?? `export ${job.id} failed`) : undefined;
  if (fault) throw fault;
  if (job.status === 'FAILED') throw new ExportFailedError(`export ${job.id} failed${job.error ? `: ${job.error}` : ''}`);
  if (job.status === 'CANCELLED') throw new ExportFailedError(`export ${job.id} was cancelled`);
  if (job.status === 'EXPIRED') throw new NotFoundError(`export ${job.id} expired: its files were removed; export the query again`);
  return job;
}

/** A wait stopped by Ctrl-C or --timeout leaves the export going: the error tells how to follow or stop it. */
export function goesOn(exportId: string, error: unknown): never {
  const advice = `the export goes on in the service: get its files with \`dgw export get ${exportId} -o FILE\`, or stop it with \`dgw export cancel ${exportId}\``;
  if (error instanceof InterruptedError) throw new InterruptedError(advice);
  if (error instanceof WaitTimeoutError) throw new WaitTimeoutError(error.message, advice);
  throw error;
}
