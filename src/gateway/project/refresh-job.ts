import type { RefreshStatus } from '../../api/types.js';
import { badRequest, duckMessage, HttpError } from '../errors.js';
import { diskIsFull, duckFault } from '../faults.js';
import { ranOutOfTime } from '../limits.js';
import { sourceProblem } from './connections.js';
import { runInTurn } from './job-slots.js';
import type { ProjectStore, RunningRefresh } from './store.js';

// What a materialized query's refresh and a cache's run share: a connection of their own, the
// store's running map (so cancel, close and delete stop them), and how a failure is told.

/** Starts `work` in the background under `key`, on its own connection, bounded by the statement time limit. */
export async function startJob(s: ProjectStore, key: string, work: (job: RunningRefresh) => Promise<void>): Promise<RunningRefresh> {
  const conn = await s.connect();
  const job: RunningRefresh = { conn, stop: new AbortController(), done: Promise.resolve() };
  s.running.set(key, job);
  // The refresh outlives the request that started it: only its own time limit stops it.
  const limit = { ms: s.limits.statementTimeoutMs, reason: () => ranOutOfTime(s.limits) };
  job.done = runInTurn(job.stop.signal, limit, () => work(job)).finally(() => {
    s.running.delete(key);
    conn.closeSync();
  });
  return job;
}

/** How a refresh that threw ended: CANCELLED when cancelled, else FAILED, with the message to keep (a full disk in the gateway's words, which the CLI makes exit 13; a source that is gone as SQL says it). */
export function failureOf(s: ProjectStore, job: RunningRefresh, error: unknown, cancelled: string): { status: RefreshStatus; message: string } {
  const why: unknown = job.stop.signal.reason;
  if (job.stop.signal.aborted) return { status: 'CANCELLED', message: why instanceof HttpError ? `${why.message} (${cancelled})` : cancelled };
  if (error instanceof HttpError && error.errorCode === 'STATEMENT_TIMEOUT') return { status: 'FAILED', message: ranOutOfTime(s.limits, 'refresh', 'the previous result was kept').message };
  const full = diskIsFull(error) ? duckFault(error, { projectId: s.id, file: s.file }) : undefined;
  if (full) return { status: 'FAILED', message: full.message };
  return { status: 'FAILED', message: duckMessage(sourceProblem(s, error instanceof HttpError ? error : badRequest(duckMessage(error)))) };
}

/** Whether the end of a refresh is still written: not once the project closed under it, unless it was cancelled. */
export const recordsEnd = (s: ProjectStore, job: RunningRefresh): boolean => !s.closed || job.stop.signal.aborted;
