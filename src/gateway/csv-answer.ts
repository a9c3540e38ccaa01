import { execFile } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { HttpError } from './errors.js';
import { targetSql, type ExecuteTarget } from './execute.js';
import type { ProjectStore } from './project/index.js';
import { withViews } from './project/views.js';
import { sourceProblem } from './project/connections.js';
import type { Lease } from './project/store.js';
import { cancellation, interruptible, keepTimeLimit, requestSignal } from './request-scope.js';
import type { BodySource } from './router.js';
import { userSqlError } from './sandbox/index.js';
import { csvLine } from '../output/csv.js';
import { ident, literal } from './sql.js';

/** CSV streams running at once: each holds a libuv pool thread while its reader reads, so two leave the rest of the gateway its threads. */
const MAX_STREAMS = 2;
const holders = new Set<string>();

/** A place for `owner` (project and key, one place each), or undefined when none is free; the caller falls back to JSON. */
function takePlace(owner: string): (() => void) | undefined {
  if (holders.size >= MAX_STREAMS || holders.has(owner)) return undefined;
  holders.add(owner);
  return () => holders.delete(owner);
}

const PIPES = process.platform !== 'win32';

/** A CSV answer: its body, or the SQL whose JSON answer gives the same text (where no pipe can be made). */
export type CsvAnswer = { body: BodySource } | { textSql: string };

/** A run-SQL SELECT as CSV written by DuckDB's COPY into a named pipe and streamed; undefined for other statements, `textSql` where no pipe can be made. */
export async function csvAnswer(project: ProjectStore, target: ExecuteTarget, owner: string): Promise<CsvAnswer | undefined> {
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
  let columns: string[] | undefined;
  try {
    lease = await project.lease();
    const { conn } = lease;
    columns = await interruptible(conn, () => withViews(project, () => project.sandbox.judgeRead(conn, sql)));
    leave = columns && PIPES ? takePlace(`${project.id}\u0000${owner}`) : undefined;
    if (leave) pipe = await Pipe.make(project.transferDir);
  } catch (error) {
    await finish();
    if (!(error instanceof PipeUnavailable)) throw sourceProblem(project, project.whyStopped(error));
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
  // Stopped by the request's abort, by the reader (cancel) or by the project's close.
  const stop = new AbortController();
  if (signal?.aborted) stop.abort(cancellation(signal));
  else signal?.addEventListener('abort', () => stop.abort(cancellation(signal)), { once: true });
  lease!.onStop((why) => stop.abort(why));
  const copy = project.sandbox.exportRows(conn, `COPY (\n${sql}\n) TO ${literal(pipe.path)} (FORMAT csv, HEADER false)`, stop.signal);
  return { body: await new CsvBody(pipe, copy, stop, finish, project.limits).start(`${csvLine(columns)}\n`, project.limits.readerStallMs ?? READER_STALL_MS) };
}

function asText(sql: string, columns: string[]): string {
  return `SELECT ${columns.map((name, i) => `#${i + 1}::VARCHAR AS ${ident(name)}`).join(', ')} FROM (\n${sql}\n) AS dgw_rows`;
}

class PipeUnavailable extends Error {}

/** A named pipe read through the event loop; our writing end stays open until COPY ends, so the reader sees the end only then. */
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
    // A folder that cannot be made means no pipe: JSON needs none.
    await mkdir(dir, { recursive: true, mode: 0o700 }).catch((error: unknown) => Promise.reject(new PipeUnavailable(String(error))));
    const path = join(dir, `${randomBytes(12).toString('hex')}.csv`);
    await promisify(execFile)('mkfifo', ['-m', '600', path]).catch((error: Error) => Promise.reject(new PipeUnavailable(error.message)));
    try {
      const readFd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
      const keeper = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
      return new Pipe(path, new Socket({ fd: readFd, readable: true, writable: false }), keeper);
    } catch (error) {
      await rm(path, { force: true });
      throw new PipeUnavailable(String(error));
    }
  }

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

const READER_STALL_MS = 10_000;

class CsvBody {
  private readonly chunks: AsyncIterator<Buffer>;
  private readonly outcome: Promise<number>;
  private copyEnded = false;
  /** The rows that reached the reader, to be held against the rows COPY says it wrote. */
  private readonly delivered = new RecordCounter();

  constructor(
    pipe: Pipe,
    copy: Promise<number>,
    private readonly stop: AbortController,
    private readonly finish: () => Promise<void>,
    private readonly limits: ProjectStore['limits'],
  ) {
    this.chunks = pipe.reader[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    this.outcome = copy.finally(() => {
      this.copyEnded = true;
      pipe.closeKeeper();
    });
    // Seen here whatever happens next, so that a failure never goes unhandled.
    this.outcome.catch(() => undefined);
    // A stopped COPY may be waiting on a full pipe that no one reads.
    if (stop.signal.aborted) void this.end();
    else stop.signal.addEventListener('abort', () => void this.end(), { once: true });
  }

  /** Waits for the first bytes or the COPY's end, so a statement failing before writing fails while its status can be said. */
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
    // A reader that asks for no chunk in stallMs loses its place.
    let stall: NodeJS.Timeout | undefined;
    const handOver = <T>(chunk: T): T => {
      if (Number.isFinite(stallMs)) stall = setTimeout(() => this.stop.abort(new HttpError(499, `the client read nothing for ${stallMs} ms; its answer was stopped`, 'CANCELLED')), stallMs).unref();
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

  /** The rows read must be the rows COPY wrote, or the answer fails rather than looking whole. */
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

  /** Ends the statement, reading and dropping what COPY still writes: a COPY blocked on the pipe would never see its interrupt. */
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
