import { readExport } from '../../api/exports.js';
import type { Http } from '../../api/http.js';
import type { ExportJob } from '../../api/types.js';
import type { Context } from '../../context.js';
import { ExportFailedError, NotFoundError, WaitTimeoutError } from '../../errors.js';

const FINISHED = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED']);

/** How a wait for an export goes: its bound, and what to show as the status changes. */
export interface ExportWait {
  deadlineMs: number;
  firstPollMs: number;
  maxPollMs: number;
  onStatus?: (job: ExportJob) => void;
}

/** The wait for an export: --timeout when given; else none in-process (the job cannot outlive dgw), an hour elsewhere. */
export async function exportWait(ctx: Context, http: Http): Promise<ExportWait> {
  const settings = await ctx.settings();
  const flag = settings.timeoutMs.source === 'flag' ? settings.timeoutMs.value : undefined;
  // In-process a status read costs no network: asked often, the wait ends right after the job.
  if (http.inProcess) return { deadlineMs: flag ?? Number.POSITIVE_INFINITY, firstPollMs: 5, maxPollMs: 25 };
  return { deadlineMs: flag ?? 60 * 60_000, firstPollMs: 200, maxPollMs: 5000 };
}

/**
 * Polls an export until it ends. SUCCEEDED is the answer (with its download links); FAILED and
 * CANCELLED are exit 10 with the service's reason; EXPIRED (its files already removed) exit 4.
 */
export async function waitForExport(ctx: Context, http: Http, projectId: string, exportId: string, plan: ExportWait): Promise<ExportJob> {
  const deadline = ctx.clock.now() + plan.deadlineMs;
  let delay = plan.firstPollMs;
  for (;;) {
    const job = await readExport(http, projectId, exportId);
    plan.onStatus?.(job);
    if (FINISHED.has(job.status)) return finished(job);
    if (ctx.clock.now() + delay > deadline) throw new WaitTimeoutError(`gave up waiting for export ${exportId} after ${Math.round(plan.deadlineMs / 1000)} s (--timeout); it is ${job.status || 'not finished'}`);
    await ctx.clock.sleep(delay, ctx.signal);
    delay = Math.min(delay * 2, plan.maxPollMs);
  }
}

/** A finished job, or the error its end is. */
export function finished(job: ExportJob): ExportJob {
  if (job.status === 'FAILED') throw new ExportFailedError(`export ${job.id} failed${job.error ? `: ${job.error}` : ''}`);
  if (job.status === 'CANCELLED') throw new ExportFailedError(`export ${job.id} was cancelled`);
  if (job.status === 'EXPIRED') throw new NotFoundError(`export ${job.id} expired: its files were removed; export the query again`);
  return job;
}

/** What a person who stopped waiting is told: the export goes on, and how to follow or stop it. */
export function goesOn(exportId: string): string {
  return `the export goes on in the service: get its files with \`dgw export get ${exportId} -o FILE\`, or stop it with \`dgw export cancel ${exportId}\``;
}
