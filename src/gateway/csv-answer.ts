import { execFile } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { HttpError } from './errors.js';
import { targetSql, type ExecuteTarget } from './execute.js';
import type { ProjectDb } from './project/index.js';
import type { Lease } from './project/store.js';
import { cancellation, interruptible, keepTimeLimit, requestSignal } from './request-scope.js';
import type { BodySource } from './router.js';
import { userSqlError, type StatementColumn } from './sandbox/index.js';
import { csvLine } from '../output/csv.js';
import { ident, literal } from './sql.js';

/**
 * CSV streams running at once in this process. Each holds a thread of libuv's pool (4 unless
 * UV_THREADPOOL_SIZE says more) for as long as its reader reads, since DuckDB's COPY waits
 * there while the pipe is full; two leave the rest of the gateway its threads. A request finds a
 * place or is answered at once by the JSON path (the same CSV, written by dgw), never waits; one
 * key holds one place at a time, so no client can take both; a reader that stops reading loses
 * its place after GatewayLimits.readerStallMs.
 */
const MAX_STREAMS = 2;
const holders = new Set<string>();

/** A place among the MAX_STREAMS for `owner` (a project and a key), and how to leave it; undefined when none is free to it. */
function takePlace(owner: string): (() => void) | undefined {
  if (holders.size >= MAX_STREAMS || holders.has(owner)) return undefined;
  holders.add(owner);
  return () => holders.delete(owner);
}

/** Whether this platform can give DuckDB a named pipe to write into (not Windows). */
const PIPES = process.platform !== 'win32';

/** A CSV answer: its body, or the SQL whose JSON answer gives the same text (where no pipe can be made). */
export type CsvAnswer = { body: BodySource } | { textSql: string };

/**
 * A run-SQL answer as CSV (`Accept: text/csv`, the local gateway's own; see docs/data.md "One CSV
 * rule"), written by DuckDB's COPY into a named pipe in the project's folder of files in transit,
 * read as DuckDB writes it and sent on as it is read: rows go out in constant memory at the speed
 * of DuckDB's own writer, in DuckDB's threads. The statement is judged and run as run SQL runs a
 * SELECT (the sandbox; a read-only transaction, as bound). Undefined, with nothing run, when the
 * statement is not a SELECT (a write, an EXPLAIN: its JSON answer is printed as CSV by dgw). Where
 * no pipe can be made (Windows, no mkfifo, no room for the pipe's folder) the answer is `textSql`:
 * the statement with every column as DuckDB's text, whose JSON answer dgw prints as the same CSV.
 * An error DuckDB finds before the first bytes is thrown (the answer's status); after them, the
 * body fails short of its end.
 */
export async function csvAnswer(project: ProjectDb, target: ExecuteTarget, owner: string): Promise<CsvAnswer | undefined> {
  const { sql } = await targetSql(project, target);
  const signal = requestSignal();
  let leave: (() => void) | undefined;
  const letGo = keepTimeLimit();
  let lease: Lease | undefined;
  let pipe: Pipe | undefined;
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    await pipe?.remove();
    lease?.release();
    leave?.();
    letGo();
  };
  let columns: StatementColumn[] | undefined;
  try {
    lease = await project.lease();
    const { conn } = lease;
    columns = await interruptible(conn, () => project.withViews(() => project.sandbox.judgeRead(conn, sql)));
    leave = columns && PIPES ? takePlace(`${project.id}\u0000${owner}`) : undefined;
    if (leave) pipe = await Pipe.make(project.transferDir);
  } catch (error) {
    await finish();
    if (!(error instanceof PipeUnavailable)) throw error;
  }
  if (!columns) {
    await finish();
    return undefined;
  }
  if (!pipe) {
    await finish();
    return { textSql: asText(sql, columns) };
  }
  const { conn } = lease!;
  // Stopped by the request's abort (the client went away, its time limit), by the reader (cancel) or by the project's close.
  const stop = new AbortController();
  if (signal?.aborted) stop.abort(cancellation(signal));
  else signal?.addEventListener('abort', () => stop.abort(cancellation(signal)), { once: true });
  lease!.onStop(() => stop.abort(new HttpError(500, `project ${project.id} closed while its rows were being read`, 'CLOSED')));
  const copy = interruptible(conn, () => project.sandbox.exportRows(conn, `COPY (\n${sql}\n) TO ${literal(pipe.path)} (FORMAT csv, HEADER false)`), stop.signal);
  return { body: await new CsvBody(pipe, copy, stop, finish, project.limits).start(`${csvLine(columns.map((c) => c.name))}\n`, project.limits.readerStallMs ?? READER_STALL_MS) };
}

