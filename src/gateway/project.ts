import { randomUUID } from 'node:crypto';
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from '@duckdb/node-api';
import type { Folder, Query, QueryType, RefreshStatus, RefreshStatusView, Schedule } from '../api/types.js';
import { deriveQueryName } from '../api/names.js';
import type { DuckDBModule } from './duckdb.js';
import { badRequest, conflict, duckMessage, HttpError, notFound, sqlError } from './errors.js';
import { nextFireTime } from './schedule.js';
import { seedDemo } from './seed.js';
import { ident, literal, qualified, trimStatement } from './sql.js';

/** A saved query as the gateway keeps it. */
export interface QueryRow {
  id: string;
  name: string;
  displayName: string;
  inputQuery: string;
  queryType: QueryType;
  schedule: Schedule | null;
  folderId: string | null;
  /** True when its view could not be bound when saved (checkSchemaExists=false); retried before SQL runs. */
  viewPending: boolean;
  /** When the schedule was last set: intervals count from here or from the last run, whichever is later. */
  scheduleSetAt: number;
  createdAt: number;
  modifiedAt: number;
}

export interface FolderRow {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: number;
  modifiedAt: number;
}

export interface RefreshRow {
  status: RefreshStatus;
  startedAt: number | null;
  finishedAt: number | null;
  message: string | null;
}

/** A query body after its fields were type-checked (undefined = not given). */
export interface QueryInput {
  displayName?: string;
  inputQuery?: string;
  queryType?: QueryType;
  schedule?: Schedule;
  inputQueryRefId?: string;
  path?: string;
}

/** The outcome of checking a statement before it is saved. */
interface SqlCheck {
  sql: string;
  /** DuckDB's binder message when the statement reads something that does not exist. */
  bindError?: string;
}

interface RunningRefresh {
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

const SCHEMA = [
  'CREATE SCHEMA IF NOT EXISTS svc._dgw',
  'CREATE SCHEMA IF NOT EXISTS svc.query',
  'CREATE SCHEMA IF NOT EXISTS svc.mtquery',
  'CREATE SCHEMA IF NOT EXISTS svc."table"',
  `CREATE TABLE IF NOT EXISTS svc._dgw.queries (id VARCHAR, name VARCHAR, display_name VARCHAR, input_query VARCHAR,
     query_type VARCHAR, schedule VARCHAR, folder_id VARCHAR, view_pending BOOLEAN, schedule_set_at BIGINT, created_at BIGINT, modified_at BIGINT)`,
  'CREATE TABLE IF NOT EXISTS svc._dgw.folders (id VARCHAR, name VARCHAR, parent_id VARCHAR, created_at BIGINT, modified_at BIGINT)',
  // Append-only: the latest row per query is its status, so a refresh never updates a row another writer touches.
  'CREATE TABLE IF NOT EXISTS svc._dgw.refresh_log (query_id VARCHAR, seq BIGINT, status VARCHAR, started_at BIGINT, finished_at BIGINT, message VARCHAR)',
  'CREATE TABLE IF NOT EXISTS svc._dgw.settings (key VARCHAR, value VARCHAR)',
];

const POOL_SIZE = 4;
const MAX_QUERY_NAME = 128;

/** Options of one project database. */
export interface ProjectOptions {
  id: string;
  /** The database file; undefined keeps everything in memory (tests). */
  file?: string;
  now: () => number;
  seed: boolean;
}

/**
 * One project: a DuckDB instance with the project's database attached as catalog `svc`, its
 * metadata cached in memory, one writer connection for metadata changes (serialised, each change
 * one transaction), a small pool of connections for reads, and refreshes on their own connections.
 */
export class ProjectDb {
  readonly queries = new Map<string, QueryRow>();
  readonly folders = new Map<string, FolderRow>();
  readonly refreshes = new Map<string, RefreshRow>();
  private readonly running = new Map<string, RunningRefresh>();
  private readonly pool: DuckDBConnection[] = [];
  private readonly mutex = new Mutex();
  private seq = 1;
  private closed = false;

  private constructor(
    readonly id: string,
    readonly duck: DuckDBModule,
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
    private readonly now: () => number,
  ) {}

  static async open(duck: DuckDBModule, options: ProjectOptions): Promise<ProjectDb> {
    const instance = await duck.DuckDBInstance.create(':memory:');
    let writer: DuckDBConnection | undefined;
    try {
      writer = await instance.connect();
      await attach(writer, options.file ?? ':memory:', options.id);
      // From here on SQL cannot reach the file system: run-SQL statements only see the project.
      await writer.run('SET enable_external_access = false');
      await writer.run('USE svc');
      const db = new ProjectDb(options.id, duck, instance, writer, options.now);
      await db.init(options.seed);
      return db;
    } catch (error) {
      writer?.closeSync();
      instance.closeSync();
      throw error;
    }
  }

