import { readQueryByName } from './query-rows.js';
import { rows, type ProjectStore } from './store.js';

/** The schemas of svc whose objects SQL names in full (svc.table.orders): a bare `orders` is found in none of them. */
const SVC_SCHEMAS = new Set(['table', 'bitable', 'query', 'mtquery', 'cache']);

/** The error DuckDB gives for a table it cannot find, with the full names of the objects of that name:
 * `SELECT * FROM orders` is a newcomer's first statement, and `svc.table.orders` is not in DuckDB's search path. */
export async function withWhereItIs(s: ProjectStore, error: unknown, name: string): Promise<unknown> {
  if (!(error instanceof Error)) return error;
  const places = await fullNames(s, name).catch(() => []);
  if (places.length === 0) return error;
  // An object of that very name beats DuckDB's own guess, a near name in the schema given (or a system view out of reach).
  const guessless = error.message.replace(/\s*Did you mean "[^"]*"\?/, '');
  error.message = guessless.replace(/Table with name .+? does not exist!/, (said) => `${said}\nDid you mean ${places.map((p) => `"${p}"`).join(' or ')}?`);
  return error;
}

/** Every object SQL may read that is called `name`, by its full name. */
async function fullNames(s: ProjectStore, name: string): Promise<string[]> {
  const catalogs = new Set(s.connections.map((c) => c.catalogName.toLowerCase()));
  return s.withConnection(async (conn) => {
    const found = await rows(
      conn,
      `SELECT database_name AS c, schema_name AS s, table_name AS t FROM duckdb_tables() WHERE lower(table_name) = lower($1)
       UNION SELECT database_name, schema_name, view_name FROM duckdb_views() WHERE NOT internal AND lower(view_name) = lower($1)
       ORDER BY 1, 2, 3`,
      [name],
    );
    const names = found
      .map((r) => ({ c: String(r.c), s: String(r.s), t: String(r.t) }))
      .filter((r) => (r.c === 'svc' ? SVC_SCHEMAS.has(r.s) : catalogs.has(r.c.toLowerCase())))
      .map((r) => `${r.c}.${r.s}.${r.t}`);
    // A plain query's view is made when first read (views.ts): its row says it is there.
    const query = await readQueryByName(conn, name.toLowerCase());
    const saved = query && `svc.${query.queryType === 'PLAIN' ? 'query' : 'mtquery'}.${query.name}`;
    return saved && !names.includes(saved) ? [...names, saved] : names;
  });
}
