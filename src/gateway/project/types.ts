import type { DuckDBConnection, DuckDBInstance, DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { Query, QueryType, RefreshStatus, Schedule } from '../../api/types.js';
import type { GatewayLimits } from '../limits.js';

/** A saved query as the gateway keeps it. */
export interface QueryRow {
  id: string;
  name: string;
  displayName: string;
  inputQuery: string;
  queryType: QueryType;
  schedule: Schedule | null;
  folderId: string | null;
  /** When the schedule was last set: intervals count from here or from the last run, whichever is later. */
  scheduleSetAt: number;
  createdAt: number;
  modifiedAt: number;
  /**
   * When saving the query (create, or an update that changed its SQL or type) built its
   * materialized table. That build writes no refresh-log row: it is the query's status until a
   * refresh writes one. Null for PLAIN queries and for SQL that did not bind.
   */
  materializedAt: number | null;
}

/** A folder as the gateway keeps it: queries point at it, children at their parent. */
export interface FolderRow {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: number;
  modifiedAt: number;
}

/** The latest refresh-log row of a MATERIALIZED query. */
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
export interface SqlCheck {
  sql: string;
  /** DuckDB's binder message when the statement reads something that does not exist. */
  bindError?: string;
}

/**
 * One SQL statement of a change: SQL text that holds no data (values travel in `params`, bound to
 * the statement's `?` placeholders), and what to update in the cache once the change committed.
 */
export interface Statement {
  sql: string;
  params?: DuckDBValue[];
  /** The parameters' types, where DuckDB cannot tell them from the values (an empty list, a list of nulls). */
  types?: DuckDBType[];
  /** Runs the statement some other way than as plain SQL (a materialized result is built by the sandbox). */
  run?: (conn: DuckDBConnection) => Promise<void>;
  apply?: () => void;
}

/** A stored table in `svc.table` and its columns, in DuckDB's order (none for a table made without columns). */
export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
}

/** A column of a stored table, as DuckDB describes it. */
export interface ColumnInfo {
  name: string;
  /** DuckDB's type, e.g. `BIGINT`, `DECIMAL(18,3)`. */
  dataType: string;
  notNull: boolean;
  unique: boolean;
  /** The default as DuckDB prints it (a string literal unquoted), or null. */
  defaultValue: string | null;
}

/** A column to add: a DuckDB type and the optional constraints a ColumnRequest may ask for. */
export interface ColumnSpec {
  name: string;
  dataType: string;
  defaultValue: string | null;
  notNull: boolean;
  unique: boolean;
}

/** Options of one project database. */
export interface ProjectOptions {
  id: string;
  /** The database file; undefined keeps everything in memory (tests). */
  file?: string;
  now: () => number;
  seed: boolean;
  /** Time and memory limits on the SQL users run (default: limits.ts). */
  limits?: GatewayLimits;
  /** A DuckDB engine made ahead to use (one is made otherwise). */
  engine?: Promise<DuckDBInstance>;
  /**
   * The project's folder for files in transit (uploads being imported, exports): the one place
   * outside the database DuckDB may read and write, for the gateway's own COPY and read_csv (SQL
   * from requests never can: the sandbox refuses every file function).
   */
  transferDir?: string;
}

/**
 * A folder with all either API shape needs: its path, its subfolders (recursively), the ids of its
 * queries and, where the answer shows them (folder-state.ts says which), the queries themselves.
 */
export interface FolderState {
  id: string;
  name: string;
  parentId: string | null;
  createdAt: number;
  modifiedAt: number;
  path: string;
  children: FolderState[];
  queryIds: string[];
  /** The folder's queries as the API answers them; read only for the answers that show them. */
  queries: Query[];
}
