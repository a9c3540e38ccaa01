import Type from 'typebox';
import * as W from '../wire/index.js';
import { Closed, Nullable } from '../wire/common.js';

// The records dgw prints with --json, each with every field (null where there is nothing) and no other; the printing code's types are Static of them.

const required = Type.Required;

/** A schedule that refreshes; no schedule is null wherever a record has one. */
export const RefreshSchedule = Type.Union(
  [
    Closed({ type: Type.Literal('interval'), repeatDuration: Type.String({ description: 'ISO 8601 duration, e.g. PT6H' }) }),
    Closed({
      type: Type.Literal('cron'),
      cronExpression: Type.String({ description: 'five-field cron expression' }),
      timezone: Type.Optional(Type.String({ description: 'IANA time zone; absent means UTC' })),
    }),
  ],
  { description: 'a refresh schedule: every repeatDuration, or on a cron expression' },
);

/** A saved query. */
export const QueryRecord = Closed(
  {
    ...required(W.Query).properties,
    queryType: W.QueryType,
    schedule: Nullable(RefreshSchedule),
  },
  'a saved query; path and folderId are null at the root, schedule is null when there is none (always, for a plain query)',
);

/** The refresh status of a materialized query. */
export const StatusRecord = Closed(
  {
    ...required(W.MaterializedQueryStatusView).properties,
    status: Type.Union([Type.Literal('NOT_INITIALIZED'), Type.Literal('RUNNING'), Type.Literal('COMPLETED'), Type.Literal('FAILED'), Type.Literal('CANCELLED')]),
    scheduleSettings: Nullable(RefreshSchedule),
    message: Nullable(Type.String({ description: 'why the last refresh failed, where the service says' })),
  },
  'the refresh status of a materialized query; times are ISO 8601 or null',
);

/** A catalog. */
export const CatalogRecord = Closed(required(W.Catalog).properties, 'a catalog: a connected source, or a built-in store');

/** A stored table. */
export const TableRecord = Closed(required(W.Table).properties, 'a stored table, in SQL catalogName.schemaName.tableName');

/** A column of a stored table. */
export const ColumnRecord = Closed({ ...required(W.ColumnDetail).properties, id: Nullable(Type.String()) }, 'a column of a stored table');

const ConnectionField = Closed({ ...required(W.ConnectionConfigurationItem).properties, fieldType: Type.Optional(required(W.ConnectionConfigurationItem).properties.fieldType) });

/** A connection type and what configuring it takes. */
export const ConnectionRecord = Closed(
  { ...required(W.ConnectionConfiguration).properties, configuration: Type.Array(ConnectionField) },
  'a connection type and the fields its configuration takes',
);

/** A connection: never its credential. */
export const SourceConnectionRecord = Closed(
  { ...required(W.Connection).properties, url: Nullable(Type.String({ description: 'OAuth 2.0 types: the address to grant access at' })) },
  'a connection; url is null except for an OAuth 2.0 connection waiting to be authorized',
);

/** A connection's stored configuration, secrets masked. */
export const ConnectionDetailRecord = Type.Object({}, { additionalProperties: true, description: 'the fields of a connection\'s configuration (its type\'s), every secret value and a URL\'s password as ***' });

/** A schema of a catalog. */
export const SchemaRecord = Closed(required(W.Schema).properties, 'a schema of a catalog');

/** A table of a catalog: the fields of a stored table, which the same reader gives. */
export const CatalogTableRecord = Closed(TableRecord.properties, 'a table of a catalog, in SQL catalogName.schemaName.tableName');

/** Whether a table is cached. */
export const CacheStateRecord = Closed(required(W.TableCacheResult).properties, 'whether a table of a catalog is cached, and the kinds of cache it allows (empty: none)');

