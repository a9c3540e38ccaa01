import type { DuckDBConnection } from '@duckdb/node-api';
import type { RefreshStatus } from '../../api/types.js';
import { literal, sqlValue } from '../sql.js';
import { rows, type ProjectStore } from './store.js';
import type { RefreshRow, Statement } from './types.js';

/** Writes a status row on `c` and caches it once written. */
export async function appendStatus(s: ProjectStore, c: DuckDBConnection, queryId: string, r: RefreshRow): Promise<void> {
  const st = statusStatement(s, queryId, r);
  await c.run(st.sql);
  st.apply?.();
}

/** The refresh-log row of a status, and the cache update to make once it is written. */
export function statusStatement(s: ProjectStore, queryId: string, r: RefreshRow): Statement {
  const seq = s.seq++;
  return {
    sql: `INSERT INTO svc._dgw.refresh_log VALUES (${literal(queryId)}, ${seq}, ${literal(r.status)}, ${sqlValue(r.startedAt)}, ${sqlValue(r.finishedAt)}, ${sqlValue(r.message)})`,
    apply: () => s.refreshes.set(queryId, r),
  };
}

/** Loads the log into the cache when the project opens, closing refreshes a stop interrupted. */
export async function recoverRefreshLog(s: ProjectStore): Promise<void> {
  const log = await rows(s.writer, 'SELECT query_id, seq, status, started_at, finished_at, message FROM svc._dgw.refresh_log ORDER BY seq');
  for (const r of log) {
    s.seq = Math.max(s.seq, Number(r.seq) + 1);
    s.refreshes.set(String(r.query_id), {
      status: String(r.status) as RefreshStatus,
      startedAt: num(r.started_at),
      finishedAt: num(r.finished_at),
      message: r.message === null ? null : String(r.message),
    });
  }
  // A refresh that was running when the gateway stopped never committed: its previous result is intact.
  for (const [queryId, r] of s.refreshes) {
    if (r.status === 'RUNNING') {
      await appendStatus(s, s.writer, queryId, {
        status: 'FAILED',
        startedAt: r.startedAt,
        finishedAt: s.now(),
        message: 'interrupted: the gateway stopped during this refresh; the previous result was kept',
      });
    }
  }
  await s.writer.run('DELETE FROM svc._dgw.refresh_log r WHERE seq < (SELECT max(seq) FROM svc._dgw.refresh_log x WHERE x.query_id = r.query_id)');
}

function num(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}
