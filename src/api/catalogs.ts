import type { Http } from './http.js';
import { apiPath } from './path.js';
import { flag, idOf, isRaw, object, objects, readAnswer, text, textOrNull } from './read.js';
import { readColumn, readTable } from './tables.js';
import type { Catalog, CatalogSchema, ColumnRecord, SearchAnswer, SearchMatch, SearchRequest, StoredTable, TableCacheResult, TableStatistics } from './types.js';

/** Where a table of a catalog is: the catalog's id, the schema, the table. */
export interface TablePlace {
  catalogId: string;
  schema: string;
  table: string;
}

const catalogs = (projectId: string) => apiPath`/data/projects/${projectId}/catalogs`;
const tablePath = (projectId: string, t: TablePlace) => apiPath`/data/projects/${projectId}/catalogs/${t.catalogId}/schemas/${t.schema}/tables/${t.table}`;

export async function listCatalogs(http: Http, projectId: string): Promise<Catalog[]> {
  return objects(await http.request({ method: 'GET', path: catalogs(projectId) }), 'catalogs').map(readCatalog);
}

export async function getCatalog(http: Http, projectId: string, catalogId: string): Promise<Catalog> {
  return readCatalog(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/catalogs/${catalogId}` }));
}

/** Makes a catalog of a connection; `extraParameters` are what some types need (the sheets of a spreadsheet). */
export async function createCatalog(http: Http, projectId: string, request: { name: string; connectionId: string; extraParameters?: Record<string, unknown> }): Promise<Catalog> {
  return readAnswer(await http.request({ method: 'POST', path: catalogs(projectId), body: request }), readCatalog);
}

export function deleteCatalog(http: Http, projectId: string, catalogId: string): Promise<void> {
  return http.request({ method: 'DELETE', path: apiPath`/data/projects/${projectId}/catalogs/${catalogId}`, expect: 'none' });
}

export async function listSchemas(http: Http, projectId: string, catalogId: string): Promise<CatalogSchema[]> {
  const answer = await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/catalogs/${catalogId}/schemas` });
  return objects(answer, 'schemas').map((s) => readSchema(s, catalogId));
}

/** A schema; one without its catalog's id is of the catalog asked about. */
export function readSchema(value: unknown, catalogId = ''): CatalogSchema {
  const s = object(value, 'a schema');
  return { catalogId: text(s.catalogId, catalogId), catalogName: text(s.catalogName), schemaName: text(s.schemaName) };
}

export async function listCatalogTables(http: Http, projectId: string, catalogId: string, schema: string): Promise<StoredTable[]> {
  const answer = await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/catalogs/${catalogId}/schemas/${schema}/tables` });
  return objects(answer, 'tables').map(readTable);
}

export async function listCatalogColumns(http: Http, projectId: string, place: TablePlace): Promise<ColumnRecord[]> {
  return objects(await http.request({ method: 'GET', path: `${tablePath(projectId, place)}/columns` }), 'columns').map(readColumn);
}

export async function isTableCached(http: Http, projectId: string, place: TablePlace): Promise<TableCacheResult> {
  return readCacheResult(await http.request({ method: 'GET', path: `${tablePath(projectId, place)}/isCached` }));
}

/** Whether a table is cached; what is not said reads as no (and no kinds of cache). */
export function readCacheResult(value: unknown): TableCacheResult {
  const r = object(value, 'a table\'s cache state');
  return { isCached: flag(r.isCached), isCacheable: flag(r.isCacheable), supportedCacheTypes: Array.isArray(r.supportedCacheTypes) ? r.supportedCacheTypes.map((x) => text(x)) : [] };
}

export async function getTableStatistics(http: Http, projectId: string, place: TablePlace): Promise<TableStatistics> {
  return readStatistics(await http.request({ method: 'GET', path: `${tablePath(projectId, place)}/statistics` }), place);
}

/** A table's statistics; the place asked about fills what the answer leaves out. */
export function readStatistics(value: unknown, place: TablePlace = { catalogId: '', schema: '', table: '' }): TableStatistics {
  const r = object(value, 'table statistics');
  const count = (v: unknown) => (typeof v === 'number' ? v : null);
  const columns = objects(r.columnStatistics, 'column statistics').map((c) => ({
    columnName: text(c.columnName),
    distinctFraction: count(c.distinctFraction),
    nullCount: count(c.nullCount),
    distinctCount: count(c.distinctCount),
    min: textOrNull(c.min),
    max: textOrNull(c.max),
  }));
  return { catalogId: text(r.catalogId, place.catalogId), schemaName: text(r.schemaName, place.schema), tableName: text(r.tableName, place.table), rowCount: count(r.rowCount), columnStatistics: columns };
}

/** Shares a catalog with another project; the answer names the catalog made there (null when none is said). */
export async function shareCatalog(http: Http, projectId: string, catalogId: string, targetProjectId: string): Promise<string | null> {
  const answer = await http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/catalogs/${catalogId}/share`, body: { targetProjectId }, expect: 'optional-json' });
  return readShared(answer);
}

export function readShared(value: unknown): string | null {
  return isRaw(value) ? textOrNull(value.sharedCatalogId) : null;
}

/** Searches catalog, schema and table names (case-insensitive, contains). */
export async function searchCatalogs(http: Http, projectId: string, request: SearchRequest): Promise<SearchAnswer> {
  return readSearch(await http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/search`, body: request, readOnly: true }));
}

/** The matches of a search, catalogs first, then schemas, then tables. */
export function readSearch(value: unknown): SearchAnswer {
  const r = object(value, 'search results');
  const matches = (kind: SearchMatch['kind'], list: unknown): SearchMatch[] =>
    objects(list, 'matches').map((m) => ({ kind, catalog: text(m.catalog), schema: kind === 'catalog' ? null : text(m.schema), table: kind === 'table' ? text(m.table) : null }));
  const page = isRaw(r.meta) && isRaw(r.meta.page) ? r.meta.page : {};
  return {
    matches: [...matches('catalog', r.matchedCatalogs), ...matches('schema', r.matchedSchemas), ...matches('table', r.matchedTables)],
    nextOffset: typeof page.nextOffset === 'number' ? page.nextOffset : null,
    unsearched: isRaw(r.meta) && isRaw(r.meta.query) && Array.isArray(r.meta.query.unsearched) ? r.meta.query.unsearched.map(String) : [],
  };
}

/** A catalog with every field present; the built-in ones have no connection (null). */
export function readCatalog(value: unknown): Catalog {
  const c = object(value, 'a catalog');
  return { id: idOf(c, 'a catalog'), name: text(c.name), displayName: text(c.displayName, text(c.name)), catalogType: text(c.catalogType, text(c.type)), connectionId: textOrNull(c.connectionId) };
}
