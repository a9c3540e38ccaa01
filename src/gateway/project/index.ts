import type { DuckDBConnection } from '@duckdb/node-api';
import type { Query, RefreshStatusView } from '../../api/types.js';
import type { DuckDBModule } from '../duckdb.js';
import type { GatewayLimits } from '../limits.js';
import type { Sandbox } from '../sandbox/index.js';
import { checkSql } from './check.js';
import { folderState, rootFolderStates } from './folder-state.js';
import * as folders from './folders.js';
import { openStore } from './open.js';
import * as queries from './queries.js';
import * as refresh from './refresh.js';
import type { CloseOptions, Lease, ProjectStore } from './store.js';
import * as tables from './tables.js';
import type { ColumnInfo, ColumnSpec, FolderRow, FolderState, ProjectOptions, QueryInput, QueryRow, RefreshRow, SqlCheck, TableInfo } from './types.js';

export { queryName } from './queries.js';
export { rows, type CloseOptions } from './store.js';
export type { ColumnInfo, ColumnSpec, FolderRow, FolderState, ProjectOptions, QueryInput, QueryRow, RefreshRow, TableInfo } from './types.js';

/**
 * One project: a DuckDB instance with the project's database attached as catalog `svc`, its
 * metadata cached in memory, one writer connection for metadata changes (serialised, each change
 * one transaction), a small pool of connections for reads, and refreshes on their own connections.
 * The work is done by the modules next to this one; this class is the surface the routes use.
 */
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

  /** The project's folder for files in transit (see ProjectOptions.transferDir). */
  get transferDir(): string {
    if (!this.s.transferDir) throw new Error(`project ${this.id} has no transfer folder`);
    return this.s.transferDir;
  }

  get queries(): Map<string, QueryRow> {
    return this.s.queries;
  }

  get folders(): Map<string, FolderRow> {
    return this.s.folders;
  }

  get refreshes(): Map<string, RefreshRow> {
    return this.s.refreshes;
  }

  /** Runs `fn` on a pooled read connection. */
  withConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
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

  /** Runs `fn` on a connection of its own, closed after it (see ProjectStore.withOwnConnection). */
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

  /** Checks a query's SQL: exactly one SELECT (else 400), optionally bound (see check.ts). */
  checkSql(text: string, bind: boolean): Promise<SqlCheck> {
    return checkSql(this.s, text, bind);
  }

  // ---------------------------------------------------------------- queries

  /** A query's id now, for an id it has or had (404 for neither); every change goes by this id. */
  private canonical(id: string): string {
    return this.s.query(id).id;
  }

  query(id: string): QueryRow {
    return this.s.query(id);
  }

  queryByName(name: string): QueryRow | undefined {
    return queries.queryByName(this.s, name);
  }

  toQuery(q: QueryRow): Query {
    return queries.toQuery(this.s, q);
  }

  /** Every query as the API answers it, in the order they were made: the JSON of the list, as UTF-8 bytes. */
  allQueriesJson(): Uint8Array {
    return queries.allQueriesJson(this.s);
  }

  createQuery(input: QueryInput, checkSchemaExists: boolean): Promise<Query> {
    return queries.createQuery(this.s, input, checkSchemaExists);
  }

  updateQuery(id: string, input: QueryInput, checkSchemaExists: boolean): Promise<Query> {
    return queries.updateQuery(this.s, this.canonical(id), input, checkSchemaExists);
  }

  moveQuery(id: string, path: string): Promise<void> {
    return queries.moveQuery(this.s, this.canonical(id), path);
  }

  deleteQuery(id: string): Promise<Query> {
    return queries.deleteQuery(this.s, this.canonical(id));
  }

  bindPendingViews(): Promise<void> {
    return queries.bindPendingViews(this.s);
  }

  // ---------------------------------------------------------------- folders

  folder(id: string): FolderRow {
    return this.s.folder(id);
  }

  /** A folder with its path, subfolders and queries; 404 for an unknown id. */
  folderState(id: string): FolderState {
    return folderState(this.s, id);
  }

  /** Every root folder with its subtree. */
  rootFolderStates(): FolderState[] {
    return rootFolderStates(this.s);
  }

  folderPath(id: string): string {
    return folders.folderPath(this.s, id);
  }

  async createFolder(name: string, parentId: string | null): Promise<FolderState> {
    return this.folderState(await folders.createFolder(this.s, name, parentId));
  }

  async updateMembership(folderId: string, added: string[], removed: string[]): Promise<FolderState> {
    await folders.updateMembership(this.s, folderId, added.map((id) => this.canonical(id)), removed.map((id) => this.canonical(id)));
    return this.folderState(folderId);
  }

  /** Deletes a folder (with its contents when forced) and returns it as it was. */
  async deleteFolder(folderId: string, force: boolean): Promise<FolderState> {
    const before = this.folderState(folderId);
    await folders.deleteFolder(this.s, folderId, force);
    return before;
  }

  async renameFolder(folderId: string, name: string): Promise<FolderState> {
    await folders.renameFolder(this.s, folderId, name);
    return this.folderState(folderId);
  }

  async moveFolder(folderId: string, path: string): Promise<FolderState> {
    await folders.moveFolder(this.s, folderId, path);
    return this.folderState(folderId);
  }

  // ---------------------------------------------------------------- refresh

  materialized(id: string): QueryRow {
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

  statusViews(): RefreshStatusView[] {
    return refresh.statusViews(this.s);
  }

  refresh(id: string): Promise<RefreshStatusView> {
    return refresh.refresh(this.s, this.canonical(id));
  }

  stopRefresh(id: string): Promise<boolean> {
    return this.s.stopRefresh(id);
  }

  cancel(id: string): Promise<RefreshStatusView> {
    return refresh.cancel(this.s, this.canonical(id));
  }

  // ---------------------------------------------------------------- stored tables

  tables(): Promise<TableInfo[]> {
    return tables.tables(this.s);
  }

  table(name: string): Promise<TableInfo> {
    return tables.table(this.s, name);
  }

  createTable(name: string, columns: ColumnSpec[]): Promise<TableInfo> {
    return tables.createTable(this.s, name, columns);
  }

  addColumns(tableName: string, columns: ColumnSpec[]): Promise<ColumnInfo[]> {
    return tables.addColumns(this.s, tableName, columns);
  }

  dropColumn(tableName: string, columnName: string): Promise<TableInfo> {
    return tables.dropColumn(this.s, tableName, columnName);
  }

  deleteTable(tableName: string): Promise<TableInfo> {
    return tables.deleteTable(this.s, tableName);
  }
}
