import Type from 'typebox';
import { Closed, DateTime, Maybe, Opt, Uuid } from './common.js';
import { MaterializedQuerySchedule } from './queries.js';

/** A catalog: a connected source, or one of the built-in stores (`internal`, `query`). */
export const Catalog = Closed({
  id: Opt(Type.String()),
  name: Opt(Type.String()),
  displayName: Opt(Type.String()),
  catalogType: Opt(Type.String()),
  connectionId: Maybe(Type.String()),
});

/** A stored table. */
export const Table = Closed({
  catalogId: Opt(Type.String()),
  catalogName: Opt(Type.String()),
  schemaName: Opt(Type.String()),
  tableName: Opt(Type.String()),
  supportedCacheTypes: Opt(Type.Array(Type.String())),
  isCacheable: Opt(Type.Boolean()),
  isDynamicTable: Opt(Type.Boolean()),
  isCached: Opt(Type.Boolean()),
});

/** A column of a stored table, as the service describes it. */
export const ColumnDetail = Closed({
  id: Opt(Type.String()),
  name: Opt(Type.String()),
  dataType: Opt(Type.String()),
  displayName: Opt(Type.String()),
  defaultValue: Maybe(Type.String()),
  isNotNull: Opt(Type.Boolean()),
  isUnique: Opt(Type.Boolean()),
  desc: Maybe(Type.String()),
});

/** Column types a stored table accepts. */
export const ColumnDataType = Type.Union([
  Type.Literal('VARCHAR'),
  Type.Literal('BIGINT'),
  Type.Literal('BOOLEAN'),
  Type.Literal('DECIMAL'),
  Type.Literal('TIMESTAMP'),
  Type.Literal('TIME'),
  Type.Literal('DATE'),
  Type.Literal('UUID'),
]);

/** A column to add to a stored table. */
export const ColumnRequest = Closed({
  name: Opt(Type.String()),
  dataType: Opt(ColumnDataType),
  displayName: Opt(Type.String()),
  defaultValue: Maybe(Type.String()),
  isNotNull: Opt(Type.Boolean()),
  isUnique: Opt(Type.Boolean()),
});

/** Refresh status and schedule of one materialized query; times are ISO strings or null. */
export const MaterializedQueryStatusView = Closed({
  queryId: Opt(Type.String()),
  queryName: Opt(Type.String()),
  scheduleSettings: Maybe(MaterializedQuerySchedule),
  nextExecutionStartTime: Maybe(Type.String()),
  status: Opt(Type.String()),
  lastExecutionStartTime: Maybe(Type.String()),
  lastUpdateTime: Maybe(Type.String()),
});

/** One configuration field of a connection type. */
export const ConnectionConfigurationItem = Closed({
  fieldName: Opt(Type.String()),
  fieldType: Opt(Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('boolean')])),
  required: Opt(Type.Boolean()),
  description: Opt(Type.String()),
});

/** What a connection type needs to be configured. */
export const ConnectionConfiguration = Closed({
  connectionType: Opt(Type.String()),
  connectionTypeLabel: Opt(Type.String()),
  name: Opt(Type.String()),
  authorizationType: Opt(Type.String()),
  credentialSchemaType: Opt(Type.String()),
  redirectRequired: Opt(Type.Boolean()),
  category: Opt(Type.String()),
  configuration: Opt(Type.Array(ConnectionConfigurationItem)),
  documentationUrl: Opt(Type.String()),
});

/** A project API key; the secret `apiKey` is sent only when the key is made, and a key that never expires has no `expiresAt`. */
export const ApiKey = Closed({
  name: Opt(Type.String()),
  apiKey: Maybe(Type.String()),
  apiKeyId: Opt(Uuid()),
  expiresAt: Opt(DateTime()),
});

/** Body of create API key; without `expiresAt` the key never expires. */
export const ApiKeyRequest = Closed({ name: Opt(Type.String()), expiresAt: Opt(DateTime()) });

/** The top of the hierarchy: organization → workspace → project. */
export const Organization = Closed({
  id: Opt(Uuid()),
  name: Opt(Type.String()),
  owner: Opt(Uuid()),
  createdAt: Maybe(Type.String()),
  iconFileId: Maybe(Type.String()),
  description: Maybe(Type.String()),
});

/** A workspace of an organization, grouping projects. */
export const Workspace = Closed({
  id: Opt(Uuid()),
  name: Opt(Type.String()),
  createdBy: Opt(Uuid()),
  organizationId: Opt(Uuid()),
  description: Maybe(Type.String()),
  createdAt: Maybe(Type.String()),
  defaultWorkspace: Opt(Type.Boolean()),
});

/** What creating or changing a workspace takes (the document requires neither field). */
export const WorkspaceRequest = Closed({ name: Opt(Type.String()), description: Opt(Type.String()) });

/** What `POST .../projects` takes: a name, and a description if wanted. */
export const ProjectRequest = Closed({ name: Type.String(), description: Opt(Type.String()) });

/** A project. */
export const Project = Closed({
  id: Opt(Type.String()),
  name: Opt(Type.String()),
  description: Maybe(Type.String()),
  domain: Maybe(Type.String()),
  webhookBaseUrl: Maybe(Type.String()),
  createdAt: Maybe(Type.String()),
  owner: Maybe(Type.String()),
  workspaceId: Opt(Type.String()),
});

/** Who a key belongs to (`GET /info`), not in the document: dgw calls it only to discover a project key's project. */
export const Info = Type.Object({
  projectId: Opt(Type.String()),
  projectName: Opt(Type.String()),
  userId: Opt(Type.String()),
  email: Opt(Type.String()),
});