/** A table's statistics. */
export const StatisticsRecord = Closed(
  {
    ...required(W.TableStatistics).properties,
    rowCount: Nullable(Type.Number()),
    columnStatistics: Type.Array(
      Closed({ columnName: Type.String(), distinctFraction: Nullable(Type.Number()), nullCount: Nullable(Type.Number()), distinctCount: Nullable(Type.Number()), min: Nullable(Type.String()), max: Nullable(Type.String()) }),
    ),
  },
  'a table\'s statistics, column by column; a field is null where the service does not tell it (the hosted service: all but distinctFraction)',
);

/** One search match. */
export const SearchMatchRecord = Closed(
  { kind: Type.Union([Type.Literal('catalog'), Type.Literal('schema'), Type.Literal('table')]), catalog: Type.String(), schema: Nullable(Type.String()), table: Nullable(Type.String()) },
  'a catalog, schema or table whose name matched; schema and table are null where the match is above them',
);

/** A project API key; its secret only once, when it is made; no expiry is null, as everywhere. */
export const ApiKeyRecord = Closed(
  { ...required(W.ApiKey).properties, expiresAt: Nullable(required(W.ApiKey).properties.expiresAt) },
  'a project API key; apiKey (the secret) is null except in the answer to key create; expiresAt is null for a key that never expires',
);

const named = { id: Type.String(), name: Type.String(), description: Nullable(Type.String()), createdAt: Nullable(Type.String()) };
const inOrganization = { organizationId: Type.String(), organizationName: Type.String() };

/** A project with its workspace and organization. */
export const ProjectRecord = Closed(
  { ...named, workspaceId: Type.String(), workspaceName: Type.String(), ...inOrganization },
  'a project the key can see, with its workspace and organization',
);

export const WorkspaceRecord = Closed({ ...named, defaultWorkspace: Type.Boolean(), ...inOrganization }, 'a workspace the key can see, with its organization');

/** A folder of `folder list`: in the flat list its children are empty; with --tree --json, nested. */
export const FolderRecord = Type.Cyclic(
  {
    Folder: Closed(
      {
        id: Type.String(),
        name: Type.String(),
        path: Type.String({ description: 'absolute path, e.g. /reports/monthly' }),
        parentId: Nullable(Type.String({ description: 'null at the root' })),
        createdAt: Nullable(Type.String({ description: 'ISO 8601, null where the service sent none' })),
        queryIds: Nullable(Type.Array(Type.String(), { description: 'null where the service does not list them' })),
        children: Type.Array(Type.Ref('Folder')),
      },
      'a query folder',
    ),
  },
  'Folder',
);

/** A node of `folder tree`; `queries` only with --queries. */
export function TreeRecord(withQueries: boolean) {
  const name = withQueries ? 'FolderWithQueries' : 'FolderNode';
  return Type.Cyclic(
    {
      [name]: Closed(
        {
          id: Type.String(),
          name: Type.String(),
          path: Type.String(),
          children: Type.Array(Type.Ref(name)),
          ...(withQueries ? { queries: Type.Array(QueryRecord) } : {}),
        },
        withQueries ? 'a folder with its subfolders and its queries' : 'a folder with its subfolders',
      ),
    },
    name,
  );
}

/** `folder tree --queries`: the root's queries first, when it holds any, then the folders. */
export const TreeWithQueries = Type.Array(Type.Union([TreeRecord(true), Closed({ path: Type.Literal('/'), queries: Type.Array(QueryRecord) }, 'the queries at the root, in no folder')]));

/** `folder view`: one folder, its subfolders and its queries. */
export const FolderView = Closed(
  {
    id: Nullable(Type.String({ description: 'null for the root (/)' })),
    name: Type.String(),
    path: Nullable(Type.String()),
    parentId: Nullable(Type.String()),
    createdAt: Nullable(Type.String({ description: 'ISO 8601' })),
    folders: Type.Array(Closed({ id: Type.String(), name: Type.String(), path: Nullable(Type.String()) })),
    queries: Type.Array(QueryRecord),
  },
  'one folder with its direct subfolders and its queries',
);