  private async init(seed: boolean): Promise<void> {
    await this.writer.run('BEGIN');
    try {
      for (const statement of SCHEMA) await this.writer.run(statement);
      const seeded = await rows(this.writer, `SELECT value FROM svc._dgw.settings WHERE key = 'seeded'`);
      if (seed && seeded.length === 0) {
        await seedDemo(this.writer);
        await this.writer.run(`INSERT INTO svc._dgw.settings VALUES ('seeded', ?)`, [new Date(this.now()).toISOString()]);
      }
      await this.writer.run('COMMIT');
    } catch (error) {
      await this.writer.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
    await this.reload();
    const log = await rows(this.writer, 'SELECT query_id, seq, status, started_at, finished_at, message FROM svc._dgw.refresh_log ORDER BY seq');
    for (const r of log) {
      this.seq = Math.max(this.seq, Number(r.seq) + 1);
      this.refreshes.set(String(r.query_id), {
        status: String(r.status) as RefreshStatus,
        startedAt: num(r.started_at),
        finishedAt: num(r.finished_at),
        message: r.message === null ? null : String(r.message),
      });
    }
    // A refresh that was running when the gateway stopped never committed: its previous result is intact.
    for (const [queryId, r] of this.refreshes) {
      if (r.status === 'RUNNING') {
        await this.appendStatus(this.writer, queryId, {
          status: 'FAILED',
          startedAt: r.startedAt,
          finishedAt: this.now(),
          message: 'interrupted: the gateway stopped during this refresh; the previous result was kept',
        });
      }
    }
    await this.writer.run('DELETE FROM svc._dgw.refresh_log r WHERE seq < (SELECT max(seq) FROM svc._dgw.refresh_log x WHERE x.query_id = r.query_id)');
  }

  private async reload(): Promise<void> {
    const qs = await rows(this.writer, 'SELECT * FROM svc._dgw.queries ORDER BY created_at, id');
    this.queries.clear();
    for (const r of qs) {
      this.queries.set(String(r.id), {
        id: String(r.id),
        name: String(r.name),
        displayName: String(r.display_name),
        inputQuery: String(r.input_query),
        queryType: String(r.query_type) as QueryType,
        schedule: r.schedule === null ? null : (JSON.parse(String(r.schedule)) as Schedule),
        folderId: r.folder_id === null ? null : String(r.folder_id),
        viewPending: r.view_pending === true,
        scheduleSetAt: Number(r.schedule_set_at),
        createdAt: Number(r.created_at),
        modifiedAt: Number(r.modified_at),
      });
    }
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

  // ---------------------------------------------------------------- connections and transactions

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

  private async connect(): Promise<DuckDBConnection> {
    const conn = await this.instance.connect();
    await conn.run('USE svc');
    return conn;
  }

  /**
   * One metadata change: serialised with the others, running refreshes of `stop` cancelled first,
   * then `fn` in one transaction on the writer connection, then the cache reloaded.
   */
  private tx<T>(fn: (conn: DuckDBConnection) => Promise<T>, stop: string[] = [], options: { reload?: boolean } = {}): Promise<T> {
    return this.mutex.run(async () => {
      if (this.closed) throw new HttpError(500, `project ${this.id} is closed`, 'CLOSED');
      for (const id of stop) await this.stopRefresh(id);
      await this.writer.run('BEGIN');
      let result: T;
      try {
        result = await fn(this.writer);
        await this.writer.run('COMMIT');
      } catch (error) {
        await this.writer.run('ROLLBACK').catch(() => undefined);
        // The cache may hold folders made inside the failed transaction: read it back.
        await this.reload();
        throw mapWriteError(error);
      }
      // A change that updated the cache itself skips the reload (create query, the hot path).
      if (options.reload !== false) await this.reload();
      return result;
    });
  }

  // ---------------------------------------------------------------- SQL checks

  /**
   * Checks a query's SQL: it must be exactly one SELECT statement (else 400). Parsed as the body
   * of a CREATE VIEW, the way it is stored, so nothing else can ride along. With `bind`, it is
   * also bound, and a missing table or column is reported in `bindError` rather than thrown.
   */
  async checkSql(text: string, bind: boolean): Promise<SqlCheck> {
    const sql = trimStatement(text);
    if (sql.trim() === '') throw badRequest('inputQuery must not be empty');
    return this.withConnection(async (conn) => {
      let count: number;
      try {
        count = (await conn.extractStatements(`CREATE VIEW dgw_check AS\n${sql}\n`)).count;
      } catch {
        throw await explainParseError(conn, sql);
      }
      if (count !== 1) throw badRequest('inputQuery must be a single SELECT statement');
      if (!bind) return { sql };
      try {
        (await conn.prepare(sql)).destroySync();
        return { sql };
      } catch (error) {
        return { sql, bindError: duckMessage(error) };
      }
    });
  }

  // ---------------------------------------------------------------- queries

  toQuery(q: QueryRow): Query {
    return {
      id: q.id,
      displayName: q.displayName,
      name: q.name,
      inputQuery: q.inputQuery,
      queryType: q.queryType,
      schedule: q.queryType === 'MATERIALIZED' ? (q.schedule ?? { type: 'none' }) : null,
      path: q.folderId ? this.folderPath(q.folderId) : null,
      folderId: q.folderId,
    };
  }

  query(id: string): QueryRow {
    const q = this.queries.get(id);
    if (!q) throw notFound(`query ${id} not found in project ${this.id}`);
    return q;
  }

  queryByName(name: string): QueryRow | undefined {
    for (const q of this.queries.values()) if (q.name === name) return q;
    return undefined;
  }

  /** Create Query (spec 4.1). `checkSchemaExists` false stores SQL that reads missing tables. */
  async createQuery(input: QueryInput, checkSchemaExists: boolean): Promise<Query> {
    const displayName = input.displayName;
    if (displayName === undefined || displayName.trim() === '') throw badRequest('displayName is required');
    const name = queryName(displayName);
    const queryType = input.queryType ?? 'PLAIN';
    if (input.inputQueryRefId !== undefined && queryType !== 'MATERIALIZED') {
      throw badRequest('inputQueryRefId is only valid when queryType is MATERIALIZED');
    }
    let sqlText: string;
    if (input.inputQueryRefId !== undefined) sqlText = this.query(input.inputQueryRefId).inputQuery;
    else if (input.inputQuery !== undefined) sqlText = input.inputQuery;
    else throw badRequest('inputQuery is required (or inputQueryRefId for a MATERIALIZED query)');
    const schedule = input.schedule?.type === 'none' ? null : (input.schedule ?? null);
    if (schedule && queryType !== 'MATERIALIZED') throw badRequest('a schedule applies only to MATERIALIZED queries');
    // With checkSchemaExists the DDL itself refuses what does not bind; binding first is only
    // needed to store such SQL anyway.
    const check = await this.checkSql(sqlText, !checkSchemaExists);

    const id = randomUUID();
    let row: QueryRow | undefined;
    await this.tx(async (c) => {
      if (this.queryByName(name)) throw conflict(`a query named ${name} already exists in project ${this.id}`);
      const now = this.now();
      const folderId = input.path === undefined ? null : await this.ensurePath(c, input.path, now);
      row = {
        id, name, displayName, inputQuery: check.sql, queryType, schedule, folderId,
        viewPending: queryType === 'PLAIN' && check.bindError !== undefined,
        scheduleSetAt: now, createdAt: now, modifiedAt: now,
      };
      // One round trip: the metadata row and the view or materialized table, in one transaction.
      const statements = [insertQuerySql(row), ...this.objectStatements(row, check)];
      await userSql(() => c.run(statements.map((x) => x.sql).join(';\n')));
      for (const x of statements) x.apply?.();
    }, [], { reload: false });
    this.queries.set(id, row!);
    return this.toQuery(row!);
  }

  /** Update Query: omitted fields keep their values; see docs/local-gateway.md for the details. */
  async updateQuery(id: string, input: QueryInput, checkSchemaExists: boolean): Promise<Query> {
    const before = this.query(id);
    const queryType = input.queryType ?? before.queryType;
    if (input.inputQueryRefId !== undefined && queryType !== 'MATERIALIZED') {
      throw badRequest('inputQueryRefId is only valid when queryType is MATERIALIZED');
    }
    let sqlText = before.inputQuery;
    if (input.inputQueryRefId !== undefined) sqlText = this.query(input.inputQueryRefId).inputQuery;
    else if (input.inputQuery !== undefined) sqlText = input.inputQuery;
    const sqlChanged = trimStatement(sqlText) !== before.inputQuery;
    const typeChanged = queryType !== before.queryType;
    if (input.schedule && input.schedule.type !== 'none' && queryType !== 'MATERIALIZED') {
      throw badRequest('a schedule applies only to MATERIALIZED queries');
    }
    const displayName = input.displayName ?? before.displayName;
    if (displayName.trim() === '') throw badRequest('displayName must not be empty');
    const name = queryName(displayName);
    const nameChanged = name !== before.name;
    let check: SqlCheck = { sql: before.inputQuery };
    if (sqlChanged || typeChanged || input.inputQueryRefId !== undefined) {
      check = await this.checkSql(sqlText, !checkSchemaExists);
    }
    const rebuild = sqlChanged || typeChanged || input.inputQueryRefId !== undefined;
    await this.tx(async (c) => {
      const q = this.query(id);
      if (nameChanged && this.queryByName(name)) throw conflict(`a query named ${name} already exists in project ${this.id}`);
      const now = this.now();
      let schedule = q.schedule;
      let scheduleSetAt = q.scheduleSetAt;
      if (input.schedule !== undefined) {
        schedule = input.schedule.type === 'none' ? null : input.schedule;
        scheduleSetAt = now;
      }
      if (queryType === 'PLAIN') schedule = null;
      const folderId = input.path === undefined ? q.folderId : await this.ensurePath(c, input.path, now);
      const row: QueryRow = {
        ...q, name, displayName, inputQuery: check.sql, queryType, schedule, scheduleSetAt, folderId, modifiedAt: now,
        viewPending: queryType === 'PLAIN' && (rebuild ? check.bindError !== undefined : q.viewPending),
      };
      if (rebuild) {
        if (q.queryType === 'PLAIN') {
          await c.run(`DROP VIEW IF EXISTS ${qualified('query', q.name)}`);
        } else {
          await c.run(`DROP TABLE IF EXISTS ${qualified('mtquery', q.name)}`);
          await c.run('DELETE FROM svc._dgw.refresh_log WHERE query_id = ?', [id]);
          this.refreshes.delete(id);
        }
        for (const x of this.objectStatements(row, check)) {
          await userSql(() => c.run(x.sql));
          x.apply?.();
        }
      } else if (nameChanged) {
        const kind = q.queryType === 'PLAIN' ? 'VIEW' : 'TABLE';
        await c.run(`ALTER ${kind} IF EXISTS ${qualified(q.queryType === 'PLAIN' ? 'query' : 'mtquery', q.name)} RENAME TO ${ident(name)}`);
      }
      await c.run('DELETE FROM svc._dgw.queries WHERE id = ?', [id]);
      await c.run(insertQuerySql(row).sql);
    }, rebuild || nameChanged ? [id] : []);
    return this.toQuery(this.query(id));
  }

  /** SQL that creates the view of a PLAIN query or the materialized table of a MATERIALIZED one. */
  private objectStatements(row: QueryRow, check: SqlCheck): Statement[] {
    if (row.queryType === 'PLAIN') {
      return check.bindError !== undefined ? [] : [{ sql: `CREATE OR REPLACE VIEW ${qualified('query', row.name)} AS\n${check.sql}\n` }];
    }
    const now = this.now();
    if (check.bindError !== undefined) {
      return [this.statusStatement(row.id, { status: 'FAILED', startedAt: now, finishedAt: now, message: check.bindError })];
    }
    return [
      { sql: `CREATE OR REPLACE TABLE ${qualified('mtquery', row.name)} AS\n${check.sql}\n` },
      this.statusStatement(row.id, { status: 'COMPLETED', startedAt: now, finishedAt: now, message: null }),
    ];
  }

  /** Move Query: `/` (or an empty path) puts it at the root; missing folders are created. */
  async moveQuery(id: string, path: string): Promise<void> {
    this.query(id);
    await this.tx(async (c) => {
      const now = this.now();
      const folderId = await this.ensurePath(c, path, now);
      await c.run('UPDATE svc._dgw.queries SET folder_id = ?, modified_at = ? WHERE id = ?', [folderId, now, id]);
      if (folderId) await this.touchFolder(c, folderId, now);
    });
  }

  /** Delete Query: drops its view or materialized table with it. */
  async deleteQuery(id: string): Promise<Query> {
    const view = this.toQuery(this.query(id));
    await this.tx(async (c) => this.dropQuery(c, this.query(id)), [id]);
    return view;
  }

  private async dropQuery(c: DuckDBConnection, q: QueryRow): Promise<void> {
    await c.run('DELETE FROM svc._dgw.queries WHERE id = ?', [q.id]);
    await c.run('DELETE FROM svc._dgw.refresh_log WHERE query_id = ?', [q.id]);
    if (q.queryType === 'PLAIN') await c.run(`DROP VIEW IF EXISTS ${qualified('query', q.name)}`);
    else await c.run(`DROP TABLE IF EXISTS ${qualified('mtquery', q.name)}`);
    this.refreshes.delete(q.id);
  }

  /** Creates views that could not be bound when their query was saved, where they now bind. */
  async bindPendingViews(): Promise<void> {
    const pending = [...this.queries.values()].filter((q) => q.viewPending);
    for (const q of pending) {
      const check = await this.checkSql(q.inputQuery, true).catch(() => undefined);
      if (!check || check.bindError) continue;
      await this.tx(async (c) => {
        const current = this.queries.get(q.id);
        if (!current?.viewPending || current.inputQuery !== q.inputQuery || current.name !== q.name) return;
        await c.run(`CREATE OR REPLACE VIEW ${qualified('query', q.name)} AS\n${check.sql}\n`);
        await c.run('UPDATE svc._dgw.queries SET view_pending = false WHERE id = ?', [q.id]);
      }).catch(() => undefined);
    }
  }

  // ---------------------------------------------------------------- folders

  folder(id: string): FolderRow {
    const f = this.folders.get(id);
    if (!f) throw notFound(`folder ${id} not found in project ${this.id}`);
    return f;
  }

  /** The spec's folder shape, children nested recursively. */
  toFolder(f: FolderRow): Folder {
    const children = [...this.folders.values()].filter((x) => x.parentId === f.id).sort(byName);
    return {
      id: f.id,
      name: f.name,
      createdAt: f.createdAt,
      modifiedAt: f.modifiedAt,
      children: children.map((x) => this.toFolder(x)),
      queryIds: [...this.queries.values()].filter((q) => q.folderId === f.id).map((q) => q.id),
    };
  }

  rootFolders(): Folder[] {
    return [...this.folders.values()].filter((f) => f.parentId === null).sort(byName).map((f) => this.toFolder(f));
  }

  folderPath(id: string): string {
    const names: string[] = [];
    let cur = this.folders.get(id);
    for (let guard = 0; cur && guard < 1000; guard++) {
      names.unshift(cur.name);
      cur = cur.parentId ? this.folders.get(cur.parentId) : undefined;
    }
    return `/${names.join('/')}`;
  }

  async createFolder(name: string, parentId: string | null): Promise<Folder> {
    if (parentId) this.folder(parentId);
    const id = randomUUID();
    await this.tx(async (c) => {
      if (this.child(parentId, name)) throw conflict(`a folder named ${name} already exists ${parentId ? `in ${this.folderPath(parentId)}` : 'at the root'}`);
      const now = this.now();
      await c.run('INSERT INTO svc._dgw.folders VALUES (?, ?, ?, ?, ?)', [id, name, parentId, now, now]);
      if (parentId) await this.touchFolder(c, parentId, now);
    });
    return this.toFolder(this.folder(id));
  }

  /** Folder membership (spec 4.2): a query lives in one folder at most, so adding moves it here. */
  async updateMembership(folderId: string, added: string[], removed: string[]): Promise<Folder> {
    this.folder(folderId);
    for (const id of [...added, ...removed]) this.query(id);
    await this.tx(async (c) => {
      const now = this.now();
      for (const id of removed) {
        await c.run('UPDATE svc._dgw.queries SET folder_id = NULL, modified_at = ? WHERE id = ? AND folder_id = ?', [now, id, folderId]);
      }
      for (const id of added) await c.run('UPDATE svc._dgw.queries SET folder_id = ?, modified_at = ? WHERE id = ?', [folderId, now, id]);
      await this.touchFolder(c, folderId, now);
    });
    return this.toFolder(this.folder(folderId));
  }

  /** Delete Folder: 409 when it holds folders or queries, unless forced (then they go too). */
  async deleteFolder(folderId: string, force: boolean): Promise<Folder> {
    const view = this.toFolder(this.folder(folderId));
    const subtree = this.subtree(folderId);
    const queries = [...this.queries.values()].filter((q) => q.folderId !== null && subtree.has(q.folderId));
    if (!force && (subtree.size > 1 || queries.length > 0)) {
      throw conflict(`folder ${this.folderPath(folderId)} is not empty; delete with force=true to delete its folders and queries too`);
    }
    await this.tx(async (c) => {
      for (const q of queries) await this.dropQuery(c, q);
      for (const id of subtree) await c.run('DELETE FROM svc._dgw.folders WHERE id = ?', [id]);
    }, queries.map((q) => q.id));
    return view;
  }

  async renameFolder(folderId: string, name: string): Promise<Folder> {
    const f = this.folder(folderId);
    await this.tx(async (c) => {
      const other = this.child(f.parentId, name);
      if (other && other.id !== folderId) throw conflict(`a folder named ${name} already exists there`);
      await c.run('UPDATE svc._dgw.folders SET name = ?, modified_at = ? WHERE id = ?', [name, this.now(), folderId]);
    });
    return this.toFolder(this.folder(folderId));
  }

  /** Move Folder: `path` is the new parent (`/` for the root); missing folders are created. */
  async moveFolder(folderId: string, path: string): Promise<Folder> {
    const f = this.folder(folderId);
    await this.tx(async (c) => {
      const now = this.now();
      const ownPath = this.folderPath(folderId);
      if (path === ownPath || path.startsWith(`${ownPath}/`)) throw conflict(`cannot move folder ${ownPath} into itself`);
      const parentId = await this.ensurePath(c, path, now);
      const other = this.child(parentId, f.name);
      if (other && other.id !== folderId) throw conflict(`a folder named ${f.name} already exists in ${path}`);
      await c.run('UPDATE svc._dgw.folders SET parent_id = ?, modified_at = ? WHERE id = ?', [parentId, now, folderId]);
    });
    return this.toFolder(this.folder(folderId));
  }

  private child(parentId: string | null, name: string): FolderRow | undefined {
    for (const f of this.folders.values()) if (f.parentId === parentId && f.name === name) return f;
    return undefined;
  }

  private subtree(rootId: string): Set<string> {
    const ids = new Set([rootId]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const f of this.folders.values()) {
        if (f.parentId && ids.has(f.parentId) && !ids.has(f.id)) {
          ids.add(f.id);
          grew = true;
        }
      }
    }
    return ids;
  }

  /** Resolves a folder path inside a transaction, creating missing folders; null for the root. */
  private async ensurePath(c: DuckDBConnection, path: string, now: number): Promise<string | null> {
    const segments = path.split('/').filter((s) => s !== '');
    let parentId: string | null = null;
    for (const segment of segments) {
      const existing = this.child(parentId, segment);
      if (existing) {
        parentId = existing.id;
        continue;
      }
      const id = randomUUID();
      await c.run('INSERT INTO svc._dgw.folders VALUES (?, ?, ?, ?, ?)', [id, segment, parentId, now, now]);
      // Visible to later lookups in this transaction; the reload after it makes it permanent.
      this.folders.set(id, { id, name: segment, parentId, createdAt: now, modifiedAt: now });
      parentId = id;
    }
    return parentId;
  }

  private async touchFolder(c: DuckDBConnection, id: string, now: number): Promise<void> {
    await c.run('UPDATE svc._dgw.folders SET modified_at = ? WHERE id = ?', [now, id]);
  }

  // ---------------------------------------------------------------- refresh

  materialized(id: string): QueryRow {
    const q = this.query(id);
    if (q.queryType !== 'MATERIALIZED') throw badRequest(`query ${q.name} is PLAIN; only MATERIALIZED queries have a refresh`, 'NOT_MATERIALIZED');
    return q;
  }

  isRefreshing(id: string): boolean {
    return this.running.has(id);
  }

  /** When the schedule of a query is next due (epoch ms), or undefined without a schedule. */
  nextRun(q: QueryRow): number | undefined {
    if (q.queryType !== 'MATERIALIZED' || !q.schedule) return undefined;
    const last = this.refreshes.get(q.id)?.startedAt ?? 0;
    return nextFireTime(q.schedule, Math.max(last, q.scheduleSetAt));
  }

  statusView(q: QueryRow): RefreshStatusView {
    const r = this.refreshes.get(q.id);
    const next = this.nextRun(q);
    return {
      queryId: q.id,
      queryName: q.name,
      scheduleSettings: q.schedule,
      nextExecutionStartTime: next === undefined ? null : new Date(next).toISOString(),
      status: r?.status ?? 'NOT_INITIALIZED',
      lastExecutionStartTime: r?.startedAt ? new Date(r.startedAt).toISOString() : null,
      lastUpdateTime: r?.finishedAt ? new Date(r.finishedAt).toISOString() : null,
      message: r?.message ?? null,
    };
  }

  statusViews(): RefreshStatusView[] {
    return [...this.queries.values()].filter((q) => q.queryType === 'MATERIALIZED').map((q) => this.statusView(q));
  }

  /**
   * Starts a refresh in the background and answers at once. The new result replaces the old one
   * in a single transaction, so readers see one or the other. A refresh already running is reused.
   */
  async refresh(id: string): Promise<RefreshStatusView> {
    return this.mutex.run(async () => {
      const q = this.materialized(id);
      if (this.closed) throw new HttpError(500, `project ${this.id} is closed`, 'CLOSED');
      if (!this.running.has(id)) {
        const startedAt = this.now();
        await this.appendStatus(this.writer, id, { status: 'RUNNING', startedAt, finishedAt: null, message: null });
        const conn = await this.connect();
        const job: RunningRefresh = { conn, cancelled: false, done: Promise.resolve() };
        this.running.set(id, job);
        job.done = this.runRefresh(q, job, startedAt);
      }
      return this.statusView(q);
    });
  }

  private async runRefresh(q: QueryRow, job: RunningRefresh, startedAt: number): Promise<void> {
    const { conn } = job;
    try {
      await conn.run('BEGIN');
      await conn.run(`CREATE OR REPLACE TABLE ${qualified('mtquery', q.name)} AS\n${q.inputQuery}\n`);
      await this.appendStatus(conn, q.id, { status: 'COMPLETED', startedAt, finishedAt: this.now(), message: null });
      await conn.run('COMMIT');
    } catch (error) {
      await conn.run('ROLLBACK').catch(() => undefined);
      const status: RefreshStatus = job.cancelled ? 'CANCELLED' : 'FAILED';
      const message = job.cancelled ? 'the refresh was cancelled' : duckMessage(error);
      if (!this.closed || job.cancelled) {
        await this.appendStatus(conn, q.id, { status, startedAt, finishedAt: this.now(), message }).catch(() => undefined);
      }
    } finally {
      this.running.delete(q.id);
      conn.closeSync();
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

  async cancel(id: string): Promise<RefreshStatusView> {
    const q = this.materialized(id);
    await this.stopRefresh(id);
    return this.statusView(q);
  }

  private async appendStatus(c: DuckDBConnection, queryId: string, r: RefreshRow): Promise<void> {
    const st = this.statusStatement(queryId, r);
    await c.run(st.sql);
    st.apply?.();
  }

  /** The refresh-log row of a status, and the cache update to make once it is written. */
  private statusStatement(queryId: string, r: RefreshRow): Statement {
    const seq = this.seq++;
    return {
      sql: `INSERT INTO svc._dgw.refresh_log VALUES (${literal(queryId)}, ${seq}, ${literal(r.status)}, ${sqlValue(r.startedAt)}, ${sqlValue(r.finishedAt)}, ${sqlValue(r.message)})`,
      apply: () => this.refreshes.set(queryId, r),
    };
  }

  // ---------------------------------------------------------------- stored tables

  async tables(): Promise<Array<{ name: string; columns: Array<{ name: string; dataType: string }> }>> {
    const cols = await this.withConnection((c) =>
      rows(c, `SELECT table_name, column_name, data_type FROM duckdb_columns() WHERE database_name = 'svc' AND schema_name = 'table' ORDER BY table_name, column_index`),
    );
    const byTable = new Map<string, Array<{ name: string; dataType: string }>>();
    for (const r of cols) {
      const t = String(r.table_name);
      if (!byTable.has(t)) byTable.set(t, []);
      byTable.get(t)!.push({ name: String(r.column_name), dataType: String(r.data_type) });
    }
    return [...byTable].map(([name, columns]) => ({ name, columns }));
  }

  /** A stored table by name (DuckDB names are case-insensitive), or 404. */
  async table(name: string): Promise<{ name: string; columns: Array<{ name: string; dataType: string }> }> {
    const t = (await this.tables()).find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (!t) throw notFound(`table ${name} not found in project ${this.id}`);
    return t;
  }

  async createTable(name: string, columns: Array<{ name: string; dataType: string }>): Promise<void> {
    await this.tx(async (c) => {
      if ((await this.tables()).some((t) => t.name.toLowerCase() === name.toLowerCase())) throw conflict(`table ${name} already exists`);
      const cols = columns.map((col) => `${ident(col.name)} ${col.dataType}`).join(', ');
      await userSql(() => c.run(`CREATE TABLE ${qualified('table', name)} (${cols})`));
    });
  }

  async addColumns(tableName: string, columns: Array<{ name: string; dataType: string }>): Promise<void> {
    const t = await this.table(tableName);
    for (const col of columns) {
      if (t.columns.some((x) => x.name.toLowerCase() === col.name.toLowerCase())) throw conflict(`table ${t.name} already has a column ${col.name}`);
    }
    await this.tx(async (c) => {
      for (const col of columns) await userSql(() => c.run(`ALTER TABLE ${qualified('table', t.name)} ADD COLUMN ${ident(col.name)} ${col.dataType}`));
    });
  }

  /** Delete Table Column (spec 4.8): the column and its data are gone for good. */
  async dropColumn(tableName: string, columnName: string): Promise<void> {
    const t = await this.table(tableName);
    const col = t.columns.find((x) => x.name.toLowerCase() === columnName.toLowerCase());
    if (!col) throw notFound(`table ${t.name} has no column ${columnName}`);
    if (t.columns.length === 1) throw badRequest(`${col.name} is the only column of ${t.name}; a table keeps at least one column`);
    await this.tx(async (c) => {
      await userSql(() => c.run(`ALTER TABLE ${qualified('table', t.name)} DROP COLUMN ${ident(col.name)}`));
    });
    // Rewrite the file so the dropped data is not left behind in free blocks; skipped while others write.
    await this.mutex.run(() => this.writer.run('CHECKPOINT').catch(() => undefined));
  }

  // ---------------------------------------------------------------- lifecycle

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

/** One SQL statement of a change, and what to update in the cache once it ran. */
interface Statement {
  sql: string;
  apply?: () => void;
}

function sqlValue(v: string | number | boolean | null): string {
  if (v === null) return 'NULL';
  if (typeof v === 'string') return literal(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  return v ? 'true' : 'false';
}

function insertQuerySql(q: QueryRow): Statement {
  const values = [
    q.id, q.name, q.displayName, q.inputQuery, q.queryType, q.schedule ? JSON.stringify(q.schedule) : null,
    q.folderId, q.viewPending, q.scheduleSetAt, q.createdAt, q.modifiedAt,
  ];
  return { sql: `INSERT INTO svc._dgw.queries VALUES (${values.map(sqlValue).join(', ')})` };
}

/** Why SQL that does not parse as one SELECT was refused, in DuckDB's words where they help. */
async function explainParseError(conn: DuckDBConnection, sql: string): Promise<HttpError> {
  try {
    const parsed = await rows(conn, 'SELECT json_serialize_sql($1::VARCHAR) AS j', [sql]);
    const json = JSON.parse(String(parsed[0].j)) as { error: boolean; error_type?: string; error_message?: string };
    if (json.error && json.error_type !== 'not implemented' && json.error_message) return sqlError(json.error_message);
  } catch {
    // Fall through to the general message.
  }
  return badRequest('inputQuery must be a single SELECT statement');
}

/** `name` from `displayName` by the documented rule; 400 when nothing is left. */
export function queryName(displayName: string): string {
  const name = deriveQueryName(displayName);
  if (name === '') throw badRequest(`displayName "${displayName}" has no letters, digits or underscores to make a name from`);
  if (name.length > MAX_QUERY_NAME) throw badRequest(`the name derived from displayName is longer than ${MAX_QUERY_NAME} characters`);
  return name;
}

async function attach(conn: DuckDBConnection, file: string, projectId: string): Promise<void> {
  const deadline = Date.now() + 3000;
  for (;;) {
    try {
      await conn.run(`ATTACH ${literal(file)} AS svc`);
      return;
    } catch (error) {
      const message = duckMessage(error);
      if (!/lock/i.test(message)) throw error;
      if (Date.now() > deadline) {
        throw new HttpError(409, `the database of project ${projectId} is in use by another process: ${message}`, 'LOCKED');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Runs SQL that came from a user: DuckDB's errors become 400 with its message. */
async function userSql<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw sqlError(duckMessage(error));
  }
}

function mapWriteError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const message = duckMessage(error);
  if (/TransactionContext Error|write-write conflict|Conflict on/i.test(message)) {
    return conflict(`the change conflicts with a concurrent one (${message}); try again`);
  }
  return error;
}

export async function rows(conn: DuckDBConnection, sql: string, values?: DuckDBValue[]): Promise<Array<Record<string, unknown>>> {
  const reader = await conn.runAndReadAll(sql, values);
  return reader.getRowObjectsJS() as Array<Record<string, unknown>>;
}

function num(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
