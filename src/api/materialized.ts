import type { Http } from './http.js';
import { apiPath } from './path.js';
import type { RefreshStatusView } from './types.js';

export function refreshMaterializedQuery(http: Http, projectId: string, queryId: string): Promise<unknown> {
  return http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/materialized-queries/${queryId}/refresh`, expect: 'optional-json' });
}

export function getRefreshStatus(http: Http, projectId: string, queryId: string): Promise<RefreshStatusView> {
  return http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/materialized-queries/${queryId}/status` });
}

export function listRefreshStatuses(http: Http, projectId: string): Promise<RefreshStatusView[]> {
  return http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/materialized-queries/status` });
}
