import type { Http } from './http.js';
import { apiPath } from './path.js';
import { readSchedule } from './queries.js';
import { idOf, object, objects, readAnswer, text, textOrNull } from './read.js';
import type { RefreshStatus, RefreshStatusRecord } from './types.js';

/** Starts a refresh; the document's answer has no body (the local gateway's `spec` shape sends the status). */
export async function refreshMaterializedQuery(http: Http, projectId: string, queryId: string): Promise<RefreshStatusRecord | undefined> {
  return readAnswer(await http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/materialized-queries/${queryId}/refresh`, expect: 'optional-json' }), readStatusView);
}

/** Cancels a refresh in progress, if any; like refresh, the documented answer has no body. */
export async function cancelRefresh(http: Http, projectId: string, queryId: string): Promise<RefreshStatusRecord | undefined> {
  return readAnswer(await http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/materialized-queries/${queryId}/cancel`, expect: 'optional-json' }), readStatusView);
}

export async function getRefreshStatus(http: Http, projectId: string, queryId: string): Promise<RefreshStatusRecord> {
  const answer = await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/materialized-queries/${queryId}/status` });
  idOf(object(answer, 'a refresh status'), 'a refresh status', 'queryId');
  return readStatusView(answer);
}

export async function listRefreshStatuses(http: Http, projectId: string): Promise<RefreshStatusRecord[]> {
  return objects(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/materialized-queries/status` }), 'refresh statuses').map(readStatusView);
}

/** A status view with every field present; a missing status is NOT_INITIALIZED, a missing message null. */
export function readStatusView(value: unknown): RefreshStatusRecord {
  const s = object(value, 'a refresh status');
  return {
    queryId: text(s.queryId),
    queryName: text(s.queryName),
    scheduleSettings: readSchedule(s.scheduleSettings),
    nextExecutionStartTime: textOrNull(s.nextExecutionStartTime),
    status: (text(s.status).toUpperCase() || 'NOT_INITIALIZED') as RefreshStatus,
    lastExecutionStartTime: textOrNull(s.lastExecutionStartTime),
    lastUpdateTime: textOrNull(s.lastUpdateTime),
    message: textOrNull(s.message),
  };
}
