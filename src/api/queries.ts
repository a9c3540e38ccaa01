import type { Http } from './http.js';
import { apiPath } from './path.js';
import type { ExecuteRequest, ExecuteResult, Query, QueryRequest, ResultFormat } from './types.js';

/** Options shared by create and update. */
export interface WriteOptions {
  /** false sends `checkSchemaExists=false`; undefined leaves the service default. */
  checkSchemaExists?: boolean;
}

function schemaParam(opts: WriteOptions) {
  return opts.checkSchemaExists === false ? { checkSchemaExists: false } : undefined;
}

export function createQuery(http: Http, projectId: string, body: QueryRequest, opts: WriteOptions = {}): Promise<Query> {
  return http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/queries`, query: schemaParam(opts), body });
}

export function updateQuery(http: Http, projectId: string, queryId: string, body: QueryRequest, opts: WriteOptions = {}): Promise<Query> {
  return http.request({ method: 'PUT', path: apiPath`/data/projects/${projectId}/queries/${queryId}`, query: schemaParam(opts), body });
}

export function getQuery(http: Http, projectId: string, queryId: string): Promise<Query> {
  return http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/queries/${queryId}` });
}

export function listQueries(http: Http, projectId: string): Promise<Query[]> {
  return http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/queries` });
}

export function deleteQuery(http: Http, projectId: string, queryId: string): Promise<void> {
  return http.request({ method: 'DELETE', path: apiPath`/data/projects/${projectId}/queries/${queryId}`, expect: 'none' });
}

export function executeSql(http: Http, projectId: string, body: ExecuteRequest, format: ResultFormat): Promise<ExecuteResult> {
  return http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/queries/execute`, query: { format }, body });
}