/** `sql` with each column as DuckDB's text of it (what COPY writes), under the column's own name. */
function asText(sql: string, columns: StatementColumn[]): string {
  return `SELECT ${columns.map((c, i) => `#${i + 1}::VARCHAR AS ${ident(c.name)}`).join(', ')} FROM (\n${sql}\n) AS dgw_rows`;
}

/** The pipe could not be made here (no mkfifo, no folder for it): the answer is JSON instead. */
class PipeUnavailable extends Error {}

/**
 * A named pipe and its two ends in this process: the reading end, non-blocking (read through the
 * event loop, not a thread), and a writing end kept open until DuckDB's COPY has ended, so that
 * the reader sees the end of the bytes only then, whenever DuckDB opens and closes its own.
 */
class Pipe {
  private keeper: number | undefined;
  private constructor(
    readonly path: string,
    readonly reader: Socket,
    keeper: number,
  ) {
    this.keeper = keeper;
  }

  static async make(transferDir: string): Promise<Pipe> {
    const dir = join(transferDir, 'streams');
    // A folder that cannot be made (no inode left, no right to it) is a pipe that cannot be made: the answer is JSON, which needs none.
    await mkdir(dir, { recursive: true, mode: 0o700 }).catch((error: unknown) => Promise.reject(new PipeUnavailable(String(error))));
    const path = join(dir, `${randomBytes(12).toString('hex')}.csv`);
    await new Promise<void>((resolve, reject) => {
      execFile('mkfifo', ['-m', '600', path], (error) => (error ? reject(new PipeUnavailable(error.message)) : resolve()));
    });
    try {
      const readFd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
      const keeper = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
      return new Pipe(path, new Socket({ fd: readFd, readable: true, writable: false }), keeper);
    } catch (error) {
      await rm(path, { force: true });
      throw new PipeUnavailable(String(error));
    }
  }

  /** DuckDB has written its last byte: the reader may see the end once it has read them all. */
  closeKeeper(): void {
    if (this.keeper === undefined) return;
    closeSync(this.keeper);
    this.keeper = undefined;
  }

  async remove(): Promise<void> {
    this.closeKeeper();
    this.reader.destroy();
    await rm(this.path, { force: true });
  }
}

/** How long a reader may leave the next chunk unasked for before its stream is stopped and its place freed. */
const READER_STALL_MS = 10_000;

/** The body: the pipe's bytes as they come, then the COPY's outcome (a failure fails the body). */
class CsvBody {
  private readonly chunks: AsyncIterator<Buffer>;
  private readonly outcome: Promise<number>;
  private copyEnded = false;
  /** The rows that reached the reader, to be held against the rows COPY says it wrote. */
  private readonly delivered = new RecordCounter();

