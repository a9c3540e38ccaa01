import { existsSync, realpathSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, resolve, sep } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { deriveQueryName, noSqlNameReason } from '../../api/names.js';
import { badRequest, conflict, HttpError, notFound } from '../errors.js';
import { ident, literal } from '../sql.js';
import { isKeptType, seenOf, type KeptReaders } from './kept-readers.js';
import type { ConnectedFiles, FileKind } from './connected-files.js';
import { newQueryId } from './ids.js';
import { hardLinkIn } from './hard-links.js';
import { failingViewSql, refuseNonFile, unreadableFile } from './unreadable-file.js';
import { ifTable, rows, rowsAs, type ProjectStore } from './store.js';
import { HOSTED_CATALOG } from '../catalog-alias.js';

/** A connection of the local gateway and the catalog it makes; `config` holds no secret (local types have none). */
export interface ConnectionRow {
  id: string;
  name: string;
  type: string;
  catalogId: string;
  /** The catalog's name, which SQL uses: `<catalogName>.<schema>.<table>`. */
  catalogName: string;
  /** The name Create Catalog gave the catalog; null while it has the connection's (Create Catalog was not called). */
  catalogDisplayName: string | null;
  config: Record<string, string>;
  createdAt: number;
  /** A file connection's table name for each file it ever named (by the file's path as listed), so a name never moves to another file. */
  tables?: Record<string, string>;
}

/** Connection types the local gateway serves, and the DuckDB extension each other database type would need. */
export const LOCAL_TYPES = new Set(['duckdb', 'csv', 'parquet', 'json']);

/** DuckDB's reader of each file type; the type is also the extension a folder's files are found by. */
export const FILE_READERS: Record<string, string> = { csv: 'read_csv', parquet: 'read_parquet', json: 'read_json' };
const NEEDS_EXTENSION: Record<string, string> = { postgres: 'postgres', mysql: 'mysql', sqlite: 'sqlite' };

export const CONNECTIONS_DDL = [
  'CREATE TABLE IF NOT EXISTS svc._dgw.connections (id VARCHAR, name VARCHAR, type VARCHAR, catalog_id VARCHAR, catalog_name VARCHAR, config VARCHAR, created_at BIGINT)',
  // Version 6: the name Create Catalog gives a connection's catalog.
  'ALTER TABLE svc._dgw.connections ADD COLUMN IF NOT EXISTS catalog_display VARCHAR',
  // Version 15: each file's table name, as JSON.
  'ALTER TABLE svc._dgw.connections ADD COLUMN IF NOT EXISTS tables VARCHAR',
];

/** Names DuckDB keeps for itself or the gateway uses (the built-in catalogs are svc): no other catalog may take them. */
const RESERVED = new Set(['svc', HOSTED_CATALOG, 'system', 'temp', 'main', 'memory', 'information_schema', 'pg_catalog']);

/** A connection of the project as attached at open, or 404 naming it. */
export function findConnection(s: ProjectStore, id: string, connections = s.connections): ConnectionRow {
  const found = connections.find((c) => c.id === id);
  if (!found) throw notFound(`no connection ${id} in project ${s.id}`);
  return found;
}

/** The connection whose catalog has id `catalogId`, or 404 naming the catalog. */
export function findCatalogConnection(s: ProjectStore, catalogId: string, connections = s.connections): ConnectionRow {
  const found = connections.find((c) => c.catalogId === catalogId);
  if (!found) throw notFound(`no catalog ${catalogId} in project ${s.id} (catalog list shows them)`);
  return found;
}

export async function readConnections(conn: DuckDBConnection): Promise<ConnectionRow[]> {
  type Stored = Omit<ConnectionRow, 'config' | 'catalogDisplayName' | 'tables'> & { config: string; catalogDisplay?: string | null; tables?: string | null };
  const stored = await ifTable(rowsAs<Stored>(conn, 'SELECT * FROM svc._dgw.connections ORDER BY created_at, id'), []);
  // catalog_display is absent before metadata version 6, which read here (before the project's DDL runs) means null.
  return stored.map(({ catalogDisplay, config, tables, ...c }) => ({
    ...c,
    catalogDisplayName: catalogDisplay ?? null,
    config: JSON.parse(config) as Record<string, string>,
    tables: tables ? (JSON.parse(tables) as Record<string, string>) : {},
  }));
}

