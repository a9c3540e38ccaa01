import { randomUUID } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { RefreshStatus, Schedule } from '../../api/types.js';
import { badRequest, conflict, duckMessage, HttpError, notFound } from '../errors.js';
import { commit, heldUntil, jobStatements } from '../request-scope.js';
import { nextFireTime, sameSchedule } from '../schedule.js';
import { ident } from '../sql.js';
import { cachesTable, finishRun, insertCache, insertRun, readCache, readCaches, readLatestRuns, readRuns, updateCacheRow, type CacheMode, type CacheRow, type CacheRun } from './cache-rows.js';
import { readConnections, type ConnectionRow } from './connections.js';
import { failureOf, recordsEnd, startJob } from './refresh-job.js';
import { rows, textOrNull, type ProjectStore, type RunningRefresh } from './store.js';
import { withViews } from './views.js';
import { INTERNAL_CATALOG_ID, QUERY_CATALOG_ID } from '../routes/catalogs.js';

/** What a create asks for; a schedule left out is null. */
export interface CacheInput {
  catalogId: string;
  schemaName: string;
  tableName: string;
  incrementalColumn: string | null;
  fullSchedule: Schedule | null;
  incrementalSchedule: Schedule | null;
}

/** Changes to a cache's settings; undefined leaves a field as it is. */
export interface CacheChange {
  incrementalColumn?: string;
  fullSchedule?: Schedule | null;
  incrementalSchedule?: Schedule | null;
}

/** A cache with its latest run of each mode and its recent runs (newest first). */
export interface CacheState {
  cache: CacheRow;
  status: RefreshStatus;
  full?: CacheRun;
  incremental?: CacheRun;
  runs: CacheRun[];
}

/** The key of a cache's run among the store's running refreshes. */
const runKey = (id: string) => `cache:${id}`;
const copyOf = (c: Pick<CacheRow, 'copyName'>) => `svc.cache.${ident(c.copyName)}`;
/** Why the run a delete stops ended: no copy is kept. */
const GONE = 'the cache was deleted, and its copy with it';

/** A cache's source as DuckDB reads it. */
interface CacheSource {
  /** The relation, quoted, for `SELECT ... FROM`. */
  relation: string;
  /** The source in words, for messages. */
  label: string;
}

/** Where a catalog's table is read: the built-in catalogs (`1` stored tables, `2` saved queries), or a connection's. */
function cacheSource({ catalogId, schemaName, tableName }: Pick<CacheRow, 'catalogId' | 'schemaName' | 'tableName'>, connections: readonly ConnectionRow[]): CacheSource {
  const label = `${schemaName}.${tableName} of catalog ${catalogId}`;
  const connected = connections.find((c) => c.catalogId === catalogId);
  if (connected) return { relation: `${ident(connected.catalogName)}.${ident(schemaName)}.${ident(tableName)}`, label: `${connected.catalogName}.${schemaName}.${tableName}` };
  if (catalogId === INTERNAL_CATALOG_ID && (schemaName === 'table' || schemaName === 'bitable')) return { relation: `svc.${ident(schemaName)}.${ident(tableName)}`, label };
  if (catalogId === QUERY_CATALOG_ID && schemaName === 'query') return { relation: `svc.query.${ident(tableName)}`, label };
  throw badRequest(`no table ${label}: catalog 1 has schemas "table" (stored tables) and "bitable" (BI tables), catalog 2 schema "query" (saved queries), and each connection's catalog its own`);
}

export async function cacheRow(s: ProjectStore, id: string, conn?: DuckDBConnection): Promise<CacheRow> {
  const c = conn ? await readCache(conn, id) : await s.withConnection((x) => readCache(x, id));
  if (!c) throw notFound(`cache ${id} not found in project ${s.id}`);
  return c;
}

/** Every cache with its state, in the order they were made. */
export async function cacheStates(s: ProjectStore, filter: (c: CacheRow) => boolean = () => true): Promise<CacheState[]> {
  const [caches, latest] = await s.withConnection(async (conn) => [await readCaches(conn), await readLatestRuns(conn)] as const);
  return caches.filter(filter).map((cache) => stateOf(cache, latest.filter((r) => r.cacheId === cache.id)));
}

/** One cache with its state; its recent runs too unless `withRuns` is false. */
export async function cacheState(s: ProjectStore, id: string, withRuns = true): Promise<CacheState> {
  return s.withConnection(async (conn) => {
    const cache = await cacheRow(s, id, conn);
    const runs = await readRuns(conn, id, withRuns ? 20 : 2);
    return { ...stateOf(cache, runs), runs: withRuns ? runs : [] };
  });
}

