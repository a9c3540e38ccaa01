import { sep } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DuckDBModule } from '../duckdb.js';
import { duckFault, FAULT_CODES, heldByAnother, notAFile } from '../faults.js';
import { HttpError } from '../errors.js';
import { defaultLimits, engineSettings } from '../limits.js';
import { seedDemo } from '../seed.js';
import { hardenInstance } from '../sandbox/index.js';
import { literal } from '../sql.js';
import { migrateQueryIds } from './ids.js';
import { readMetadata, type Metadata } from './metadata.js';
import { folderPaths } from './folders.js';
import { insertQueriesSql, QUERY_ROWS_DDL, queryFromDoc, type StoredQueryDoc } from './query-rows.js';
import { CACHE_DDL, recoverCacheRuns } from './cache-rows.js';
import { KeptReaders } from './kept-readers.js';
import type { ConnectedFiles } from './connected-files.js';
import { attachConnections, CONNECTIONS_DDL, dataFolderOf, readConnections, updateConnectionRow } from './connections.js';
import { attachParametricTables, PARAMETRIC_DDL, readParametricTables } from './parametric-tables.js';
import { GOLDEN_SQL_DDL } from './golden-sqls.js';
import { METADATA_DDL } from './project-metadata.js';
import { RELATIONS_DDL } from './relations.js';
import { recoverRefreshLog } from './refresh-log.js';
import { runStatement } from './statement.js';
import { ifTable, ProjectStore, rows, rowsAs, walSize } from './store.js';
import type { ProjectOptions } from './types.js';

const SCHEMA = [
  'CREATE SCHEMA IF NOT EXISTS svc._dgw',
  'CREATE SCHEMA IF NOT EXISTS svc.query',
  'CREATE SCHEMA IF NOT EXISTS svc.mtquery',
  'CREATE SCHEMA IF NOT EXISTS svc."table"',
  'CREATE SCHEMA IF NOT EXISTS svc.bitable',
  QUERY_ROWS_DDL,
  // Kept empty: a dgw of schema version 1 reads it before it can see a later version and refuse.
  'CREATE TABLE IF NOT EXISTS svc._dgw.query_docs (id VARCHAR, doc VARCHAR)',
  'CREATE TABLE IF NOT EXISTS svc._dgw.folders (id VARCHAR, name VARCHAR, parent_id VARCHAR, created_at BIGINT, modified_at BIGINT)',
  // Append-only: the latest row per query is its status, so a refresh never updates a row another writer touches.
  'CREATE TABLE IF NOT EXISTS svc._dgw.refresh_log (query_id VARCHAR, seq BIGINT, status VARCHAR, started_at BIGINT, finished_at BIGINT, message VARCHAR)',
  'CREATE TABLE IF NOT EXISTS svc._dgw.settings (key VARCHAR, value VARCHAR)',
  'CREATE TABLE IF NOT EXISTS svc._dgw.query_aliases (alias VARCHAR, id VARCHAR)',
  // DuckDB has no table without columns, so an empty table (stored or, since version 5, BI) is made with its first columns.
  'CREATE TABLE IF NOT EXISTS svc._dgw.empty_tables (name VARCHAR, created_at BIGINT)',
  `ALTER TABLE svc._dgw.empty_tables ADD COLUMN IF NOT EXISTS schema_name VARCHAR DEFAULT 'table'`,
  ...CACHE_DDL,
  ...CONNECTIONS_DDL,
  PARAMETRIC_DDL,
  GOLDEN_SQL_DDL,
  RELATIONS_DDL,
  ...METADATA_DDL,
  'CREATE TABLE IF NOT EXISTS svc._dgw.semantic_catalogs (id VARCHAR, name VARCHAR, created_at BIGINT)',
  // Since version 14: the name as given (NULL before, when it was the catalog's name).
  'ALTER TABLE svc._dgw.semantic_catalogs ADD COLUMN IF NOT EXISTS display_name VARCHAR',
  'CREATE TABLE IF NOT EXISTS svc._dgw.semantic_tables (id VARCHAR, catalog_id VARCHAR, schema_name VARCHAR, table_name VARCHAR, query_id VARCHAR, created_at BIGINT)',
];

