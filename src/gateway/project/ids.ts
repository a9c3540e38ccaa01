import type { DuckDBConnection } from '@duckdb/node-api';
import type { QueryRow } from './types.js';

const LOW = 10n ** 17n;
const SPAN = 9n * 10n ** 17n;

/**
 * A new query id: an 18-digit numeric string, as the hosted service's ids are
 * (`709922802836177297`), random so that ids reveal nothing and never repeat in practice;
 * `taken` guards against the one-in-10^17 chance anyway.
 */
export function newQueryId(taken: (id: string) => boolean): string {
  for (;;) {
    const id = String(LOW + (process.getBuiltinModule('node:crypto').randomBytes(8).readBigUInt64BE() % SPAN));
    if (!taken(id)) return id;
  }
}

/** True for the ids this gateway makes now; earlier versions made UUIDs. */
export function isNumericId(id: string): boolean {
  return /^[1-9][0-9]*$/.test(id);
}

/**
 * Databases made before query ids became numeric hold UUIDs (or other strings): each such query
 * (of `queries`, the rows a migration is moving) gets a numeric id, its refresh log follows it,
 * and the old id is kept as an alias, so that scripts holding it keep working. Runs inside the
 * open transaction; returns the rows with their ids now.
 */
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
