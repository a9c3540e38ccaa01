import { callbackProblem, postCallback } from './callback-post.js';
import type { DuckDBConnection } from '@duckdb/node-api';
import { badRequest, duckMessage, HttpError } from '../errors.js';
import { allCatalogs, catalogPlace, catalogStays, type CatalogPlace } from './catalog-place.js';
import { schemaNames } from './catalog-browse.js';
import { categoricalValues, noteAt, NOTES_DDL, readNotes, writeNotes, type Note } from './metadata-notes.js';
import { startJob } from './refresh-job.js';
import { jobStatements } from '../request-scope.js';
import { QUERY_CATALOG_ID } from '../routes/catalogs.js';
import { makeMissingViews } from './views.js';
import { rows, rowsAs, textOrNull, type ProjectStore, type RunningRefresh } from './store.js';

// The project's metadata: each catalog's schemas, tables and columns as DuckDB's catalog describes
// them, kept as a snapshot a refresh job rewrites, so a reader sees what the last refresh saw.

/** A column as DuckDB's catalog described it at the last refresh. */
interface SeenColumn {
  columnName: string;
  dataType: string;
  isNotNull: boolean;
  comment: string | null;
}

/** A table or view as DuckDB's catalog described it at the last refresh. */
interface SeenTable {
  tableName: string;
  comment: string | null;
  columns: SeenColumn[];
}

/** A column as answered: the document's MetadataColumn fields the local gateway knows. */
export interface MetadataColumn {
  columnName: string;
  columnDescription: string | null;
  dataType: string;
  order: number;
  isNotNull: boolean;
  isCategorical: boolean;
  categoricalValues: string[];
}

/** A table as answered: a description written by hand (else DuckDB's comment), whether the agent may use it, its columns. */
export interface MetadataTable {
  tableName: string;
  tableDescription: string | null;
  useWithAI: boolean;
  columns: MetadataColumn[];
}

/** One catalog's metadata as of its last refresh, with the notes written since. */
export interface CatalogMetadata {
  catalogId: string;
  catalogName: string;
  useWithAI: boolean;
  status: MetadataJobStatus;
  message: string | null;
  refreshedAt: number | null;
  schemas: Array<{ schemaName: string; useWithAI: boolean; tables: MetadataTable[] }>;
}

/** The statuses the document names for a metadata refresh job that the local gateway reaches. */
export type MetadataJobStatus = 'NOT_ACTIVE' | 'ACTIVE' | 'COMPLETED' | 'FAILED';

/** Where a refresh's end is announced: a URL, and a token sent with it as a bearer key. */
export interface MetadataCallback {
  url: string;
  token: string | null;
}

export const METADATA_DDL = [
  NOTES_DDL,
  'CREATE TABLE IF NOT EXISTS svc._dgw.metadata_snapshots (catalog_id VARCHAR, status VARCHAR, message VARCHAR, refreshed_at BIGINT, body VARCHAR)',
  'CREATE TABLE IF NOT EXISTS svc._dgw.metadata_callback (url VARCHAR, token VARCHAR)',
];

const jobKey = (catalogId: string) => `metadata:${catalogId}`;

/** The metadata of every catalog (or one, and within it one schema); a catalog never refreshed is refreshed first. */
export async function readProjectMetadata(s: ProjectStore, catalogId?: string, schemaName?: string): Promise<CatalogMetadata[]> {
  if (schemaName !== undefined && catalogId === undefined) throw badRequest('schemaName needs catalogId: name the catalog the schema is in');
  const places = catalogId === undefined ? allCatalogs(s).map((c) => catalogPlace(s, c.id, false)) : [catalogPlace(s, catalogId, false)];
  const stored = await s.withConnection(readSnapshots);
  const notes = await s.withConnection(readNotes);
  const out: CatalogMetadata[] = [];
  for (const place of places) {
    const found = stored.get(place.catalog.id) ?? (await refreshNow(s, place));
    const meta = view(s, place, found, notes);
    out.push(schemaName === undefined ? meta : { ...meta, schemas: meta.schemas.filter((x) => x.schemaName === schemaName) });
  }
  return out;
}

