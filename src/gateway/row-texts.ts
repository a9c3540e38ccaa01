import type { DuckDBConnection, DuckDBDataChunk } from '@duckdb/node-api';
import { distinctKeys } from '../api/names.js';
import type { ResultColumn, ResultFormat } from '../api/types.js';
import type { DuckDBModule } from './duckdb.js';
import { jsonColumnTexts, type JsonColumnTexts } from './json-text.js';
import { HttpError } from './errors.js';
import { cancellation, interrupt } from './request-scope.js';
import type { StatementRows } from './sandbox/index.js';

/** A run-SQL answer's rows as JSON text, a chunk at a time; stopped early it always fails, never ending as if whole. */
export class RowTexts {
  private readonly columnTexts: JsonColumnTexts[];
  private readonly layout: RowLayout;
  private pending: DuckDBDataChunk | null;
  private done = false;
  /** A fetch is under way (an interrupt ends it; the statement is ended after it). */
  private fetching = false;
  private stopped: Error | undefined;
  private readonly ended: Promise<void>;
  private markEnded!: () => void;
  private readonly onAbort = () => this.stop(cancellation(this.signal!));
  /** The rows `next` has answered so far. */
  rowsRead = 0;

  private constructor(
    duck: DuckDBModule,
    private readonly conn: DuckDBConnection,
    private readonly statement: StatementRows,
    columns: ResultColumn[],
    format: ResultFormat,
    first: DuckDBDataChunk | null,
    private readonly finishing: () => void,
    private readonly signal?: AbortSignal,
    private readonly separator = ',',
  ) {
    const result = statement.result;
    this.columnTexts = columns.map((_, i) => jsonColumnTexts(duck, result.columnType(i)));
    this.layout = rowLayout(columns, format);
    this.pending = first;
    this.ended = new Promise((resolve) => (this.markEnded = resolve));
    if (signal?.aborted) this.stopped = cancellation(signal);
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** The first chunk is fetched here, so most DuckDB errors come before any byte and can still set the status. */
  static async open(
    duck: DuckDBModule,
    conn: DuckDBConnection,
    statement: StatementRows,
    columns: ResultColumn[],
    format: ResultFormat,
    finish: () => void,
    signal?: AbortSignal,
    separator?: string,
  ): Promise<RowTexts> {
    const first = await statement.result.fetchChunk().catch((error: unknown) => {
      throw statement.failure(error);
    });
    return new RowTexts(duck, conn, statement, columns, format, first, finish, signal, separator);
  }

  /** The next chunk's rows, joined by commas (or the separator given); null after the last. Fails as the fetch failed, or as the rows were stopped. */
  async next(): Promise<string | null> {
    if (this.stopped) {
      await this.close();
      throw this.stopped;
    }
    if (this.done) return null;
    this.fetching = true;
    try {
      const chunk = this.pending ?? (await this.statement.result.fetchChunk());
      this.pending = null;
      // An interrupted fetch may end like the last one: rows stopped short are never the whole answer.
      if (this.stopped) throw this.stopped;
      if (!chunk || chunk.rowCount === 0) {
        await this.statement.verify();
        await this.close();
        return null;
      }
      this.rowsRead += chunk.rowCount;
      return this.texts(chunk);
    } catch (error) {
      await this.close();
      throw this.stopped ?? this.statement.failure(error);
    } finally {
      this.fetching = false;
    }
  }

  /** Stops reading (the client went away): DuckDB is interrupted, the statement ended. */
  async cancel(): Promise<void> {
    this.stop(new HttpError(499, 'the client stopped reading the answer; its statement was interrupted', 'CANCELLED'));
    await this.ended;
  }

  /** Interrupts DuckDB; the statement ends now, or once a running fetch returns. */
  stop(reason: Error): void {
    if (this.done) return;
    this.stopped ??= reason;
    interrupt(this.conn);
    if (!this.fetching) void this.close();
  }

  private texts(chunk: DuckDBDataChunk): string {
    const n = chunk.rowCount;
    const { columnTexts } = this;
    const { open, heads, cellEnd, close } = this.layout;
    const k = columnTexts.length;
    const cells = new Array<string[]>(k);
    for (let c = 0; c < k; c++) {
      const out = new Array<string>(n);
      columnTexts[c](chunk.getColumnVector(c), n, out);
      cells[c] = out;
    }
    const rows = new Array<string>(n);
    for (let r = 0; r < n; r++) {
      let row = open;
      for (let c = 0; c < k; c++) row += heads[c] + cells[c][r] + cellEnd;
      rows[r] = row + close;
    }
    return rows.join(this.separator);
  }

  private async close(): Promise<void> {
    if (this.done) return this.ended;
    this.done = true;
    this.signal?.removeEventListener('abort', this.onAbort);
    try {
      await this.statement.end();
    } finally {
      this.finishing();
      this.markEnded();
    }
  }
}

/** The fixed text around a row's cells in a format: `open`, then each cell as `heads[i]` + its value + `cellEnd`, then `close`. */
interface RowLayout {
  open: string;
  heads: string[];
  cellEnd: string;
  close: string;
}

/** The text around the cells of a row in `format`: COMPACT arrays, SIMPLE objects, CELL_TYPED cells. */
function rowLayout(columns: ResultColumn[], format: ResultFormat): RowLayout {
  if (format === 'COMPACT') return { open: '[', heads: columns.map((_, i) => (i === 0 ? '' : ',')), cellEnd: '', close: ']' };
  // A row object keeps every column: a name met again is a key of its own (`a`, `a_1`), as dgw sql --json has it.
  if (format === 'SIMPLE') return { open: '{', heads: distinctKeys(columns.map((c) => c.columnName)).map((key, i) => `${i === 0 ? '' : ','}${JSON.stringify(key)}:`), cellEnd: '', close: '}' };
  const heads = columns.map((c, i) => {
    const name = JSON.stringify(c.columnName);
    return `${i === 0 ? '' : ','}{"name":${name},"displayName":${name},"dataType":${JSON.stringify((c.dataType ?? '').toLowerCase())},"order":${i},"value":`;
  });
  return { open: '[', heads, cellEnd: '}', close: ']' };
}
