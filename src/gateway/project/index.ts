import type { DuckDBConnection } from '@duckdb/node-api';
import type { DuckDBModule } from '../duckdb.js';
import type { GatewayLimits } from '../limits.js';
import type { Sandbox } from '../sandbox/index.js';
import type { GoldenSql, GoldenSqlMatch } from './golden-sqls.js';
import type { ColumnPlace, Relation } from './relations.js';
import type { CatalogMetadata, MetadataCallback, MetadataJobStatus } from './project-metadata.js';
import type { TableChange, TableMetadata } from './metadata-changes.js';
import { readInfo, writeInfo, type ProjectInfo } from './info.js';
import { openStore } from './open.js';
import type { CloseOptions, Lease, ProjectStore } from './store.js';
import { QUERY_CATALOG_ID } from '../routes/catalogs.js';
import type { ProjectOptions } from './types.js';

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
  private constructor(readonly store: ProjectStore) {}

  static async open(duck: DuckDBModule, options: ProjectOptions): Promise<ProjectDb> {
    return new ProjectDb(await openStore(duck, options));
  }

  get id(): string {
    return this.store.id;
  }

  /** The database file; undefined in memory. */
  get file(): string | undefined {
    return this.store.file;
  }

  get duck(): DuckDBModule {
    return this.store.duck;
  }

  get transferDir(): string {
    if (!this.store.transferDir) throw new Error(`project ${this.id} has no transfer folder`);
    return this.store.transferDir;
  }

  /** The project's name and description (null for a project made without them). */
  info(): Promise<ProjectInfo> {
    return readInfo(this.store);
  }

  setInfo(info: ProjectInfo): Promise<void> {
    return writeInfo(this.store, info);
  }

  /** Runs `fn` on a pooled read connection. */
  withConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.store.withConnection(fn);
  }

  /** Reads a catalog's place in DuckDB: the query catalog's views are made first, so it lists every saved query. */
  async browse<T>(place: { catalog: { id: string } }, fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    if (place.catalog.id === QUERY_CATALOG_ID) await (await import('./views.js')).makeMissingViews(this.store);
    return this.store.withConnection(fn);
  }

  /** A pooled read connection held until `release` (see ProjectStore.lease). */
  lease(): Promise<Lease> {
    return this.store.lease();
  }

  /** A connection of its own, not pooled (an export's COPY, which a cancel interrupts). */
  connect(): Promise<DuckDBConnection> {
    return this.store.connect();
  }

  /** Runs `fn` on a connection of its own, closed after it. */
  withOwnConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.store.withOwnConnection(fn);
  }

  /** The time and memory limits on the SQL users run in this project. */
  get limits(): GatewayLimits {
    return this.store.limits;
  }

  /** Decides what a statement may touch, and runs run-SQL statements under that decision. */
  get sandbox(): Sandbox {
    return this.store.sandbox;
  }

  /** Closes the database; running refreshes are awaited (`wait`, until `signal` aborts) or cancelled. */
  close(options: CloseOptions): Promise<void> {
    return this.store.close(options);
  }

  relations(catalogId: string): Promise<Relation[]> {
    return relationsModule().then((m) => m.listRelations(this, this.store, catalogId));
  }

  addRelation(from: ColumnPlace, target: ColumnPlace, type: string): Promise<Relation> {
    return relationsModule().then((m) => m.addRelation(this, this.store, from, target, type));
  }

  updateRelation(table: Omit<ColumnPlace, 'columnName'>, id: string, type: string): Promise<Relation> {
    return relationsModule().then((m) => m.updateRelation(this.store, table, id, type));
  }

  deleteRelation(table: Omit<ColumnPlace, 'columnName'>, id: string): Promise<Relation> {
    return relationsModule().then((m) => m.deleteRelation(this.store, table, id));
  }

  goldenSqls(): Promise<GoldenSql[]> {
    return golden().then((m) => m.listGoldenSqls(this.store));
  }

  addGoldenSql(prompt: string, sql: string): Promise<GoldenSql> {
    return golden().then((m) => m.addGoldenSql(this.store, prompt, sql));
  }

  deleteGoldenSql(id: string): Promise<GoldenSql> {
    return golden().then((m) => m.deleteGoldenSql(this.store, id));
  }

  searchGoldenSqls(q: string, limit?: number): Promise<GoldenSqlMatch[]> {
    return golden().then((m) => m.searchGoldenSqls(this.store, q, limit));
  }

  metadata(catalogId?: string, schemaName?: string): Promise<CatalogMetadata[]> {
    return projectMetadata().then((m) => m.readProjectMetadata(this, this.store, catalogId, schemaName));
  }

  /** Starts the refresh jobs; the catalogs they refresh. */
  refreshMetadata(catalogId: string | undefined, callback: MetadataCallback | undefined): Promise<string[]> {
    return projectMetadata().then((m) => m.refreshMetadata(this, this.store, catalogId, callback));
  }

  metadataStatus(catalogId: string): Promise<{ status: MetadataJobStatus; message: string | null; refreshedAt: number | null }> {
    return projectMetadata().then((m) => m.metadataStatus(this, this.store, catalogId));
  }

  setUseWithAI(catalogId: string, schemaName: string | undefined, useWithAI: boolean): Promise<{ catalogId: string; schemaName: string | null; useWithAI: boolean }> {
    return metadataChanges().then((m) => m.setUseWithAI(this, this.store, catalogId, schemaName, useWithAI));
  }

  describeTable(catalogId: string, schemaName: string, tableName: string, change: TableChange): Promise<TableMetadata> {
    return metadataChanges().then((m) => m.describeTable(this, this.store, catalogId, schemaName, tableName, change));
  }

  setCategorical(at: ColumnPlace, limit: number, frequency: string | null): Promise<TableMetadata> {
    return metadataChanges().then((m) => m.setCategorical(this, this.store, at, limit, frequency));
  }

  deleteCategorical(at: ColumnPlace): Promise<TableMetadata> {
    return metadataChanges().then((m) => m.deleteCategorical(this, this.store, at));
  }

  metadataCallback(): Promise<MetadataCallback | undefined> {
    return projectMetadata().then((m) => m.readCallback(this.store));
  }

  registerMetadataCallback(callback: MetadataCallback): Promise<MetadataCallback> {
    return projectMetadata().then((m) => m.registerCallback(this.store, callback));
  }

  unregisterMetadataCallback(): Promise<MetadataCallback | undefined> {
    return projectMetadata().then((m) => m.unregisterCallback(this.store));
  }

}

const golden = () => import('./golden-sqls.js');
const relationsModule = () => import('./relations.js');
const projectMetadata = () => import('./project-metadata.js');
const metadataChanges = () => import('./metadata-changes.js');