export async function insertConnection(conn: DuckDBConnection, c: ConnectionRow): Promise<void> {
  await conn.run('INSERT INTO svc._dgw.connections (id, name, type, catalog_id, catalog_name, config, created_at, catalog_display) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
    c.id,
    c.name,
    c.type,
    c.catalogId,
    c.catalogName,
    JSON.stringify(c.config),
    c.createdAt,
    c.catalogDisplayName,
  ]);
}

export async function updateConnectionRow(conn: DuckDBConnection, c: ConnectionRow): Promise<void> {
  await conn.run('UPDATE svc._dgw.connections SET name = $2, config = $3, catalog_name = $4, catalog_display = $5, tables = $6 WHERE id = $1', [c.id, c.name, JSON.stringify(c.config), c.catalogName, c.catalogDisplayName, JSON.stringify(c.tables ?? {})]);
}

export async function deleteConnectionRow(conn: DuckDBConnection, id: string): Promise<void> {
  await conn.run('DELETE FROM svc._dgw.connections WHERE id = $1', [id]);
}

/** Checks a request's type and credential, returning the settings kept; no error echoes the credential, whose values may be secret. */
export function localConfig(type: string, credential: Record<string, unknown>): Record<string, string> {
  const t = type.toLowerCase();
  const extension = NEEDS_EXTENSION[t];
  if (extension) {
    throw badRequest(`the local gateway cannot connect to ${type}: it needs DuckDB's ${extension} extension, which this gateway does not load (it works offline); types it serves: ${[...LOCAL_TYPES].join(', ')}`, 'UNSUPPORTED_CONNECTION_TYPE');
  }
  if (!LOCAL_TYPES.has(t)) throw badRequest(`the local gateway does not serve ${type} connections; types it serves: ${[...LOCAL_TYPES].join(', ')} (the hosted service has the rest)`, 'UNSUPPORTED_CONNECTION_TYPE');
  const unknown = Object.keys(credential).filter((k) => k !== 'path');
  if (unknown.length > 0) throw badRequest(`a ${t} connection takes one field, path; not ${unknown.join(', ')}`);
  const path = credential.path;
  const wanted = t === 'duckdb' ? 'the DuckDB database file to read' : `a ${t} file, a folder of them, or a glob`;
  if (path !== undefined && path !== null && typeof path !== 'string') throw badRequest(`credential.path of a ${t} connection is text (${wanted}), not ${Array.isArray(path) ? 'a list' : `a ${typeof path}`}`);
  if (typeof path !== 'string' || path === '') throw badRequest(`a ${t} connection needs credential.path: ${wanted}`);
  if (!isAbsolute(path)) throw badRequest(`credential.path must be an absolute path (the gateway may run in another folder than the caller): ${path}`);
  return { path };
}

/** The catalog name a connection (or Create Catalog) gets: `name` by the name rule; reserved or taken names are refused. */
export function catalogNameFor(name: string, taken: Iterable<string>, what: 'connection name' | 'catalog name' = 'connection name'): string {
  const catalogName = deriveQueryName(name);
  if (catalogName === '') throw badRequest(`the ${what} ${noSqlNameReason(name)}`);
  if (RESERVED.has(catalogName)) throw badRequest(`the ${what} ${JSON.stringify(name)} would make a catalog named ${catalogName}, a name the gateway keeps; choose another`);
  const message = `a catalog named ${catalogName} exists already; choose another ${what}`;
  // A catalog's create answers a taken name 400 with code 100, as the document's createCatalog example does.
  for (const t of taken) if (t.toLowerCase() === catalogName) throw what === 'catalog name' ? badRequest(message, 'CONFLICT') : conflict(message);
  return catalogName;
}

/** A new catalog id: 18 digits, as a query's, so never a built-in catalog's `1` or `2`. */
export function newCatalogId(taken: Set<string>): string {
  return newQueryId((id) => taken.has(id));
}

/** The files a file connection names: its file, the files of its folder with the type's extension, or its glob's. */
export async function connectionFiles(conn: DuckDBConnection, type: string, path: string): Promise<string[]> {
  const folder = await stat(path).then((s) => s.isDirectory(), () => false);
  // A folder named with glob characters (`run[1]`) is read as named: each of them matches only itself.
  // An extension matches in any case: DATA.CSV from a Windows export is a csv file too.
  const extension = [...type].map((ch) => `[${ch}${ch.toUpperCase()}]`).join('');
  const pattern = folder ? `${path.replace(/\/+$/, '').replace(/[*?[]/g, '[$&]')}/*.${extension}` : path;
  const found = await rows(conn, 'SELECT file FROM glob($1) ORDER BY file', [pattern]);
  return found.map((r) => String(r.file));
}

