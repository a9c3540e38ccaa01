import type { DuckDBConnection } from '@duckdb/node-api';
import type { QueryDoc } from './objects.js';

// Reading the gateway's own tables into its cache. Each table comes back as one JSON text that
// DuckDB builds, and all that is asked for come in one statement: reading 10,000 documents value
// by value cost 70 ms, and every statement a round trip through the DuckDB binding.

/** A query document with its id. */
export interface DocRecord {
  id: string;
  doc: QueryDoc;
}

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
  docs: DocRecord[];
  folders: FolderRecord[];
  aliases: AliasRecord[];
  log: LogRecord[];
}

/** Each part as a statement returning one JSON array text (NULL for an empty table). */
const PARTS: Record<keyof Metadata, string> = {
  settings: `SELECT to_json(list(s)) FROM svc._dgw.settings s WHERE key IN ('schema_version', 'seeded')`,
  // A document is JSON already: it is spliced in, not quoted again.
  docs: `SELECT '[' || string_agg('{"id":' || to_json(id) || ',"doc":' || doc || '}', ',') || ']' FROM svc._dgw.query_docs`,
  folders: 'SELECT to_json(list(f ORDER BY created_at, id)) FROM svc._dgw.folders f',
  aliases: 'SELECT to_json(list(a)) FROM svc._dgw.query_aliases a',
  log: 'SELECT to_json(list(r ORDER BY seq)) FROM svc._dgw.refresh_log r',
};

/** Reads the parts asked for, in one statement. */
export async function readMetadata<K extends keyof Metadata>(conn: DuckDBConnection, parts: K[]): Promise<Pick<Metadata, K>> {
  const sql = `SELECT ${parts.map((p) => `(${PARTS[p]})::VARCHAR`).join(', ')}`;
  const row = (await conn.runAndReadAll(sql)).getRows()[0];
  const out: Partial<Metadata> = {};
  parts.forEach((p, i) => {
    const text = row[i];
    out[p] = text === null || text === undefined ? [] : JSON.parse(String(text));
  });
  return out as Pick<Metadata, K>;
}
