import type { Http } from './http.js';
import { apiPath } from './path.js';
import { flag, object, objects, text, textOrNull } from './read.js';
import type { ColumnRecord, ColumnRequest, StoredTable } from './types.js';

export function dropColumn(http: Http, projectId: string, tableName: string, columnName: string): Promise<void> {
  return http.request({ method: 'DELETE', path: apiPath`/data/projects/${projectId}/table/${tableName}/columns/${columnName}`, expect: 'none' });
}

export async function listTables(http: Http, projectId: string): Promise<StoredTable[]> {
  return objects(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/table` }), 'tables').map(readTable);
}

export async function listColumns(http: Http, projectId: string, tableName: string): Promise<ColumnRecord[]> {
  return objects(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/table/${tableName}/columns` }), 'columns').map(readColumn);
}

/** Create a stored table: `POST .../table/{tableName}` with no body (columns are added next). */
export async function createTable(http: Http, projectId: string, tableName: string): Promise<StoredTable | undefined> {
  const body = await http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/table/${tableName}`, expect: 'optional-json' });
  return body === undefined ? undefined : readTable(body);
}

/** Adds columns, sent as an array of ColumnRequest (as the document's example does); answers the columns. */
export async function addColumns(http: Http, projectId: string, tableName: string, columns: ColumnRequest[]): Promise<ColumnRecord[]> {
  const body = await http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/table/${tableName}/columns`, body: columns, expect: 'optional-json' });
  return objects(body, 'columns').map(readColumn);
}

/** Update Column: one ColumnRequest with the fields to change; answers the table's columns as they are now. */
export async function updateColumn(http: Http, projectId: string, tableName: string, columnName: string, change: ColumnRequest): Promise<ColumnRecord[]> {
  const body = await http.request({ method: 'PUT', path: apiPath`/data/projects/${projectId}/table/${tableName}/columns/${columnName}`, body: change, expect: 'optional-json' });
  return objects(body ?? [], 'columns').map(readColumn);
}

export function deleteTable(http: Http, projectId: string, tableName: string): Promise<void> {
  return http.request({ method: 'DELETE', path: apiPath`/data/projects/${projectId}/table/${tableName}`, expect: 'none' });
}

/** A stored table with every field; the local gateway's earlier `{name, columns}` still reads. */
export function readTable(value: unknown): StoredTable {
  const t = object(value, 'a table');
  return {
    catalogId: text(t.catalogId),
    catalogName: text(t.catalogName),
    schemaName: text(t.schemaName, 'table'),
    tableName: text(t.tableName, text(t.name)),
    supportedCacheTypes: Array.isArray(t.supportedCacheTypes) ? t.supportedCacheTypes.map((x) => text(x)) : [],
    isCacheable: flag(t.isCacheable),
    isDynamicTable: flag(t.isDynamicTable),
    isCached: flag(t.isCached),
  };
}

/** A column with every field of the document's `ColumnDetail` (null where none was sent); `{name, dataType}` alone reads too. */
export function readColumn(value: unknown): ColumnRecord {
  const c = object(value, 'a column');
  return {
    id: typeof c.id === 'string' ? c.id : null,
    name: text(c.name),
    dataType: text(c.dataType),
    displayName: text(c.displayName, text(c.name)),
    defaultValue: textOrNull(c.defaultValue),
    isNotNull: flag(c.isNotNull),
    isUnique: flag(c.isUnique),
    desc: textOrNull(c.desc),
  };
}
