import type { DuckDBConnection } from '@duckdb/node-api';
import { outsideRequest } from '../request-scope.js';
import { seenOf } from './kept-readers.js';
import { attachDuckdbFile, createFileView, realpathOr } from './connections.js';
import { attachParametricTables, readParametricTables } from './parametric-tables.js';
import type { ProjectStore } from './store.js';
import { failingViewSql, unreadableCause } from './unreadable-file.js';

/** The types of connection whose every file is a view of its own. */
export type FileKind = 'csv' | 'json' | 'parquet';

/** A connected file the gateway read at open: a CSV, JSON or Parquet file's view, or a DuckDB file's catalog; `seen` is how the file was (size and times) then. */
export interface ConnectedFile {
  kind: FileKind | 'duckdb';
  path: string;
  seen: string;
  connectionId: string;
}

/** The connected files of a project by their view (CSV, JSON) or catalog (DuckDB), as SQL names them. */
export type ConnectedFiles = Map<string, ConnectedFile>;

const underWay = new WeakMap<ProjectStore, Promise<void>>();

/** Reads again each connected file changed since the project opened: on a long open (dgw serve), a file's view kept the reading found then and an attached DuckDB file the one opened. */
export function freshenConnectedFiles(s: ProjectStore): Promise<void> {
  if (s.connectedFiles.size === 0) return Promise.resolve();
  let freshening = underWay.get(s);
  if (!freshening) {
    // Shared by every request that waits for it: no one request's end may stop it halfway.
    freshening = outsideRequest(() => readChanged(s)).finally(() => underWay.delete(s));
    underWay.set(s, freshening);
  }
  return freshening;
}

async function readChanged(s: ProjectStore): Promise<void> {
  // A file that is gone stays as it was read (a CSV view then says it is gone); one that became a link is judged at the next open.
  const changed = [...s.connectedFiles].map(([name, file]) => ({ name, file, seen: seenOf(file.path) })).filter(({ file, seen }) => !['gone', file.seen].includes(seen) && realpathOr(file.path) === file.path);
  if (changed.length === 0) return;
  await s.withConnection(async (conn) => {
    for (const { name, file, seen } of changed) {
      await (file.kind === 'duckdb' ? reattach(s, conn, name, file) : remakeView(s, conn, name, file.path, file.kind));
      s.connectedFiles.set(name, { ...file, seen });
    }
    const catalogs = new Set(s.connections.filter((c) => changed.some(({ file }) => file.connectionId === c.id)).map((c) => c.catalogId));
    const parametric = (await readParametricTables(conn)).filter((p) => catalogs.has(p.catalogId));
    await attachParametricTables(conn, parametric, s.connections, s.brokenConnections);
  });
  s.keptReaders?.save();
}

async function remakeView(s: ProjectStore, conn: DuckDBConnection, view: string, path: string, type: FileKind): Promise<void> {
  try {
    await createFileView(conn, view, type, path, s.keptReaders, true);
  } catch (error) {
    const why = `the file ${path} changed since the project opened and cannot be read as ${type.toUpperCase()} now: ${unreadableCause(error)}`;
    await conn.run(failingViewSql(view, why, true));
  }
}

/** The catalog reads the file now at that path; one that no longer opens leaves the catalog out, saying why, until it does. */
async function reattach(s: ProjectStore, conn: DuckDBConnection, catalog: string, file: ConnectedFile): Promise<void> {
  await conn.run(`DETACH DATABASE IF EXISTS ${catalog}`);
  try {
    await attachDuckdbFile(conn, file.path, catalog);
    s.brokenConnections.delete(file.connectionId);
  } catch (error) {
    s.brokenConnections.set(file.connectionId, `the file ${file.path} changed and does not open: ${unreadableCause(error)}`);
  }
}
