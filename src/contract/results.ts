import Type, { type Static } from 'typebox';
import { Closed, Nullable } from '../wire/common.js';
import { RefreshSchedule } from './records.js';

// dgw's own records: what commands that are not a read of the service print with --json.

const Str = Type.String;
const Bool = Type.Boolean;
const Strings = (description?: string) => Type.Array(Str(), description ? { description } : {});


/** `auth login`: the profile stored, without its key. */
export const LoginResult = Closed(
  {
    profile: Str(),
    zone: Str(),
    baseUrl: Nullable(Str()),
    keyBoundTo: Str({ description: 'the only base URL the stored key is sent to, or local for the local gateway' }),
    projectId: Nullable(Str()),
    keyType: Nullable(Type.Union([Type.Literal('partner'), Type.Literal('project')], { description: 'null when neither --key-type nor GET /info said' })),
    keyStorage: Type.Union([Type.Literal('keychain'), Type.Literal('file')], { description: 'the OS keychain, or the config file (where no keychain answered, or with --insecure-storage)' }),
  },
  'the profile auth login stored and made current; the key itself is never printed',
);

/** `auth status`: the settings in use, the key masked. */
export const AuthStatus = Closed(
  {
    profile: Str(),
    zone: Str(),
    baseUrl: Nullable(Str()),
    projectId: Nullable(Str()),
    key: Str({ description: 'masked' }),
    keySource: Str(),
    keyBoundTo: Nullable(Str({ description: 'the base URL (or local) a stored key is sent to, and nowhere else; null for DGW_API_KEY and the local gateway\'s own key' })),
    keyType: Nullable(Str()),
    keyStorage: Nullable(Type.Union([Type.Literal('keychain'), Type.Literal('file'), Type.Literal('env')], { description: 'the OS keychain, the user store (0600), DGW_API_KEY; null for the local gateway\'s own key' })),
    verified: Bool({ description: 'false with --no-verify' }),
    email: Nullable(Str()),
    projectName: Nullable(Str()),
  },
  'the profile, zone, project and key in use; the key masked',
);

/** `auth logout`. */
export const LogoutResult = Closed({ profile: Str(), removed: Bool({ description: 'false when the profile held no key' }) }, 'the profile whose key was removed');

/** `profile list`. */
export const ProfileRow = Closed(
  {
    name: Str(),
    zone: Str(),
    baseUrl: Nullable(Str()),
    projectId: Nullable(Str()),
    key: Nullable(Str({ description: 'masked, or (keychain)' })),
    keyStorage: Nullable(Type.Union([Type.Literal('keychain'), Type.Literal('file')], { description: 'null without a key' })),
    keyBoundTo: Nullable(Str({ description: 'the base URL (or local) the key is sent to, and nowhere else' })),
    keyType: Nullable(Type.Union([Type.Literal('partner'), Type.Literal('project')])),
    current: Bool(),
  },
  'a stored profile; its key masked',
);

/** `profile use`. */
export const ProfileUsed = Closed({ currentProfile: Str() }, 'the profile now current');

/** `profile rm`. */
export const ProfileRemoved = Closed({ profile: Str(), removed: Type.Literal(true), wasCurrent: Bool() }, 'the profile removed, with its key');

const Explained = Closed({
  value: Type.Union([Str(), Type.Number(), Type.Null()], { description: 'timeout in milliseconds; the API key masked' }),
  source: Type.Union([Type.Literal('flag'), Type.Literal('env'), Type.Literal('project file'), Type.Literal('profile'), Type.Literal('default')]),
  origin: Nullable(Str({ description: 'the flag, variable, file or profile that supplied it' })),
});

/** `config explain`: every setting by name. */
export const ConfigExplained = Closed(
  Object.fromEntries(['profile', 'zone', 'baseUrl', 'projectId', 'apiKey', 'keyBoundTo', 'keyType', 'output', 'timeout'].map((k) => [k, Explained])) as Record<string, typeof Explained>,
  'each setting, its value and where it came from',
);

/** `config get`: one setting. */
export const ConfigGot = Closed({ setting: Str(), ...Explained.properties }, 'one setting, its value and where it came from');

/** `config set` and `config unset`. */
export const ConfigSet = Closed({ profile: Str(), setting: Str(), value: Nullable(Str({ description: 'null after unset' })) }, 'the setting stored in (or removed from) the profile');

/** `query mv`. */
export const QueriesMoved = Closed({ path: Str({ description: 'the folder path they are in now; / is the root' }), queryIds: Strings() }, 'the queries moved');

/** `query rm`: one per query. */
export const QueryDeleted = Closed({ id: Str(), deleted: Type.Literal(true) }, 'a deleted query');

