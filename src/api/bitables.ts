import type { Http } from './http.js';
import { apiPath } from './path.js';
import { objects } from './read.js';
import { readColumn, readTable } from './tables.js';
import type { ColumnRecord, ColumnRequest, StoredTable } from './types.js';

// BI tables (`/bitable`): the document gives them the same shapes as stored tables.
const bitable = (projectId: string, tableName: string) => apiPath`/data/projects/${projectId}/bitable/${tableName}`;

export async function listBiTables(http: Http, projectId: string): Promise<StoredTable[]> {
  return objects(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/bitable` }), 'BI tables').map(readTable);
}

export async function listBiColumns(http: Http, projectId: string, tableName: string): Promise<ColumnRecord[]> {
  return objects(await http.request({ method: 'GET', path: `${bitable(projectId, tableName)}/columns` }), 'columns').map(readColumn);
}

/** `POST .../bitable/{tableName}` with no body; columns are added next. */
export async function createBiTable(http: Http, projectId: string, tableName: string): Promise<StoredTable | undefined> {
  const body = await http.request({ method: 'POST', path: bitable(projectId, tableName), expect: 'optional-json' });
  return body === undefined ? undefined : readTable(body);
}

export async function addBiColumns(http: Http, projectId: string, tableName: string, columns: ColumnRequest[]): Promise<ColumnRecord[]> {
  const body = await http.request({ method: 'POST', path: `${bitable(projectId, tableName)}/columns`, body: columns, expect: 'optional-json' });
  return objects(body, 'columns').map(readColumn);
}

/** Update BI Column: as updateColumn, for a BI table. */
export async function updateBiColumn(http: Http, projectId: string, tableName: string, columnName: string, change: ColumnRequest): Promise<ColumnRecord[]> {
  const body = await http.request({ method: 'PUT', path: apiPath`/data/projects/${projectId}/bitable/${tableName}/columns/${columnName}`, body: change, expect: 'optional-json' });
  return objects(body ?? [], 'columns').map(readColumn);
}

export function deleteBiTable(http: Http, projectId: string, tableName: string): Promise<void> {
  return http.request({ method: 'DELETE', path: bitable(projectId, tableName), expect: 'none' });
}

export function deleteBiColumn(http: Http, projectId: string, tableName: string, columnName: string): Promise<void> {
  return http.request({ method: 'DELETE', path: apiPath`/data/projects/${projectId}/bitable/${tableName}/columns/${columnName}`, expect: 'none' });
}
