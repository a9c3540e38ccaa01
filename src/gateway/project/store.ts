import { stat } from 'node:fs/promises';
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from '@duckdb/node-api';
import type { DuckDBModule } from '../duckdb.js';
import { conflict, duckMessage, HttpError, notFound } from '../errors.js';
import { duckFault } from '../faults.js';
import { defaultLimits, type GatewayLimits } from '../limits.js';
import { interruptible, interruptNow, settleInterrupted } from '../request-scope.js';
import { endJobs } from './job-slots.js';
import { Mutex } from '../mutex.js';
import { Sandbox } from '../sandbox/index.js';
import type { ConnectionRow } from './connections.js';
import type { KeptReaders } from './kept-readers.js';
import type { ConnectedFiles } from './connected-files.js';
import type { SemanticCatalogRow } from './semantic-catalogs.js';
import { readMetadata, type FolderRecord, type LogRecord } from './metadata.js';
import { readQuery } from './query-rows.js';
import { COMPACT_REFRESH_LOG } from './refresh-log.js';
import { runStatement } from './statement.js';
import { letStoredTableGo } from './stored-table-goes.js';
import type { StoredSchema } from '../sql.js';
import type { FolderRow, QueryRow, RefreshRow, Statement } from './types.js';

/** A refresh in flight: its own connection, so cancelling it interrupts nothing else. */
export interface RunningRefresh {
  conn: DuckDBConnection;
  /** Aborted to cancel (and so aborted only then): interrupts the job's statements (jobStatements), never the writing of how it ended. */
  stop: AbortController;
  done: Promise<void>;
}

const POOL_SIZE = 4;

/** A connection lent to a streamed answer (ProjectStore.lease). */
export interface Lease {
  conn: DuckDBConnection;
  /** Gives the connection back once the statement on it has ended. */
  release(): void;
  /** How the holder ends its statement when the project closes under it, answering `why`. */
  onStop(stop: (why: HttpError) => void): void;
}

/** The state every part of a project shares: the DuckDB instance, cached folders and statuses, and its connections. */
export class ProjectStore {
  /** Answers kept until the next change commits (see untilChanged). */
  private readonly kept = new Map<string, unknown>();
  /** Counts the commits that may change what is kept: a read made across one is not kept. */
  private generation = 0;
  private readonly folderMap = new Map<string, FolderRow>();
  private foldersRead: Promise<void> | undefined;
  private foldersLoaded = false;
  /** The latest refresh-log row of each MATERIALIZED query that has one. */
  readonly refreshes = new Map<string, RefreshRow>();
  /** Old (non-numeric) query ids, to the ids those queries have now. */
  readonly aliases = new Map<string, string>();
  readonly running = new Map<string, RunningRefresh>();
  readonly mutex = new Mutex();
  /** Time and memory limits on the SQL users run; set by openStore. */
  limits: GatewayLimits = defaultLimits();
  /** The next refresh-log sequence number: the latest row per query is its status. */
  seq = 1;
  /** The refresh log holds rows that are no query's status any more. */
  logSuperseded = false;
  /** The WAL's size at open: close() checkpoints only when it changed. */
  walAtOpen = 0;
  closed = false;
  /** Why close() stopped the project, answered to a request whose statement it interrupted instead of DuckDB's bare "Interrupted!". */
  private stoppedBecause: HttpError | undefined;
  /** The project's connections as attached at open (a change reopens the project), and why any could not be. */
  connections: ConnectionRow[] = [];
  brokenConnections = new Map<string, string>();
  /** How the connected CSV files read, kept between opens (set at open); the files read at open. */
  keptReaders?: KeptReaders;
  connectedFiles: ConnectedFiles = new Map();
  /** The semantic catalogs, attached at open and when made. */
  semanticCatalogs: SemanticCatalogRow[] = [];

  /** The catalogs SQL may read besides svc's: those of the connections attached, and the semantic catalogs. */
  get connectedCatalogs(): ReadonlySet<string> {
    return new Set([...this.connections.filter((c) => !this.brokenConnections.has(c.id)).map((c) => c.catalogName.toLowerCase()), ...this.semanticCatalogs.map((c) => c.name.toLowerCase())]);
  }
  private readonly pool: DuckDBConnection[] = [];
  private readonly planners: DuckDBConnection[] = [];
  /** Connections running a request's statements now (atWork), or held by a streamed answer (lease). */
  private readonly busy = new Set<DuckDBConnection>();
  private readonly leased = new Map<DuckDBConnection, (why: HttpError) => void>();
  /** Decides what a statement may touch: for run-SQL, query definitions and refreshes alike. */
  readonly sandbox = new Sandbox(this);

