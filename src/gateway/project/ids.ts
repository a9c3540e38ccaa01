import type { DuckDBConnection } from '@duckdb/node-api';
import { rows } from './store.js';

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
 * gets a numeric id, its refresh log follows it, and the old id is kept as an alias, so that
 * scripts holding it keep working. Runs inside the open transaction.
 */
export async function migrateQueryIds(conn: DuckDBConnection): Promise<void> {
  const docs = await rows(conn, 'SELECT id FROM svc._dgw.query_docs');
  const ids = new Set(docs.map((r) => String(r.id)));
  for (const old of ids) {
    if (isNumericId(old)) continue;
    const id = newQueryId((x) => ids.has(x));
    ids.add(id);
    await conn.run('UPDATE svc._dgw.query_docs SET id = ? WHERE id = ?', [id, old]);
    await conn.run('UPDATE svc._dgw.refresh_log SET query_id = ? WHERE query_id = ?', [id, old]);
    await conn.run('INSERT INTO svc._dgw.query_aliases VALUES (?, ?)', [old, id]);
  }
}