/** The data folder of the project file at `file` (the parent of its projects/ folder): no connection reads it. */
export function dataFolderOf(projectFile: string | undefined): string | undefined {
  return projectFile === undefined ? undefined : dirname(dirname(projectFile));
}

/** A connected file where it really lands (never in the data folder, whose keys a project key must not read, nor a hard link to a file there); a link pointed elsewhere later changes nothing until the next open. */
function realFile(file: string, guarded: string | undefined): string {
  const real = realpathSync(file);
  if (guarded === undefined) return real;
  if (withinFolder(real, guarded)) throw new Error(`${file} is in the local gateway's own data folder, which a connection cannot read`);
  const linked = hardLinkIn(real, guarded);
  if (linked !== undefined) throw new Error(`${file} is a hard link to ${linked}, in the local gateway's own data folder, which a connection cannot read`);
  return real;
}

/** True when `path` is `folder` or inside it, the folder taken as spelt and where it really is (it may be a link). */
export function withinFolder(path: string, folder: string): boolean {
  return [resolve(folder), realpathOr(resolve(folder))].some((f) => path === f || path.startsWith(`${f}${sep}`));
}

/** Where `path` really is, or `path` itself when it is not there. */
export function realpathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Makes a connection's catalog on `conn` before external access is off: a DuckDB file attached read-only, or views over files. Returns the files read. `strict`: a file that does not read fails the whole connection (a create's check) rather than its own table only. */
export async function attachConnection(conn: DuckDBConnection, c: ConnectionRow, guarded: string | undefined, readers?: KeptReaders, connected?: ConnectedFiles, strict = false): Promise<string[]> {
  if (c.type === 'duckdb') {
    const real = realFile(c.config.path, guarded);
    const seen = seenOf(real);
    await attachDuckdbFile(conn, real, ident(c.catalogName), real);
    connected?.set(ident(c.catalogName), { kind: 'duckdb', path: real, seen, connectionId: c.id });
    // Its WAL too: a file moved over this one is attached again while external access is off (connected-files.ts).
    return [real, `${real}.wal`];
  }
  const files = await connectionFiles(conn, c.type, c.config.path);
  if (files.length === 0) throw new Error(`no ${c.type} file at ${c.config.path}`);
  // Named by the file as listed, read where it really is: a file keeps the name it was given at an earlier open, gone or not;
  // of the new files, one whose name is already a table name takes it if free, and names that meet take _2, _3 in file order.
  const named = files.map((file) => {
    const stem = basename(file).replace(/\.[^.]*$/, '');
    const derived = deriveQueryName(stem) || 'file';
    return { file, real: realFile(file, guarded), derived, exact: derived === stem };
  });
  await conn.run(`ATTACH ':memory:' AS ${ident(c.catalogName)}`);
  const made: ConnectedFiles = new Map();
  const tables = { ...c.tables };
  try {
    const taken = new Set(Object.values(tables));
    for (const { file, real, derived } of [...named.filter((f) => f.exact), ...named.filter((f) => !f.exact)]) {
      let name = tables[file];
      if (name === undefined) {
        name = derived;
        for (let i = 2; taken.has(name); i++) name = `${derived}_${i}`;
        taken.add(name);
        tables[file] = name;
      }
      const view = `${ident(c.catalogName)}.main.${ident(name)}`;
      made.set(view, { kind: c.type as FileKind, path: real, seen: seenOf(real), connectionId: c.id });
      await createFileView(conn, view, c.type, real, readers).catch(async (error: unknown) => {
        // One file written since in another encoding leaves out its own table, not every file's of the folder.
        if (strict) throw new Error(unreadableFile(file, c.type, error));
        await conn.run(failingViewSql(view, unreadableFile(file, c.type, error)));
      });
    }
  } catch (error) {
    // A connection that cannot be made (a file in the data folder; a create's unreadable file) opens not at all.
    await conn.run(`DETACH ${ident(c.catalogName)}`).catch(() => undefined);
    throw error;
  }
  for (const [view, file] of made) connected?.set(view, file);
  c.tables = tables;
  return named.map((f) => f.real);
}

