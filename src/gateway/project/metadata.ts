import type { DuckDBConnection } from '@duckdb/node-api';
import type { RefreshStatus } from '../../api/types.js';

// Every statement is a round trip through the DuckDB binding, so all tables are read in one, each as a JSON text.

/** A folder's row as DuckDB's to_json writes it. */
export interface FolderRecord {
  id: string;
  name: string;
  parent_id: string | null;
  created_at: number;
  modified_at: number;
}

/** A refresh-log row as DuckDB's to_json writes it. */
export interface LogRecord {
  query_id: string;
  seq: number;
  status: RefreshStatus;
  started_at: number | null;
  finished_at: number | null;
  message: string | null;
}

/** The parts, read. */
export interface Metadata {
  /** Rows of `_dgw.settings`. */
  settings: Array<{ key: string; value: string }>;
  folders: FolderRecord[];
  /** Old query ids, each with the id the query has now. */
  aliases: Array<{ alias: string; id: string }>;
  log: LogRecord[];
}

/** Each part as a statement returning one JSON array text; joining row texts binds faster than `to_json(list(row))`. */
const PARTS: Record<keyof Metadata, string> = {
  settings: `SELECT '[' || string_agg(to_json(s), ',') || ']' FROM svc._dgw.settings s WHERE key IN ('schema_version', 'seeded')`,
  folders: `SELECT '[' || string_agg(to_json(f), ',' ORDER BY created_at, id) || ']' FROM svc._dgw.folders f`,
  aliases: `SELECT '[' || string_agg(to_json(a), ',') || ']' FROM svc._dgw.query_aliases a`,
  log: `SELECT '[' || string_agg(to_json(r), ',' ORDER BY seq) || ']' FROM svc._dgw.refresh_log r`,
};

/** Reads the parts asked for in one statement, taken from the materialized result: one trip to DuckDB's threads. */
export async function readMetadata<K extends keyof Metadata>(conn: DuckDBConnection, parts: K[]): Promise<Pick<Metadata, K>> {
  const sql = `SELECT ${parts.map((p) => `(${PARTS[p]})::VARCHAR`).join(', ')}`;
  const row = (await conn.run(sql)).getChunk(0).getRows()[0];
  return Object.fromEntries(parts.map((p, i) => [p, JSON.parse(String(row[i] ?? '[]'))])) as Pick<Metadata, K>;
}
