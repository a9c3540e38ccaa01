import type { DuckDBBlobVector, DuckDBConnection, DuckDBPreparedStatement, DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { Statement } from './types.js';

/** Runs one statement, its values bound as parameters, never spliced into the text. */
export async function runStatement(conn: DuckDBConnection, x: Pick<Statement, 'sql' | 'params' | 'types' | 'run'>): Promise<void> {
  if (x.params && !x.run) {
    await changeStatement(conn, x);
    return;
  }
  refuseNulText(x.sql);
  if (x.run) return x.run(conn);
  await conn.run(x.sql);
}

/** Runs a writing statement of constant SQL with its values bound; the number of rows it changed. */
export async function changeStatement(conn: DuckDBConnection, x: Pick<Statement, 'sql' | 'params' | 'types'>): Promise<number> {
  refuseNulText(x.sql);
  return withPrepared(conn, x.sql, async (statement) => {
    statement.bind(x.params ?? [], x.types);
    return Number((await statement.run()).rowsChanged);
  });
}

/** Runs a statement and updates the cache at once, not once its transaction commits (as ProjectStore.change does). */
export async function runApplied(conn: DuckDBConnection, x: Statement): Promise<void> {
  await runStatement(conn, x);
  x.apply?.();
}

function refuseNulText(sql: string): void {
  if (sql.includes('\u0000')) throw new Error('SQL text with a NUL byte cannot be sent to DuckDB');
}

/** Runs a reading statement of constant SQL with its values bound; its rows as arrays. */
export async function readStatement(conn: DuckDBConnection, sql: string, params: DuckDBValue[], types?: DuckDBType[]): Promise<unknown[][]> {
  return withPrepared(conn, sql, async (statement) => {
    statement.bind(params, types);
    return (await statement.runAndReadAll()).getRowsJS() as unknown[][];
  });
}

/** A one-BLOB answer read from the result's vector, copied out of DuckDB once rather than twice. */
export async function readBlob(conn: DuckDBConnection, sql: string): Promise<Uint8Array | null> {
  return withPrepared(conn, sql, async (statement) => {
    const result = await statement.run();
    if (result.chunkCount === 0) return null;
    const bytes = (result.getChunk(0).getColumnVector(0) as DuckDBBlobVector).getItemBytes(0);
    // Twelve bytes or fewer are a view of the vector's memory, which goes with the result.
    return bytes && bytes.length <= 12 ? Uint8Array.from(bytes) : bytes;
  });
}

/** Prepares `sql` for one run: DuckDB would run a kept statement's plan, made for the data of that moment, again after the data changed. */
async function withPrepared<T>(conn: DuckDBConnection, sql: string, use: (statement: DuckDBPreparedStatement) => Promise<T>): Promise<T> {
  const statement = await conn.prepare(sql);
  try {
    return await use(statement);
  } finally {
    statement.destroySync();
  }
}