/** `mtquery refresh` that does not wait. */
export const RefreshAccepted = Closed({ queryId: Str(), refresh: Type.Literal('accepted') }, 'the refresh was accepted and runs in the service');

/** `mtquery cancel` where the service answers no status. */
export const CancelRequested = Closed({ queryId: Str(), cancel: Type.Literal('requested') }, 'the cancel was requested; mtquery status follows it');

/** `folder create`. */
export const FolderCreated = Closed({ id: Str(), path: Str(), created: Bool({ description: 'false with -p when it existed already' }) }, 'the folder, made or found');

/** `folder rename`. */
export const FolderRenamed = Closed({ id: Str(), name: Str(), path: Nullable(Str()) }, 'the folder under its new name');

/** `folder move`. */
export const FolderMoved = Closed({ id: Str(), path: Str() }, 'the folder at its new path');

/** `folder mv`. */
export const QueriesPlaced = Closed(
  { folder: Str({ description: 'the FOLDER argument as given' }), queryIds: Strings(), createdFolders: Strings('folders --parents created, by path') },
  'the queries put in the folder',
);

/** `folder rm`. */
export const FolderDeleted = Closed({ id: Str(), deleted: Type.Literal(true) }, 'the deleted folder');

/** `table drop-column`. */
export const ColumnDropped = Closed({ table: Str(), column: Str(), deleted: Type.Literal(true) }, 'the deleted column');

/** `table rm`. */
export const TableDeleted = Closed({ table: Str(), deleted: Type.Literal(true) }, 'the deleted table');

/** `key rm`. */
export const KeyDeleted = Closed({ apiKeyId: Str(), deleted: Type.Literal(true) }, 'the deleted key');
export const GoldenSqlDeleted = Closed({ id: Str(), deleted: Type.Literal(true) }, 'the deleted golden SQL');
export const RelationDeleted = Closed({ id: Str(), deleted: Type.Literal(true) }, 'the deleted relation');

/** `connection rm`. */
export const ConnectionDeleted = Closed({ id: Str(), deleted: Type.Literal(true) }, 'the deleted connection');

/** `catalog rm`. */
export const CatalogDeleted = Closed({ id: Str(), deleted: Type.Literal(true) }, 'the deleted catalog');

/** `project rm`. */
export const ProjectDeleted = Closed({ id: Str(), deleted: Type.Literal(true) }, 'the deleted project');
export const WorkspaceDeleted = Closed({ id: Str(), deleted: Type.Literal(true) }, 'the deleted workspace');

/** `catalog share`. */
export const CatalogShared = Closed(
  { catalogId: Str(), targetProjectId: Str(), sharedCatalogId: Nullable(Str({ description: 'the catalog made in the target project, where the service says' })) },
  'the catalog shared and the project it was shared with',
);

/** `table import`: the table, and the import job as the service answered it. */
export const ImportResult = Closed(
  {
    table: Str(),
    id: Str({ description: 'the import job; empty where the service sent none' }),
    status: Str(),
    startTime: Nullable(Type.String({ description: 'ISO 8601 (the service sends epoch milliseconds)' })),
    endTime: Nullable(Type.String({ description: 'ISO 8601 (the service sends epoch milliseconds)' })),
    progress: Nullable(Type.Number({ description: 'percent' })),
    result: Type.Record(Str(), Type.Unknown(), { description: "the job's result as the service sent it" }),
    rowCount: Nullable(Type.Number({ description: 'the rows imported, where the service says (the local gateway always does)' })),
  },
  'the import: every row of the file went in',
);

/** `query export --no-wait`. */
export const ExportStarted = Closed({ id: Str(), status: Str() }, 'the export job, started: dgw export get ID follows it');

/** `export cancel`. */
export const ExportCancelled = Closed(
  {
    id: Str(),
    cancelled: Type.Boolean({ description: 'false when the job had already ended (SUCCEEDED, FAILED, EXPIRED): the service left it as it was' }),
    status: Nullable(Str({ description: "the job's status read after the cancel; null when it could not be read" })),
  },
  'the cancel was sent; a finished export is left as it is',
);

/** `serve --json`: one line, as soon as it listens. */
export const ServeInfo = Closed(
  {
    baseUrl: Str(),
    partnerKey: Str(),
    projectKeys: Type.Record(Str(), Str(), { description: 'each project id and its key' }),
    dataDir: Str(),
    apiShape: Type.Union([Type.Literal('spec'), Type.Literal('hosted')]),
    pid: Type.Integer(),
  },
  'where the local gateway listens and its keys',
);

/** `schema` without a command: one per command that prints JSON. */
export const SchemaEntry = Closed({ command: Str({ description: 'e.g. query list' }), file: Str({ description: 'its file in the package, e.g. schemas/query-list.json' }) }, 'a command and its schema file');

