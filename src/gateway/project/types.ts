import type { DuckDBConnection, DuckDBInstance, DuckDBType, DuckDBValue } from '@duckdb/node-api';
import type { Query, QueryType, RefreshStatus, Schedule } from '../../api/types.js';
import type { GatewayLimits } from '../limits.js';
import type { StoredSchema } from '../sql.js';

/** A saved query as the gateway keeps it. */
export interface QueryRow {
  id: string;
  name: string;
  displayName: string;
  inputQuery: string;
  queryType: QueryType;
  schedule: Schedule | null;
  folderId: string | null;
  /** Intervals count from here or from the last run, whichever is later. */
  scheduleSetAt: number;
  createdAt: number;
  modifiedAt: number;
  /** When saving built the materialized table, which is the status until a refresh writes a log row. */
  materializedAt: number | null;
}

/** A folder as the gateway keeps it. */
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
  /** A schedule on a PLAIN query is dropped rather than refused (the hosted shape: the document's clients send one). */
  plainScheduleIgnored?: boolean;
}

/** The outcome of checking a statement before it is saved. */
export interface SqlCheck {
  sql: string;
  /** DuckDB's binder message when the statement reads something that does not exist. */
  bindError?: string;
}

/** One statement of a change: values travel in `params`, and `apply` updates the cache once committed. */
export interface Statement {
  sql: string;
  params?: DuckDBValue[];
  /** Where DuckDB cannot tell the parameters' types from the values (an empty list, a list of nulls). */
  types?: DuckDBType[];
  /** Runs the statement some other way than as plain SQL. */
  run?: (conn: DuckDBConnection) => Promise<void>;
  apply?: () => void;
}

/** A stored table (`svc.table`) or BI table (`svc.bitable`) and its columns, in DuckDB's order. */
export interface TableInfo {
  name: string;
  schema: StoredSchema;
  columns: ColumnInfo[];
}

/** What Update Column changes; a field left undefined stays as it is, a null default is dropped. */
export interface ColumnChange {
  name?: string;
  dataType?: string;
  defaultValue?: string | null;
  notNull?: boolean;
  unique?: boolean;
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

/** A column to add: the fields DuckDB describes a column by. */
export type ColumnSpec = ColumnInfo;

/** Options of one project database. */
export interface ProjectOptions {
  id: string;
  /** The database file; undefined keeps everything in memory. */
  file?: string;
  now: () => number;
  seed: boolean;
  /** Time and memory limits on the SQL users run (default: limits.ts). */
  limits?: GatewayLimits;
  /** A DuckDB engine made ahead with engineSettings(limits) (one is made otherwise). */
  engine?: Promise<DuckDBInstance>;
  /** Folder for files in transit: the only place outside the database the gateway's own COPY and read_csv use. */
  transferDir: string;
}

/** A folder with its path, subfolders, query ids and, where the answer shows them, the queries. */
export interface FolderState extends FolderRow {
  path: string;
  children: FolderState[];
  queryIds: string[];
  /** The folder's queries as the API answers them; read only for the answers that show them. */
  queries: Query[];
}
