import type { DuckDBBlobVector, DuckDBConnection, DuckDBPreparedStatement, DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { Statement } from './types.js';

/**
 * Prepared statements of constant SQL (those with parameters), kept per connection: preparing
 * costs about as much as running a small INSERT. They go with their connection when it closes.
 */
const cache = new WeakMap<DuckDBConnection, Map<string, Promise<DuckDBPreparedStatement>>>();

/**
 * Runs one statement. Values are bound as parameters of a prepared statement (kept per
 * connection), never spliced into the text. A statement without values is DDL around a query's
 * own SQL, which checkSql has parsed as exactly one statement before it gets here. SQL text is cut
 * at a NUL byte by DuckDB's C API, so such text never reaches it.
 */
export async function runStatement(conn: DuckDBConnection, x: Pick<Statement, 'sql' | 'params' | 'types' | 'run'>): Promise<void> {
  if (x.params && !x.run) {
    await changeStatement(conn, x);
    return;
  }
  refuseNulText(x.sql);
  if (x.run) return x.run(conn);
  await conn.run(x.sql);
}

/** Runs a writing statement of constant SQL with its values bound (prepared once per connection, as above); the number of rows it changed. */
export async function changeStatement(conn: DuckDBConnection, x: Pick<Statement, 'sql' | 'params' | 'types'>): Promise<number> {
  refuseNulText(x.sql);
  const statement = await preparedOn(conn, x.sql);
  statement.bind(x.params ?? [], x.types);
  return Number((await statement.run()).rowsChanged);
}

function refuseNulText(sql: string): void {
  if (sql.includes('\u0000')) throw new Error('SQL text with a NUL byte cannot be sent to DuckDB');
}

/**
 * Runs a reading statement of constant SQL with its values bound (prepared once per connection, as
 * above; `types` where DuckDB cannot tell them from the values, as for an empty list); its rows as arrays.
 */
export async function readStatement(conn: DuckDBConnection, sql: string, params: DuckDBValue[], types?: DuckDBType[]): Promise<unknown[][]> {
  const statement = await preparedOn(conn, sql);
  statement.bind(params, types);
  return (await statement.runAndReadAll()).getRowsJS() as unknown[][];
}

/**
 * Runs a reading statement of constant SQL whose answer is one BLOB (prepared once per connection,
 * as above); its bytes, or null. Read from the result's vector, they are copied out of DuckDB once:
 * readStatement's rows copy a BLOB twice (a 2.5 MB list of 10,000 queries: about 2 ms more).
 */
export async function readBlob(conn: DuckDBConnection, sql: string): Promise<Uint8Array | null> {
  const result = await (await preparedOn(conn, sql)).run();
  if (result.chunkCount === 0) return null;
  const bytes = (result.getChunk(0).getColumnVector(0) as DuckDBBlobVector).getItemBytes(0);
  // Twelve bytes or fewer are a view of the vector's memory, which goes with the result.
  return bytes && bytes.length <= 12 ? Uint8Array.from(bytes) : bytes;
}

function preparedOn(conn: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
  let statements = cache.get(conn);
  if (!statements) cache.set(conn, (statements = new Map()));
  let prepared = statements.get(sql);
  if (!prepared) {
    prepared = conn.prepare(sql);
    statements.set(sql, prepared);
    prepared.catch(() => statements.delete(sql));
  }
  return prepared;
}
