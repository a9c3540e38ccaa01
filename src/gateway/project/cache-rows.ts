import type { DuckDBConnection } from '@duckdb/node-api';
import type { RefreshStatus, Schedule } from '../../api/types.js';
import { ident } from '../sql.js';
import { rows, rowsAs, type ProjectStore } from './store.js';

/** How a run copies: the whole source again, or the rows past the last value of the incremental column. */
export type CacheMode = 'FULL_REFRESH' | 'INCREMENTAL';

/** A cache as the gateway keeps it: its source, where SQL reads its copy (`svc.cache.<copyName>`), its schedules. */
export interface CacheRow {
  id: string;
  catalogId: string;
  schemaName: string;
  tableName: string;
  copyName: string;
  incrementalColumn: string | null;
  fullSchedule: Schedule | null;
  incrementalSchedule: Schedule | null;
  /** When the full schedule was set: it counts from here or from the last full refresh, whichever is later. */
  scheduleSetAt: number;
  createdAt: number;
  /** The same for the incremental schedule; null in a store older than schema 12, where scheduleSetAt served both. */
  incrementalScheduleSetAt: number | null;
}

/** One run of a cache; times are epoch ms. */
export interface CacheRun {
  id: string;
  cacheId: string;
  mode: CacheMode;
  status: RefreshStatus;
  scheduled: boolean;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
  /** Rows in the copy once the run committed. */
  cachedRows: number | null;
  /** Rows the run wrote: the whole copy, or those an incremental run appended. */
  insertedRows: number | null;
  /** The incremental column's last value in the copy, as text. */
  lastOffset: string | null;
  message: string | null;
}

export const CACHE_DDL = [
  'CREATE SCHEMA IF NOT EXISTS svc.cache',
  'CREATE TABLE IF NOT EXISTS svc._dgw.caches (id VARCHAR, catalog_id VARCHAR, schema_name VARCHAR, table_name VARCHAR, copy_name VARCHAR, incremental_column VARCHAR, full_schedule VARCHAR, incremental_schedule VARCHAR, schedule_set_at BIGINT, created_at BIGINT)',
  'ALTER TABLE svc._dgw.caches ADD COLUMN IF NOT EXISTS incremental_schedule_set_at BIGINT',
  'CREATE TABLE IF NOT EXISTS svc._dgw.cache_runs (id VARCHAR, cache_id VARCHAR, mode VARCHAR, status VARCHAR, scheduled BOOLEAN, created_at BIGINT, updated_at BIGINT, finished_at BIGINT, cached_rows BIGINT, inserted_rows BIGINT, last_offset VARCHAR, message VARCHAR)',
];

const schedule = (v: unknown): Schedule | null => (v === null || v === undefined ? null : (JSON.parse(String(v)) as Schedule));

/** A cache's row as stored, its schedules JSON text. */
type StoredCache = Omit<CacheRow, 'fullSchedule' | 'incrementalSchedule'> & { fullSchedule: string | null; incrementalSchedule: string | null };

function cacheOf(c: StoredCache): CacheRow {
  return { ...c, fullSchedule: schedule(c.fullSchedule), incrementalSchedule: schedule(c.incrementalSchedule) };
}

/** Every cache, in the order they were made. */
export async function readCaches(conn: DuckDBConnection): Promise<CacheRow[]> {
  return (await rowsAs<StoredCache>(conn, 'SELECT * FROM svc._dgw.caches ORDER BY created_at, id')).map(cacheOf);
}

export async function readCache(conn: DuckDBConnection, id: string): Promise<CacheRow | undefined> {
  return (await rowsAs<StoredCache>(conn, 'SELECT * FROM svc._dgw.caches WHERE id = ?', [id])).map(cacheOf)[0];
}

/** Whether a cache copies this table: names in any case, as DuckDB reads them. */
export const cachesTable = (c: Pick<CacheRow, 'catalogId' | 'schemaName' | 'tableName'>, catalogId: string, schemaName: string, tableName: string): boolean =>
  c.catalogId === catalogId && c.schemaName.toLowerCase() === schemaName.toLowerCase() && c.tableName.toLowerCase() === tableName.toLowerCase();

/** The cache of a table, if any: what a delete or rename of the table must not leave behind. */
export async function cacheOfTable(conn: DuckDBConnection, catalogId: string, schemaName: string, tableName: string): Promise<CacheRow | undefined> {
  return (await readCaches(conn)).find((x) => cachesTable(x, catalogId, schemaName, tableName));
}

