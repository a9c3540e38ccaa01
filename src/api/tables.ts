import type { Http } from './http.js';
import { apiPath } from './path.js';
import type { StoredTable, TableColumn } from './types.js';

export function dropColumn(http: Http, projectId: string, tableName: string, columnName: string): Promise<void> {
  return http.request({ method: 'DELETE', path: apiPath`/data/projects/${projectId}/table/${tableName}/columns/${columnName}`, expect: 'none' });
}

export function listTables(http: Http, projectId: string): Promise<StoredTable[]> {
  return http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/table` });
}

export function listColumns(http: Http, projectId: string, tableName: string): Promise<TableColumn[]> {
  return http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/table/${tableName}/columns` });
}
