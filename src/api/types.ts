/** Wire types shared by the CLI and the local gateway; `Wire*` say what may arrive, the plain names have every field present. Type-only imports of src/wire keep TypeBox unloaded. */
import type { Static } from 'typebox';
import type * as R from '../contract/records.js';
import type * as O from '../contract/results.js';
import type * as W from '../wire/index.js';

/** Every field present (nullable ones may still be null). */
type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

/** `PLAIN` queries are views; `MATERIALIZED` ones store their result. */
export type QueryType = Static<typeof W.QueryType>;

/** A materialized query's refresh schedule, in the form dgw sends and the readers normalise to. */
export type Schedule = RefreshSchedule | { type: 'none' };

/** A schedule that refreshes: the schedules of the records dgw prints, where no schedule is null. */
export type RefreshSchedule = Static<typeof R.RefreshSchedule>;

/** Body of create and update query; only the fields that apply are sent. */
export type QueryRequest = Omit<Static<typeof W.QueryRequest>, 'schedule'> & { schedule?: Schedule | null };

/** A saved query with every field present (one may arrive without any; `queryType` missing means PLAIN). */
export type Query = Omit<Complete<Static<typeof W.Query>>, 'schedule'> & { schedule: Schedule | null };

/** A saved query as dgw prints it; no schedule is always null. */
export type QueryRecord = Static<typeof R.QueryRecord>;

/** A folder in the seed contract's shape (nested, epoch-millisecond times, query ids). */
export type Folder = Static<typeof W.SeedFolder>;

/** A folder as the document lists it (flat, with its path and parent, ISO time). */
export type FolderItem = Complete<Static<typeof W.QueryFolderItem>>;

/** Body of the folder membership update; both lists are always sent. */
export type FolderMembershipRequest = Static<typeof W.QueryFolderUpdateRequest>;

/** A catalog: a connected source or one of the built-in stores. */
export type Catalog = Static<typeof R.CatalogRecord>;

/** The configuration description of a connection type. */
export type ConnectionConfig = Static<typeof R.ConnectionRecord>;

/** One configuration field of a connection type (`fieldType` is not always sent). */
export type ConnectionConfigField = ConnectionConfig['configuration'][number];

/** Refresh states of a materialized query (the document names only COMPLETED; these are the natural set). */
export type RefreshStatus = 'NOT_INITIALIZED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';

/** The refresh status view of one materialized query; times are ISO strings or null. */
export type RefreshStatusView = Omit<Complete<Static<typeof W.MaterializedQueryStatusView>>, 'scheduleSettings' | 'status'> & {
  scheduleSettings: Schedule | null;
  status: RefreshStatus;
  /** Why the last refresh failed; only the local gateway's `spec` shape sends it. */
  message?: string | null;
};

/** A refresh status as dgw's readers give it and its commands print it: `message` always there, no schedule null. */
export type RefreshStatusRecord = Static<typeof R.StatusRecord>;

/** Result formats of the run-SQL endpoint. */
export type ResultFormat = Static<typeof W.ExecuteFormat>;

/** Body of run SQL as dgw sends it: a statement, a saved query's id, or a qualified name. */
export type ExecuteRequest = { statement: string } | { id: string } | { qualifiedName: string };

/** A result column of run SQL. */
export type ResultColumn = Static<typeof W.ResultColumn> & {
  /** The local gateway's `spec` shape adds the SQL type. */
  dataType?: string;
};

/** Column data types the stored-table endpoints accept. */
export type ColumnDataType = Static<typeof W.ColumnDataType>;

/** A column to add to a stored table. */
export type ColumnRequest = Static<typeof W.ColumnRequest>;

/** A column of a stored table, every field present (`id` and `desc` are not always sent). */
export type ColumnDetail = Omit<Complete<Static<typeof W.ColumnDetail>>, 'id' | 'desc'> & { id?: string; desc?: string | null };

/** A column as dgw's readers give it and its commands print it: `id` and `desc` null where the service sent none. */
export type ColumnRecord = Static<typeof R.ColumnRecord>;

/** A stored table (the document's `Table`). */
export type StoredTable = Static<typeof R.TableRecord>;

/** One column of an import: the table's column `name`, and the CSV column it takes its values from (by header name, or 0-based position). */
export type ImportMapping = Static<typeof W.ImportMapping>;

/** The `request` part of an import: how CSV columns map to the table's, and whether the file starts with a header line. */
export type ImportRequest = Static<typeof W.ImportRequest>;

/** An import job as dgw reads it (the document's ImportJob, every field present, the row count found in `result`). */
export type ImportJob = Omit<Static<typeof O.ImportResult>, 'table'>;

/** Body of Export Query. */
export type ExportRequest = Static<typeof W.ExportRequest>;

/** An export job as dgw reads it (the document's ExportJobResponse, the fields dgw shows, every one present). */
export type ExportJob = Static<typeof R.ExportJobRecord>;

/** A file of a finished export and its short-lived download URL. */
export type ExportFileLink = ExportJob['files'][number];

/** Who the key belongs to (`GET /info`, not in the document). */
export type Info = Static<typeof W.Info>;

/** A project API key as it may arrive: no `expiresAt` when it never expires. */
export type WireApiKey = Static<typeof W.ApiKey>;

/** A project API key; `apiKey` is only returned once, on creation; `expiresAt` null: never expires. */
export type ProjectApiKey = Static<typeof R.ApiKeyRecord>;

/** Body of create API key. */
export type ApiKeyRequest = Static<typeof W.ApiKeyRequest>;

/** An organization, a workspace of one, a project of one. */
export type Organization = Static<typeof W.Organization>;
export type Workspace = Static<typeof W.Workspace>;
export type Project = Static<typeof W.Project>;
export type ProjectRequest = Static<typeof W.ProjectRequest>;
export type WorkspaceRequest = Static<typeof W.WorkspaceRequest>;

/** A connection: its id, name and type, and for an OAuth 2.0 type the address to authorize it at (else null). */
export type Connection = Static<typeof R.SourceConnectionRecord>;

/** Body of create and update connection; `credential` carries secrets and is never shown. */
export type ConnectionRequest = Static<typeof W.ConnectionRequest>;

/** A schema of a catalog. */
export type CatalogSchema = Static<typeof R.SchemaRecord>;

/** Whether a table of a catalog is cached and how it can be. */
export type TableCacheResult = Static<typeof R.CacheStateRecord>;

/** A table's statistics, column by column; a field is null when the service does not tell it (the hosted service gives the fraction only). */
export type TableStatistics = Static<typeof R.StatisticsRecord>;

/** One column's statistics. */
export type ColumnStatistics = TableStatistics['columnStatistics'][number];

/** Body of search. */
export type SearchRequest = Static<typeof W.SearchRequest>;

/** One search match, with its kind; a catalog match has no schema nor table (null). */
export type SearchMatch = Static<typeof R.SearchMatchRecord>;

/** The matches of a search and where the next page starts (null: no more). */
export interface SearchAnswer {
  matches: SearchMatch[];
  nextOffset: number | null;
  unsearched: string[];
}

/** A driver's connection string to the query engine, for a BI tool (`GET /supportedDrivers`). */
export type DriverString = Static<typeof R.DriverRecord>;

/** A parametric table: `toSchema.toTable`, made from `fromSchema.fromTable` with fixed parameter values. */
export type ParametricTableRecord = Static<typeof R.ParametricTableRecord>;
