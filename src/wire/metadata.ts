import Type from 'typebox';
import { Closed, Opt } from './common.js';

// Schemas of the document's `Data -- Metadata` operations that dgw sends.

/** Body of add golden SQL: a question and the SQL that answers it. */
export const MetadataAddGoldenSqlRequest = Closed({ prompt: Opt(Type.String()), sql: Opt(Type.String()) });

/** The document types the metadata answers as open objects. */
export const OpenObject = Type.Record(Type.String(), Type.Unknown());

/** Body of add relation: the target column and the kind of relation. */
export const MetadataAddRelationRequest = Closed({
  targetCatalogId: Opt(Type.String()),
  targetSchemaName: Opt(Type.String()),
  targetTableName: Opt(Type.String()),
  targetColumnName: Opt(Type.String()),
  type: Opt(Type.String()),
});

/** Body of update relation. */
export const MetadataUpdateRelationRequest = Closed({ type: Opt(Type.String()) });

/** Body of refresh metadata: one catalog (else every one), and where to tell its end. */
export const MetadataRefreshMetadataRequest = Closed({ catalogId: Opt(Type.String()), callbackURL: Opt(Type.String()), callbackToken: Opt(Type.String()) });

/** Body of register refresh callback. */
export const MetadataRefreshMetadataCallbackRequest = Closed({ callbackURL: Opt(Type.String()), callbackToken: Opt(Type.String()) });

/** A metadata refresh job's status, as the schema has it (its example's lower case is read by api/metadata.ts). */
export const MetadataRefreshJobStatusResult = Type.Object({
  status: Opt(Type.Union(['NOT_ACTIVE', 'COMPLETED', 'WAITING', 'ACTIVE', 'DELAYED', 'FAILED', 'PAUSED', 'STUCK'].map((s) => Type.Literal(s)))),
});

/** Body of the AI-usage updates of a catalog or schema. */
export const MetadataAIUsageUpdateRequest = Closed({ useWithAI: Opt(Type.Boolean()) });

/** A column in an update of a table's metadata (the document's MetadataColumn; dgw sends the name and description). */
export const MetadataColumn = Type.Object({
  columnName: Opt(Type.String()),
  columnDescription: Opt(Type.String()),
  dataType: Opt(Type.String()),
  order: Opt(Type.Integer()),
  isNotNull: Opt(Type.Boolean()),
  isSystem: Opt(Type.Boolean()),
  isUnique: Opt(Type.Boolean()),
  isPrimary: Opt(Type.Boolean()),
  isCategorical: Opt(Type.Boolean()),
  categoricalValues: Opt(Type.Array(Type.String())),
  lineage: Opt(Type.Array(Type.Unknown())),
});

/** Body of update metadata of a table. */
export const MetadataUpdateRequest = Closed({ tableDescription: Opt(Type.String()), columns: Opt(Type.Array(MetadataColumn)), useWithAI: Opt(Type.Boolean()) });

/** Body of generate categorical values. */
export const MetadataCategoricalColumnRequest = Closed({ limit: Opt(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })), frequency: Opt(Type.String()) });

/** Body of generate semantics. */
export const MetadataCreateSemanticsRequest = Closed({ threadId: Opt(Type.String()), initialPrompt: Opt(Type.String()), limit: Opt(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })) });

/** Body of transpile SQL. */
export const SQLTranspileQueryRequest = Closed({ query: Opt(Type.String()) });

/** Body of init session (embedded web app). */
export const InitSessionRequest = Closed({
  projectId: Opt(Type.String()),
  theme: Opt(Type.String()),
  sessionMode: Opt(Type.Union([Type.Literal('CONNECTOR_MODAL_ONLY'), Type.Literal('FULL_STUDIO')])),
  themeOverride: Opt(Type.Boolean()),
  timeoutInSeconds: Opt(Type.Integer({ minimum: -2147483648, maximum: 2147483647 })),
  featureFlags: Opt(Type.Record(Type.String(), Type.Boolean())),
});

/** An embedded session. */
export const EmbeddedSession = Type.Object({ sessionUrl: Opt(Type.String()), partnerOrigin: Opt(Type.String()) });

/** A transpiled statement. */
export const SQLTranspileResult = Type.Object({ result: Opt(Type.String()) });

/** Body of a question asked without streaming. */
export const AIAgentChatRequestDto = Closed({ message: Opt(Type.String()), threadId: Opt(Type.String()), noExecute: Opt(Type.Boolean()) });

/** Body of the streamed chat with the agent. */
export const AIAgentChatStreamRequestDto = Closed({ ...AIAgentChatRequestDto.properties, streamModes: Opt(Type.Array(Type.String())) });

/** Body of a thread's new display name. */
export const AIAgentThreadUpdateRequest = Closed({ displayName: Opt(Type.String()) });

/** Body of create semantic catalog. */
export const SemanticCatalogRequest = Closed({ name: Opt(Type.String()) });

/** Body of create semantic table: a saved query under a schema and table name. */
export const SemanticTableRequest = Closed({ schemaName: Opt(Type.String()), tableName: Opt(Type.String()), queryId: Opt(Type.String()) });

/** A table of a semantic catalog. */
export const SemanticTable = Closed({ catalogId: Opt(Type.String()), catalogName: Opt(Type.String()), schemaName: Opt(Type.String()), tableName: Opt(Type.String()), tableId: Opt(Type.String()) });

/** Body of share semantic catalog. */
export const CatalogShareRequest = Closed({ target: Opt(Type.String()) });
