import Type, { type TSchema } from 'typebox';
import { Cache, CacheCreateStatus, CacheExecutionInfo, CacheRefreshAnswer, CacheRequest, CacheSettingsUpdateRequest, CacheStatus } from './caches.js';
import { Closed, OneOrMany, Opt } from './common.js';
import {
  QueryFolderCreateRequest,
  QueryFolderItem,
  QueryFolderListResponse,
  QueryFolderRenameRequest,
  QueryFolderTreeResponse,
  QueryFolderUpdateRequest,
  QueryFolderWithContentsResponse,
  SeedFolder,
} from './folders.js';
import { CatalogShareRequest, SemanticCatalogRequest, SemanticTable, SemanticTableRequest, AIAgentChatRequestDto, AIAgentChatStreamRequestDto, AIAgentThreadUpdateRequest, EmbeddedSession, InitSessionRequest, SQLTranspileQueryRequest, SQLTranspileResult, MetadataAddGoldenSqlRequest, MetadataAddRelationRequest, MetadataAIUsageUpdateRequest, MetadataCategoricalColumnRequest, MetadataCreateSemanticsRequest, MetadataRefreshJobStatusResult, MetadataUpdateRequest, MetadataRefreshMetadataCallbackRequest, MetadataRefreshMetadataRequest, MetadataUpdateRelationRequest, OpenObject } from './metadata.js';
import { ExecuteFormat, ExecuteRequestBody, ExecuteResult, Query, QueryPathUpdateRequest, QueryRequest } from './queries.js';
import { ExportJobCreated, ExportJobResponse, ExportRequest, ImportJob, ImportRequest } from './transfer.js';
import {
  ApiKey,
  ApiKeyRequest,
  Catalog,
  ColumnDetail,
  ColumnRequest,
  ConnectionConfiguration,
  Info,
  MaterializedQueryStatusView,
  Organization,
  Project,
  ProjectRequest,
  WorkspaceRequest,
  Table,
  Workspace,
} from './resources.js';
import {
  CatalogRequest,
  CatalogShareRequestV2,
  Connection,
  ConnectionDetail,
  ConnectionRequest,
  Oauth2Callback,
  Schema,
  SearchRequest,
  SearchResult,
  TableCacheResult,
  TableStatistics,
  SharedCatalogResponse,
} from './sources.js';

/** Connection strings by driver name: the document types the answer as a string, and shows this object (and one JSON-like text). */
const DriverStrings = Type.Union([Type.Record(Type.String(), Type.String()), Type.String()]);

/** A table made from a base table with fixed parameter values (`ParametricTable`). */
export const ParametricTable = Closed({
  fromSchema: Opt(Type.String()),
  fromTable: Opt(Type.String()),
  toSchema: Opt(Type.String()),
  toTable: Opt(Type.String()),
  paramValues: Opt(Type.Array(Closed({ key: Opt(Type.String()), value: Opt(Type.Unknown()) }))),
});

/** An HTTP method of the API. */
export type WireMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One answer: its status and its body's schema (null: no body, or a body that is not JSON). */
export interface WireResponse {
  status: number;
  body: TSchema | null;
  /** A body that is not JSON: its media type (`text/csv`); it must not be empty. */
  media?: string;
}

/** One operation dgw sends or the local gateway answers, as the vendor's document has it. */
export interface WireOperation {
  /** The document's operationId (`info` is not in the document). */
  id: string;
  method: WireMethod;
  /** Template with `{name}` segments, e.g. `/data/projects/{projectId}/queries/{queryId}`. */
  path: string;
  query?: Record<string, TSchema>;
  /** Query parameters dgw adds to the document's operation (sent only when asked for), apart from its own. */
  extensionQuery?: Record<string, TSchema>;
  /** The request body; absent when the operation has none. */
  body?: TSchema;
  /** A multipart/form-data body instead: each part by name, a JSON text held to its schema, or a file. */
  multipart?: Record<string, TSchema | 'file'>;
  /** The documented answer: what the local gateway's `hosted` shape sends. */
  response: WireResponse;
  /** What the local gateway's default `spec` shape answers where it differs from the document. */
  spec?: WireResponse;
  /** False for GET /info, which the document leaves out, and for `presigned`. */
  documented: boolean;
  /** Reached by a URL the service hands out (an export's download link), sent without the API key. */
  presigned?: boolean;
}

