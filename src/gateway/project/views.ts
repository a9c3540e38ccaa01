import { duckMessage, HttpError, userSql } from '../errors.js';
import { qualified, trimStatement } from '../sql.js';
import { readQueryByName } from './query-rows.js';
import { readStatement } from './statement.js';
import type { ProjectStore } from './store.js';

// A PLAIN query is read in SQL as the view `svc.query.<name>`. The views are not made when their
// queries are saved: DuckDB loads every view of a database file when it attaches it (150 ms for
// 10,000 views, on every command) and writes them all again at each checkpoint. A view is made
// the first time a statement needs it: DuckDB, binding the statement, says which name it lacks
// ("Table with name x does not exist"), the view is made, and the statement is bound again. Made
// once, it stays in the file until its query's name or SQL changes or the query is deleted
// (queries.ts drops it then), so later statements pay nothing. Making a view only binds its SQL;
// every statement that reads a view is judged by the sandbox with the view expanded, as before.

/** The most views one statement may have made for it (each costs a bind of the statement). */
const MAX_VIEWS_PER_STATEMENT = 256;

/**
 * Runs `bind` (anything that binds SQL: preparing, planning or running a statement) and, when it
 * fails for a name that is a saved PLAIN query without its view yet, makes that view and runs
 * `bind` again. A view that cannot be made says why (its own SQL's error); any other failure is
 * thrown as it came.
 */
export async function withViews<T>(s: ProjectStore, bind: () => Promise<T>, tried = new Set<string>()): Promise<T> {
  for (;;) {
    try {
      return await bind();
    } catch (error) {
      const name = missingName(error);
      if (name === undefined || tried.has(name) || tried.size >= MAX_VIEWS_PER_STATEMENT) throw error;
      tried.add(name);
      if (!(await makeView(s, name, tried))) throw error;
    }
  }
}

/**
 * The name DuckDB says it could not find, lower-cased as query names are (DuckDB matches names
 * without regard to case); undefined for any other error.
 */
export function missingName(error: unknown): string | undefined {
  const message = error instanceof HttpError ? error.message : duckMessage(error);
  const m = /Table with name (.+?) does not exist!/.exec(message);
  return m ? m[1].toLowerCase() : undefined;
}

/**
 * Makes the view of the PLAIN query named `name` (the views its SQL reads first, the same way):
 * false when there is no such query, true once the view exists; SQL that does not bind now
 * throws DuckDB's error about it.
 */
async function makeView(s: ProjectStore, name: string, tried: Set<string>): Promise<boolean> {
  const q = await s.withConnection((conn) => readQueryByName(conn, name));
  if (!q || q.queryType !== 'PLAIN') return false;
  return withViews(
    s,
    () =>
      userSql(() => s.tx(async (c) => {
        // Made only as the query is now: an update or delete may have come meanwhile.
        const now = await readQueryByName(c, name);
        if (!now || now.id !== q.id || now.inputQuery !== q.inputQuery || now.queryType !== 'PLAIN') return false;
        const made = await readStatement(c, "SELECT 1 FROM duckdb_views() WHERE database_name = 'svc' AND schema_name = 'query' AND view_name = ?", [name]);
        if (made.length === 0) await c.run(createViewSql(name, q.inputQuery));
        return true;
      })),
    tried,
  );
}

/** The view of a PLAIN query; `sql` is the query's own text (trailing `;` and spaces are dropped). */
export function createViewSql(name: string, sql: string): string {
  return `CREATE OR REPLACE VIEW ${qualified('query', name)} AS\n${trimStatement(sql)}\n`;
}