  constructor(
    private readonly pipe: Pipe,
    copy: Promise<number>,
    private readonly stop: AbortController,
    private readonly finish: () => Promise<void>,
    private readonly limits: ProjectDb['limits'],
  ) {
    this.chunks = pipe.reader[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    this.outcome = copy.finally(() => {
      this.copyEnded = true;
      pipe.closeKeeper();
    });
    // Seen here whatever happens next, so that a failure never goes unhandled.
    this.outcome.catch(() => undefined);
    // A stopped COPY may be waiting on a full pipe that no one reads (a client that reads no more).
    if (stop.signal.aborted) void this.end();
    else stop.signal.addEventListener('abort', () => void this.end(), { once: true });
  }

  /**
   * Waits for the first bytes of the rows or for the COPY's end: a statement that fails before
   * writing fails here, while its status can be said. The body is `header`, then the rows.
   */
  async start(header: string, stallMs: number): Promise<BodySource> {
    let first: IteratorResult<Buffer>;
    try {
      // One read only: a second would take the bytes after the first.
      const firstRead = this.chunks.next();
      first = await Promise.race([firstRead, this.outcome.then(() => firstRead)]);
      if (first.done) await this.outcome;
      else this.delivered.add(first.value);
    } catch (error) {
      await this.end();
      throw this.failure(error);
    }
    let pending: IteratorResult<Buffer> | undefined = first;
    let headed = false;
    // Armed when a chunk is handed over, cleared when the next is asked for: a reader that asks
    // for none in stallMs loses its place (its statement is stopped, the answer ends short).
    let stall: NodeJS.Timeout | undefined;
    const handOver = <T>(chunk: T): T => {
      stall = setTimeout(() => this.stop.abort(new HttpError(499, `the client read nothing for ${stallMs} ms; its answer was stopped`, 'CANCELLED')), stallMs).unref();
      return chunk;
    };
    this.stop.signal.addEventListener('abort', () => clearTimeout(stall), { once: true });
    return {
      next: async () => {
        clearTimeout(stall);
        if (!headed) {
          headed = true;
          return handOver(header);
        }
        const result = pending ?? (await this.read());
        pending = undefined;
        if (!result.done) return handOver(result.value);
        await this.complete();
        return null;
      },
      cancel: async () => {
        this.stop.abort(new HttpError(499, 'the client stopped reading the answer; its statement was interrupted', 'CANCELLED'));
        await this.end();
      },
    };
  }

  private async read(): Promise<IteratorResult<Buffer>> {
    try {
      if (this.stop.signal.aborted) throw this.stop.signal.reason;
      const next = await this.chunks.next();
      if (!next.done) this.delivered.add(next.value);
      return next;
    } catch (error) {
      await this.end();
      throw this.failure(error);
    }
  }

  /**
   * All bytes were read: the COPY's outcome says whether they are the whole answer, and the rows
   * read must be the rows it wrote (whatever took some on the way, the answer fails, never looks whole).
   */
  private async complete(): Promise<void> {
    let written: number;
    try {
      written = await this.outcome;
    } catch (error) {
      throw this.failure(error);
    } finally {
      await this.end();
    }
    if (written !== this.delivered.records) {
      throw new HttpError(500, `the CSV answer lost rows on its way: DuckDB wrote ${written}, ${this.delivered.records} reached the answer`, 'ROWS_LOST');
    }
  }

  /**
   * Ends the statement and lets go of the pipe and the connection. While the COPY runs, it is
   * interrupted and what it still writes is read and dropped: a COPY waiting on a full pipe, or
   * still to open it, would never see its interrupt.
   */
  private async end(): Promise<void> {
    if (!this.copyEnded) {
      if (!this.stop.signal.aborted) this.stop.abort(new HttpError(499, 'the answer was not read to its end; its statement was interrupted', 'CANCELLED'));
      try {
        while (!(await this.chunks.next()).done);
      } catch {
        // The pipe failed: the COPY fails too (its writes find no reader).
      }
      await this.outcome.catch(() => undefined);
    }
    await this.finish();
  }

  private failure(error: unknown): HttpError {
    const reason: unknown = this.stop.signal.reason;
    if (this.stop.signal.aborted && reason instanceof HttpError) return reason;
    return userSqlError(error, this.limits);
  }
}

/** Counts CSV records in bytes as they come, across chunks: line ends outside quoted fields. */
export class RecordCounter {
  records = 0;
  private quoted = false;

  add(chunk: Uint8Array): void {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let at = 0;
    // The next quote at or after `at` (-1: none left in the chunk), found once, not at every line.
    let quote = bytes.indexOf(0x22);
    while (at < bytes.length) {
      if (this.quoted) {
        const close = bytes.indexOf(0x22, at);
        if (close < 0) return;
        // A doubled quote inside a field closes and reopens it: the count stays right.
        this.quoted = false;
        at = close + 1;
        quote = bytes.indexOf(0x22, at);
        continue;
      }
      const end = bytes.indexOf(0x0a, at);
      if (end >= 0 && (quote < 0 || end < quote)) {
        this.records += 1;
        at = end + 1;
        continue;
      }
      if (quote < 0) return;
      this.quoted = true;
      at = quote + 1;
    }
  }
}