function stateOf(cache: CacheRow, latest: CacheRun[]): CacheState {
  const full = latest.find((r) => r.mode === 'FULL_REFRESH');
  const incremental = latest.find((r) => r.mode === 'INCREMENTAL');
  const last = [full, incremental].filter((r): r is CacheRun => r !== undefined).sort((a, b) => b.createdAt - a.createdAt)[0];
  return { cache, status: last?.status ?? 'NOT_INITIALIZED', full, incremental, runs: latest };
}

export async function cacheHistory(s: ProjectStore, id: string, limit: number, offset: number): Promise<CacheRun[]> {
  return s.withConnection(async (conn) => {
    await cacheRow(s, id, conn);
    return readRuns(conn, id, limit, offset);
  });
}

/** The source's columns (its relation must bind) and the source in words; 400 when it does not exist. */
async function sourceColumns(s: ProjectStore, source: Pick<CacheRow, 'catalogId' | 'schemaName' | 'tableName'>): Promise<{ columns: string[]; label: string }> {
  const { label } = cacheSource(source, s.connections);
  return { columns: await withViews(s, () => s.withConnection((conn) => describeSource(s, conn, source))), label };
}

/** The source's column names as `conn` sees it; 400 when it does not bind. */
async function describeSource(s: ProjectStore, conn: DuckDBConnection, source: Pick<CacheRow, 'catalogId' | 'schemaName' | 'tableName'>, connections = s.connections): Promise<string[]> {
  const { relation, label } = cacheSource(source, connections);
  try {
    return (await rows(conn, `DESCRIBE SELECT * FROM ${relation}`)).map((r) => String(r.column_name));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(`no table ${label}: ${(await missingSource(s, conn, source, connections)) ?? duckMessage(error).split('\n')[0]}`);
  }
}

/** Why a connected catalog's source does not bind, as browsing it says (no such schema, or table, with a near name); else undefined. */
async function missingSource(s: ProjectStore, conn: DuckDBConnection, source: Pick<CacheRow, 'catalogId' | 'schemaName' | 'tableName'>, connections: readonly ConnectionRow[]): Promise<string | undefined> {
  const connected = connections.find((c) => c.catalogId === source.catalogId);
  // A connection that did not open has its own words (sourceProblem): browsing it would find no schema at all.
  if (!connected || s.brokenConnections.has(connected.id)) return undefined;
  const [{ connectedCatalog }, { columns }] = await Promise.all([import('./catalog-place.js'), import('./catalog-browse.js')]);
  const place = { catalog: connectedCatalog(connected), database: connected.catalogName };
  return columns(conn, place, source.schemaName, source.tableName).then(
    () => undefined,
    (error: unknown) => (error instanceof HttpError ? error.message : undefined),
  );
}

function checkColumn({ columns, label }: { columns: string[]; label: string }, column: string): string {
  const found = columns.find((c) => c === column) ?? columns.find((c) => c.toLowerCase() === column.toLowerCase());
  if (!found) throw badRequest(`${label} has no column ${column}; its columns are ${columns.join(', ')}`);
  return found;
}

/** Saves a cache and starts its first run: incremental when only that is scheduled, else a full refresh (as the hosted service does). */
export async function createCache(s: ProjectStore, input: CacheInput): Promise<CacheRow> {
  if (s.semanticCatalogs.some((c) => c.id === input.catalogId)) await (await import('./semantic-catalogs.js')).refuseSemanticCache(s, input);
  const source = await sourceColumns(s, input);
  const incrementalColumn = input.incrementalColumn === null ? null : checkColumn(source, input.incrementalColumn);
  const now = s.now();
  const cache = await s.tx(async (conn) => {
    // Once more under the write lock: a table dropped or a connection removed since the check above must not get a cache.
    await describeSource(s, conn, input, await readConnections(conn));
    const all = await readCaches(conn);
    const same = all.find((c) => cachesTable(c, input.catalogId, input.schemaName, input.tableName));
    if (same) throw conflict(`${source.label} is cached already (cache ${same.id})`);
    const taken = new Set(all.map((c) => c.copyName.toLowerCase()));
    const copyName = [input.tableName, `${input.schemaName}_${input.tableName}`, `${input.catalogId}_${input.schemaName}_${input.tableName}`].find((n) => !taken.has(n.toLowerCase()))!;
    const row: CacheRow = { id: randomUUID(), ...input, incrementalColumn, copyName, scheduleSetAt: now, createdAt: now, incrementalScheduleSetAt: now };
    await insertCache(conn, row);
    return row;
  });
  const first: CacheMode = cache.incrementalSchedule && !cache.fullSchedule && cache.incrementalColumn ? 'INCREMENTAL' : 'FULL_REFRESH';
  await startRun(s, cache.id, first, false);
  return cache;
}

