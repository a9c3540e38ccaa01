import type { DuckDBConnection } from '@duckdb/node-api';
import type { Catalog } from '../../api/types.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { ident, qualified } from '../sql.js';
import { checkName } from '../validate.js';
import { BUILT_IN_CATALOGS } from '../routes/catalogs.js';
import { semanticCatalog } from './catalog-place.js';
import { catalogNameFor, newCatalogId } from './connections.js';
import { newQueryId } from './ids.js';
import { readQuery } from './query-rows.js';
import { rowsAs, type ProjectStore } from './store.js';
import type { QueryRow } from './types.js';
import { withViews } from './views.js';
import { failingViewSql, unreadableCause } from './unreadable-file.js';
import { forgetCatalog, forgetStored } from './table-references.js';

// Semantic catalogs: in-memory DuckDB catalogs, attached at open and when made, holding one view per table over its saved
// query's view (svc.query or svc.mtquery), so SQL reads them as any catalog.

/** A semantic catalog as stored. */
export interface SemanticCatalogRow {
  id: string;
  name: string;
  createdAt: number;
  displayName: string | null;
}

/** A table of a semantic catalog: a saved query under a schema and table name. */
export interface SemanticTableRow {
  id: string;
  catalogId: string;
  schemaName: string;
  tableName: string;
  queryId: string;
  createdAt: number;
}

export async function readSemanticCatalogs(conn: DuckDBConnection): Promise<SemanticCatalogRow[]> {
  return rowsAs<SemanticCatalogRow>(conn, 'SELECT * FROM svc._dgw.semantic_catalogs ORDER BY created_at, id');
}

async function readTables(conn: DuckDBConnection): Promise<SemanticTableRow[]> {
  return rowsAs<SemanticTableRow>(conn, 'SELECT * FROM svc._dgw.semantic_tables ORDER BY created_at, id');
}

/** Attaches every semantic catalog with its views; a table whose query is gone or no longer runs is left out. */
export async function attachSemanticCatalogs(s: ProjectStore): Promise<void> {
  const [catalogs, tables] = await s.withConnection(async (conn) => [await readSemanticCatalogs(conn), await readTables(conn)] as const);
  s.semanticCatalogs = catalogs;
  for (const c of catalogs) {
    await attachMemory(s, c.name);
    for (const t of tables.filter((x) => x.catalogId === c.id)) await makeTableView(s, c, t).catch((error: unknown) => makeFailingView(s, c, t, error));
  }
}

/** Makes again the views of the semantic tables that read query `queryId`, after its name or kind changed. */
export async function remakeTablesOf(s: ProjectStore, queryId: string): Promise<void> {
  const tables = (await s.withConnection(readTables)).filter((t) => t.queryId === queryId);
  if (tables.length === 0) return;
  for (const t of tables) await makeTableView(s, findSemantic(s, t.catalogId), t);
}

/** A query that is a semantic table stays until the table is taken out: deleted, the table would fail every read. */
export async function refuseQueryInCatalog(s: ProjectStore, conn: DuckDBConnection, q: Pick<QueryRow, 'id' | 'name'>): Promise<void> {
  const tables = (await readTables(conn)).filter((t) => t.queryId === q.id);
  if (tables.length === 0) return;
  const named = tables.map((t) => ({ table: `${t.schemaName}.${t.tableName}`, catalog: findSemantic(s, t.catalogId).name, id: t.id }));
  const commands = named.map((t) => `\`dgw semantic-catalog rm-table ${t.catalog} ${t.id}\``).join(', ');
  throw conflict(`query ${q.name} is ${named.map((t) => `the table ${t.table} (id ${t.id}) of semantic catalog ${t.catalog}`).join(' and ')}: take ${tables.length === 1 ? 'the table out of the catalog' : 'each table out of its catalog'} first (${commands}), then delete the query`);
}