/** Whether each table of one schema of a catalog is cached, the caches read once for a whole listing. */
export async function cachedTables(project: ProjectStore, catalogId: string, schemaName: string): Promise<(tableName: string) => boolean> {
  const caches = await project.withConnection(readCaches);
  return (tableName) => caches.some((c) => cachesTable(c, catalogId, schemaName, tableName));
}

/** Whether a project has a cache of this table of a catalog (the catalog routes' `isCached`). */
export async function isTableCached(project: ProjectStore, catalogId: string, schemaName: string, tableName: string): Promise<boolean> {
  return (await cachedTables(project, catalogId, schemaName))(tableName);
}

/** A cache's runs, newest first. */
export async function readRuns(conn: DuckDBConnection, cacheId: string, limit: number, offset = 0): Promise<CacheRun[]> {
  return rowsAs<CacheRun>(conn, 'SELECT * FROM svc._dgw.cache_runs WHERE cache_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?', [cacheId, limit, offset]);
}

/** The latest run of each mode of every cache, newest first. */
export async function readLatestRuns(conn: DuckDBConnection): Promise<CacheRun[]> {
  const sql = 'SELECT * FROM svc._dgw.cache_runs QUALIFY row_number() OVER (PARTITION BY cache_id, mode ORDER BY created_at DESC, id DESC) = 1 ORDER BY created_at DESC, id DESC';
  return rowsAs<CacheRun>(conn, sql);
}

export async function insertCache(conn: DuckDBConnection, c: CacheRow): Promise<void> {
  await conn.run('INSERT INTO svc._dgw.caches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
    c.id, c.catalogId, c.schemaName, c.tableName, c.copyName, c.incrementalColumn,
    c.fullSchedule && JSON.stringify(c.fullSchedule), c.incrementalSchedule && JSON.stringify(c.incrementalSchedule), c.scheduleSetAt, c.createdAt, c.incrementalScheduleSetAt,
  ]);
}

export async function updateCacheRow(conn: DuckDBConnection, c: CacheRow): Promise<void> {
  await conn.run('UPDATE svc._dgw.caches SET incremental_column = ?, full_schedule = ?, incremental_schedule = ?, schedule_set_at = ?, incremental_schedule_set_at = ? WHERE id = ?', [
    c.incrementalColumn, c.fullSchedule && JSON.stringify(c.fullSchedule), c.incrementalSchedule && JSON.stringify(c.incrementalSchedule), c.scheduleSetAt, c.incrementalScheduleSetAt, c.id,
  ]);
}

export async function insertRun(conn: DuckDBConnection, r: CacheRun): Promise<void> {
  await conn.run('INSERT INTO svc._dgw.cache_runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
    r.id, r.cacheId, r.mode, r.status, r.scheduled, r.createdAt, r.updatedAt, r.finishedAt, r.cachedRows, r.insertedRows, r.lastOffset, r.message,
  ]);
}

export async function finishRun(conn: DuckDBConnection, r: CacheRun): Promise<void> {
  await conn.run('UPDATE svc._dgw.cache_runs SET status = ?, updated_at = ?, finished_at = ?, cached_rows = ?, inserted_rows = ?, last_offset = ?, message = ? WHERE id = ?', [
    r.status, r.updatedAt, r.finishedAt, r.cachedRows, r.insertedRows, r.lastOffset, r.message, r.id,
  ]);
}

/** A run left running when the gateway stopped never committed: it failed, the previous copy intact, and says that copy's row count as any failed run. */
export async function recoverCacheRuns(conn: DuckDBConnection, now: number): Promise<void> {
  // Only a database with such a run is written to: one merely opened is left as found.
  const running = await rows(conn, "SELECT r.id, c.copy_name FROM svc._dgw.cache_runs r LEFT JOIN svc._dgw.caches c ON c.id = r.cache_id WHERE r.status = 'RUNNING'");
  for (const r of running) {
    const kept = r.copy_name === null ? null : await rows(conn, `SELECT count(*) AS n FROM svc.cache.${ident(String(r.copy_name))}`).then(([x]) => Number(x.n), () => null);
    await conn.run(
      "UPDATE svc._dgw.cache_runs SET status = 'FAILED', updated_at = ?, finished_at = ?, cached_rows = ?, message = 'interrupted: the gateway stopped during this refresh; the previous copy was kept' WHERE id = ?",
      [now, now, kept, String(r.id)],
    );
  }
}