/** Opens a project's database (creating its schema, and seeding it once when asked) and loads its cache. */
export async function openStore(duck: DuckDBModule, options: ProjectOptions): Promise<ProjectStore> {
  const limits = options.limits ?? defaultLimits();
  const temp = tempDirectory(options.file);
  const instance = await (options.engine ?? duck.DuckDBInstance.create(':memory:', { ...engineSettings(limits), ...temp }));
  let writer: DuckDBConnection | undefined;
  try {
    const fault = options.file === undefined ? undefined : await notAFile({ projectId: options.id, file: options.file });
    if (fault) throw fault;
    writer = await instance.connect();
    if (options.engine) await writer.run(`SET temp_directory = ${literal(temp.temp_directory)}`);
    await attach(writer, options.file ?? ':memory:');
    // Connections are attached now: once external access is off, DuckDB opens no other file.
    const connections = await readConnections(writer);
    const readers = new KeptReaders(options.file === undefined ? undefined : `${options.file}.readers.json`, duck.version());
    const connected: ConnectedFiles = new Map();
    const { broken, files, named } = await attachConnections(writer, connections, dataFolderOf(options.file), readers, connected);
    readers.save();
    // Parametric tables live in connections' catalogs: a project without connections reads no definition at open.
    if (connections.length > 0) await attachParametricTables(writer, await readParametricTables(writer), connections, broken);
    // From here on SQL reaches only the transfer folder, for the gateway's own imports and exports, and the connections' files.
    // Results must not depend on the TZ of whichever process runs the gateway (a CLI's, or dgw serve's).
    const reach = `SET allowed_directories = [${literal(`${options.transferDir}${sep}`)}]; `;
    const paths = files.length > 0 ? `SET allowed_paths = [${files.map(literal).join(', ')}]; ` : '';
    await writer.run(`SET GLOBAL TimeZone = 'UTC'; ${reach}${paths}PRAGMA disable_checkpoint_on_shutdown; SET enable_external_access = false; USE svc`);
    const store = new ProjectStore(options.id, duck, instance, writer, options.now, options.file, options.transferDir);
    store.connections = connections;
    store.keptReaders = readers;
    store.connectedFiles = connected;
    store.brokenConnections = broken;
    store.limits = limits;
    store.walAtOpen = await walSize(options.file);
    await init(store, options.seed);
    // Stored once the metadata has its column: a file keeps its name at every later open.
    for (const c of named) await updateConnectionRow(writer, c);
    // A project without semantic catalogs loads none of their code.
    const [semantic] = await rows(writer, 'SELECT count(*) AS n FROM svc._dgw.semantic_catalogs');
    if (Number(semantic.n) > 0) await (await import('./semantic-catalogs.js')).attachSemanticCatalogs(store);
    await hardenInstance(duck, writer);
    return store;
  } catch (error) {
    writer?.closeSync();
    instance.closeSync();
    throw duckFault(error, { projectId: options.id, file: options.file }) ?? error;
  }
}

/** Where DuckDB spills: next to the project's file. */
function tempDirectory(file: string | undefined): { temp_directory: string } {
  return { temp_directory: file ? `${file}.tmp` : '' };
}

/** Raise whenever SCHEMA or a migration changes: a database recording it needs no DDL on open. */
const SCHEMA_VERSION = '15';

async function init(s: ProjectStore, seed: boolean): Promise<void> {
  let meta = await readAll(s.writer);
  const version = meta?.settings.find((r) => r.key === 'schema_version')?.value;
  refuseNewer(s, version);
  const seeded = meta?.settings.some((r) => r.key === 'seeded') === true;
  if (!meta || version !== SCHEMA_VERSION || (seed && !seeded)) {
    await prepare(s, seed, seeded);
    // Folded into the file at once, so a command stopped before closing leaves no WAL for later ones to replay.
    await s.writer.run('CHECKPOINT');
    meta = (await readAll(s.writer))!;
  }
  for (const r of meta.aliases) s.aliases.set(String(r.alias), String(r.id));
  s.loadLog(meta.log);
  await recoverRefreshLog(s);
  await recoverCacheRuns(s.writer, s.now());
}

/** A database a later dgw wrote is left as it is: this dgw cannot know what the later one keeps where. */
function refuseNewer(s: ProjectStore, version: string | undefined): void {
  if (version === undefined || !/^\d+$/.test(version) || Number(version) <= Number(SCHEMA_VERSION)) return;
  const file = s.file ?? `project ${s.id} (in memory)`;
  throw new HttpError(
    500,
    `the database of project ${s.id}, ${file}, was written by a later dgw (its metadata is version ${version}; this dgw knows version ${SCHEMA_VERSION} at most) and is left as it is; run the dgw that wrote it, or a later one`,
    FAULT_CODES.newer,
  );
}

