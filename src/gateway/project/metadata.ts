import type { DuckDBConnection } from '@duckdb/node-api';

// Reading the gateway's own small tables into its cache when a project opens (queries are not:
// query-rows.ts reads them as requests need them). Each table comes back as one JSON text that
// DuckDB builds, and all that is asked for come in one statement: every statement is a round trip
// through the DuckDB binding.

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
  status: string;
  started_at: number | null;
  finished_at: number | null;
  message: string | null;
}

/** A row of `_dgw.settings` (the schema version and the seed mark are read). */
export interface SettingRecord {
  key: string;
  value: string;
}

/** An old query id and the id the query has now. */
export interface AliasRecord {
  alias: string;
  id: string;
}

/** What each part is, read. */
export interface Metadata {
  settings: SettingRecord[];
  folders: FolderRecord[];
  aliases: AliasRecord[];
  log: LogRecord[];
}

/**
 * Each part as a statement returning one JSON array text (NULL for an empty table). The array is
 * joined from each row's `to_json` rather than made by `to_json(list(row))`: the same text, and
 * a fresh engine plans and runs it in about 3 ms less (a list of structs costs DuckDB about
 * 2 ms a table to bind and build, even for three rows).
 */
const PARTS: Record<keyof Metadata, string> = {
  settings: `SELECT '[' || string_agg(to_json(s), ',') || ']' FROM svc._dgw.settings s WHERE key IN ('schema_version', 'seeded')`,
  folders: `SELECT '[' || string_agg(to_json(f), ',' ORDER BY created_at, id) || ']' FROM svc._dgw.folders f`,
  aliases: `SELECT '[' || string_agg(to_json(a), ',') || ']' FROM svc._dgw.query_aliases a`,
  log: `SELECT '[' || string_agg(to_json(r), ',' ORDER BY seq) || ']' FROM svc._dgw.refresh_log r`,
};

/**
 * Reads the parts asked for, in one statement (run after the statements of `before`, when given,
 * in the same call). Its one row is taken from the materialized result as it is (no chunk fetched
 * later): one trip to DuckDB's threads and back, not three.
 */
export async function readMetadata<K extends keyof Metadata>(conn: DuckDBConnection, parts: K[], before?: string): Promise<Pick<Metadata, K>> {
  const sql = `${before ? `${before}; ` : ''}SELECT ${parts.map((p) => `(${PARTS[p]})::VARCHAR`).join(', ')}`;
  const row = (await conn.run(sql)).getChunk(0).getRows()[0];
  const out: Partial<Metadata> = {};
  parts.forEach((p, i) => {
    const text = row[i];
    out[p] = text === null || text === undefined ? [] : JSON.parse(String(text));
  });
  return out as Pick<Metadata, K>;
}