/** An export job, as `export list|get` and `query export` print it: every field present, null where the service sent none. */
export const ExportJobRecord = Closed(
  {
    id: Type.String(),
    status: Type.String({ description: 'PENDING, RUNNING, SUCCEEDED, FAILED, CANCELLED or EXPIRED' }),
    format: Type.String({ description: 'CSV or JSONL' }),
    compression: Type.String({ description: 'NONE or GZIP' }),
    rowCount: Nullable(Type.Integer()),
    bytes: Nullable(Type.Integer()),
    durationMs: Nullable(Type.Integer()),
    files: Type.Array(
      Closed({
        name: Type.String(),
        url: Type.String({ description: 'a download link: it works without the API key, for a short while' }),
        bytes: Nullable(Type.Integer()),
      }),
      { description: 'the files of a job that SUCCEEDED, read alone (export get, query export); empty in lists' },
    ),
    expiresAt: Nullable(Type.String({ description: 'when the download links stop working, ISO 8601' })),
    downloadable: Type.Boolean(),
    error: Nullable(Type.String({ description: 'why it FAILED, where the service says' })),
    errorCode: Nullable(Type.String({ description: 'the local gateway only: DISK_FULL when the job FAILED because the disk of its data folder is full (exit 13); null otherwise' })),
    createdAt: Nullable(Type.String({ description: 'ISO 8601' })),
    queryId: Nullable(Type.String({ description: 'the query of a query export' })),
    catalogId: Nullable(Type.String({ description: 'the table of a table export: its catalog id, schema and name' })),
    schemaName: Nullable(Type.String()),
    tableName: Nullable(Type.String()),
    source: Nullable(Type.String({ description: 'what was exported, e.g. svc.query.revenuereport' })),
    userName: Nullable(Type.String({ description: 'who started it, where the service says' })),
    apiKeyPrefix: Nullable(Type.String({ description: 'the public prefix of the key that started it' })),
    clientSource: Nullable(Type.String({ description: 'the client that started it, where the service says' })),
  },
  'an export job: its status, rows and bytes, and its files with their download links',
);

/** What a dry run prints for each request it does not send. */
export const DryRun = Closed(
  {
    dryRun: Type.Literal(true),
    method: Type.Union([Type.Literal('GET'), Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('PATCH'), Type.Literal('DELETE')]),
    url: Type.String({ description: 'with {placeholders} for what only a read could tell' }),
    headers: Type.Record(Type.String(), Type.String(), { description: 'the key masked' }),
    body: Type.Unknown({ description: 'the JSON body, or null when the request has none' }),
    effects: Nullable(Type.Record(Type.String(), Type.Unknown(), { description: 'what the change would destroy or change, as far as dgw found out' })),
  },
  'a request a dry run did not send (one object per request, in order)',
);

/** A row of a SQL result: an object by column name (`--format simple`), or the values in column order (`--format compact`). */
export const ResultRows = Type.Array(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Array(Type.Unknown())]), {
  description: 'the rows: objects keyed by column name (--format simple, the default), or arrays of values (--format compact); exact numbers a double cannot hold are strings',
});


/** A driver's connection string to the query engine. */
export const DriverRecord = Closed(
  {
    driver: Type.String({ description: 'JDBC or SQL_ALCHEMY, as the service names it' }),
    connectionString: Type.String({ description: 'the string a BI tool connects with; it carries the key it was asked with' }),
  },
  'a supported driver and its connection string',
);

/** A parametric table of a catalog. */
export const ParametricTableRecord = Closed(
  {
    fromSchema: Type.String({ description: 'schema of the base table' }),
    fromTable: Type.String({ description: 'the base table' }),
    toSchema: Type.String({ description: 'schema of the parametric table' }),
    toTable: Type.String({ description: 'the parametric table' }),
    paramValues: Type.Array(Type.Object({ key: Type.String(), value: Type.Unknown() }), { description: 'each parameter and its value' }),
  },
  'a parametric table: a base table with fixed parameter values',
);

/** A golden SQL. */
export const GoldenSqlRecord = Closed(
  { id: Type.String(), prompt: Type.String(), sql: Type.String(), createdAt: Nullable(Type.String()), score: Nullable(Type.Number()) },
  'a golden SQL: a question and the SQL that answers it; createdAt null where the service does not say, score only in search results',
);

