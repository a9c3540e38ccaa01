import type { DuckDBConnection, DuckDBDataChunk } from '@duckdb/node-api';
import type { ResultColumn, ResultFormat } from '../api/types.js';
import type { DuckDBModule } from './duckdb.js';
import { jsonTextWriter, type JsonTextWriter } from './json-text.js';
import { cancellation } from './request-scope.js';
import type { StatementRows } from './sandbox/index.js';

/**
 * A run-SQL answer's rows as JSON text, one DuckDB chunk (up to 2048 rows) at a time, as they are
 * fetched: each value converted once, straight to its text, in the answer's format (COMPACT
 * arrays, SIMPLE objects, CELL_TYPED cells). It holds the statement and its connection until the
 * last chunk was read, a fetch failed, or `cancel` was called; then `finish` gives them back. An
 * abort of `signal` (the request's) interrupts DuckDB.
 */
export class RowTexts {
  private readonly writers: JsonTextWriter[];
  private readonly rowOf: (cells: string[]) => string;
  private pending: DuckDBDataChunk | null;
  private done = false;
  private readonly onAbort = () => this.conn.interrupt();

  private constructor(
    duck: DuckDBModule,
    private readonly conn: DuckDBConnection,
    private readonly statement: StatementRows,
    columns: ResultColumn[],
    format: ResultFormat,
    first: DuckDBDataChunk | null,
    private readonly finishing: () => void,
    private readonly signal?: AbortSignal,
  ) {
    const result = statement.result;
    this.writers = columns.map((_, i) => jsonTextWriter(duck, result.columnType(i)));
    this.rowOf = rowShaper(columns, format);
    this.pending = first;
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /**
   * Starts reading: the first chunk is fetched here, so an error DuckDB finds at once (most do)
   * is thrown before any byte of the answer is sent, and can still be its status.
   */
  static async open(
    duck: DuckDBModule,
    conn: DuckDBConnection,
    statement: StatementRows,
    columns: ResultColumn[],
    format: ResultFormat,
    finish: () => void,
    signal?: AbortSignal,
  ): Promise<RowTexts> {
    const first = await statement.result.fetchChunk();
    return new RowTexts(duck, conn, statement, columns, format, first, finish, signal);
  }

  /** The next chunk's rows, joined by commas; null after the last. Fails as the fetch failed. */
  async next(): Promise<string | null> {
    if (this.done) return null;
    if (this.signal?.aborted) {
      await this.close();
      throw cancellation(this.signal);
    }
    try {
      const chunk = this.pending ?? (await this.statement.result.fetchChunk());
      this.pending = null;
      if (!chunk || chunk.rowCount === 0) {
        await this.statement.verify();
        await this.close();
        return null;
      }
      return this.texts(chunk);
    } catch (error) {
      await this.close();
      throw this.signal?.aborted ? cancellation(this.signal) : error;
    }
  }

  /** Stops reading (the client went away): DuckDB is interrupted, the statement ended. */
  async cancel(): Promise<void> {
    if (this.done) return;
    this.conn.interrupt();
    await this.close();
  }

  private texts(chunk: DuckDBDataChunk): string {
    const n = chunk.rowCount;
    const columns = this.writers.map((write, c) => {
      const values = chunk.getColumnValues(c);
      const out = new Array<string>(n);
      for (let r = 0; r < n; r++) out[r] = write(values[r]);
      return out;
    });
    const rows = new Array<string>(n);
    const cells = new Array<string>(columns.length);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < columns.length; c++) cells[c] = columns[c][r];
      rows[r] = this.rowOf(cells);
    }
    return rows.join(',');
  }

  private async close(): Promise<void> {
    if (this.done) return;
    this.done = true;
    this.signal?.removeEventListener('abort', this.onAbort);
    try {
      await this.statement.end();
    } finally {
      this.finishing();
    }
  }
}

/** How one row's cell texts become the row's text in `format`. */
function rowShaper(columns: ResultColumn[], format: ResultFormat): (cells: string[]) => string {
  if (format === 'COMPACT') return (cells) => `[${cells.join(',')}]`;
  const heads =
    format === 'SIMPLE'
      ? columns.map((c, i) => `${i === 0 ? '' : ','}${JSON.stringify(c.columnName)}:`)
      : columns.map((c, i) => {
          const name = JSON.stringify(c.columnName);
          return `${i === 0 ? '' : ','}{"name":${name},"displayName":${name},"dataType":${JSON.stringify((c.dataType ?? '').toLowerCase())},"order":${i},"value":`;
        });
  const [open, close] = format === 'SIMPLE' ? ['{', '}'] : ['[', ']'];
  const cellEnd = format === 'SIMPLE' ? '' : '}';
  return (cells) => {
    let text = open;
    for (let i = 0; i < cells.length; i++) text += heads[i] + cells[i] + cellEnd;
    return text + close;
  };
}