const ok = (body: TSchema | null): WireResponse => ({ status: 200, body });
const created = (body: TSchema): WireResponse => ({ status: 201, body });
const P = '/data/projects/{projectId}';
const checkSchemaExists = { checkSchemaExists: Type.Boolean() };
/** dgw's one addition to the document: the column whose last value an incremental refresh continues from (the hosted service tracks changes itself). */
const incrementalColumn = { incrementalColumn: Type.String({ minLength: 1 }) };
/** dgw's own: the project of an operation that takes it from the key (the local gateway's partner key names none). */
const projectOfKey = { projectId: Type.String({ minLength: 1 }) };
/** dgw's own, to the local gateway only: answer a running refresh when it ends, this long at most. */
const heldPoll = { waitMs: Type.Integer({ minimum: 0, maximum: 30_000 }) };
const C = `${P}/cache/{cacheId}`;

function op(id: string, method: WireMethod, path: string, rest: Omit<WireOperation, 'id' | 'method' | 'path' | 'documented'>): WireOperation {
  return { id, method, path, documented: true, ...rest };
}

/** Every operation of the document that dgw uses or the local gateway implements, plus GET /info. */
export const OPERATIONS: readonly WireOperation[] = [
  op('listQueries', 'GET', `${P}/queries`, { response: ok(Type.Array(Query)) }),
  op('createQuery', 'POST', `${P}/queries`, { query: checkSchemaExists, body: QueryRequest, response: ok(Query) }),
  op('executeQuery', 'POST', `${P}/queries/execute`, { query: { format: ExecuteFormat }, body: ExecuteRequestBody, response: ok(ExecuteResult('CELL_TYPED')) }),
  op('readQuery', 'GET', `${P}/queries/{queryId}`, { response: ok(Query) }),
  op('updateQuery', 'PUT', `${P}/queries/{queryId}`, { query: checkSchemaExists, body: QueryRequest, response: ok(Query) }),
  op('deleteQuery', 'DELETE', `${P}/queries/{queryId}`, { response: ok(null), spec: ok(Query) }),
  op('updateQueryPath', 'PATCH', `${P}/queries/{queryId}/path`, { body: QueryPathUpdateRequest, response: ok(null) }),
  op('listQueryFolders', 'GET', `${P}/queries/folders`, { response: ok(QueryFolderListResponse), spec: ok(Type.Array(SeedFolder)) }),
  op('createQueryFolderAtRoot', 'POST', `${P}/queries/folders`, { body: QueryFolderCreateRequest, response: created(QueryFolderItem), spec: created(SeedFolder) }),
  op('getQueryFolderTree', 'GET', `${P}/queries/folders/tree`, {
    query: { includeQueries: Type.Boolean(), rootFolderId: Type.String() },
    response: ok(QueryFolderTreeResponse),
    spec: ok(Type.Object({ tree: Type.Array(SeedFolder) }, { additionalProperties: false })),
  }),
  op('readQueryFolder', 'GET', `${P}/queries/folders/{folderId}`, { response: ok(QueryFolderWithContentsResponse), spec: ok(SeedFolder) }),
  op('addOrRemoveQueryFromFolder', 'PUT', `${P}/queries/folders/{folderId}`, { body: QueryFolderUpdateRequest, response: ok(QueryFolderWithContentsResponse), spec: ok(SeedFolder) }),
  op('deleteQueryFolder', 'DELETE', `${P}/queries/folders/{folderId}`, { query: { force: Type.Boolean() }, response: { status: 204, body: null }, spec: ok(SeedFolder) }),
  op('renameQueryFolder', 'PATCH', `${P}/queries/folders/{folderId}/name`, { body: QueryFolderRenameRequest, response: ok(QueryFolderItem), spec: ok(SeedFolder) }),
  op('moveQueryFolder', 'PATCH', `${P}/queries/folders/{folderId}/path`, { body: QueryPathUpdateRequest, response: ok(QueryFolderItem), spec: ok(SeedFolder) }),
  op('createQueryFolderWithParentId', 'POST', `${P}/queries/folders/{parentFolderId}`, { body: QueryFolderCreateRequest, response: created(QueryFolderItem), spec: created(SeedFolder) }),
  op('listCatalogs', 'GET', `${P}/catalogs`, { response: ok(Type.Array(Catalog)) }),
  op('readCatalog', 'GET', `${P}/catalogs/{catalogId}`, { response: ok(Catalog) }),
  op('createCatalog', 'POST', `${P}/catalogs`, { body: CatalogRequest, response: ok(Catalog) }),
  op('deleteCatalog', 'DELETE', `${P}/catalogs/{catalogId}`, { response: ok(null) }),
  op('listSchemas', 'GET', `${P}/catalogs/{catalogId}/schemas`, { response: ok(Type.Array(Schema)) }),
  op('listTables_1', 'GET', `${P}/catalogs/{catalogId}/schemas/{schemaName}/tables`, { response: ok(Type.Array(Table)) }),
  op('listColumns_1', 'GET', `${P}/catalogs/{catalogId}/schemas/{schemaName}/tables/{tableName}/columns`, { response: ok(Type.Array(ColumnDetail)) }),
  op('isCached', 'GET', `${P}/catalogs/{catalogId}/schemas/{schemaName}/tables/{tableName}/isCached`, { response: ok(TableCacheResult) }),
  op('getTableStatistics', 'GET', `${P}/catalogs/{catalogId}/schemas/{schemaName}/tables/{tableName}/statistics`, { response: ok(TableStatistics) }),
  op('shareCatalog', 'POST', `${P}/catalogs/{catalogId}/share`, { body: CatalogShareRequestV2, response: ok(SharedCatalogResponse) }),
  op('search', 'POST', `${P}/search`, { body: SearchRequest, response: ok(SearchResult) }),
  op('listTables', 'GET', `${P}/table`, { response: ok(Type.Array(Table)) }),
  op('createInternalTable', 'POST', `${P}/table/{tableName}`, { response: ok(Table) }),
  op('deleteTable', 'DELETE', `${P}/table/{tableName}`, { response: ok(null), spec: ok(Table) }),
  op('listColumns', 'GET', `${P}/table/{tableName}/columns`, { response: ok(Type.Array(ColumnDetail)) }),
  op('addColumn', 'POST', `${P}/table/{tableName}/columns`, { body: OneOrMany(ColumnRequest), response: ok(OneOrMany(ColumnDetail)) }),
  op('deleteColumn', 'DELETE', `${P}/table/{tableName}/columns/{columnName}`, { response: ok(null), spec: ok(Table) }),
  op('updateColumn', 'PUT', `${P}/table/{tableName}/columns/{columnName}`, { body: ColumnRequest, response: ok(Type.Array(ColumnDetail)) }),
  op('listBiTables', 'GET', `${P}/bitable`, { response: ok(Type.Array(Table)) }),
  op('createInternalBiTable', 'POST', `${P}/bitable/{tableName}`, { response: ok(Table) }),
  op('deleteBiTable', 'DELETE', `${P}/bitable/{tableName}`, { response: ok(null) }),
  op('listBiColumns', 'GET', `${P}/bitable/{tableName}/columns`, { response: ok(Type.Array(ColumnDetail)) }),
  op('addBiColumn', 'POST', `${P}/bitable/{tableName}/columns`, { body: OneOrMany(ColumnRequest), response: ok(OneOrMany(ColumnDetail)) }),
  op('deleteBiColumn', 'DELETE', `${P}/bitable/{tableName}/columns/{columnName}`, { response: ok(null) }),
  op('updateBiColumn', 'PUT', `${P}/bitable/{tableName}/columns/{columnName}`, { body: ColumnRequest, response: ok(Type.Array(ColumnDetail)) }),
  op('listParametricTables', 'GET', `${P}/catalogs/{catalogId}/parametricTables`, { response: ok(Type.Array(ParametricTable)) }),
  op('createParametricTable', 'POST', `${P}/catalogs/{catalogId}/parametricTables`, { body: ParametricTable, response: ok(ParametricTable) }),
  op('deleteParametricTable', 'DELETE', `${P}/catalogs/{catalogId}/parametricTables`, { query: { toSchema: Type.String(), toTable: Type.String() }, response: { status: 204, body: null } }),
  op('importCsv', 'POST', `${P}/table/{tableName}/import`, { multipart: { request: ImportRequest, file: 'file' }, response: ok(ImportJob) }),
  op('csvSample', 'GET', `${P}/table/{tableName}/sample`, { response: { status: 200, body: null, media: 'text/csv' } }),
  op('exportQuery', 'POST', `${P}/queries/{queryId}/exports`, { body: ExportRequest, response: { status: 202, body: ExportJobCreated } }),
  op('exportTable', 'POST', `${P}/catalogs/{catalogId}/schemas/{schemaName}/tables/{tableName}/exports`, { body: ExportRequest, response: { status: 202, body: ExportJobCreated } }),
  op('listExports', 'GET', `${P}/exports`, {
    query: { status: Type.String({ pattern: `^(${['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED'].join('|')})(,(${['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED'].join('|')}))*$` }), limit: Type.Integer(), createdBefore: Type.String() },
    response: ok(Type.Array(ExportJobResponse)),
  }),
  op('readExport', 'GET', `${P}/exports/{exportId}`, { response: ok(ExportJobResponse) }),
  op('cancelExport', 'DELETE', `${P}/exports/{exportId}`, { response: { status: 204, body: null } }),
  op('listMaterializedQueryStatuses', 'GET', `${P}/materialized-queries/status`, { response: ok(Type.Array(MaterializedQueryStatusView)) }),
  op('cancelMaterializedQuery', 'POST', `${P}/materialized-queries/{queryId}/cancel`, { response: ok(null), spec: ok(MaterializedQueryStatusView) }),
  op('refreshMaterializedQuery', 'POST', `${P}/materialized-queries/{queryId}/refresh`, { response: ok(null), spec: ok(MaterializedQueryStatusView) }),
  op('readMaterializedQueryStatus', 'GET', `${P}/materialized-queries/{queryId}/status`, { response: ok(MaterializedQueryStatusView) }),
  op('createCache', 'POST', `${P}/cache`, { extensionQuery: incrementalColumn, body: CacheRequest, response: ok(Cache) }),
  op('createBatchCache', 'POST', `${P}/cache/batch`, { body: Type.Array(CacheRequest), response: ok(Type.Array(CacheCreateStatus)) }),
  op('getCacheStatusByProject', 'GET', `${P}/cache/status`, { response: ok(Type.Array(CacheStatus)) }),
  op('getCacheSettings', 'GET', C, { response: ok(Cache) }),
  op('updateCacheSettings', 'PUT', C, { extensionQuery: incrementalColumn, body: CacheSettingsUpdateRequest, response: ok(Cache) }),
  op('deleteCache', 'DELETE', C, { response: ok(null), spec: ok(Cache) }),
  op('cancelFullRefreshCache', 'POST', `${C}/cancelFullRefreshUpdate`, { response: ok(null), spec: ok(CacheStatus) }),
  op('cancelIncrementalCache', 'POST', `${C}/cancelIncrementalUpdate`, { response: ok(null), spec: ok(CacheStatus) }),
  op('getCacheExecutionHistory', 'GET', `${C}/executionHistory`, { query: { limit: Type.Integer({ minimum: 1 }), offset: Type.Integer({ minimum: 0 }) }, response: ok(Type.Array(CacheExecutionInfo)) }),
  op('fullRefreshCache', 'POST', `${C}/fullRefreshUpdate`, { response: ok(CacheRefreshAnswer) }),
  op('incrementalUpdateCache', 'POST', `${C}/incrementalUpdate`, { response: ok(CacheRefreshAnswer) }),
  op('getCacheStatus', 'GET', `${C}/status`, { query: { excludeLogs: Type.Boolean() }, extensionQuery: heldPoll, response: ok(CacheStatus) }),
  op('getCacheStatusByCatalog', 'GET', `${P}/catalog/{catalogId}/cache/status`, { response: ok(Type.Array(CacheStatus)) }),
  op('getCacheStatusBySchema', 'GET', `${P}/catalog/{catalogId}/schema/{schemaName}/cache/status`, { response: ok(Type.Array(CacheStatus)) }),
  op('getSupportedDrivers', 'GET', '/supportedDrivers', { query: { catalogName: Type.String() }, extensionQuery: projectOfKey, response: ok(DriverStrings) }),
  op('getJdbcDriver', 'GET', '/supportedDrivers/jdbc', { extensionQuery: projectOfKey, response: ok(DriverStrings) }),
  op('getSqlAlchemyDriver', 'GET', '/supportedDrivers/sql_alchemy', { query: { catalogName: Type.String() }, extensionQuery: projectOfKey, response: ok(DriverStrings) }),
  op('listConnectionConfig', 'GET', '/connections/config', { response: ok(OneOrMany(ConnectionConfiguration)) }),
  op('getConnectionConfig', 'GET', '/connections/config/{connectionType}', { response: ok(ConnectionConfiguration) }),
  op('listConnections', 'GET', '/connections/{projectId}', { response: ok(OneOrMany(Connection)) }),
  op('createConnection', 'POST', '/connections/{projectId}', { body: ConnectionRequest, response: ok(Connection) }),
  op('oauth2Callback', 'POST', '/connections/{projectId}/oauth2', { body: Oauth2Callback, response: ok(Connection) }),
  op('getConnection', 'GET', '/connections/{projectId}/{connectionId}', { response: ok(Connection) }),
  op('updateConnection', 'PUT', '/connections/{projectId}/{connectionId}', { body: ConnectionRequest, response: ok(Connection) }),
  op('deleteConnection', 'DELETE', '/connections/{projectId}/{connectionId}', { response: ok(null) }),
  op('getConnectionView', 'GET', '/connections/{projectId}/{connectionId}/detail', { response: ok(ConnectionDetail) }),
  op('getProjectMetadata', 'GET', '/metadata/{projectId}', { query: { catalogId: Type.String(), schemaName: Type.String() }, response: ok(OpenObject) }),
  op('refreshMetadata', 'POST', '/metadata/{projectId}/refresh', { body: MetadataRefreshMetadataRequest, response: ok(OpenObject) }),
  op('getMetadataRefreshCallback', 'GET', '/metadata/{projectId}/refresh/callback', { response: ok(OpenObject) }),
  op('registerMetadatRefreshCallback', 'POST', '/metadata/{projectId}/refresh/callback', { body: MetadataRefreshMetadataCallbackRequest, response: ok(OpenObject) }),
  op('unRegisterMetadatRefreshCallback', 'DELETE', '/metadata/{projectId}/refresh/callback', { response: ok(OpenObject) }),
  op('getRefreshMetadataJobStatus', 'GET', '/metadata/{projectId}/refresh/{catalogId}', { response: ok(MetadataRefreshJobStatusResult) }),
  op('updateMetadataWithCatalogId', 'PUT', '/metadata/{projectId}/{catalogId}', { body: MetadataAIUsageUpdateRequest, response: ok(OpenObject) }),
  op('updateMetadataWithCatalogIdAndSchemaName', 'PUT', '/metadata/{projectId}/{catalogId}/{schemaName}', { body: MetadataAIUsageUpdateRequest, response: ok(OpenObject) }),
  op('updateMetadata', 'PUT', '/metadata/{projectId}/{catalogId}/{schemaName}/{tableName}', { body: MetadataUpdateRequest, response: ok(OpenObject) }),
  op('generateCategoricalColumnValues', 'PUT', '/metadata/{projectId}/categorical/{catalogId}/{schemaName}/{tableName}/{columnName}', { body: MetadataCategoricalColumnRequest, response: ok(OpenObject) }),
  op('deleteCategoricalColumnValues', 'DELETE', '/metadata/{projectId}/categorical/{catalogId}/{schemaName}/{tableName}/{columnName}', { response: ok(OpenObject) }),
  op('generateSemantics', 'POST', '/metadata/{projectId}/semantics/{catalogId}/{schemaName}/{tableName}', { body: MetadataCreateSemanticsRequest, response: ok(OpenObject) }),
  op('generateSampleQuestions', 'GET', '/metadata/{projectId}/questions/generate', { query: { question: Type.String() }, response: ok(OpenObject) }),
  op('queryMetadata', 'GET', '/metadata/{projectId}/query', { query: { table: Type.String(), topK: Type.String() }, response: ok(OpenObject) }),
  op('createSemanticCatalog', 'POST', `${P}/semantic-catalogs`, { body: SemanticCatalogRequest, response: ok(Catalog) }),
  op('createSemanticTable', 'POST', `${P}/semantic-catalogs/{catalogId}`, { body: SemanticTableRequest, response: ok(SemanticTable) }),
  op('shareSemanticTable', 'POST', `${P}/semantic-catalogs/{catalogId}/share`, { body: CatalogShareRequest, response: ok(null) }),
  op('deleteSemanticTable', 'DELETE', `${P}/semantic-catalogs/{catalogId}/table/{tableId}`, { response: ok(null) }),
  op('chat', 'POST', '/ai-agent/{projectId}/chat', { body: AIAgentChatRequestDto, response: ok(OpenObject) }),
  op('getWorkflowImage', 'GET', '/ai-agent/workflow/png', { response: { status: 200, body: null, media: 'image/png' } }),
  op('chatStream', 'POST', '/ai-agent/{projectId}/chat/stream', { body: AIAgentChatStreamRequestDto, response: { status: 200, body: null, media: 'text/event-stream' } }),
  op('listThreads', 'GET', '/ai-agent/{projectId}/threads', { response: ok(OpenObject) }),
  op('getThread', 'GET', '/ai-agent/{projectId}/threads/{threadId}', { response: ok(OpenObject) }),
  op('updateThread', 'PUT', '/ai-agent/{projectId}/threads/{threadId}', { body: AIAgentThreadUpdateRequest, response: ok(OpenObject) }),
  op('deleteThread', 'DELETE', '/ai-agent/{projectId}/threads/{threadId}', { response: ok(OpenObject) }),
  op('transpileSQL', 'POST', '/sql/transpile/{dialect}', { body: SQLTranspileQueryRequest, response: ok(SQLTranspileResult) }),
  op('initSession', 'POST', '/ui/initSession', { body: InitSessionRequest, response: ok(EmbeddedSession) }),
  op('listGoldenSqls', 'GET', '/metadata/{projectId}/golden-sqls', { response: ok(OpenObject) }),
  op('addGoldenSql', 'POST', '/metadata/{projectId}/golden-sqls', { body: MetadataAddGoldenSqlRequest, response: ok(OpenObject) }),
  op('deleteGoldenSql', 'DELETE', '/metadata/{projectId}/golden-sqls/{id}', { response: ok(OpenObject) }),
  op('getProjectCatalogMetadataRelations', 'GET', '/metadata/{projectId}/relations/{catalogId}', { response: ok(OpenObject) }),
  op('addRelation', 'POST', '/metadata/{projectId}/relations/{catalogId}/{schemaName}/{tableName}/{columnName}', { body: MetadataAddRelationRequest, response: ok(OpenObject) }),
  op('updateRelation', 'PUT', '/metadata/{projectId}/relations/{catalogId}/{schemaName}/{tableName}/{relationId}', { body: MetadataUpdateRelationRequest, response: ok(OpenObject) }),
  op('deleteRelation', 'DELETE', '/metadata/{projectId}/relations/{catalogId}/{schemaName}/{tableName}/{relationId}', { response: ok(OpenObject) }),
  op('queryGoldenSqls', 'GET', '/metadata/{projectId}/golden-sql/query', { query: { q: Type.String() }, response: ok(OpenObject) }),
  op('listApiKeys', 'GET', '/projects/{projectId}/apiKeys', { response: ok(OneOrMany(ApiKey)) }),
  op('createApiKey', 'POST', '/projects/{projectId}/apiKeys', { body: ApiKeyRequest, response: ok(ApiKey) }),
  op('deleteApiKey', 'DELETE', '/projects/{projectId}/apiKeys/{apiKeyId}', { response: ok(null), spec: ok(ApiKey) }),
  op('listOrganizations', 'GET', '/organizations', { response: ok(OneOrMany(Organization)) }),
  op('getOrganization', 'GET', '/organizations/{organizationId}', { response: ok(Organization) }),
  op('listWorkspaces', 'GET', '/organizations/{organizationId}/workspaces', { response: ok(OneOrMany(Workspace)) }),
  op('createWorkspace', 'POST', '/organizations/{organizationId}/workspaces', { body: WorkspaceRequest, response: ok(Workspace) }),
  op('getWorkspace', 'GET', '/organizations/{organizationId}/workspaces/{workspaceId}', { response: ok(Workspace) }),
  op('updateWorkspace', 'PUT', '/organizations/{organizationId}/workspaces/{workspaceId}', { body: WorkspaceRequest, response: ok(Workspace) }),
  op('deleteWorkspace', 'DELETE', '/organizations/{organizationId}/workspaces/{workspaceId}', { response: ok(null) }),
  op('listProjects_1', 'GET', '/organizations/{organizationId}/workspaces/{workspaceId}/projects', { response: ok(Type.Array(Project)) }),
  op('createProject_1', 'POST', '/organizations/{organizationId}/workspaces/{workspaceId}/projects', { body: ProjectRequest, response: ok(Project) }),
  op('readProject_1', 'GET', '/organizations/{organizationId}/workspaces/{workspaceId}/projects/{projectId}', { response: ok(Project) }),
  op('updateProject_1', 'PUT', '/organizations/{organizationId}/workspaces/{workspaceId}/projects/{projectId}', { body: ProjectRequest, response: ok(Project) }),
  op('deleteProject_1', 'DELETE', '/organizations/{organizationId}/workspaces/{workspaceId}/projects/{projectId}', { response: ok(null) }),
  op('listProjects', 'GET', '/projects', { response: ok(Type.Array(Project)) }),
  op('createProject', 'POST', '/projects', { body: ProjectRequest, response: ok(Project) }),
  op('readProject', 'GET', '/projects/{projectId}', { response: ok(Project) }),
  op('updateProject', 'PUT', '/projects/{projectId}', { body: ProjectRequest, response: ok(Project) }),
  op('deleteProject', 'DELETE', '/projects/{projectId}', { response: ok(null) }),
  { id: 'info', method: 'GET', path: '/info', response: ok(Info), documented: false },
  {
    id: 'downloadExportFile',
    method: 'GET',
    path: `${P}/exports/{exportId}/files/{fileName}`,
    query: { expires: Type.String({ pattern: '^\\d+$' }), signature: Type.String() },
    response: { status: 200, body: null, media: 'application/octet-stream' },
    documented: false,
    presigned: true,
  },
];