/** A semantic table is a view of a saved query: a cache of it is refused (400), naming the query to cache instead. */
export async function refuseSemanticCache(s: ProjectStore, source: { catalogId: string; schemaName: string; tableName: string }): Promise<never> {
  const catalog = findSemantic(s, source.catalogId);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const table = (await s.withConnection(readTables)).find((t) => t.catalogId === catalog.id && same(t.schemaName, source.schemaName) && same(t.tableName, source.tableName));
  const query = table && (await s.withConnection((conn) => readQuery(conn, table.queryId)));
  const named = `${catalog.name}.${source.schemaName}.${source.tableName}`;
  if (!query) throw badRequest(`no table ${named}: semantic catalog ${catalog.name} has no such table`);
  throw badRequest(`${named} is not cacheable: a semantic table is a view of saved query ${query.name}; cache the query instead (2.query.${query.name})`);
}

/** Makes a semantic catalog; its name follows the name rule and is no other catalog's. */
export async function createSemanticCatalog(s: ProjectStore, name: string, takenByConnections: string[]): Promise<Catalog> {
  checkName(name, 'name', 63);
  const row = await s.tx(async (conn) => {
    const all = await readSemanticCatalogs(conn);
    const catalogName = catalogNameFor(name, [...takenByConnections, ...all.map((c) => c.name)], 'catalog name');
    const id = newCatalogId(new Set(all.map((c) => c.id)));
    const made: SemanticCatalogRow = { id, name: catalogName, createdAt: s.now(), displayName: name };
    await conn.run('INSERT INTO svc._dgw.semantic_catalogs (id, name, created_at, display_name) VALUES ($1, $2, $3, $4)', [made.id, made.name, made.createdAt, made.displayName]);
    return made;
  });
  await attachMemory(s, row.name);
  s.semanticCatalogs = [...s.semanticCatalogs, row];
  return semanticCatalog(row);
}

/** Puts a saved query in a semantic catalog as `schema.table`; the same name twice is 409. */
export async function createSemanticTable(s: ProjectStore, catalogId: string, input: { schemaName: string; tableName: string; queryId: string }): Promise<SemanticTableRow & { catalogName: string }> {
  const catalog = findSemantic(s, catalogId);
  checkName(input.schemaName, 'schemaName', 63);
  checkName(input.tableName, 'tableName', 63);
  const row: SemanticTableRow = { ...input, id: '', catalogId, createdAt: s.now() };
  // Read under the write lock: a query or catalog removed meanwhile must not get a table.
  await s.tx(async (conn) => {
    if (!(await readSemanticCatalogs(conn)).some((c) => c.id === catalogId)) throw notFound(`project ${s.id} has no semantic catalog ${catalogId}`);
    await sourceOf(s, input.queryId, conn);
    const all = await readTables(conn);
    const same = (t: SemanticTableRow) => t.catalogId === catalogId && t.schemaName.toLowerCase() === input.schemaName.toLowerCase() && t.tableName.toLowerCase() === input.tableName.toLowerCase();
    if (all.some(same)) throw conflict(`semantic catalog ${catalog.name} has a table ${input.schemaName}.${input.tableName} already`);
    row.id = newQueryId((id) => all.some((t) => t.id === id));
    await conn.run('INSERT INTO svc._dgw.semantic_tables VALUES ($1, $2, $3, $4, $5, $6)', [row.id, catalogId, row.schemaName, row.tableName, row.queryId, row.createdAt]);
  });
  try {
    await makeTableView(s, catalog, row);
  } catch (error) {
    await s.tx((conn) => conn.run('DELETE FROM svc._dgw.semantic_tables WHERE id = $1', [row.id]));
    throw error;
  }
  return { ...row, catalogName: catalog.name };
}

export async function deleteSemanticTable(s: ProjectStore, catalogId: string, tableId: string): Promise<SemanticTableRow> {
  const catalog = findSemantic(s, catalogId);
  const found = await s.tx(async (conn) => {
    const row = (await readTables(conn)).find((t) => t.id === tableId && t.catalogId === catalogId);
    if (!row) throw notFound(`semantic catalog ${catalog.name} has no table ${tableId}`);
    await conn.run('DELETE FROM svc._dgw.semantic_tables WHERE id = $1', [tableId]);
    await forgetStored(conn, row.schemaName, row.tableName, undefined, catalogId);
    return row;
  });
  // A transaction writes one database: the view goes in a second one (were it left, the next open would not make it again).
  await s.tx((conn) => conn.run(`DROP VIEW IF EXISTS ${ident(catalog.name)}.${ident(found.schemaName)}.${ident(found.tableName)}`));
  return found;
}

