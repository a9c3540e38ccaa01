import type { DuckDBConnection } from '@duckdb/node-api';
import type { QueryRow } from './types.js';

const LOW = 10n ** 17n;
const SPAN = 9n * 10n ** 17n;

/** A new random 18-digit query id, like the hosted service's; `taken` guards against a collision anyway. */
export function newQueryId(taken: (id: string) => boolean): string {
  for (;;) {
    const id = String(LOW + (process.getBuiltinModule('node:crypto').randomBytes(8).readBigUInt64BE() % SPAN));
    if (!taken(id)) return id;
  }
}

/** True for the ids this gateway makes now. */
export function isNumericId(id: string): boolean {
  return /^[1-9][0-9]*$/.test(id);
}

/** Gives each non-numeric query id a numeric one inside the open transaction, keeping the old id as an alias for scripts that hold it. */
export async function migrateQueryIds(conn: DuckDBConnection, queries: QueryRow[]): Promise<QueryRow[]> {
  const ids = new Set(queries.map((q) => q.id));
  const moved: QueryRow[] = [];
  for (const q of queries) {
    if (isNumericId(q.id)) {
      moved.push(q);
      continue;
    }
    const id = newQueryId((x) => ids.has(x));
    ids.add(id);
    await conn.run('UPDATE svc._dgw.refresh_log SET query_id = ? WHERE query_id = ?', [id, q.id]);
    await conn.run('INSERT INTO svc._dgw.query_aliases VALUES (?, ?)', [q.id, id]);
    moved.push({ ...q, id });
  }
  return moved;
}
