import type { DuckDBConnection, DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { Query } from '../../api/types.js';
import type { DuckDBModule } from '../duckdb.js';
import { readBlob, readStatement } from './statement.js';
import type { QueryRow, Statement } from './types.js';

// Queries are read by the lookup a request needs, never all on open; each row keeps its answer as a head and a tail (folder path and id), so moves rewrite only tails.

/** The table of saved queries, made by open.ts. */
export const QUERY_ROWS_DDL = `CREATE TABLE IF NOT EXISTS svc._dgw.query_rows (id VARCHAR, name VARCHAR, query_type VARCHAR, folder_id VARCHAR,
  created_at BIGINT, modified_at BIGINT, doc VARCHAR, head VARCHAR, tail VARCHAR)`;

/** The path of a folder by its id, for the tail of each query's answer. */
export type FolderPaths = (folderId: string) => string;

/** Inserts only when no query has the name or id: with changeStatement, 0 rows changed says one does. */
export function insertQuerySql(q: QueryRow, paths: FolderPaths): Statement {
  return {
    sql: `INSERT INTO svc._dgw.query_rows SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?
      WHERE NOT EXISTS (SELECT 1 FROM svc._dgw.query_rows WHERE name = ? OR id = ?)`,
    params: [q.id, q.name, q.queryType, q.folderId, q.createdAt, q.modifiedAt, queryDoc(q), answerHead(q), answerTail(q, paths), q.name, q.id],
  };
}

/** Rewrites the row of a query already stored (its id and creation time never change). */
export function updateQuerySql(q: QueryRow, paths: FolderPaths): Statement {
  return {
    sql: 'UPDATE svc._dgw.query_rows SET name = ?, query_type = ?, folder_id = ?, modified_at = ?, doc = ?, head = ?, tail = ? WHERE id = ?',
    params: [q.name, q.queryType, q.folderId, q.modifiedAt, queryDoc(q), answerHead(q), answerTail(q, paths), q.id],
  };
}

/** Moves many queries in one statement, their values as bound lists, rewriting only the small columns and tails. */
export function moveQueriesSql(duck: DuckDBModule, moves: QueryMove[], paths: FolderPaths): Statement {
  return {
    sql: `UPDATE svc._dgw.query_rows SET folder_id = u.folder_id, modified_at = u.modified_at, tail = u.tail
      FROM (SELECT unnest(?::VARCHAR[]) AS id, unnest(?::VARCHAR[]) AS folder_id, unnest(?::BIGINT[]) AS modified_at, unnest(?::VARCHAR[]) AS tail) u
      WHERE query_rows.id = u.id`,
    params: [
      duck.listValue(moves.map((m) => m.id)),
      duck.listValue(moves.map((m) => m.folderId)),
      duck.listValue(moves.map((m) => BigInt(m.modifiedAt))),
      duck.listValue(moves.map((m) => answerTail(m, paths))),
    ],
    types: [duck.LIST(duck.VARCHAR), duck.LIST(duck.VARCHAR), duck.LIST(duck.BIGINT), duck.LIST(duck.VARCHAR)],
  };
}

/** A query put in another folder (or in none) at a time. */
export interface QueryMove {
  id: string;
  folderId: string | null;
  modifiedAt: number;
}

/** Rewrites the tail of every query in these folders (their paths changed), in one statement. */
export function retailQueriesSql(duck: DuckDBModule, folderIds: string[], paths: FolderPaths): Statement {
  return {
    sql: `UPDATE svc._dgw.query_rows SET tail = u.tail FROM (SELECT unnest(?::VARCHAR[]) AS folder_id, unnest(?::VARCHAR[]) AS tail) u
      WHERE query_rows.folder_id = u.folder_id`,
    params: [duck.listValue(folderIds), duck.listValue(folderIds.map((folderId) => answerTail({ folderId }, paths)))],
    types: [duck.LIST(duck.VARCHAR), duck.LIST(duck.VARCHAR)],
  };
}

/** The rows of many queries, inserted by one statement. */
export function insertQueriesSql(duck: DuckDBModule, qs: QueryRow[], paths: FolderPaths): Statement {
  const text = (f: (q: QueryRow) => string | null) => duck.listValue(qs.map(f));
  const number = (f: (q: QueryRow) => number) => duck.listValue(qs.map((q) => BigInt(f(q))));
  return {
    sql: `INSERT INTO svc._dgw.query_rows SELECT unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]),
      unnest(?::BIGINT[]), unnest(?::BIGINT[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[]), unnest(?::VARCHAR[])`,
    params: [
      text((q) => q.id), text((q) => q.name), text((q) => q.queryType), text((q) => q.folderId),
      number((q) => q.createdAt), number((q) => q.modifiedAt), text(queryDoc), text(answerHead), text((q) => answerTail(q, paths)),
    ],
    types: [...Array(4).fill(duck.LIST(duck.VARCHAR)), duck.LIST(duck.BIGINT), duck.LIST(duck.BIGINT), ...Array(3).fill(duck.LIST(duck.VARCHAR))],
  };
}

type QueryDoc = Pick<QueryRow, 'displayName' | 'inputQuery' | 'schedule' | 'scheduleSetAt' | 'materializedAt'>;

function queryDoc(q: QueryRow): string {
  const doc: QueryDoc = { displayName: q.displayName, inputQuery: q.inputQuery, schedule: q.schedule, scheduleSetAt: q.scheduleSetAt, materializedAt: q.materializedAt };
  return JSON.stringify(doc);
}

/** The answer's JSON up to its path, without the closing brace: with the tail, the bytes of JSON.stringify of it. */
function answerHead(q: QueryRow): string {
  const { path: _path, folderId: _folderId, ...head } = queryAt(q, null);
  return JSON.stringify(head).slice(0, -1);
}

function answerTail(q: Pick<QueryRow, 'folderId'>, paths: FolderPaths): string {
  const path = q.folderId ? paths(q.folderId) : null;
  return `,"path":${JSON.stringify(path)},"folderId":${JSON.stringify(q.folderId)}}`;
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

/** A query document as earlier versions stored it, parsed: any field possibly missing. */
export type StoredQueryDoc = Partial<QueryRow> & { viewPending?: unknown };

/** A query document of an earlier version as a row; fields it lacks take their defaults. */
export function queryFromDoc(id: string, d: StoredQueryDoc): QueryRow {
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

const ORDER = 'ORDER BY created_at, id';
const COLUMNS = 'id, name, query_type, folder_id, created_at, modified_at, doc';

async function readWhere(conn: DuckDBConnection, where: string, params: DuckDBValue[], types?: DuckDBType[]): Promise<QueryRow[]> {
  const rows = await readStatement(conn, `SELECT ${COLUMNS} FROM svc._dgw.query_rows WHERE ${where} ${ORDER}`, params, types);
  return rows.map(([id, name, type, folderId, createdAt, modifiedAt, doc]) => {
    const d = JSON.parse(String(doc)) as QueryDoc;
    return {
      id: String(id),
      name: String(name),
      displayName: d.displayName,
      inputQuery: d.inputQuery,
      queryType: type === 'MATERIALIZED' ? 'MATERIALIZED' : 'PLAIN',
      schedule: d.schedule ?? null,
      folderId: folderId === null ? null : String(folderId),
      scheduleSetAt: d.scheduleSetAt,
      createdAt: Number(createdAt),
      modifiedAt: Number(modifiedAt),
      materializedAt: d.materializedAt ?? null,
    };
  });
}

export async function readQuery(conn: DuckDBConnection, id: string): Promise<QueryRow | undefined> {
  return (await readWhere(conn, 'id = ?', [id]))[0];
}

export async function readQueryByName(conn: DuckDBConnection, name: string): Promise<QueryRow | undefined> {
  return (await readWhere(conn, 'name = ?', [name]))[0];
}

export async function readQueriesByNames(duck: DuckDBModule, conn: DuckDBConnection, names: string[]): Promise<QueryRow[]> {
  return readWhere(conn, 'name IN (SELECT unnest(?::VARCHAR[]))', [duck.listValue(names)], [duck.LIST(duck.VARCHAR)]);
}

export async function readQueryFolders(duck: DuckDBModule, conn: DuckDBConnection, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await readStatement(conn, 'SELECT id, folder_id FROM svc._dgw.query_rows WHERE id IN (SELECT unnest(?::VARCHAR[]))', [duck.listValue([...new Set(ids)])], [
    duck.LIST(duck.VARCHAR),
  ]);
  return new Map(rows.map(([id, folderId]) => [String(id), folderId === null ? null : String(folderId)]));
}

/** The queries in these folders, in the order they were made. */
export function readQueriesIn(duck: DuckDBModule, conn: DuckDBConnection, folderIds: string[]): Promise<QueryRow[]> {
  if (folderIds.length === 0) return Promise.resolve([]);
  return readWhere(conn, 'folder_id IN (SELECT unnest(?::VARCHAR[]))', [duck.listValue(folderIds)], [duck.LIST(duck.VARCHAR)]);
}

/** Every MATERIALIZED query, in the order they were made. */
export function readMaterialized(conn: DuckDBConnection): Promise<QueryRow[]> {
  return readWhere(conn, "query_type = 'MATERIALIZED'", []);
}

/** The ids of the queries of each folder (of `folderIds`, or of every folder) that has any. */
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

/** Every query's answer as one JSON array in UTF-8, never made a JavaScript string the CLI would only encode again. */
export async function readQueryListJson(conn: DuckDBConnection): Promise<Uint8Array> {
  const joined = await readBlob(conn, `SELECT encode(string_agg(head || tail, ',' ${ORDER})) FROM svc._dgw.query_rows`);
  // In SQL, one more concatenation copies the whole text again.
  return joined === null ? Buffer.from('[]') : Buffer.concat([OPEN, joined, CLOSE]);
}

const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
