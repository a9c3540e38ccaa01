import type { DuckDBConnection } from '@duckdb/node-api';
import type { Query } from '../../api/types.js';
import type { DuckDBModule } from '../duckdb.js';
import { readStatement } from './statement.js';
import type { QueryRow, Statement } from './types.js';

// Saved queries live in the database only, one row each, and are read by the lookup a request
// needs (by id, by name, by folder...): nothing reads every query when a project opens, so a
// command on a project of 10,000 queries costs what a command on 10 costs, but for a listing of
// them all. The row holds the query's document (every field, as JSON) and beside it the columns
// the lookups and the listing go by, written from the document by the statements below alone.

/** The table of saved queries, made by open.ts. */
export const QUERY_ROWS_DDL =
  'CREATE TABLE IF NOT EXISTS svc._dgw.query_rows (id VARCHAR, name VARCHAR, folder_id VARCHAR, query_type VARCHAR, created_at BIGINT, doc VARCHAR, answer VARCHAR)';

/**
 * The path of a folder by its id, for the answer kept in each query's row: a query's answer
 * names its folder's path, so a folder renamed or moved rewrites the answers below it (folders.ts).
 */
export type FolderPaths = (folderId: string) => string;

/** The row of a new query. */
export function insertQuerySql(q: QueryRow, paths: FolderPaths): Statement {
  return { sql: 'INSERT INTO svc._dgw.query_rows VALUES (?, ?, ?, ?, ?, ?, ?)', params: [q.id, q.name, q.folderId, q.queryType, q.createdAt, queryDoc(q), answerText(q, paths)] };
}

/** Rewrites the row of a query already stored (its id and creation time never change). */
export function updateQuerySql(q: QueryRow, paths: FolderPaths): Statement {
  return {
    sql: 'UPDATE svc._dgw.query_rows SET name = ?, folder_id = ?, query_type = ?, doc = ?, answer = ? WHERE id = ?',
    params: [q.name, q.folderId, q.queryType, queryDoc(q), answerText(q, paths), q.id],
  };
}

/**
 * Rewrites the rows of many queries in one statement, however many there are: their values travel
 * as bound lists (a statement per query cost a 500-query move 400 ms).
 */
export function updateQueriesSql(duck: DuckDBModule, qs: QueryRow[], paths: FolderPaths): Statement {
  const list = (f: (q: QueryRow) => string | null) => duck.listValue(qs.map(f));
  return {
    sql: `UPDATE svc._dgw.query_rows SET name = u.name, folder_id = u.folder_id, query_type = u.query_type, doc = u.doc, answer = u.answer
      FROM (SELECT unnest(?::VARCHAR[]) AS id, unnest(?::VARCHAR[]) AS name, unnest(?::VARCHAR[]) AS folder_id, unnest(?::VARCHAR[]) AS query_type,
        unnest(?::VARCHAR[]) AS doc, unnest(?::VARCHAR[]) AS answer) u
      WHERE query_rows.id = u.id`,
    params: [list((q) => q.id), list((q) => q.name), list((q) => q.folderId), list((q) => q.queryType), list(queryDoc), list((q) => answerText(q, paths))],
    types: Array(6).fill(duck.LIST(duck.VARCHAR)),
  };
}

/** The rows of many queries, inserted by one statement (a migration moves every query at once). */
export function insertQueriesSql(duck: DuckDBModule, qs: QueryRow[], paths: FolderPaths): Statement {
  const list = (f: (q: QueryRow) => string | null) => duck.listValue(qs.map(f));
  return {
    sql: `INSERT INTO svc._dgw.query_rows SELECT unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]),
      unnest(?::BIGINT[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[])`,
    params: [
      list((q) => q.id), list((q) => q.name), list((q) => q.folderId), list((q) => q.queryType),
      duck.listValue(qs.map((q) => BigInt(q.createdAt))), list(queryDoc), list((q) => answerText(q, paths)),
    ],
    types: [...Array(4).fill(duck.LIST(duck.VARCHAR)), duck.LIST(duck.BIGINT), duck.LIST(duck.VARCHAR), duck.LIST(duck.VARCHAR)],
  };
}

/** The document of a query: every field but its id, as JSON. */
function queryDoc(q: QueryRow): string {
  const { id: _id, ...doc } = q;
  return JSON.stringify(doc);
}

/** The query as the API answers it, as JSON text: what a listing joins, so no query's JSON is built again when it is listed. */
function answerText(q: QueryRow, paths: FolderPaths): string {
  return JSON.stringify(queryAt(q, q.folderId ? paths(q.folderId) : null));
}

/** A query as the API answers it, in the folder at `path` (null: in none). */
export function queryAt(q: QueryRow, path: string | null): Query {
  return {
    id: q.id,
    displayName: q.displayName,
    name: q.name,
    inputQuery: q.inputQuery,
    queryType: q.queryType,
    schedule: q.queryType === 'MATERIALIZED' ? (q.schedule ?? { type: 'none' }) : null,
    path,
    folderId: q.folderId,
  };
}