/** `version`. */
export const VersionInfo = Closed(
  {
    version: Str(),
    node: Str(),
    platform: Str(),
    arch: Str(),
    duckdb: Closed({ present: Bool({ description: 'true when --zone local can run' }), version: Nullable(Str()), binding: Nullable(Str()) }),
    configDir: Str({ description: 'the user store\'s folder: DGW_CONFIG_DIR, else the platform\'s config folder' }),
    localDataDir: Str({ description: 'the local gateway\'s data folder: DGW_LOCAL_DIR, else the platform\'s data folder' }),
  },
  'the versions of dgw and what it runs on',
);

/** `pull`. */
export const PullResult = Closed(
  {
    project: Str(),
    dir: Str(),
    written: Strings('files written, relative to dir'),
    removed: Strings(),
    unchanged: Strings(),
    createdDirectories: Strings(),
    skipped: Strings('what could not be written, and why'),
  },
  'what pull wrote into the directory',
);

/** `apply`: also printed before a failure, with `failed` set. */
export const ApplyResult = Closed(
  {
    project: Str(),
    applied: Strings('each change sent, in order'),
    notDone: Strings('the changes not sent because one failed'),
    failed: Nullable(Closed({ request: Str(), message: Str() })),
  },
  'what apply changed; with failed set, it stopped there',
);

const QueryView = Closed({ displayName: Str(), materialized: Bool(), schedule: Nullable(RefreshSchedule), sql: Str(), folder: Str() });

const Fields = Type.Array(Type.Union([Type.Literal('displayName'), Type.Literal('sql'), Type.Literal('materialized'), Type.Literal('schedule'), Type.Literal('folder')]));

const SUMMARY_COUNTS = [
  'changes', 'create', 'update', 'convert', 'schedule', 'move', 'delete', 'createFolder', 'deleteFolder',
  'addGoldenSql', 'replaceGoldenSql', 'deleteGoldenSql', 'addRelation', 'updateRelation', 'deleteRelation', 'requests',
] as const;

const ColumnRef = Closed({ catalog: Str(), schema: Str(), table: Str(), column: Str() });

/** The knowledge part of a plan (golden SQLs and relations). */
const KnowledgeSection = Closed({
  files: Strings('the knowledge files read: only their kinds were compared'),
  fingerprint: Str(),
  changes: Type.Array(
    Type.Union([
      Closed({ action: Type.Literal('addGoldenSql'), question: Str(), sql: Str() }),
      Closed({ action: Type.Literal('replaceGoldenSql'), question: Str(), id: Str(), before: Str(), sql: Str() }),
      Closed({ action: Type.Literal('deleteGoldenSql'), question: Str(), id: Str(), sql: Str() }),
      Closed({ action: Type.Literal('addRelation'), relation: Str(), from: ColumnRef, to: ColumnRef, type: Str() }),
      Closed({ action: Type.Literal('updateRelation'), relation: Str(), id: Str(), from: ColumnRef, before: Str(), type: Str() }),
      Closed({ action: Type.Literal('deleteRelation'), relation: Str(), id: Str(), from: ColumnRef, type: Str() }),
    ]),
  ),
  unmanaged: Closed({ goldenSqls: Strings('their questions'), relations: Strings() }),
  desired: Closed({
    goldenSqls: Type.Optional(Type.Array(Closed({ question: Str(), sql: Str() }))),
    relations: Type.Optional(Type.Array(Closed({ from: ColumnRef, to: ColumnRef, type: Str() }))),
  }),
});

/** `plan`: the plan document `apply --plan` reads back. */
export const PlanDocument = Closed(
  {
    format: Type.Literal('dgw-plan'),
    version: Type.Literal(2),
    project: Str(),
    target: Str({ description: 'the base URL, or local' }),
    dir: Str(),
    scope: Strings(),
    prune: Bool(),
    fingerprint: Str(),
    hasChanges: Bool(),
    summary: Closed(
      Object.fromEntries(SUMMARY_COUNTS.map((k) => [k, Type.Integer()])) as Record<(typeof SUMMARY_COUNTS)[number], ReturnType<typeof Type.Integer>>,
    ),
    changes: Type.Array(
      Type.Union([
        Closed({ action: Type.Literal('createFolder'), folder: Str() }),
        Closed({ action: Type.Literal('create'), name: Str(), file: Str(), after: QueryView, from: Nullable(Str()), checkSchemaExists: Bool() }),
        Closed({
          action: Type.Literal('update'),
          name: Str(),
          file: Str(),
          id: Str(),
          fields: Fields,
          before: QueryView,
          after: QueryView,
          from: Nullable(Str()),
          checkSchemaExists: Bool(),
        }),
        Closed({ action: Type.Literal('delete'), name: Str(), id: Str(), before: QueryView }),
        Closed({ action: Type.Literal('deleteFolder'), folder: Str(), id: Str() }),
      ]),
    ),
    unmanaged: Closed({ queries: Type.Array(Closed({ name: Str(), id: Str(), folder: Str() })), folders: Strings() }),
    skipped: Strings(),
    requests: Type.Array(Closed({ operation: Str(), method: Str(), description: Str() })),
    desired: Closed({
      queries: Type.Array(
        Closed({
          name: Str(),
          file: Str(),
          folder: Str(),
          displayName: Str(),
          materialized: Bool(),
          schedule: Nullable(RefreshSchedule),
          sql: Nullable(Str()),
          from: Nullable(Str()),
          checkSchemaExists: Bool(),
        }),
      ),
      folders: Strings(),
      scope: Strings(),
    }),
    knowledge: KnowledgeSection,
  },
  'the plan: what apply would change, and what it was made from',
);