/** Deletes a semantic catalog and its tables; their saved queries stay. */
export async function deleteSemanticCatalog(s: ProjectStore, catalogId: string): Promise<void> {
  const catalog = findSemantic(s, catalogId);
  await s.tx(async (conn) => {
    await conn.run('DELETE FROM svc._dgw.semantic_tables WHERE catalog_id = $1', [catalogId]);
    await conn.run('DELETE FROM svc._dgw.semantic_catalogs WHERE id = $1', [catalogId]);
    await forgetCatalog(conn, catalogId);
  });
  s.semanticCatalogs = s.semanticCatalogs.filter((c) => c.id !== catalogId);
  // Under the write lock: a run-SQL CREATE or DROP running meanwhile would see the catalog's views go and refuse itself.
  await s.serialised(() => s.withConnection((conn) => conn.run(`DETACH DATABASE IF EXISTS ${ident(catalog.name)}`)));
}

/** A semantic catalog of the project by id, or 404. */
export function findSemantic(s: ProjectStore, catalogId: string): SemanticCatalogRow {
  const found = s.semanticCatalogs.find((c) => c.id === catalogId);
  const other = s.connections.find((c) => c.catalogId === catalogId) ?? BUILT_IN_CATALOGS.find((c) => c.id === catalogId);
  if (!found && other) throw badRequest(`catalog ${catalogId} is not a semantic catalog (it is ${'catalogName' in other ? `the catalog of connection ${other.name}` : 'built in'})`);
  if (!found) throw notFound(`project ${s.id} has no semantic catalog ${catalogId}`);
  return found;
}

/** An in-memory catalog; ATTACH is the instance's, outside any transaction. */
async function attachMemory(s: ProjectStore, name: string): Promise<void> {
  await s.withConnection((conn) => conn.run(`ATTACH IF NOT EXISTS ':memory:' AS ${ident(name)}`));
}

/** What a semantic table reads: its query's view or materialized table; 404 when the query is gone. */
async function sourceOf(s: ProjectStore, queryId: string, conn?: DuckDBConnection): Promise<string> {
  const query = conn ? await readQuery(conn, queryId) : await s.withConnection((c) => readQuery(c, queryId));
  if (!query) throw notFound(`project ${s.id} has no query ${queryId}`);
  return qualified(query.queryType === 'MATERIALIZED' ? 'mtquery' : 'query', query.name);
}

/** A table whose query cannot run now stays listed: any read of it says which query fails, and why. */
async function makeFailingView(s: ProjectStore, catalog: SemanticCatalogRow, t: SemanticTableRow, error: unknown): Promise<void> {
  const query = await s.withConnection((conn) => readQuery(conn, t.queryId)).catch(() => undefined);
  const why = `the table ${catalog.name}.${t.schemaName}.${t.tableName} reads saved query ${query?.name ?? t.queryId}, which does not run now: ${unreadableCause(error)}`;
  const target = `${ident(catalog.name)}.${ident(t.schemaName)}`;
  await s.tx((w) => w.run(`CREATE SCHEMA IF NOT EXISTS ${target}; ${failingViewSql(`${target}.${ident(t.tableName)}`, why, true)}`)).catch(() => undefined);
}

/** The view of a semantic table over its query as named in the view's own transaction (a rename since is followed); the query's view is made first if no one has read it yet. */
async function makeTableView(s: ProjectStore, catalog: SemanticCatalogRow, t: SemanticTableRow): Promise<void> {
  const target = `${ident(catalog.name)}.${ident(t.schemaName)}`;
  await withViews(s, () => s.tx(async (w) => w.run(`CREATE SCHEMA IF NOT EXISTS ${target}; CREATE OR REPLACE VIEW ${target}.${ident(t.tableName)} AS SELECT * FROM ${await sourceOf(s, t.queryId, w)}`)));
}