/** A stored query document, parsed: the row without its id, any field possibly missing. */
export type QueryDoc = Partial<QueryRow> & { viewPending?: unknown };

/** A parsed query document as a row; fields it lacks take their defaults. */
export function queryFromDoc(id: string, d: QueryDoc): QueryRow {
  return {
    id,
    name: String(d.name),
    displayName: String(d.displayName),
    inputQuery: String(d.inputQuery),
    queryType: d.queryType === 'MATERIALIZED' ? 'MATERIALIZED' : 'PLAIN',
    schedule: d.schedule ?? null,
    folderId: d.folderId ?? null,
    scheduleSetAt: Number(d.scheduleSetAt ?? d.createdAt ?? 0),
    createdAt: Number(d.createdAt ?? 0),
    modifiedAt: Number(d.modifiedAt ?? d.createdAt ?? 0),
    materializedAt: typeof d.materializedAt === 'number' ? d.materializedAt : null,
  };
}

// ---------------------------------------------------------------------------------------- reads

const ORDER = 'ORDER BY created_at, id';

/** The queries a condition on `svc._dgw.query_rows` selects, in the order they were made. */
async function readWhere(conn: DuckDBConnection, where: string, params: unknown[]): Promise<QueryRow[]> {
  const rows = await readStatement(conn, `SELECT id, doc FROM svc._dgw.query_rows WHERE ${where} ${ORDER}`, params as never);
  return rows.map(([id, doc]) => queryFromDoc(String(id), JSON.parse(String(doc)) as QueryDoc));
}

/** The query with this id, if any. */
export async function readQuery(conn: DuckDBConnection, id: string): Promise<QueryRow | undefined> {
  return (await readWhere(conn, 'id = ?', [id]))[0];
}

/** The query with this SQL name, if any. */
export async function readQueryByName(conn: DuckDBConnection, name: string): Promise<QueryRow | undefined> {
  return (await readWhere(conn, 'name = ?', [name]))[0];
}

/** The queries with these ids (those that exist), by id. */
export async function readQueries(duck: DuckDBModule, conn: DuckDBConnection, ids: string[]): Promise<Map<string, QueryRow>> {
  if (ids.length === 0) return new Map();
  const found = await readWhere(conn, 'id IN (SELECT unnest(?::VARCHAR[]))', [duck.listValue([...new Set(ids)])]);
  return new Map(found.map((q) => [q.id, q]));
}

/** The queries in these folders, in the order they were made. */
export function readQueriesIn(duck: DuckDBModule, conn: DuckDBConnection, folderIds: string[]): Promise<QueryRow[]> {
  if (folderIds.length === 0) return Promise.resolve([]);
  return readWhere(conn, 'folder_id IN (SELECT unnest(?::VARCHAR[]))', [duck.listValue(folderIds)]);
}

/** Every MATERIALIZED query, in the order they were made. */
export function readMaterialized(conn: DuckDBConnection): Promise<QueryRow[]> {
  return readWhere(conn, "query_type = 'MATERIALIZED'", []);
}

/**
 * The ids of the queries of each folder (of `folderIds`, or of every folder), in the order they
 * were made; folders without queries are left out.
 */
export async function readQueryIdsByFolder(duck: DuckDBModule, conn: DuckDBConnection, folderIds?: string[]): Promise<Map<string, string[]>> {
  const where = folderIds ? 'folder_id IN (SELECT unnest(?::VARCHAR[]))' : 'folder_id IS NOT NULL';
  const [[text]] = await readStatement(
    conn,
    `SELECT '{' || string_agg(to_json(folder_id) || ':' || ids, ',') || '}' FROM (
       SELECT folder_id, to_json(list(id ${ORDER})) AS ids FROM svc._dgw.query_rows WHERE ${where} GROUP BY folder_id)`,
    folderIds ? [duck.listValue(folderIds)] : [],
    folderIds ? [duck.LIST(duck.VARCHAR)] : [],
  );
  return new Map(text === null ? [] : Object.entries(JSON.parse(String(text)) as Record<string, string[]>));
}

/**
 * Every query as the API answers it, in the order they were made: one JSON array, joined by DuckDB
 * from the answers the rows keep, as its UTF-8 bytes (`encode`: the text is never made a
 * JavaScript string, which the CLI would only encode again to print it).
 */
export async function readQueryListJson(conn: DuckDBConnection): Promise<Uint8Array> {
  const [[joined]] = await readStatement(conn, `SELECT encode(string_agg(answer, ',' ${ORDER})) FROM svc._dgw.query_rows`, []);
  // The brackets are added here: in SQL, one more concatenation copies the whole text again.
  return joined === null ? Buffer.from('[]') : Buffer.concat([OPEN, joined as Uint8Array, CLOSE]);
}

const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
