/**
 * Wire types of the Data Gateway API, shared by the CLI and the local gateway.
 * Shapes follow shared/spec/gateway-api.md; extra endpoints follow hosted-service-notes.md.
 */

/** `PLAIN` queries are views; `MATERIALIZED` ones store their result. */
export type QueryType = 'PLAIN' | 'MATERIALIZED';

/** A materialized query's refresh schedule, in the form the spec sends. */
export type Schedule =
  | { type: 'interval'; repeatDuration: string }
  | { type: 'cron'; cronExpression: string; timezone?: string }
  | { type: 'none' };

/** Body of create and update query; only the fields that apply are sent. */
export interface QueryRequest {
  displayName?: string;
  inputQuery?: string | null;
  queryType?: QueryType;
  schedule?: Schedule | null;
  inputQueryRefId?: string | null;
  path?: string | null;
}

/** A saved query as the service returns it. */
export interface Query {
  id: string;
  displayName: string;
  name: string;
  inputQuery: string;
  queryType: QueryType;
  schedule: Schedule | null;
  path: string | null;
  folderId: string | null;
}

/** A folder in the spec's (older, nested) shape. */
export interface Folder {
  id: string;
  name: string;
  createdAt: number;
  modifiedAt: number;
  children: Folder[];
  queryIds: string[];
}

/** A folder in the hosted service's newer flat list shape. */
export interface FlatFolder {
  id: string;
  name: string;
  path: string;
  parentId: string | null;
  createdAt: string | number;
}

/** Body of the folder membership update; both lists are always sent. */
export interface FolderMembershipRequest {
  queryIdsAdded: string[];
  queryIdsRemoved: string[];
}

/** A catalog: a connected source or one of the built-in stores. */
export interface Catalog {
  id: string;
  name: string;
  displayName: string;
  catalogType: string;
  connectionId: string | null;
}

/** One configuration field of a connection type. */
export interface ConnectionConfigField {
  fieldName: string;
  required: boolean;
  description: string;
}

/** The configuration description of a connection type. */
export interface ConnectionConfig {
  connectionType: string;
  connectionTypeLabel: string;
  name: string;
  authorizationType: string;
  credentialSchemaType: string;
  redirectRequired: boolean;
  category: string;
  configuration: ConnectionConfigField[];
  documentationUrl: string;
}

/** Refresh states of a materialized query. */
export type RefreshStatus = 'NOT_INITIALIZED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELLED';

/** The refresh status view of one materialized query; times are ISO strings or null. */
export interface RefreshStatusView {
  queryId: string;
  queryName: string;
  scheduleSettings: Schedule | null;
  nextExecutionStartTime: string | null;
  status: RefreshStatus;
  lastExecutionStartTime: string | null;
  lastUpdateTime: string | null;
  /** Why the last refresh failed; the local gateway fills it in. */
  message?: string | null;
}

/** Result formats of the run-SQL endpoint. */
export type ResultFormat = 'CELL_TYPED' | 'SIMPLE' | 'COMPACT';

/** Body of run SQL: exactly one of the three. */
export type ExecuteRequest = { statement: string } | { id: string } | { qualifiedName: string };

/** A result column of run SQL. */
export interface ResultColumn {
  catalogName: string | null;
  schemaName: string | null;
  tableName: string | null;
  columnName: string;
  /** The local gateway adds the SQL type. */
  dataType?: string;
}

/** The answer of run SQL. */
export interface ExecuteResult {
  columns: ResultColumn[];
  data: unknown[];
}

/** Column data types the stored-table endpoints accept. */
export type ColumnDataType = 'VARCHAR' | 'BIGINT' | 'BOOLEAN' | 'DECIMAL' | 'TIMESTAMP' | 'TIME' | 'DATE' | 'UUID';

/** A column of a stored table. */
export interface TableColumn {
  name: string;
  dataType: string;
}

/** A stored table. */
export interface StoredTable {
  name: string;
  columns: TableColumn[];
}

/** Who the key belongs to (`GET /info`). */
export interface Info {
  projectId?: string;
  projectName?: string;
  userId: string;
  email: string;
}

/** A project API key; `apiKey` is only returned once, on creation. */
export interface ProjectApiKey {
  name: string;
  apiKey: string | null;
  apiKeyId: string;
  expiresAt: string | null;
}

/** The error body the service documents. */
export interface ErrorBody {
  errorCode: number | string;
  message: string;
}
