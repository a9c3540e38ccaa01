import type { DuckDBConnection } from '@duckdb/node-api';
import type { Query, RefreshStatusView } from '../../api/types.js';
import type { DuckDBModule } from '../duckdb.js';
import type { GatewayLimits } from '../limits.js';
import type { Sandbox } from '../sandbox/index.js';
import type { CacheMode, CacheRow, CacheRun } from './cache-rows.js';
import type { CacheChange, CacheInput, CacheState } from './caches.js';
import type { ConnectionInput } from './connection-changes.js';
import { findConnection, sourceProblem, type ConnectionRow } from './connections.js';
import type { ParametricRow } from './parametric-tables.js';
import type { GoldenSql, GoldenSqlMatch } from './golden-sqls.js';
import type { ColumnPlace, Relation } from './relations.js';
import type { CatalogMetadata, MetadataCallback, MetadataJobStatus } from './project-metadata.js';
import type { TableChange, TableMetadata } from './metadata-changes.js';
import type { SemanticCatalogRow, SemanticTableRow } from './semantic-catalogs.js';
import type { Catalog } from '../../api/types.js';
import { folderState, rootFolderStates, type QueriesRead } from './folder-state.js';
import * as folders from './folders.js';
import { readInfo, writeInfo, type ProjectInfo } from './info.js';
import { openStore } from './open.js';
import * as queries from './queries.js';
import { readMaterialized } from './query-rows.js';
import * as refresh from './refresh.js';
import type { CloseOptions, Lease, ProjectStore } from './store.js';
import * as tables from './tables.js';
import type { StoredSchema } from '../sql.js';
import { withViews } from './views.js';
import { QUERY_CATALOG_ID } from '../routes/catalogs.js';
import type { ColumnChange, ColumnInfo, ColumnSpec, FolderState, ProjectOptions, QueryInput, QueryRow, RefreshRow, TableInfo } from './types.js';

export type { ConnectionInput } from './connection-changes.js';
export type { ConnectionRow } from './connections.js';
export type { ParametricRow } from './parametric-tables.js';
export { rows, type CloseOptions } from './store.js';
export type { QueriesRead } from './folder-state.js';
export type { CacheMode, CacheRow, CacheRun } from './cache-rows.js';
export type { CacheChange, CacheInput, CacheState } from './caches.js';
export type { ProjectInfo } from './info.js';
export type { ColumnChange, ColumnInfo, ColumnSpec, FolderRow, FolderState, ProjectOptions, QueryInput, QueryRow, RefreshRow, TableInfo } from './types.js';

/** One project: its DuckDB database, cached folders and statuses, a serialised writer and a pool of readers; the surface the routes use. */
export class ProjectDb {
  private constructor(private readonly s: ProjectStore) {}

  static async open(duck: DuckDBModule, options: ProjectOptions): Promise<ProjectDb> {
    return new ProjectDb(await openStore(duck, options));
  }

  get id(): string {
    return this.s.id;
  }

  /** The database file; undefined in memory. */
  get file(): string | undefined {
    return this.s.file;
  }

  get duck(): DuckDBModule {
    return this.s.duck;
  }

  get transferDir(): string {
    if (!this.s.transferDir) throw new Error(`project ${this.id} has no transfer folder`);
    return this.s.transferDir;
  }

  get refreshes(): Map<string, RefreshRow> {
    return this.s.refreshes;
  }

  /** The project's name and description (null for a project made without them). */
  info(): Promise<ProjectInfo> {
    return readInfo(this.s);
  }

  setInfo(info: ProjectInfo): Promise<void> {
    return writeInfo(this.s, info);
  }