export async function updateCache(s: ProjectStore, id: string, change: CacheChange): Promise<CacheRow> {
  const before = await cacheRow(s, id);
  const column = change.incrementalColumn === undefined ? undefined : checkColumn(await sourceColumns(s, before), change.incrementalColumn);
  return s.tx(async (conn) => {
    const c = await cacheRow(s, id, conn);
    const next: CacheRow = {
      ...c,
      incrementalColumn: column ?? c.incrementalColumn,
      fullSchedule: change.fullSchedule === undefined ? c.fullSchedule : change.fullSchedule,
      incrementalSchedule: change.incrementalSchedule === undefined ? c.incrementalSchedule : change.incrementalSchedule,
      scheduleSetAt: change.fullSchedule === undefined || sameSchedule(change.fullSchedule, c.fullSchedule) ? c.scheduleSetAt : s.now(),
      incrementalScheduleSetAt: change.incrementalSchedule === undefined || sameSchedule(change.incrementalSchedule, c.incrementalSchedule) ? c.incrementalScheduleSetAt ?? c.scheduleSetAt : s.now(),
    };
    await updateCacheRow(conn, next);
    return next;
  });
}

/** Stops its run, then drops the copy, the cache and its runs in one transaction. */
export async function deleteCache(s: ProjectStore, id: string): Promise<CacheRow> {
  await cacheRow(s, id);
  s.running.get(runKey(id))?.stop.abort(GONE);
  return s.tx(async (conn) => {
    const c = await cacheRow(s, id, conn);
    await conn.run(`DROP TABLE IF EXISTS ${copyOf(c)}`);
    await conn.run('DELETE FROM svc._dgw.cache_runs WHERE cache_id = ?', [id]);
    await conn.run('DELETE FROM svc._dgw.caches WHERE id = ?', [id]);
    return c;
  }, [runKey(id)]);
}

export function isRunning(s: ProjectStore, id: string): boolean {
  return s.running.has(runKey(id));
}

/** Cancels the cache's run of `mode`; 404 when none is running, as the document says. */
export async function cancelRun(s: ProjectStore, id: string, mode: CacheMode): Promise<CacheState> {
  const state = await cacheState(s, id, false);
  const latest = mode === 'FULL_REFRESH' ? state.full : state.incremental;
  if (!isRunning(s, id) || latest?.status !== 'RUNNING') throw notFound(`no ${words(mode)} of cache ${id} is running`);
  await s.stopRefresh(runKey(id));
  return cacheState(s, id, false);
}

const words = (mode: CacheMode) => (mode === 'FULL_REFRESH' ? 'full refresh' : 'incremental update');

/** When each schedule of a cache is next due (epoch ms); without an incremental column only full refreshes run (one would be refused). */
export function nextRuns(c: CacheRow, state: CacheState): Array<{ mode: CacheMode; at: number }> {
  const due: Array<{ mode: CacheMode; at: number }> = [];
  const modes = [['FULL_REFRESH', c.fullSchedule, state.full, c.scheduleSetAt], ['INCREMENTAL', c.incrementalSchedule, state.incremental, c.incrementalScheduleSetAt ?? c.scheduleSetAt]] as const;
  for (const [mode, schedule, last, setAt] of modes) {
    const at = nextFireTime(schedule, Math.max(last?.createdAt ?? 0, setAt));
    if (at !== undefined && (mode === 'FULL_REFRESH' || c.incrementalColumn)) due.push({ mode, at });
  }
  return due;
}

/** Starts a run in the background (or returns the one running); the copy changes only when it commits. */
export async function startRun(s: ProjectStore, id: string, mode: CacheMode, scheduled: boolean): Promise<CacheRun> {
  return s.mutex.run(async () => {
    s.assertOpen();
    const cache = await cacheRow(s, id, s.writer);
    if (mode === 'INCREMENTAL' && !cache.incrementalColumn) {
      throw badRequest(`cache ${id} has no incremental column: name one with \`dgw cache update ${id} --incremental-column COLUMN\``, 'NO_INCREMENTAL_COLUMN');
    }
    if (s.running.has(runKey(id))) {
      const [running] = await readRuns(s.writer, id, 1);
      if (running.mode === mode) return running;
      throw conflict(`a ${words(running.mode)} of cache ${id} is running: wait for it (\`dgw cache status\`) or cancel it (\`dgw cache cancel\`) first`);
    }
    const now = s.now();
    const run: CacheRun = { id: randomUUID(), cacheId: id, mode, status: 'RUNNING', scheduled, createdAt: now, updatedAt: now, finishedAt: null, cachedRows: null, insertedRows: null, lastOffset: null, message: null };
    await insertRun(s.writer, run);
    await startJob(s, runKey(id), (job) => copy(s, cache, run, job));
    return run;
  });
}

