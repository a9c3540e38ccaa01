import { statSync } from 'node:fs';
import { duckMessage, HttpError } from '../errors.js';
import { ident, literal } from '../sql.js';
import { rows, type ProjectStore } from './store.js';

/** Why DuckDB could not read a connected file (or run the query behind a view), in one line: its message runs on over many lines of reader options, and its first line alone ("CSV Error on Line: 2") says neither file nor cause. */
export function unreadableCause(error: unknown): string {
  const lines = duckMessage(error)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('Original Line:'));
  const first = (lines[0] ?? '').replace(/^[\w ]+ Error: /, '');
  const line = /^CSV Error on Line: (\d+)$/.exec(first)?.[1];
  const at = line === undefined ? '' : ` (line ${line})`;
  if (/not utf-8 encoded|invalid utf-8/i.test(lines.join('\n'))) return `it is not UTF-8 text${at}; re-save it as UTF-8`;
  return line === undefined ? first : `line ${line}: ${lines[1] ?? first}`;
}

/** Refuses a named pipe, socket or device where a connected file goes: DuckDB would wait on a pipe for ever (and every command on the project with it), or read a device without end. `said` names it where no message around names the file. */
export function refuseNonFile(path: string, said = 'it'): void {
  const found = statSync(path, { throwIfNoEntry: false });
  if (!found || found.isFile() || found.isDirectory()) return;
  throw new Error(`${said} is ${found.isFIFO() ? 'a named pipe' : found.isSocket() ? 'a socket' : 'a device'}, not a file`);
}

/** A connected file that does not read, named, with why. */
export function unreadableFile(path: string, type: string, error: unknown): string {
  return `${path} cannot be read as ${type.toUpperCase()}: ${unreadableCause(error)}`;
}

/** SQL making `view` a table every read of which fails with `why`: a count too, which reads no column (hence the filter). */
export function failingViewSql(view: string, why: string, replace = false): string {
  const error = `error(${literal(why)})`;
  return `CREATE ${replace ? 'OR REPLACE ' : ''}VIEW ${view} AS SELECT ${error} AS unreadable WHERE ${error} IS NULL`;
}

/** Whether columns as DuckDB's catalog lists them are those of a view failingViewSql made. */
export const isFailingView = (columns: ReadonlyArray<{ name: string; dataType: string }>): boolean =>
  columns.length === 1 && columns[0].name === 'unreadable' && columns[0].dataType === '"NULL"';

/** A column read from a view failingViewSql made is "not found" (its one column is `unreadable`): the error the view keeps, read from it, says why. */
export async function withFailingViewReason(s: ProjectStore, sql: string, error: unknown): Promise<unknown> {
  if (!(error instanceof HttpError) || !/^Binder Error: Referenced column [\s\S]*"unreadable"/.test(error.message)) return error;
  const text = sql.toLowerCase();
  const why = await s.withConnection(async (conn) => {
    const views = await rows(conn, "SELECT database_name, schema_name, view_name FROM duckdb_views() WHERE sql LIKE '%AS unreadable WHERE%'");
    for (const v of views.filter((x) => text.includes(String(x.view_name).toLowerCase()))) {
      const failed = await conn.run(`SELECT count(*) FROM ${[v.database_name, v.schema_name, v.view_name].map((n) => ident(String(n))).join('.')}`).then(() => undefined, duckMessage);
      if (failed) return failed;
    }
    return undefined;
  }).catch(() => undefined);
  return why === undefined ? error : new HttpError(error.status, why, error.errorCode);
}
