// One project: its DuckDB database in a ProjectStore (store.ts), opened by openStore; what a route
// can do to it is a function of the module named after the resource (queries.ts, folders.ts, tables.ts, caches.ts...).
export type { ConnectionInput } from './connection-changes.js';
export type { ConnectionRow } from './connections.js';
export type { ParametricRow } from './parametric-tables.js';
export { rows, type CloseOptions, type ProjectStore } from './store.js';
export { openStore } from './open.js';
export { readInfo, writeInfo, type ProjectInfo } from './info.js';
export type { QueriesRead } from './folder-state.js';
export type { CacheMode, CacheRow, CacheRun } from './cache-rows.js';
export type { CacheChange, CacheInput, CacheState } from './caches.js';
export type { ColumnChange, ColumnInfo, ColumnSpec, FolderState, QueryInput, QueryRow, TableInfo } from './types.js';
