import Type, { type TSchema } from 'typebox';
import * as C from './cache-records.js';
import * as R from './records.js';
import * as O from './results.js';

// What each command prints with --json, published in schemas/ by `npm run schemas`. Only tests and the generator load this.

/** One shape of a command's output. */
export interface Variant {
  /** When it is printed. */
  when: string;
  schema: TSchema;
}

/** A command's JSON output: its variants by name; the first is the usual one. */
export type CommandOutput = Record<string, Variant>;

const list = (record: TSchema): CommandOutput => ({ list: { when: 'always', schema: Type.Array(record) } });
const one = (record: TSchema, when = 'always'): CommandOutput => ({ record: { when, schema: record } });
/** What a language model answered (hosted service only): an open object in the document, printed as it came. */
const modelAnswer: CommandOutput = { answer: { when: 'always: the answer as the service sent it (an open object in the document)', schema: Type.Unknown({ description: 'any JSON' }) } };
const exportJob: CommandOutput = {
  record: { when: 'waiting for the export (with -o FILE): the finished job, its files and links', schema: R.ExportJobRecord },
  started: { when: 'with --no-wait: the job as it started', schema: O.ExportStarted },
};

/** Every command's output, by command path; `null`: the command prints no JSON (`--json` is exit 2). */
export const OUTPUTS: Record<string, CommandOutput | null> = {
  'auth login': one(O.LoginResult),
  'auth status': one(O.AuthStatus),
  'auth logout': one(O.LogoutResult),
  'profile list': list(O.ProfileRow),
  'profile use': one(O.ProfileUsed),
  'profile rm': one(O.ProfileRemoved),
  'config explain': one(O.ConfigExplained),
  'config get': one(O.ConfigGot),
  'config set': one(O.ConfigSet),
  'config unset': one(O.ConfigSet),
  'query create': one(R.QueryRecord),
  'query list': list(R.QueryRecord),
  'query get': one(R.QueryRecord),
  'query update': one(R.QueryRecord),
  'query edit': one(R.QueryRecord),
  'query run': { rows: { when: 'always; the fields are the result\'s columns, known from the answer', schema: R.ResultRows } },
  'query mv': one(O.QueriesMoved),
  'query rm': list(O.QueryDeleted),
  'query export': exportJob,
  'catalog export': exportJob,
  'export list': list(R.ExportJobRecord),
  'export get': one(R.ExportJobRecord, 'always (with -o FILE, once its files are downloaded)'),
  'export cancel': one(O.ExportCancelled),
  'mtquery create': one(R.QueryRecord),
  'mtquery list': list(R.QueryRecord),
  'mtquery refresh': {
    accepted: { when: 'without --wait, when the service runs the refresh (hosted, or dgw serve)', schema: O.RefreshAccepted },
    status: { when: 'with --wait, or on the in-process local gateway: the final status (also when the refresh failed, before exit 10)', schema: R.StatusRecord },
  },
  'mtquery status': {
    record: { when: 'with QUERY', schema: R.StatusRecord },
    list: { when: 'without QUERY: every materialized query', schema: Type.Array(R.StatusRecord) },
  },
  'mtquery cancel': {
    status: { when: 'when the service answers the status (the local gateway\'s spec shape)', schema: R.StatusRecord },
    requested: { when: 'when it answers no body (the hosted service)', schema: O.CancelRequested },
  },
  'cache create': {
    record: { when: 'one TABLE', schema: C.CacheRecord },
    batch: { when: 'with --batch: one entry per TABLE', schema: Type.Array(C.CacheCreated) },
  },
  'cache list': list(C.CacheStatusRecord),
  'cache get': one(C.CacheRecord),
  'cache status': {
    record: { when: 'with CACHE', schema: C.CacheStatusRecord },
    list: { when: 'without CACHE: every cache', schema: Type.Array(C.CacheStatusRecord) },
  },
  'cache update': one(C.CacheRecord),
  'cache refresh': {
    run: { when: 'with --wait, or on the in-process local gateway: the run as it ended (also when it failed, before exit 10)', schema: C.CacheRunRecord },
    accepted: { when: 'without --wait, when the service runs the refresh (hosted, or dgw serve)', schema: C.CacheRefreshAccepted },
  },
  'cache cancel': one(C.CacheCancel),
  'cache history': list(C.CacheRunRecord),
  'cache rm': one(C.CacheDeleted),
  'folder list': {
    list: { when: 'without --tree: every folder, children empty', schema: Type.Array(R.FolderRecord) },
    tree: { when: 'with --tree: the root folders, subfolders nested', schema: Type.Array(R.FolderRecord) },
    treeWithQueries: { when: 'with --queries (as folder tree --queries)', schema: R.TreeWithQueries },
  },
  'folder view': one(R.FolderView),
  'folder tree': {
    tree: { when: 'without --queries', schema: Type.Array(R.TreeRecord(false)) },
    treeWithQueries: { when: 'with --queries', schema: R.TreeWithQueries },
  },
  'folder create': one(O.FolderCreated),
  'folder rename': one(O.FolderRenamed),
  'folder move': one(O.FolderMoved),
  'folder mv': one(O.QueriesPlaced),
  'folder rm': one(O.FolderDeleted),
  'catalog list': list(R.CatalogRecord),
  'catalog get': one(R.CatalogRecord),
  'catalog create': one(R.CatalogRecord),
  'catalog rm': one(O.CatalogDeleted),
  'catalog schemas': list(R.SchemaRecord),
  'catalog tables': list(R.CatalogTableRecord),
  'catalog columns': list(R.ColumnRecord),
  'catalog stats': one(R.StatisticsRecord),
  'catalog is-cached': one(R.CacheStateRecord),
  'catalog search': list(R.SearchMatchRecord),
  'catalog share': one(O.CatalogShared),
  'table list': {
    tables: { when: 'without TABLE: the stored tables', schema: Type.Array(R.TableRecord) },
    columns: { when: 'with TABLE: its columns', schema: Type.Array(R.ColumnRecord) },
  },
  'table create': one(R.TableRecord),
  'table add-column': list(R.ColumnRecord),
  'table update-column': list(R.ColumnRecord),
  'table drop-column': one(O.ColumnDropped),
  'table rm': one(O.TableDeleted),
  'table import': one(O.ImportResult),
  'table sample': null,
  'connection list': list(R.SourceConnectionRecord),
  'connection get': one(R.SourceConnectionRecord),
  'connection create': one(R.SourceConnectionRecord),
  'connection update': one(R.SourceConnectionRecord),
  'connection rm': one(O.ConnectionDeleted),
  'connection detail': one(R.ConnectionDetailRecord),
  'connection oauth-callback': one(R.SourceConnectionRecord),
  'connection config': one(R.ConnectionRecord),
  'connection types': list(R.ConnectionRecord),
  'bitable list': { tables: { when: 'without TABLE: the BI tables', schema: Type.Array(R.TableRecord) }, columns: { when: 'with TABLE: its columns', schema: Type.Array(R.ColumnRecord) } },
  'bitable create': one(R.TableRecord),
  'bitable add-column': list(R.ColumnRecord),
  'bitable update-column': list(R.ColumnRecord),
  'bitable drop-column': one(O.ColumnDropped),
  'bitable rm': one(O.TableDeleted),
  'parametric-table list': list(R.ParametricTableRecord),
  'parametric-table create': one(R.ParametricTableRecord),
  'parametric-table rm': one(O.TableDeleted),
  'driver list': list(R.DriverRecord),
  'driver jdbc': one(R.DriverRecord),
  'driver sqlalchemy': one(R.DriverRecord),
  'workspace list': list(R.WorkspaceRecord),
  'workspace get': one(R.WorkspaceRecord),
  'workspace create': one(R.WorkspaceRecord),
  'workspace update': one(R.WorkspaceRecord),
  'workspace rm': one(O.WorkspaceDeleted),
  'project list': list(R.ProjectRecord),
  'project create': one(R.ProjectRecord),
  'project update': one(R.ProjectRecord),
  'project rm': one(O.ProjectDeleted),
  'key list': list(R.ApiKeyRecord),
  'key create': one(R.ApiKeyRecord),
  'key rm': one(O.KeyDeleted),
  'golden-sql list': list(R.GoldenSqlRecord),
  'golden-sql add': one(R.GoldenSqlRecord),
  'golden-sql search': list(R.GoldenSqlRecord),
  'golden-sql rm': one(O.GoldenSqlDeleted),
  'metadata get': list(R.MetadataTableRecord),
  'metadata refresh': {
    list: { when: 'with --wait, or on the in-process local gateway: how each catalog\'s refresh ended (also when one failed, before exit 10)', schema: Type.Array(R.MetadataStatusRecord) },
    accepted: { when: 'without --wait, when the service runs the refresh (hosted, or dgw serve)', schema: O.MetadataRefreshAccepted },
  },
  'metadata status': list(R.MetadataStatusRecord),
  'metadata callback': one(R.MetadataCallbackRecord),
  'metadata set-callback': one(R.MetadataCallbackRecord),
  'metadata rm-callback': one(O.MetadataCallbackRemoved),
  'metadata describe': one(R.MetadataTableRecord),
  'metadata ai-usage': one(R.AiUsageRecord),
  'metadata categorical': one(R.MetadataTableRecord),
  'metadata rm-categorical': one(O.CategoricalRemoved),
  'metadata semantics': modelAnswer,
  'metadata questions': modelAnswer,
  'metadata search': modelAnswer,
  transpile: one(R.TranspiledRecord),
  ask: one(R.AskExchange),
  'semantic-catalog create': one(R.CatalogRecord),
  'semantic-catalog add-table': one(R.SemanticTableRecord),
  'semantic-catalog rm-table': one(O.SemanticTableDeleted),
  'semantic-catalog share': one(O.SemanticCatalogShared),
  'thread list': list(R.ThreadRecord),
  'thread get': modelAnswer,
  'thread rename': one(R.ThreadRecord),
  'thread rm': one(O.ThreadDeleted),
  'embed session': one(R.EmbedSessionRecord),
  'relation add': one(R.RelationRecord),
  'relation list': list(R.RelationRecord),
  'relation update': one(R.RelationRecord),
  'relation rm': one(O.RelationDeleted),
  api: { answer: { when: 'always: the response body as the service sent it (numbers digit for digit)', schema: Type.Unknown({ description: 'any JSON' }) } },
  completion: null,
  'agent workflow': null,
  serve: one(O.ServeInfo),
  sql: { rows: { when: 'always; the fields are the result\'s columns, known from the answer', schema: R.ResultRows } },
  version: one(O.VersionInfo),
  pull: one(O.PullResult),
  plan: one(O.PlanDocument),
  apply: one(O.ApplyResult),
  schema: {
    schema: { when: 'with COMMAND: its JSON Schema (draft 2020-12)', schema: Type.Object({}, { description: 'a JSON Schema document' }) },
    index: { when: 'without COMMAND: the commands that have one', schema: Type.Array(O.SchemaEntry) },
  },
};

/** The variant every command with --dry-run has. */
export const DRY_RUN: Variant = { when: 'with --dry-run: one object per request that was not sent', schema: R.DryRun };