  constructor(
    readonly id: string,
    readonly duck: DuckDBModule,
    private readonly instance: DuckDBInstance,
    readonly writer: DuckDBConnection,
    readonly now: () => number,
    /** The database file; undefined in memory. */
    readonly file: string | undefined,
    /** The folder for files in transit (ProjectOptions.transferDir). */
    readonly transferDir: string,
  ) {}

  /** Run-SQL dropped or replaced a stored or BI table: the same bookkeeping as `table rm`, in the statement's transaction. */
  tableGoes(conn: DuckDBConnection, schema: StoredSchema, name: string): Promise<void> {
    return letStoredTableGo(conn, schema, name);
  }

  serialised<T>(fn: () => Promise<T>): Promise<T> {
    return this.mutex.run(fn);
  }

  /** Runs `fn` on a pooled read connection; an abort of the request interrupts it (request-scope.ts). */
  async withConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    this.assertOpen();
    const conn = this.pool.pop() ?? (await this.connect());
    try {
      return await this.atWork(conn, () => fn(conn));
    } finally {
      await this.giveBack(this.pool, conn);
    }
  }

  /** A pooled connection held by a streamed answer until `release`; closing the project calls its `onStop`. */
  async lease(): Promise<Lease> {
    this.assertOpen();
    const conn = this.pool.pop() ?? (await this.connect());
    this.busy.add(conn);
    if (this.closed) {
      this.busy.delete(conn);
      conn.closeSync();
      this.assertOpen();
    }
    let released = false;
    return {
      conn,
      onStop: (stop) => void this.leased.set(conn, stop),
      release: () => {
        if (released) return;
        released = true;
        this.busy.delete(conn);
        this.leased.delete(conn);
        // Released from a stream's end, where nobody awaits it: a connection that fails to close is gone anyway.
        this.giveBack(this.pool, conn).catch(() => undefined);
      },
    };
  }

  /** Puts a connection back in `pool` (closed when the pool is full or the project closed), rolled back first if an abort interrupted it. */
  private async giveBack(pool: DuckDBConnection[], conn: DuckDBConnection): Promise<void> {
    // Busy while it rolls back, so that closing the project waits for that statement.
    this.busy.add(conn);
    try {
      await settleInterrupted(conn);
    } finally {
      this.busy.delete(conn);
    }
    if (pool.length < POOL_SIZE && !this.closed) pool.push(conn);
    else conn.closeSync();
  }

  /** Runs `fn` on a connection of its own, closed after it so what it made (temporary tables) goes too. */
  async withOwnConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    this.assertOpen();
    const conn = await this.connect();
    try {
      return await this.atWork(conn, () => fn(conn));
    } finally {
      conn.closeSync();
    }
  }

  /** Runs `fn` on a pooled connection whose EXPLAIN prints logical plans too, for the sandbox. */
  async withPlanner<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    this.assertOpen();
    let conn = this.planners.pop();
    if (!conn) {
      conn = await this.connect();
      await conn.run("SET explain_output = 'all'");
    }
    try {
      const planner = conn;
      return await this.atWork(planner, () => fn(planner));
    } finally {
      await this.giveBack(this.planners, conn);
    }
  }

  /** A new connection of its own (not pooled), using the project's catalog. */
  async connect(): Promise<DuckDBConnection> {
    const conn = await this.instance.connect();
    await conn.run('USE svc');
    return conn;
  }

  /** A query by id (or old id), or 404: read on `conn` inside a change to see what it wrote so far. */
  async query(id: string, conn?: DuckDBConnection): Promise<QueryRow> {
    const canonical = this.queryId(id);
    const q = conn ? await readQuery(conn, canonical) : await this.withConnection((c) => readQuery(c, canonical));
    if (!q) throw notFound(`query ${id} not found in project ${this.id}`);
    return q;
  }

  /** Every folder by id, read on first use: awaiting useFolders() first is required. */
  get folders(): Map<string, FolderRow> {
    if (!this.foldersLoaded) throw new Error(`the folders of project ${this.id} were used before they were read (useFolders)`);
    return this.folderMap;
  }

  /** Reads the folders into the cache once; later calls wait for that read. */
  useFolders(): Promise<void> {
    this.foldersRead ??= this.withConnection(async (conn) => this.loadFolders((await readMetadata(conn, ['folders'])).folders)).catch((error: unknown) => {
      this.foldersRead = undefined;
      throw error;
    });
    return this.foldersRead;
  }

  /** The id a query has now, for an id it has or had before ids became numeric. */
  queryId(id: string): string {
    return this.aliases.get(id) ?? id;
  }

  /** A cached folder, or 404. */
  folder(id: string): FolderRow {
    const f = this.folders.get(id);
    if (!f) {
      const top = [...this.folders.values()].some((row) => row.parentId === null && row.name === id);
      throw notFound(`folder ${id} not found in project ${this.id}${top ? `; did you mean the path /${id}? (a folder path starts with /)` : ''}`);
    }
    return f;
  }

  /** Runs a request's work on `conn`, interruptible and known to be at work until it ends. */
  private async atWork<T>(conn: DuckDBConnection, work: () => Promise<T>): Promise<T> {
    this.busy.add(conn);
    try {
      // Checked as the connection counts as busy: a close that came first is met here, one after interrupts it.
      this.assertOpen();
      return await interruptible(conn, work);
    } catch (error) {
      throw this.whyStopped(error);
    } finally {
      this.busy.delete(conn);
    }
  }

  /** What a request whose statement close() interrupted is answered: why the project closed, not DuckDB's bare "Interrupted!" nor the aborted transaction a swallowed interrupt leaves. */
  whyStopped(error: unknown): unknown {
    return this.stoppedBecause && /INTERRUPT Error|Current transaction is aborted/.test(duckMessage(error)) ? this.stoppedBecause : error;
  }

  /** Closing DuckDB under a running statement blocks the event loop, so statements are interrupted and awaited first. */
  private async stopWork(): Promise<void> {
    // A streamed answer whose reader is slow has no statement running to interrupt: its holder ends it.
    const why = this.stoppedBecause ?? new HttpError(500, `project ${this.id} closed while its rows were being read`, 'CLOSED');
    for (const stop of this.leased.values()) stop(why);
    while (this.busy.size > 0) {
      for (const conn of this.busy) interruptNow(conn);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  assertOpen(): void {
    if (this.closed) throw this.stoppedBecause ?? new HttpError(500, `project ${this.id} is closed`, 'CLOSED');
  }

  /** One metadata change: serialised, `stop` refreshes cancelled, `fn` in one transaction; a failure rolls back the cache too. */
  tx<T>(fn: (conn: DuckDBConnection) => Promise<T>, stop: string[] = []): Promise<T> {
    return this.mutex.run(() => this.transaction(fn, stop));
  }

  /** What tx and change do once they hold the mutex. */
  private async transaction<T>(fn: (conn: DuckDBConnection) => Promise<T>, stop: string[]): Promise<T> {
    this.assertOpen();
    for (const id of stop) await this.stopRefresh(id);
    let result: T;
    try {
      result = await this.atWork(this.writer, async () => {
        await this.writer.run('BEGIN');
        return fn(this.writer);
      });
      await this.writer.run('COMMIT');
    } catch (error) {
      await this.rollBack();
      throw this.writeError(error);
    }
    this.changed();
    return result;
  }

  /** What `build` reads, kept under `key` until the next change commits; a read made while one commits is not kept. */
  async untilChanged<T>(key: string, build: () => Promise<T>): Promise<T> {
    if (this.kept.has(key)) return this.kept.get(key) as T;
    const generation = this.generation;
    const value = await build();
    if (generation === this.generation) this.kept.set(key, value);
    return value;
  }

  private changed(): void {
    this.generation += 1;
    this.kept.clear();
  }

  /** One change planned inside its transaction; each `apply` updates the cache only once COMMIT succeeded. */
  change(plan: (conn: DuckDBConnection) => Promise<Statement[]>, stop: string[] = []): Promise<void> {
    return this.mutex.run(async () => {
      const statements = await this.transaction(async (w) => {
        const planned = await plan(w);
        for (const x of planned) await runStatement(w, x);
        return planned;
      }, stop);
      for (const x of statements) x.apply?.();
    });
  }

  /** A failed change as it is said: a fault outside dgw, a conflict worth retrying, or the error itself. */
  private writeError(error: unknown): unknown {
    return duckFault(error, { projectId: this.id, file: this.file }) ?? mapWriteError(error);
  }

  /** Ends a failed transaction and reads the cache back, which it may have run ahead of. */
  private async rollBack(): Promise<void> {
    await this.writer.run('ROLLBACK').catch(() => undefined);
    this.changed();
    const read = await readMetadata<'folders' | 'log'>(this.writer, this.foldersLoaded ? ['folders', 'log'] : ['log']);
    if (this.foldersLoaded) this.loadFolders(read.folders);
    this.loadLog(read.log);
  }

  loadFolders(folders: FolderRecord[]): void {
    this.folderMap.clear();
    this.foldersLoaded = true;
    this.foldersRead ??= Promise.resolve();
    for (const r of folders) {
      this.folderMap.set(r.id, {
        id: r.id,
        name: r.name,
        parentId: r.parent_id,
        createdAt: r.created_at,
        modifiedAt: r.modified_at,
      });
    }
  }

  /** Replaces the cached refresh statuses (the latest row of each query) and notes superseded rows. */
  loadLog(log: LogRecord[]): void {
    this.refreshes.clear();
    for (const r of log) {
      this.seq = Math.max(this.seq, r.seq + 1);
      this.refreshes.set(r.query_id, {
        status: r.status,
        startedAt: r.started_at,
        finishedAt: r.finished_at,
        message: r.message,
      });
    }
    this.logSuperseded = log.length > this.refreshes.size;
  }

  /** Cancels a running refresh (interrupting DuckDB) and waits until it has stopped. */
  async stopRefresh(id: string, because?: HttpError): Promise<void> {
    const job = this.running.get(id);
    if (!job) return;
    job.stop.abort(because);
    await job.done;
  }

  /** Closes the database; running refreshes are awaited (`wait`, until `signal` aborts) or cancelled. */
  async close(options: CloseOptions): Promise<void> {
    if (this.closed) return;
    await endJobs(this.running, options, (id) => this.stopRefresh(id, options.because));
    this.closed = true;
    this.stoppedBecause = options.because;
    await this.stopWork();
    await this.mutex.run(async () => {
      for (const conn of [...this.pool.splice(0), ...this.planners.splice(0)]) conn.closeSync();
      // Fold the WAL into the file so the next open replays nothing; a project only read is left as found.
      if ((await walSize(this.file)) !== this.walAtOpen) {
        if (this.logSuperseded) await this.writer.run(COMPACT_REFRESH_LOG).catch(() => undefined);
        await this.writer.run('CHECKPOINT').catch(() => undefined);
      }
      this.writer.closeSync();
      this.instance.closeSync();
    });
  }
}

/** How a project closes: awaiting its running refreshes (until `signal` aborts), or cancelling them. */
export interface CloseOptions {
  wait: boolean;
  signal?: AbortSignal;
  /** The answer for a request whose statement the close interrupts. */
  because?: HttpError;
}

/** The size of the database's WAL: 0 for none, or in memory. */
export async function walSize(file: string | undefined): Promise<number> {
  if (file === undefined) return 0;
  return (await stat(`${file}.wal`).catch(() => undefined))?.size ?? 0;
}

export async function rows(conn: DuckDBConnection, sql: string, values?: DuckDBValue[]): Promise<Array<Record<string, unknown>>> {
  const reader = await conn.runAndReadAll(sql, values);
  return reader.getRowObjectsJS() as Array<Record<string, unknown>>;
}

/** Runs `sql` and returns its rows as records of `T`, whose fields are its columns in camelCase (BIGINTs as numbers). */
export async function rowsAs<T>(conn: DuckDBConnection, sql: string, values?: DuckDBValue[]): Promise<T[]> {
  const field = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return (await rows(conn, sql, values)).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [field(k), typeof v === 'bigint' ? Number(v) : v])) as T);
}

/** What `read` reads, or `none` when a database from an older dgw lacks its metadata table (read at open, before the DDL). Asked directly: a first look through duckdb_tables() is slower at every open. */
export async function ifTable<T>(read: Promise<T>, none: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (/Catalog Error/i.test(duckMessage(error))) return none;
    throw error;
  }
}

export const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** Two writers that touched the same rows: DuckDB's conflict becomes a 409 worth retrying. */
function mapWriteError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const message = duckMessage(error);
  if (/TransactionContext Error|write-write conflict|Conflict on/i.test(message)) {
    return conflict(`the change conflicts with a concurrent one (${message}); try again`);
  }
  return error;
}
