import { readExport } from '../../api/exports.js';
import type { ExportJob } from '../../api/types.js';
import type { Context } from '../../context.js';
import { localGatewayFault, type Http } from '../../api/http.js';
import { pollUntil, stoppedWaiting, waitLimitMs } from '../poll.js';
import { ExportFailedError, NotFoundError, WaitTimeoutError } from '../../errors.js';

const FINISHED = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED']);

/** Polls an export until it ends, `onStatus` told each status read; FAILED and CANCELLED are exit 10, EXPIRED exit 4. */
export async function waitForExport(ctx: Context, http: Http, projectId: string, exportId: string, onStatus: (job: ExportJob) => void): Promise<ExportJob> {
  // Without --timeout, no limit in-process (the job cannot outlive dgw), an hour elsewhere.
  const settings = await ctx.settings();
  const plan = http.inProcess
    ? { deadlineMs: waitLimitMs(settings, Number.POSITIVE_INFINITY), firstPollMs: 25, maxPollMs: 1000, heldPolls: true }
    : { deadlineMs: waitLimitMs(settings, 60 * 60_000), firstPollMs: 200, maxPollMs: 5000, heldPolls: http.localGateway };
  const ended = (job: ExportJob): ExportJob | undefined => {
    onStatus(job);
    return FINISHED.has(job.status) ? finished(job, http.localGateway) : undefined;
  };
  const gaveUp = (job: ExportJob) => new WaitTimeoutError(`gave up waiting for export ${exportId} after ${Math.round(plan.deadlineMs / 1000)} s (--timeout); it is ${job.status || 'not finished'}`);
  return pollUntil(ctx, http, plan, (hold) => readExport(http, projectId, exportId, hold), ended, gaveUp);
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
  return stoppedWaiting(error, `the export goes on in the service: get its files with \`dgw export get ${exportId} -o FILE\`, or stop it with \`dgw export cancel ${exportId}\``);
}
