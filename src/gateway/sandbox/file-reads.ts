import type { DuckDBConnection } from '@duckdb/node-api';
import { TABLE_FUNCTIONS } from './rules.js';

const ALLOWED_FUNCTIONS = new Set(TABLE_FUNCTIONS);

/** Why a statement's own text reads a file, from DuckDB's parse tree before views expand: a table function not allowed, or
 * a table named like a path (a replacement scan). The plan's other file reads come from the views of file connections. */
export async function fileReadOfText(conn: DuckDBConnection, sql: string): Promise<string | undefined> {
  const [row] = (await conn.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR) AS tree', [sql])).getRowObjectsJS();
  const tree = JSON.parse(String(row?.tree)) as { error?: boolean };
  if (tree.error) return 'a statement other than a SELECT may not read the tables of a file connection: copy them with `dgw cache create` instead';
  let why: string | undefined;
  const walk = (node: unknown): void => {
    if (why || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const n = node as Record<string, unknown>;
    if (n.type === 'TABLE_FUNCTION') {
      const name = String((n.function as Record<string, unknown> | undefined)?.function_name ?? '').toLowerCase();
      if (!ALLOWED_FUNCTIONS.has(name)) why = `${name}() is not available here: SQL reads files only through the tables of a connection (\`dgw connection create\`)`;
    }
    if (n.type === 'BASE_TABLE' && n.catalog_name === '' && /[./\\*?]/.test(String(n.table_name))) {
      why = `${String(n.table_name)} names a file: SQL reads files only through the tables of a connection (\`dgw connection create\`)`;
    }
    for (const value of Object.values(n)) walk(value);
  };
  walk(tree);
  return why;
}