/** Resolves when cache `id` runs no refresh, after `ms` at most, or on abort. */
export async function runSettled(s: ProjectStore, id: string, ms: number, signal?: AbortSignal): Promise<void> {
  const job = s.running.get(runKey(id));
  if (job) await heldUntil(job.done, ms, signal);
}

/** Writes the new copy (or the appended rows) and ends the run in one transaction: readers see the previous copy until COMMIT. */
async function copy(s: ProjectStore, cache: CacheRow, run: CacheRun, job: RunningRefresh): Promise<void> {
  const { conn } = job;
  const { relation } = cacheSource(cache, s.connections);
  const target = copyOf(cache);
  try {
    await jobStatements(conn, job.stop.signal, async () => {
      // A saved query's view is made outside this transaction, which would not see it otherwise.
      const names = cache.catalogId === QUERY_CATALOG_ID ? await withViews(s, () => describeSource(s, conn, cache)) : await describeSource(s, conn, cache);
      await conn.run('BEGIN');
      const exists = (await rows(conn, "SELECT 1 FROM duckdb_tables() WHERE database_name = 'svc' AND schema_name = 'cache' AND table_name = ?", [cache.copyName])).length > 0;
      const column = names.some((name) => name.toLowerCase() === cache.incrementalColumn?.toLowerCase()) ? ident(cache.incrementalColumn!) : undefined;
      if (run.mode === 'INCREMENTAL' && !column) throw new Error(`the source has no column ${cache.incrementalColumn}, the cache's incremental column: name another with \`dgw cache update ${cache.id} --incremental-column COLUMN\``);
      let inserted: number | undefined;
      if (run.mode === 'INCREMENTAL' && exists && column) {
        // By name, so a source whose columns moved still fills each column of the copy. Past the
        // copy's last value; a copy with rows but no value yet (all NULL) takes the rows that have one.
        const typesOf = async (sql: string) => new Map((await rows(conn, `DESCRIBE ${sql}`)).map((c) => [String(c.column_name), String(c.column_type)]));
        const [kept, now] = [await typesOf(target), await typesOf(`SELECT * FROM ${relation}`)];
        const added = names.filter((name) => !kept.has(name));
        if (added.length > 0) throw new Error(`the source has columns the copy lacks (${added.join(', ')}): a full refresh takes the source's columns`);
        // Appending by name would cast each value to the copy's type (2.5 into a BIGINT column is 2).
        const retyped = names.filter((name) => kept.get(name) !== now.get(name)).map((name) => `${name} is ${now.get(name)}, the copy's ${kept.get(name)}`);
        if (retyped.length > 0) throw new Error(`the source's columns changed type (${retyped.join('; ')}): a full refresh takes the source's columns`);
        const last = `(SELECT max(${column}) FROM ${target})`;
        const past = `${column} > ${last} OR (${last} IS NULL AND (${column} IS NOT NULL OR NOT EXISTS (SELECT 1 FROM ${target})))`;
        inserted = Number((await conn.run(`INSERT INTO ${target} BY NAME SELECT * FROM ${relation} WHERE ${past}`)).rowsChanged);
      } else {
        await conn.run(`CREATE OR REPLACE TABLE ${target} AS SELECT * FROM ${relation}`);
      }
      const [counted] = await rows(conn, `SELECT count(*) AS n${column ? `, max(${column})::VARCHAR AS last` : ''} FROM ${target}`);
      const at = s.now();
      await finishRun(conn, { ...run, status: 'COMPLETED', updatedAt: at, finishedAt: at, insertedRows: inserted ?? Number(counted.n), cachedRows: Number(counted.n), lastOffset: textOrNull(counted.last) });
      await commit(conn);
    });
  } catch (error) {
    await conn.run('ROLLBACK').catch(() => undefined);
    const gone = job.stop.signal.reason === GONE;
    const at = s.now();
    if (!recordsEnd(s, job)) return;
    // The previous copy stays, and the run says how many rows it holds (none when there is no copy yet).
    const kept = gone ? null : await rows(conn, `SELECT count(*) AS n FROM ${target}`).then(([r]) => Number(r.n)).catch(() => null);
    const { status, message } = failureOf(s, job, error, gone ? GONE : kept === null ? 'the refresh was cancelled; there is no copy yet' : 'the refresh was cancelled; the previous copy was kept');
    await finishRun(conn, { ...run, status, updatedAt: at, finishedAt: at, message, cachedRows: kept }).catch(() => undefined);
  }
}