  /** Runs `fn` on a pooled read connection. */
  withConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.s.withConnection(fn);
  }

  /** Reads a catalog's place in DuckDB: the query catalog's views are made first, so it lists every saved query. */
  async browse<T>(place: { catalog: { id: string } }, fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    if (place.catalog.id === QUERY_CATALOG_ID) await (await import('./views.js')).makeMissingViews(this.s);
    return this.s.withConnection(fn);
  }

  /** A pooled read connection held until `release` (see ProjectStore.lease). */
  lease(): Promise<Lease> {
    return this.s.lease();
  }

  /** A connection of its own, not pooled (an export's COPY, which a cancel interrupts). */
  connect(): Promise<DuckDBConnection> {
    return this.s.connect();
  }

  /** Runs `fn` on a connection of its own, closed after it. */
  withOwnConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.s.withOwnConnection(fn);
  }

  /** The time and memory limits on the SQL users run in this project. */
  get limits(): GatewayLimits {
    return this.s.limits;
  }

  /** Decides what a statement may touch, and runs run-SQL statements under that decision. */
  get sandbox(): Sandbox {
    return this.s.sandbox;
  }

  /** Closes the database; running refreshes are awaited (`wait`, until `signal` aborts) or cancelled. */
  close(options: CloseOptions): Promise<void> {
    return this.s.close(options);
  }

  /** A query by id, or by the id it had before ids became numeric; 404 for neither. */
  query(id: string): Promise<QueryRow> {
    return this.s.query(id);
  }

  /** A query as the API answers it, with its folder's path. */
  async toQuery(q: QueryRow): Promise<Query> {
    await this.s.useFolders();
    return queries.toQuery(this.s, q);
  }

  /** Every query as the API answers it, in the order they were made, as UTF-8 JSON bytes. */
  allQueriesJson(): Promise<Uint8Array> {
    return queries.allQueriesJson(this.s);
  }

  createQuery(input: QueryInput, checkSchemaExists: boolean): Promise<Query> {
    return queries.createQuery(this.s, input, checkSchemaExists);
  }

  updateQuery(id: string, input: QueryInput, checkSchemaExists: boolean): Promise<Query> {
    return queries.updateQuery(this.s, id, input, checkSchemaExists);
  }

  moveQuery(id: string, path: string): Promise<void> {
    return queries.moveQuery(this.s, id, path);
  }

  deleteQuery(id: string): Promise<Query> {
    return queries.deleteQuery(this.s, id);
  }

  /** Runs `bind`, making any missing view of a saved PLAIN query it reads and running it again. */
  withViews<T>(bind: () => Promise<T>): Promise<T> {
    return withViews(this.s, bind);
  }

  /** A folder with its path, subfolders and queries (read in full as `read` says); 404 for an unknown id. */
  folderState(id: string, read: QueriesRead): Promise<FolderState> {
    return folderState(this.s, id, read);
  }

  /** Every root folder with its subtree (every folder's queries read in full with `all`). */
  rootFolderStates(read?: Exclude<QueriesRead, 'own'>): Promise<FolderState[]> {
    return rootFolderStates(this.s, read);
  }

  // The answers of these changes show no query in full, in either shape, except a membership change's.
  async createFolder(name: string, parentId: string | null): Promise<FolderState> {
    return this.folderState(await folders.createFolder(this.s, name, parentId), 'none');
  }

  async updateMembership(folderId: string, added: string[], removed: string[], read: QueriesRead): Promise<FolderState> {
    await folders.updateMembership(this.s, folderId, added, removed);
    return this.folderState(folderId, read);
  }

  /** Deletes a folder (with its contents when forced) and returns it as it was. */
  async deleteFolder(folderId: string, force: boolean): Promise<FolderState> {
    const before = await this.folderState(folderId, 'none');
    await folders.deleteFolder(this.s, folderId, force);
    return before;
  }

  async renameFolder(folderId: string, name: string): Promise<FolderState> {
    await folders.renameFolder(this.s, folderId, name);
    return this.folderState(folderId, 'none');
  }

  async moveFolder(folderId: string, path: string): Promise<FolderState> {
    await folders.moveFolder(this.s, folderId, path);
    return this.folderState(folderId, 'none');
  }

  materialized(id: string): Promise<QueryRow> {
    return refresh.materialized(this.s, id);
  }

  isRefreshing(id: string): boolean {
    return this.s.running.has(id);
  }

  nextRun(q: QueryRow): number | undefined {
    return refresh.nextRun(this.s, q);
  }

  statusView(q: QueryRow): RefreshStatusView {
    return refresh.statusView(this.s, q);
  }

  statusViews(): Promise<RefreshStatusView[]> {
    return refresh.statusViews(this.s);
  }

  /** Every MATERIALIZED query (the scheduler's round). */
  materializedQueries(): Promise<QueryRow[]> {
    return this.s.withConnection(readMaterialized);
  }

  refresh(id: string): Promise<RefreshStatusView> {
    return refresh.refresh(this.s, id);
  }

  stopRefresh(id: string): Promise<boolean> {
    return this.s.stopRefresh(id);
  }

  cancel(id: string): Promise<RefreshStatusView> {
    return refresh.cancel(this.s, id);
  }

  tables(schema: StoredSchema = 'table'): Promise<TableInfo[]> {
    return tables.tables(this.s, schema);
  }

  table(name: string, schema: StoredSchema = 'table'): Promise<TableInfo> {
    return tables.table(this.s, name, schema);
  }

  createTable(name: string, columns: ColumnSpec[], schema: StoredSchema = 'table'): Promise<TableInfo> {
    return tables.createTable(this.s, name, columns, schema);
  }

  addColumns(tableName: string, columns: ColumnSpec[], schema: StoredSchema = 'table'): Promise<ColumnInfo[]> {
    return tables.addColumns(this.s, tableName, columns, schema);
  }

  updateColumn(tableName: string, columnName: string, change: ColumnChange, schema: StoredSchema = 'table'): Promise<ColumnInfo[]> {
    return tables.updateColumn(this.s, tableName, columnName, change, schema);
  }

  dropColumn(tableName: string, columnName: string, schema: StoredSchema = 'table'): Promise<TableInfo> {
    return tables.dropColumn(this.s, tableName, columnName, schema);
  }

  deleteTable(tableName: string, schema: StoredSchema = 'table'): Promise<TableInfo> {
    return tables.deleteTable(this.s, tableName, schema);
  }

  cacheStates(filter?: (c: CacheRow) => boolean): Promise<CacheState[]> {
    return caches().then((m) => m.cacheStates(this.s, filter));
  }

  cacheState(id: string, withRuns = true): Promise<CacheState> {
    return caches().then((m) => m.cacheState(this.s, id, withRuns));
  }

  /** Resolves when cache `id` runs no refresh, after `ms` at most, or on abort. */
  cacheRunSettled(id: string, ms: number, signal?: AbortSignal): Promise<void> {
    return caches().then((m) => m.runSettled(this.s, id, ms, signal));
  }

  cache(id: string): Promise<CacheRow> {
    return caches().then((m) => m.cacheRow(this.s, id));
  }

  createCache(input: CacheInput): Promise<CacheRow> {
    return caches().then((m) => m.createCache(this.s, input));
  }

  updateCache(id: string, change: CacheChange): Promise<CacheRow> {
    return caches().then((m) => m.updateCache(this.s, id, change));
  }

  deleteCache(id: string): Promise<CacheRow> {
    return caches().then((m) => m.deleteCache(this.s, id));
  }

  /** Starts a run of the cache (or returns the one running). */
  refreshCache(id: string, mode: CacheMode, scheduled = false): Promise<CacheRun> {
    return caches().then((m) => m.startRun(this.s, id, mode, scheduled));
  }

  cancelCache(id: string, mode: CacheMode): Promise<CacheState> {
    return caches().then((m) => m.cancelRun(this.s, id, mode));
  }

  cacheHistory(id: string, limit: number, offset: number): Promise<CacheRun[]> {
    return caches().then((m) => m.cacheHistory(this.s, id, limit, offset));
  }

  isCacheRunning(id: string): boolean {
    return this.s.running.has(`cache:${id}`);
  }

  /** The project's connections, as attached when it opened. */
  get connections(): readonly ConnectionRow[] {
    return this.s.connections;
  }

  /** Why a connection could not be attached at open, if it could not. */
  brokenConnection(id: string): string | undefined {
    return this.s.brokenConnections.get(id);
  }

  /** A SQL error about a connected source that is not there, said as what happened (or the error as it was). */
  sourceProblem(error: unknown): unknown {
    return sourceProblem(this.s.connections, (id) => this.s.brokenConnections.get(id), error);
  }

  get semanticCatalogs(): readonly SemanticCatalogRow[] {
    return this.s.semanticCatalogs;
  }

  createSemanticCatalog(name: string): Promise<Catalog> {
    return semantic().then((m) => m.createSemanticCatalog(this.s, name, this.s.connections.map((c) => c.catalogName)));
  }

  createSemanticTable(catalogId: string, input: { schemaName: string; tableName: string; queryId: string }): Promise<SemanticTableRow & { catalogName: string }> {
    return semantic().then((m) => m.createSemanticTable(this.s, catalogId, input));
  }

  deleteSemanticCatalog(catalogId: string): Promise<void> {
    return semantic().then((m) => m.deleteSemanticCatalog(this.s, catalogId));
  }

  deleteSemanticTable(catalogId: string, tableId: string): Promise<SemanticTableRow> {
    return semantic().then((m) => m.deleteSemanticTable(this.s, catalogId, tableId));
  }

  connection(id: string): ConnectionRow {
    return findConnection(this.s.connections, this.s.id, id);
  }

  createConnection(input: ConnectionInput): Promise<ConnectionRow> {
    return connectionChanges().then((m) => m.createConnection(this.s, input));
  }

  updateConnection(id: string, input: Partial<ConnectionInput>): Promise<ConnectionRow> {
    return connectionChanges().then((m) => m.updateConnection(this.s, id, input));
  }

  deleteConnection(id: string): Promise<ConnectionRow> {
    return connectionChanges().then((m) => m.deleteConnection(this.s, id));
  }

  nameCatalog(connectionId: string, name: string): Promise<ConnectionRow> {
    return connectionChanges().then((m) => m.nameCatalog(this.s, connectionId, name));
  }

  relations(catalogId: string): Promise<Relation[]> {
    return relationsModule().then((m) => m.listRelations(this, this.s, catalogId));
  }

  addRelation(from: ColumnPlace, target: ColumnPlace, type: string): Promise<Relation> {
    return relationsModule().then((m) => m.addRelation(this, this.s, from, target, type));
  }

  updateRelation(table: Omit<ColumnPlace, 'columnName'>, id: string, type: string): Promise<Relation> {
    return relationsModule().then((m) => m.updateRelation(this.s, table, id, type));
  }

  deleteRelation(table: Omit<ColumnPlace, 'columnName'>, id: string): Promise<Relation> {
    return relationsModule().then((m) => m.deleteRelation(this.s, table, id));
  }

  goldenSqls(): Promise<GoldenSql[]> {
    return golden().then((m) => m.listGoldenSqls(this.s));
  }

  addGoldenSql(prompt: string, sql: string): Promise<GoldenSql> {
    return golden().then((m) => m.addGoldenSql(this.s, prompt, sql));
  }

  deleteGoldenSql(id: string): Promise<GoldenSql> {
    return golden().then((m) => m.deleteGoldenSql(this.s, id));
  }

  searchGoldenSqls(q: string, limit?: number): Promise<GoldenSqlMatch[]> {
    return golden().then((m) => m.searchGoldenSqls(this.s, q, limit));
  }

  metadata(catalogId?: string, schemaName?: string): Promise<CatalogMetadata[]> {
    return projectMetadata().then((m) => m.readProjectMetadata(this, this.s, catalogId, schemaName));
  }

  /** Starts the refresh jobs; the catalogs they refresh. */
  refreshMetadata(catalogId: string | undefined, callback: MetadataCallback | undefined): Promise<string[]> {
    return projectMetadata().then((m) => m.refreshMetadata(this, this.s, catalogId, callback));
  }

  metadataStatus(catalogId: string): Promise<{ status: MetadataJobStatus; message: string | null; refreshedAt: number | null }> {
    return projectMetadata().then((m) => m.metadataStatus(this, this.s, catalogId));
  }

  setUseWithAI(catalogId: string, schemaName: string | undefined, useWithAI: boolean): Promise<{ catalogId: string; schemaName: string | null; useWithAI: boolean }> {
    return metadataChanges().then((m) => m.setUseWithAI(this, this.s, catalogId, schemaName, useWithAI));
  }

  describeTable(catalogId: string, schemaName: string, tableName: string, change: TableChange): Promise<TableMetadata> {
    return metadataChanges().then((m) => m.describeTable(this, this.s, catalogId, schemaName, tableName, change));
  }

  setCategorical(at: ColumnPlace, limit: number, frequency: string | null): Promise<TableMetadata> {
    return metadataChanges().then((m) => m.setCategorical(this, this.s, at, limit, frequency));
  }

  deleteCategorical(at: ColumnPlace): Promise<TableMetadata> {
    return metadataChanges().then((m) => m.deleteCategorical(this, this.s, at));
  }

  metadataCallback(): Promise<MetadataCallback | undefined> {
    return projectMetadata().then((m) => m.readCallback(this.s));
  }

  registerMetadataCallback(callback: MetadataCallback): Promise<MetadataCallback> {
    return projectMetadata().then((m) => m.registerCallback(this.s, callback));
  }

  unregisterMetadataCallback(): Promise<MetadataCallback | undefined> {
    return projectMetadata().then((m) => m.unregisterCallback(this.s));
  }

  parametricTables(catalogId: string): Promise<ParametricRow[]> {
    return parametric().then((m) => m.listParametricTables(this.s, catalogId));
  }

  createParametricTable(catalogId: string, input: Omit<ParametricRow, 'catalogId' | 'createdAt'>): Promise<ParametricRow> {
    return parametric().then((m) => m.createParametricTable(this.s, catalogId, input));
  }

  deleteParametricTable(catalogId: string, toSchema: string, toTable: string): Promise<ParametricRow> {
    return parametric().then((m) => m.deleteParametricTable(this.s, catalogId, toSchema, toTable));
  }

  /** The runs the cache's schedules want by `now` (the scheduler's round). */
  async dueCacheRuns(state: CacheState, now: number): Promise<CacheMode[]> {
    return (await caches()).nextRuns(state.cache, state).filter((d) => d.at <= now).map((d) => d.mode);
  }
}

/** Loaded with the first change of a connection (it needs node:crypto, which other commands do not load). */
const connectionChanges = () => import('./connection-changes.js');
const parametric = () => import('./parametric-tables.js');
const golden = () => import('./golden-sqls.js');
const relationsModule = () => import('./relations.js');
const projectMetadata = () => import('./project-metadata.js');
const semantic = () => import('./semantic-catalogs.js');
const metadataChanges = () => import('./metadata-changes.js');

/** Loaded with the first cache request: a command that touches no cache does not load it. */
const caches = () => import('./caches.js');