/** A relation between two columns. */
export const RelationRecord = Closed(
  {
    id: Type.String(),
    catalogId: Type.String(),
    schemaName: Type.String(),
    tableName: Type.String(),
    columnName: Type.String(),
    ...required(W.MetadataAddRelationRequest).properties,
    createdAt: Nullable(Type.String()),
  },
  'a relation from a column of a catalog table to a target column; createdAt null where the service does not say',
);

/** A column in the project's metadata. */
export const MetadataColumnRecord = Closed(
  {
    columnName: Type.String(),
    columnDescription: Nullable(Type.String()),
    dataType: Type.String(),
    isNotNull: Nullable(Type.Boolean()),
    isCategorical: Nullable(Type.Boolean()),
    categoricalValues: Type.Array(Type.String()),
  },
  'a column as the metadata describes it; null where the service does not say',
);

/** A table in the project's metadata. */
export const MetadataTableRecord = Closed(
  {
    catalogId: Type.String(),
    catalogName: Type.String(),
    schemaName: Type.String(),
    tableName: Type.String(),
    tableDescription: Nullable(Type.String()),
    useWithAI: Nullable(Type.Boolean()),
    columns: Type.Array(MetadataColumnRecord),
  },
  'a table or view of a catalog as the project metadata describes it, with its columns; useWithAI null where the service does not say',
);

/** Whether the agent may use a catalog or schema. */
export const AiUsageRecord = Closed(
  { catalogId: Type.String(), schemaName: Nullable(Type.String()), useWithAI: Type.Boolean() },
  'whether the agent may use a whole catalog (schemaName null) or one schema of it',
);

/** How a catalog's metadata refresh stands. */
export const MetadataStatusRecord = Closed(
  { catalogId: Type.String(), status: Type.String(), message: Nullable(Type.String()), refreshedAt: Nullable(Type.String()) },
  "a catalog's metadata refresh: ACTIVE, COMPLETED, FAILED, NOT_ACTIVE (never refreshed) or another status the service names; refreshedAt null where the service does not say",
);

/** The URL told when a metadata refresh ends. */
export const MetadataCallbackRecord = Closed(
  { callbackURL: Nullable(Type.String()), hasToken: Type.Boolean() },
  'the URL the service calls when a metadata refresh ends (null: none), and whether a token is sent with it (the token is never shown)',
);

/** A statement transpiled to another dialect. */
export const TranspiledRecord = Closed({ dialect: Type.String(), result: Type.String() }, 'the statement written in the dialect asked for');

/** An embedded session of the hosted web app. */
export const EmbedSessionRecord = Closed(
  { sessionUrl: Type.String(), partnerOrigin: Nullable(Type.String()) },
  'a one-time URL that opens the project in the hosted web app, for an iframe; partnerOrigin null where the service does not say',
);

/** A question to the agent and its answer as they came. */
export const AskExchange = Closed(
  {
    question: Type.String(),
    threadId: Nullable(Type.String()),
    answer: Type.String(),
    sql: Type.Array(Type.String()),
    tables: Type.Array(Type.String()),
    error: Nullable(Type.String()),
    events: Type.Array(Type.Object({ event: Type.String(), data: Type.Unknown({ description: "the event's data, parsed when it is JSON" }) })),
  },
  "a question to the project's agent and its answer: the text, the SQL it ran and the tables it read, and every event of the stream",
);

/** A conversation with the agent. */
export const ThreadRecord = Closed(
  { threadId: Type.String(), displayName: Nullable(Type.String()), updatedAt: Nullable(Type.String()) },
  'a conversation with the agent; null where the service does not say',
);

/** A table of a semantic catalog. */
export const SemanticTableRecord = Closed(
  { tableId: Type.String(), catalogId: Type.String(), catalogName: Type.String(), schemaName: Type.String(), tableName: Type.String() },
  'a saved query in a semantic catalog, as SQL reads it: catalogName.schemaName.tableName',
);