/** Starts a refresh of one catalog's metadata, or of every catalog's; a catalog being refreshed is not started twice. `outwardOnly`: the callback may not reach this machine or its private network. */
export async function refreshMetadata(s: ProjectStore, catalogId: string | undefined, callback: MetadataCallback | undefined, outwardOnly: boolean): Promise<string[]> {
  const places = catalogId === undefined ? allCatalogs(s).map((c) => catalogPlace(s, c.id, false)) : [catalogPlace(s, catalogId, false)];
  const announce = callback ?? (await readCallback(s));
  for (const place of places) {
    if (s.running.has(jobKey(place.catalog.id))) continue;
    await startJob(s, jobKey(place.catalog.id), async (job) => {
      const ended = await refreshNow(s, place, job);
      if (announce) await deliver(s, announce, place.catalog.id, ended, outwardOnly);
    });
  }
  return places.map((p) => p.catalog.id);
}

/** ACTIVE while a refresh runs, else how the last one ended, else NOT_ACTIVE. */
export async function metadataStatus(s: ProjectStore, catalogId: string): Promise<{ status: MetadataJobStatus; message: string | null; refreshedAt: number | null }> {
  const place = catalogPlace(s, catalogId, false);
  const found = view(s, place, (await s.withConnection(readSnapshots)).get(place.catalog.id), []);
  return { status: found.status, message: found.message, refreshedAt: found.refreshedAt };
}

export async function readCallback(s: ProjectStore): Promise<MetadataCallback | undefined> {
  const [row] = await s.withConnection((conn) => rowsAs<MetadataCallback>(conn, 'SELECT url, token FROM svc._dgw.metadata_callback LIMIT 1'));
  return row;
}

/** Registers the URL told of every refresh's end (replacing the one before). */
export async function registerCallback(s: ProjectStore, callback: MetadataCallback): Promise<MetadataCallback> {
  await s.tx(async (conn) => {
    await conn.run('DELETE FROM svc._dgw.metadata_callback');
    await conn.run('INSERT INTO svc._dgw.metadata_callback VALUES ($1, $2)', [callback.url, callback.token]);
  });
  return callback;
}

export async function unregisterCallback(s: ProjectStore): Promise<MetadataCallback | undefined> {
  const before = await readCallback(s);
  await s.tx((conn) => conn.run('DELETE FROM svc._dgw.metadata_callback'));
  return before;
}