// Type-only, so no TypeBox at run time.
export type LogoutResult = Static<typeof LogoutResult>;
export type ProfileUsed = Static<typeof ProfileUsed>;
export type ProfileRemoved = Static<typeof ProfileRemoved>;
export type ConfigGot = Static<typeof ConfigGot>;
export type ConfigSet = Static<typeof ConfigSet>;
export type QueriesMoved = Static<typeof QueriesMoved>;
export type QueryDeleted = Static<typeof QueryDeleted>;
export type RefreshAccepted = Static<typeof RefreshAccepted>;
export type CancelRequested = Static<typeof CancelRequested>;
export type FolderCreated = Static<typeof FolderCreated>;
export type FolderRenamed = Static<typeof FolderRenamed>;
export type FolderMoved = Static<typeof FolderMoved>;
export type QueriesPlaced = Static<typeof QueriesPlaced>;
export type FolderDeleted = Static<typeof FolderDeleted>;
export type ColumnDropped = Static<typeof ColumnDropped>;
export type TableDeleted = Static<typeof TableDeleted>;
export type KeyDeleted = Static<typeof KeyDeleted>;
export type GoldenSqlDeleted = Static<typeof GoldenSqlDeleted>;
export type RelationDeleted = Static<typeof RelationDeleted>;
export type ConnectionDeleted = Static<typeof ConnectionDeleted>;
export type CatalogDeleted = Static<typeof CatalogDeleted>;
export type ProjectDeleted = Static<typeof ProjectDeleted>;
export type WorkspaceDeleted = Static<typeof WorkspaceDeleted>;
export type CatalogShared = Static<typeof CatalogShared>;
export type ServeInfo = Static<typeof ServeInfo>;
export type ImportResult = Static<typeof ImportResult>;
export type ExportStarted = Static<typeof ExportStarted>;
export type ExportCancelled = Static<typeof ExportCancelled>;
export type PullResult = Static<typeof PullResult>;
export type ApplyResult = Static<typeof ApplyResult>;
export type SchemaEntry = Static<typeof SchemaEntry>;

/** A metadata refresh the service accepted and runs. */
export const MetadataRefreshAccepted = Closed({ catalogIds: Type.Array(Str()), refresh: Type.Literal('accepted') }, 'the refresh was accepted and runs in the service; catalogIds as far as it says');
export type MetadataRefreshAccepted = Static<typeof MetadataRefreshAccepted>;

/** The callback removed. */
export const MetadataCallbackRemoved = Closed({ callbackURL: Nullable(Type.String()), deleted: Type.Boolean() }, 'the callback URL removed (null, deleted false: there was none)');
export type MetadataCallbackRemoved = Static<typeof MetadataCallbackRemoved>;

/** A column's categorical values forgotten. */
export const CategoricalRemoved = Closed({ column: Str(), deleted: Type.Literal(true) }, "the column whose categorical values were forgotten, as given");
export type CategoricalRemoved = Static<typeof CategoricalRemoved>;

/** A thread deleted. */
export const ThreadDeleted = Closed({ threadId: Str(), deleted: Type.Literal(true) }, 'the deleted conversation with the agent');
export type ThreadDeleted = Static<typeof ThreadDeleted>;

/** A table taken out of a semantic catalog. */
export const SemanticTableDeleted = Closed({ catalogId: Str(), tableId: Str(), deleted: Type.Literal(true) }, 'the table taken out of the semantic catalog (its saved query stays)');
export type SemanticTableDeleted = Static<typeof SemanticTableDeleted>;

/** A semantic catalog shared with another project. */
export const SemanticCatalogShared = Closed({ catalogId: Str(), targetProjectId: Str(), shared: Type.Literal(true) }, 'the semantic catalog shared, and the project that may read it');
export type SemanticCatalogShared = Static<typeof SemanticCatalogShared>;