/** Attaches a DuckDB file read-only as `catalog` (an SQL name); a pipe, socket or device is refused first, `said` naming it in the message. */
export async function attachDuckdbFile(conn: DuckDBConnection, path: string, catalog: string, said?: string): Promise<void> {
  refuseNonFile(path, said);
  await conn.run(`ATTACH ${literal(path)} AS ${catalog} (TYPE duckdb, READ_ONLY)`);
}

/** A view of one file; a CSV or JSON file's read as kept from an earlier detection, or by DuckDB's own detection where that read fails. */
export async function createFileView(conn: DuckDBConnection, view: string, type: string, real: string, readers: KeptReaders | undefined, replace = false): Promise<void> {
  refuseNonFile(real);
  const create = `CREATE ${replace ? 'OR REPLACE ' : ''}VIEW ${view} AS SELECT * FROM`;
  const sniffed = `${create} ${FILE_READERS[type]}(${literal(real)})`;
  if (!isKeptType(type) || !readers) return void (await conn.run(sniffed));
  try {
    await conn.run(`${create} ${await readers.reader(conn, real, type)}`);
  } catch {
    await conn.run(sniffed);
  }
}

/** Attaches every connection; one that cannot be (moved, damaged) is left out with its reason, so the project opens. Returns the files DuckDB may read, and the connections that named new files (to store). */
export async function attachConnections(conn: DuckDBConnection, connections: ConnectionRow[], guarded: string | undefined, readers?: KeptReaders, connected?: ConnectedFiles): Promise<{ broken: Map<string, string>; files: string[]; named: ConnectionRow[] }> {
  const broken = new Map<string, string>();
  const files: string[] = [];
  const named: ConnectionRow[] = [];
  for (const c of connections) {
    const before = Object.keys(c.tables ?? {}).length;
    try {
      files.push(...(await attachConnection(conn, c, guarded, readers, connected)));
      if (Object.keys(c.tables ?? {}).length > before) named.push(c);
    } catch (error) {
      broken.set(c.id, (error as Error).message.split('\n')[0]);
    }
  }
  return { broken, files, named };
}

/** What reading the catalog of a connection that did not open (its file gone, damaged) is told. */
export function notOpenedMessage(c: ConnectionRow, why: string): string {
  return `catalog ${c.catalogName} cannot be read: its connection ${c.name} did not open (${why})`;
}

/** DuckDB's words for a source that is not there ("Catalog does not exist", "file system operations are disabled") said as what happened. */
export function sourceProblem(s: ProjectStore, error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  const catalog = /Catalog "([^"]+)" does not exist/.exec(error.message)?.[1]?.toLowerCase();
  const notOpened = catalog === undefined ? undefined : s.connections.find((c) => c.catalogName.toLowerCase() === catalog && s.brokenConnections.get(c.id));
  if (notOpened) return new HttpError(error.status, notOpenedMessage(notOpened, s.brokenConnections.get(notOpened.id)!), error.errorCode);
  const renamed = catalog === undefined || s.connections.some((c) => c.catalogName.toLowerCase() === catalog) ? undefined : s.connections.find((c) => c.name.toLowerCase() === catalog);
  if (renamed) return new HttpError(error.status, `there is no catalog ${renamed.name}: connection ${renamed.name} is read as catalog ${renamed.catalogName}, the name it was made with (a renamed connection keeps its catalog's name)`, error.errorCode);
  const file = /Cannot access file "([^"]+?)(\/\*\*\/\*\.[a-z]+)?" - file system operations are disabled/.exec(error.message)?.[1];
  // Views read files where they really are (attachConnection): a path given through a link counts as where it lands.
  // A file that is there was never one of the connection's (another file in its folder): DuckDB's refusal says it rightly.
  const gone = file === undefined || existsSync(file) ? [] : s.connections.filter((c) => c.type !== 'duckdb' && withinFolder(file, c.config.path)).map((c) => c.name);
  if (gone.length > 0) return new HttpError(error.status, `the file ${file} of connection${gone.length > 1 ? 's' : ''} ${gone.join(', ')} cannot be read: it is gone or was moved since the project opened`, error.errorCode);
  return error;
}
