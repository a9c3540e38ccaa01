import { duckMessage, HttpError, sqlError, userSql } from '../errors.js';
import { qualified, trimStatement } from '../sql.js';
import { readQueriesByNames, readQueryByName } from './query-rows.js';
import { readStatement } from './statement.js';
import { rows, type ProjectStore } from './store.js';
import { withWhereItIs } from './where-it-is.js';
import { withBuiltInCatalog } from '../catalog-alias.js';

// Views are made when a statement first needs one, not on save: DuckDB loads every view on attach and rewrites them at each checkpoint.

const MAX_VIEWS_PER_STATEMENT = 256;

/** Runs `bind` and, when it fails for a saved PLAIN query without its view yet, makes the view and retries. */
export async function withViews<T>(s: ProjectStore, bind: () => Promise<T>, tried = new Set<string>()): Promise<T> {
  for (;;) {
    try {
      return await bind();
    } catch (error) {
      const name = missingName(error);
      if (name === undefined) throw error;
      // Still missing once its view was made, or no query of that name: the name was not given in full.
      if (tried.has(name)) throw await withWhereItIs(s, error, name);
      tried.add(name);
      if (!(await makeView(s, name, tried))) throw await withWhereItIs(s, error, name);
    }
  }
}

/** The name DuckDB says it could not find, lower-cased; undefined for any other error. */
export function missingName(error: unknown): string | undefined {
  const message = error instanceof HttpError ? error.message : duckMessage(error);
  const m = /Table with name (.+?) does not exist!/.exec(message);
  return m ? m[1].toLowerCase() : undefined;
}

/** Makes the view of PLAIN query `name` (and those its SQL reads): false when there is no such query. */
async function makeView(s: ProjectStore, name: string, tried: Set<string>): Promise<boolean> {
  const q = await s.withConnection((conn) => readQueryByName(conn, name));
  if (!q || q.queryType !== 'PLAIN') return false;
  if (tried.size > MAX_VIEWS_PER_STATEMENT) throw sqlError(`this statement reads more than ${MAX_VIEWS_PER_STATEMENT} saved queries not read before, and the views of ${MAX_VIEWS_PER_STATEMENT} of them were made now: run it again to make the rest`);
  return withViews(
    s,
    () =>
      userSql(() => s.tx(async (c) => {
        // An update or delete may have come meanwhile.
        const now = await readQueryByName(c, name);
        if (!now || now.id !== q.id || now.inputQuery !== q.inputQuery || now.queryType !== 'PLAIN') return false;
        const made = await readStatement(c, "SELECT 1 FROM duckdb_views() WHERE database_name = 'svc' AND schema_name = 'query' AND view_name = ?", [name]);
        if (made.length === 0) await c.run(createViewSql(name, q.inputQuery));
        return true;
      })),
    tried,
  );
}

/** The view of a PLAIN query; `sql` is the query's own text. */
export function createViewSql(name: string, sql: string): string {
  return `CREATE OR REPLACE VIEW ${qualified('query', name)} AS\n${trimStatement(withBuiltInCatalog(sql))}\n`;
}

/** Views made per transaction when the query catalog is browsed: one commit each made 3,000 views take 20 s. */
const VIEWS_PER_TRANSACTION = 200;

/** Makes the views of the PLAIN queries not read yet, so the query catalog lists them all; a query whose SQL no longer runs stays out. */
export async function makeMissingViews(s: ProjectStore): Promise<void> {
  const missing = await s.withConnection((conn) =>
    rows(
      conn,
      "SELECT name FROM svc._dgw.query_rows WHERE query_type = 'PLAIN' AND name NOT IN (SELECT view_name FROM duckdb_views() WHERE database_name = 'svc' AND schema_name = 'query') ORDER BY name",
    ),
  );
  const names = missing.map((r) => String(r.name));
  for (let at = 0; at < names.length; at += VIEWS_PER_TRANSACTION) {
    const chunk = names.slice(at, at + VIEWS_PER_TRANSACTION);
    // All of a chunk in one transaction, read again inside it; a query that does not bind (or reads
    // a view not made yet) fails the chunk, whose views are then made one by one.
    const made = await s
      .tx(async (c) => {
        for (const q of await readQueriesByNames(s.duck, c, chunk)) if (q.queryType === 'PLAIN') await c.run(createViewSql(q.name, q.inputQuery));
        return true;
      })
      .catch(() => false);
    if (!made) for (const name of chunk) await makeView(s, name, new Set([name])).catch(() => false);
  }
}