/** A callback URL as given: http or https, with a host. */
export function callbackUrl(given: string): string {
  const url = URL.parse(given);
  if (!url) throw badRequest(`callbackURL ${JSON.stringify(given)} is not a URL`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(`callbackURL must be an http or https URL, not ${url.protocol}`);
  return url.toString();
}

/** Reads the catalog from DuckDB's catalog and replaces its snapshot: COMPLETED, or FAILED with DuckDB's message (the previous tables kept). */
async function refreshNow(s: ProjectStore, place: CatalogPlace, job?: RunningRefresh): Promise<Snapshot> {
  const at = s.now();
  let schemas: Snapshot['schemas'] | undefined;
  let message: string | null = null;
  try {
    // A connection whose source did not open fails its refresh, saying why (its last tables are kept).
    catalogPlace(s, place.catalog.id);
    if (place.catalog.id === QUERY_CATALOG_ID) await makeMissingViews(s);
    schemas = job ? await jobStatements(job.conn, job.stop.signal, () => readCatalog(job.conn, place)) : await s.withConnection((c) => readCatalog(c, place));
    await recountCategorical(s, place);
  } catch (error) {
    message = duckMessage(error);
  }
  const before = (await s.withConnection(readSnapshots).catch(() => undefined))?.get(place.catalog.id);
  let ended: Snapshot = {
    status: schemas ? 'COMPLETED' : 'FAILED',
    message,
    refreshedAt: schemas ? at : (before?.refreshedAt ?? null),
    schemas: schemas ?? before?.schemas ?? [],
  };
  try {
    await s.tx(async (w) => {
      // A catalog removed while it was read keeps no snapshot: its removal took the one before.
      const removed = await catalogStays(s, place.catalog.id, w).then(
        () => false,
        (error: unknown) => {
          if (error instanceof HttpError && error.status === 404) return true;
          throw error;
        },
      );
      if (removed) return;
      await w.run('DELETE FROM svc._dgw.metadata_snapshots WHERE catalog_id = $1', [place.catalog.id]);
      await w.run('INSERT INTO svc._dgw.metadata_snapshots VALUES ($1, $2, $3, $4, $5)', [place.catalog.id, ended.status, message, ended.refreshedAt, JSON.stringify(ended.schemas)]);
    });
  } catch (error) {
    // The job's end is still told (status, --wait, the callback), from memory, until the next refresh.
    ended = { ...(before ?? ended), status: 'FAILED', message: `the metadata read could not be saved: ${duckMessage(error)}` };
  }
  lastEnds(s).set(place.catalog.id, ended);
  return ended;
}

/** How each catalog's last refresh in this process ended, as the job saw it: what a status read answers when the saved snapshot is older. */
const ends = new WeakMap<ProjectStore, Map<string, Snapshot>>();
function lastEnds(s: ProjectStore): Map<string, Snapshot> {
  let found = ends.get(s);
  if (!found) ends.set(s, (found = new Map()));
  return found;
}

/** Counts again the values of the catalog's categorical columns (a column gone since keeps its last values). */
async function recountCategorical(s: ProjectStore, place: CatalogPlace): Promise<void> {
  const notes = (await s.withConnection(readNotes)).filter((n) => n.catalogId === place.catalog.id && n.categorical !== null);
  const changed: Note[] = [];
  for (const n of notes) {
    const values = await s.withConnection((c) => categoricalValues(c, place, n.schemaName, n.tableName, n.columnName, n.categorical!.limit)).catch(() => undefined);
    if (values) changed.push({ ...n, categorical: { ...n.categorical!, values } });
  }
  if (changed.length > 0) await writeNotes(s, (now) => changed.map((c) => ({ ...noteAt(now, c), categorical: c.categorical })));
}

async function readCatalog(conn: DuckDBConnection, place: CatalogPlace): Promise<Snapshot['schemas']> {
  const schemas = await schemaNames(conn, place);
  const described = await rows(
    conn,
    `SELECT schema_name, table_name, comment FROM duckdb_tables() WHERE database_name = $1
     UNION ALL SELECT schema_name, view_name, comment FROM duckdb_views() WHERE database_name = $1 AND NOT internal`,
    [place.database],
  );
  const cols = await rows(conn, 'SELECT schema_name, table_name, column_name, data_type, is_nullable, comment FROM duckdb_columns() WHERE database_name = $1 ORDER BY column_index', [place.database]);
  return schemas.map((schemaName) => ({
    schemaName,
    tables: described
      .filter((t) => t.schema_name === schemaName)
      .map((t) => String(t.table_name))
      .sort()
      .map((tableName) => ({
        tableName,
        comment: textOrNull(described.find((t) => t.schema_name === schemaName && t.table_name === tableName)?.comment),
        columns: cols
          .filter((c) => c.schema_name === schemaName && c.table_name === tableName)
          .map((c) => ({ columnName: String(c.column_name), dataType: String(c.data_type), isNotNull: c.is_nullable === false, comment: textOrNull(c.comment) })),
      })),
  }));
}

/** What is stored of a catalog's last refresh. */
type Snapshot = Pick<CatalogMetadata, 'status' | 'message' | 'refreshedAt'> & { schemas: Array<{ schemaName: string; tables: SeenTable[] }> };

async function readSnapshots(conn: DuckDBConnection): Promise<Map<string, Snapshot>> {
  const sql = 'SELECT catalog_id, status, message, refreshed_at, body FROM svc._dgw.metadata_snapshots';
  const found = await rowsAs<Omit<Snapshot, 'schemas'> & { catalogId: string; body: string }>(conn, sql);
  return new Map(found.map(({ catalogId, body, ...r }) => [catalogId, { ...r, schemas: JSON.parse(body) as Snapshot['schemas'] }]));
}

/** A catalog's metadata as answered: its last snapshot (or none yet) with the notes, ACTIVE while a refresh runs. */
function view(s: ProjectStore, place: CatalogPlace, snap: Snapshot | undefined, notes: Note[]): CatalogMetadata {
  // Every refresh of this store passes through refreshNow, so its last end is never older than the saved one.
  const found: Snapshot = lastEnds(s).get(place.catalog.id) ?? snap ?? { status: 'NOT_ACTIVE', message: null, refreshedAt: null, schemas: [] };
  const catalogId = place.catalog.id;
  const note = (schemaName = '', tableName = '', columnName = '') => noteAt(notes, { catalogId, schemaName, tableName, columnName });
  const catalogUse = note().useWithAI ?? true;
  return {
    catalogId,
    catalogName: place.catalog.name,
    useWithAI: catalogUse,
    status: s.running.has(jobKey(catalogId)) ? 'ACTIVE' : found.status,
    message: found.message,
    refreshedAt: found.refreshedAt,
    schemas: found.schemas.map(({ schemaName, tables }) => {
      const schemaUse = note(schemaName).useWithAI ?? catalogUse;
      return { schemaName, useWithAI: schemaUse, tables: tables.map((t) => tableView(t, schemaUse, (table, column) => note(schemaName, table, column))) };
    }),
  };
}

/** A table as answered: what DuckDB said, and the notes written on it and its columns. */
export function tableView(t: SeenTable, schemaUse: boolean, note: (table: string, column?: string) => Note): MetadataTable {
  const own = note(t.tableName);
  return {
    tableName: t.tableName,
    tableDescription: own.description ?? t.comment,
    useWithAI: own.useWithAI ?? schemaUse,
    columns: t.columns.map((c, i) => {
      const n = note(t.tableName, c.columnName);
      return { columnName: c.columnName, columnDescription: n.description ?? c.comment, dataType: c.dataType, order: i + 1, isNotNull: c.isNotNull, isCategorical: n.categorical !== null, categoricalValues: n.categorical?.values ?? [] };
    }),
  };
}

/** Tells the callback URL how a refresh ended; a failure to tell is kept in the status's message, the refresh's outcome stands. */
async function deliver(s: ProjectStore, callback: MetadataCallback, catalogId: string, ended: Snapshot, outwardOnly: boolean): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (callback.token) headers.authorization = `Bearer ${callback.token}`;
  const body = JSON.stringify({ projectId: s.id, catalogId, status: ended.status, refreshedAt: ended.refreshedAt === null ? null : new Date(ended.refreshedAt).toISOString() });
  let problem: string | undefined;
  try {
    const status = await postCallback(callback.url, headers, body, outwardOnly);
    if (status < 200 || status > 299) problem = `HTTP ${status}`;
  } catch (error) {
    problem = callbackProblem(error);
  }
  if (problem === undefined) return;
  const note = `the callback to ${new URL(callback.url).origin} failed (${problem})`;
  const message = ended.message ? `${ended.message}; ${note}` : note;
  lastEnds(s).set(catalogId, { ...ended, message });
  await s.tx((w) => w.run('UPDATE svc._dgw.metadata_snapshots SET message = $2 WHERE catalog_id = $1', [catalogId, message])).catch(() => undefined);
}
