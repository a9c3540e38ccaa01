import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from '@duckdb/node-api';
import type { RefreshStatus } from '../../api/types.js';
import type { DuckDBModule } from '../duckdb.js';
import { conflict, duckMessage, HttpError, notFound } from '../errors.js';
import { builtStatus, parseQueryDoc } from './objects.js';
import type { FolderRow, QueryRow, RefreshRow, Statement } from './types.js';

/** A refresh in flight: its own connection, so cancelling it interrupts nothing else. */
export interface RunningRefresh {
  conn: DuckDBConnection;
  cancelled: boolean;
  done: Promise<void>;
}

/** Serialises the metadata writes of one project. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

const POOL_SIZE = 4;

/**
 * The state every part of a project shares: a DuckDB instance with the project's database attached
 * as catalog `svc`, its metadata cached in memory, one writer connection for metadata changes
 * (serialised, each change one transaction), a small pool of connections for reads, and the
 * refreshes running on their own connections.
 */
export class ProjectStore {
  readonly queries = new Map<string, QueryRow>();
  readonly folders = new Map<string, FolderRow>();
  readonly refreshes = new Map<string, RefreshRow>();
  readonly running = new Map<string, RunningRefresh>();
  readonly mutex = new Mutex();
  /** The next refresh-log sequence number: the latest row per query is its status. */
  seq = 1;
  closed = false;
  private readonly pool: DuckDBConnection[] = [];

  constructor(
    readonly id: string,
    readonly duck: DuckDBModule,
    private readonly instance: DuckDBInstance,
    readonly writer: DuckDBConnection,
    readonly now: () => number,
  ) {}

  /** Runs `fn` on a pooled read connection. */
  async withConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const conn = this.pool.pop() ?? (await this.connect());
    try {
      return await fn(conn);
    } finally {
      if (this.pool.length < POOL_SIZE && !this.closed) this.pool.push(conn);
      else conn.closeSync();
    }
  }

  /** A new connection of its own (not pooled), using the project's catalog. */
  async connect(): Promise<DuckDBConnection> {
    const conn = await this.instance.connect();
    await conn.run('USE svc');
    return conn;
  }

  /** A cached query, or 404. */
  query(id: string): QueryRow {
    const q = this.queries.get(id);
    if (!q) throw notFound(`query ${id} not found in project ${this.id}`);
    return q;
  }

  /** A cached folder, or 404. */
  folder(id: string): FolderRow {
    const f = this.folders.get(id);
    if (!f) throw notFound(`folder ${id} not found in project ${this.id}`);
    return f;
  }

  assertOpen(): void {
    if (this.closed) throw new HttpError(500, `project ${this.id} is closed`, 'CLOSED');
  }

  /**
   * One metadata change: serialised with the others, running refreshes of `stop` cancelled first,
   * then `fn` in one transaction on the writer connection, then the cache reloaded.
   */
  tx<T>(fn: (conn: DuckDBConnection) => Promise<T>, stop: string[] = []): Promise<T> {
    return this.mutex.run(async () => {
      this.assertOpen();
      for (const id of stop) await this.stopRefresh(id);
      await this.writer.run('BEGIN');
      let result: T;
      try {
        result = await fn(this.writer);
        await this.writer.run('COMMIT');
      } catch (error) {
        await this.rollBack();
        throw mapWriteError(error);
      }
      await this.reload();
      return result;
    });
  }

  /**
   * One metadata change sent to DuckDB as a single round trip: `plan` runs inside the lock and
   * returns the statements, which run between BEGIN and COMMIT; each `apply` updates the cache
   * once they are committed. The hot path (create query) is one of these.
   */
  txBatch(plan: () => Statement[], stop: string[] = []): Promise<void> {
    return this.mutex.run(async () => {
      this.assertOpen();
      for (const id of stop) await this.stopRefresh(id);
      const statements = plan();
      try {
        await this.writer.run(['BEGIN', ...statements.map((x) => x.sql), 'COMMIT'].join(';\n'));
      } catch (error) {
        await this.rollBack();
        throw mapWriteError(error);
      }
      for (const x of statements) x.apply?.();
    });
  }

  /** Ends a failed transaction (if it is still open) and reads the cache back, which it may have run ahead of. */
  private async rollBack(): Promise<void> {
    await this.writer.run('ROLLBACK').catch(() => undefined);
    await this.reload();
    await this.reloadRefreshes();
  }

  /** Reads the queries and folders back into the cache. */
  async reload(): Promise<void> {
    const docs = await rows(this.writer, 'SELECT id, doc FROM svc._dgw.query_docs');
    const qs = docs.map((r) => parseQueryDoc(String(r.id), String(r.doc)));
    qs.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    this.queries.clear();
    for (const q of qs) this.queries.set(q.id, q);
    const fs = await rows(this.writer, 'SELECT * FROM svc._dgw.folders ORDER BY created_at, id');
    this.folders.clear();
    for (const r of fs) {
      this.folders.set(String(r.id), {
        id: String(r.id),
        name: String(r.name),
        parentId: r.parent_id === null ? null : String(r.parent_id),
        createdAt: Number(r.created_at),
        modifiedAt: Number(r.modified_at),
      });
    }
  }

  /**
   * Reads the latest committed refresh status of each query back into the cache; a materialized
   * table without a refresh-log row has the status of its build when the query was saved.
   */
  async reloadRefreshes(): Promise<void> {
    const log = await rows(this.writer, 'SELECT query_id, seq, status, started_at, finished_at, message FROM svc._dgw.refresh_log ORDER BY seq');
    this.refreshes.clear();
    for (const r of log) {
      this.seq = Math.max(this.seq, Number(r.seq) + 1);
      this.refreshes.set(String(r.query_id), {
        status: String(r.status) as RefreshStatus,
        startedAt: num(r.started_at),
        finishedAt: num(r.finished_at),
        message: r.message === null ? null : String(r.message),
      });
    }
    for (const q of this.queries.values()) {
      if (q.materializedAt !== null && !this.refreshes.has(q.id)) this.refreshes.set(q.id, builtStatus(q));
    }
  }

  /** Cancels a running refresh (interrupting DuckDB) and waits until it has stopped. */
  async stopRefresh(id: string): Promise<boolean> {
    const job = this.running.get(id);
    if (!job) return false;
    job.cancelled = true;
    job.conn.interrupt();
    await job.done;
    return true;
  }

  /** Closes the database; running refreshes are awaited (`wait`) or cancelled. */
  async close(options: { wait: boolean }): Promise<void> {
    if (this.closed) return;
    for (const [id, job] of [...this.running]) {
      if (options.wait) await job.done;
      else await this.stopRefresh(id);
    }
    await this.mutex.run(async () => {
      this.closed = true;
      for (const conn of this.pool.splice(0)) conn.closeSync();
      await this.writer.run('CHECKPOINT').catch(() => undefined);
      this.writer.closeSync();
      this.instance.closeSync();
    });
  }
}

/** Runs `sql` and returns its rows as plain objects. */
export async function rows(conn: DuckDBConnection, sql: string, values?: DuckDBValue[]): Promise<Array<Record<string, unknown>>> {
  const reader = await conn.runAndReadAll(sql, values);
  return reader.getRowObjectsJS() as Array<Record<string, unknown>>;
}

function num(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

/** Two writers that touched the same rows: DuckDB's conflict becomes a 409 worth retrying. */
function mapWriteError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const message = duckMessage(error);
  if (/TransactionContext Error|write-write conflict|Conflict on/i.test(message)) {
    return conflict(`the change conflicts with a concurrent one (${message}); try again`);
  }
  return error;
}