/** What the cache holds from the start, in one statement; undefined for a database without the metadata tables. */
function readAll(conn: DuckDBConnection): Promise<Pick<Metadata, 'settings' | 'aliases' | 'log'> | undefined> {
  return ifTable(readMetadata(conn, ['settings', 'aliases', 'log']), undefined);
}

/** Creates what the schema lacks, migrates older metadata, seeds once when asked, and records the version: one transaction. */
async function prepare(s: ProjectStore, seed: boolean, seeded: boolean): Promise<void> {
  await s.writer.run('BEGIN');
  try {
    // Listed before the DDL: a new database has no table yet, and a list of them costs by the table.
    const old = await oldQueryTables(s.writer);
    for (const statement of SCHEMA) await s.writer.run(statement);
    // A row of the old column-per-field table is a document whose schedule is still JSON text.
    const columns = (old.has('queries') ? await takeRows(s.writer, 'queries') : []).map((r) => {
      const schedule = r.schedule === null ? null : JSON.parse(String(r.schedule));
      return queryFromDoc(String(r.id), { ...r, schedule } as StoredQueryDoc);
    });
    const docs = (old.has('query_docs') ? await takeRows(s.writer, 'query_docs') : []).map((r) => queryFromDoc(String(r.id), JSON.parse(String(r.doc)) as StoredQueryDoc));
    const moved = await migrateQueryIds(s.writer, [...columns, ...docs]);
    if (moved.length > 0) {
      s.loadFolders((await readMetadata(s.writer, ['folders'])).folders);
      await runStatement(s.writer, insertQueriesSql(s.duck, moved, folderPaths(s)));
    }
    await dropEveryView(s.writer);
    if (seed && !seeded && (await rows(s.writer, `SELECT 1 FROM svc._dgw.settings WHERE key = 'seeded'`)).length === 0) {
      await seedDemo(s.writer);
      await s.writer.run(`INSERT INTO svc._dgw.settings VALUES ('seeded', ?)`, [new Date(s.now()).toISOString()]);
    }
    await s.writer.run(`DELETE FROM svc._dgw.settings WHERE key = 'schema_version'`);
    await s.writer.run(`INSERT INTO svc._dgw.settings VALUES ('schema_version', ?)`, [SCHEMA_VERSION]);
    await s.writer.run('COMMIT');
  } catch (error) {
    await s.writer.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Which old tables of saved queries (`_dgw.queries`, `_dgw.query_docs` of schema version 1) the database has. */
async function oldQueryTables(conn: DuckDBConnection): Promise<Set<string>> {
  const found = await rows(conn, `SELECT table_name FROM duckdb_tables() WHERE database_name = 'svc' AND schema_name = '_dgw' AND table_name IN ('queries', 'query_docs')`);
  return new Set(found.map((r) => String(r.table_name)));
}

/** Takes the rows out of an old table of saved queries, leaving it empty; fields in camelCase. */
async function takeRows(conn: DuckDBConnection, table: 'queries' | 'query_docs'): Promise<Array<Record<string, unknown>>> {
  const taken = await rowsAs<Record<string, unknown>>(conn, `SELECT * FROM svc._dgw.${table}`);
  await conn.run(`DELETE FROM svc._dgw.${table}`);
  return taken;
}

/** Views are made when first read (views.ts), so a migrated file does not make every command load them all. */
async function dropEveryView(conn: DuckDBConnection): Promise<void> {
  const views = await rows(conn, `SELECT 1 FROM duckdb_views() WHERE database_name = 'svc' AND schema_name = 'query' LIMIT 1`);
  if (views.length === 0) return;
  await conn.run('DROP SCHEMA svc.query CASCADE');
  await conn.run('CREATE SCHEMA svc.query');
}

/** Waits a while for another process's lock on the file (then openStore says who holds it). */
async function attach(conn: DuckDBConnection, file: string): Promise<void> {
  const deadline = Date.now() + 3000;
  for (;;) {
    try {
      // ATTACH takes no parameters: the path (the data folder's, never a request's) is a literal.
      await conn.run(`ATTACH ${literal(file)} AS svc`);
      return;
    } catch (error) {
      if (!heldByAnother(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
