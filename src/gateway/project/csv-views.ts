import type { DuckDBConnection } from '@duckdb/node-api';
import { duckMessage } from '../errors.js';
import { literal } from '../sql.js';
import { seenOf } from './csv-dialects.js';
import { createFileView } from './connections.js';
import type { ProjectStore } from './store.js';

/** The views of a project's connected CSV files: each view's file, and how it was (size and times) when the view was made. */
export type CsvViews = Map<string, { path: string; seen: string }>;

const underWay = new WeakMap<ProjectStore, Promise<void>>();

/** Remakes the view of each connected CSV file written since: it spells the dialect sniffed then, which on a long open (dgw serve) read swapped columns under each other's names. */
export function freshenCsvViews(s: ProjectStore): Promise<void> {
  if (s.csvViews.size === 0) return Promise.resolve();
  let freshening = underWay.get(s);
  if (!freshening) {
    freshening = remakeChanged(s).finally(() => underWay.delete(s));
    underWay.set(s, freshening);
  }
  return freshening;
}

async function remakeChanged(s: ProjectStore): Promise<void> {
  // A file that is gone keeps its view: reading it says the file is gone (sourceProblem).
  const changed = [...s.csvViews].filter(([, file]) => !['gone', file.seen].includes(seenOf(file.path)));
  if (changed.length === 0) return;
  await s.withConnection(async (conn) => {
    for (const [view, { path }] of changed) await remake(s, conn, view, path);
  });
  s.csvDialects?.save();
}

async function remake(s: ProjectStore, conn: DuckDBConnection, view: string, path: string): Promise<void> {
  const seen = seenOf(path);
  try {
    await createFileView(conn, view, 'csv', path, s.csvDialects, true);
  } catch (error) {
    const why = `the file ${path} changed since the project opened and cannot be read as CSV now: ${duckMessage(error).split('\n')[0].replace(/^[\w ]+ Error: /, '')}`;
    await conn.run(`CREATE OR REPLACE VIEW ${view} AS SELECT error(${literal(why)}) AS unreadable`);
  }
  s.csvViews.set(view, { path, seen });
}
