import type { RefreshStatusView } from '../../api/types.js';
import { badRequest } from '../errors.js';
import { nextFireTime } from '../schedule.js';
import { checkSql } from './check.js';
import { builtStatus, materializeSql } from './objects.js';
import { readMaterialized } from './query-rows.js';
import { appendStatus } from './refresh-log.js';
import { failureOf, recordsEnd, startJob } from './refresh-job.js';
import { commit, jobStatements } from '../request-scope.js';
import type { ProjectStore, RunningRefresh } from './store.js';
import type { QueryRow, RefreshRow } from './types.js';

/** A MATERIALIZED query, or 400 for a PLAIN one (404 when missing). */
export async function materialized(s: ProjectStore, id: string): Promise<QueryRow> {
  const q = await s.query(id);
  if (q.queryType !== 'MATERIALIZED') throw badRequest(`query ${q.name} is PLAIN; only MATERIALIZED queries have a refresh`, 'NOT_MATERIALIZED');
  return q;
}

/** When the schedule of a query is next due (epoch ms), or undefined without a schedule. */
export function nextRun(s: ProjectStore, q: QueryRow): number | undefined {
  if (q.queryType !== 'MATERIALIZED' || !q.schedule) return undefined;
  const last = statusOf(s, q)?.startedAt ?? 0;
  return nextFireTime(q.schedule, Math.max(last, q.scheduleSetAt));
}

/** The latest refresh-log row, or without one the build of its table when it was saved. */
function statusOf(s: ProjectStore, q: QueryRow): RefreshRow | undefined {
  return s.refreshes.get(q.id) ?? (q.materializedAt !== null ? builtStatus(q) : undefined);
}

export function statusView(s: ProjectStore, q: QueryRow): RefreshStatusView {
  const r = statusOf(s, q);
  const next = nextRun(s, q);
  const updated = r?.finishedAt ?? r?.startedAt;
  return {
    queryId: q.id,
    queryName: q.name,
    scheduleSettings: q.schedule,
    nextExecutionStartTime: next === undefined ? null : new Date(next).toISOString(),
    status: r?.status ?? 'NOT_INITIALIZED',
    lastExecutionStartTime: r?.startedAt ? new Date(r.startedAt).toISOString() : null,
    // The status last changed when the run ended, or, while it runs, when it began.
    lastUpdateTime: updated ? new Date(updated).toISOString() : null,
    message: r?.message ?? null,
  };
}

/** Every MATERIALIZED query's status, in the order they were made. */
export async function statusViews(s: ProjectStore): Promise<RefreshStatusView[]> {
  return (await s.withConnection(readMaterialized)).map((q) => statusView(s, q));
}

/** Starts a refresh in the background (reusing one already running); the new result replaces the old in one transaction. */
export async function refresh(s: ProjectStore, id: string): Promise<RefreshStatusView> {
  return s.mutex.run(async () => {
    const q = await materialized(s, id);
    s.assertOpen();
    if (!s.running.has(q.id)) {
      const startedAt = s.now();
      await appendStatus(s, s.writer, q.id, { status: 'RUNNING', startedAt, finishedAt: null, message: null });
      await startJob(s, q.id, (job) => runRefresh(s, q, job, startedAt));
    }
    return statusView(s, q);
  });
}

export async function cancel(s: ProjectStore, id: string): Promise<RefreshStatusView> {
  const q = await materialized(s, id);
  await s.stopRefresh(q.id);
  return statusView(s, q);
}

async function runRefresh(s: ProjectStore, q: QueryRow, job: RunningRefresh, startedAt: number): Promise<void> {
  const { conn } = job;
  try {
    // Judged again each time: what it reads may have changed since it was saved.
    const check = await checkSql(s, q.inputQuery, true);
    if (check.bindError !== undefined) throw new Error(check.bindError);
    await jobStatements(conn, job.stop.signal, async () => {
      await conn.run('BEGIN');
      await s.sandbox.materialize(conn, materializeSql(q.name, q.inputQuery));
      await appendStatus(s, conn, q.id, { status: 'COMPLETED', startedAt, finishedAt: s.now(), message: null });
      await commit(conn);
    });
  } catch (error) {
    await conn.run('ROLLBACK').catch(() => undefined);
    const { status, message } = failureOf(s, job, error, 'the refresh was cancelled');
    if (recordsEnd(s, job)) await appendStatus(s, conn, q.id, { status, startedAt, finishedAt: s.now(), message }).catch(() => undefined);
  }
}
