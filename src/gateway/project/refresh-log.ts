import type { DuckDBConnection } from '@duckdb/node-api';
import { runApplied } from './statement.js';
import type { ProjectStore } from './store.js';
import type { RefreshRow, Statement } from './types.js';

/** Writes a status row on `c` and caches it once written. */
export async function appendStatus(s: ProjectStore, c: DuckDBConnection, queryId: string, r: RefreshRow): Promise<void> {
  await runApplied(c, statusStatement(s, queryId, r));
}

/** Deletes the rows that are no query's status any more (each query's latest row is). */
export const COMPACT_REFRESH_LOG = 'DELETE FROM svc._dgw.refresh_log r WHERE seq < (SELECT max(seq) FROM svc._dgw.refresh_log x WHERE x.query_id = r.query_id)';

/** The refresh-log row of a status, and the cache update to make once it is written. */
export function statusStatement(s: ProjectStore, queryId: string, r: RefreshRow): Statement {
  const seq = s.seq++;
  return {
    sql: 'INSERT INTO svc._dgw.refresh_log VALUES (?, ?, ?, ?, ?, ?)',
    params: [queryId, seq, r.status, r.startedAt, r.finishedAt, r.message],
    apply: () => {
      s.refreshes.set(queryId, r);
      s.logSuperseded = true;
    },
  };
}

/** Closes the refreshes a stop interrupted; superseded rows are deleted on close after a change, so reading writes nothing. */
export async function recoverRefreshLog(s: ProjectStore): Promise<void> {
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
}
