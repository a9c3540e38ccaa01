import type { Http, JsonText } from './http.js';
import { apiPath } from './path.js';
import { idOf, isRaw, object, objects, readAnswer, text, textOrNull } from './read.js';
import type { QueryRecord, QueryRequest, RefreshSchedule } from './types.js';

/** Options shared by create and update. */
export interface WriteOptions {
  /** false sends `checkSchemaExists=false`; undefined leaves the service default. */
  checkSchemaExists?: boolean;
}

function schemaParam(opts: WriteOptions) {
  return opts.checkSchemaExists === false ? { checkSchemaExists: false } : undefined;
}

export async function createQuery(http: Http, projectId: string, body: QueryRequest, opts: WriteOptions = {}): Promise<QueryRecord> {
  return readAnswer(await http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/queries`, query: schemaParam(opts), body }), readQuery);
}

/** Update Query: display name, SQL, type, schedule. A query moves with `moveQuery`, not here. */
export async function updateQuery(http: Http, projectId: string, queryId: string, body: QueryRequest, opts: WriteOptions = {}): Promise<QueryRecord> {
  return readAnswer(await http.request({ method: 'PUT', path: apiPath`/data/projects/${projectId}/queries/${queryId}`, query: schemaParam(opts), body }), readQuery);
}

/** Update Query Path: `PATCH .../queries/{queryId}/path`; `/` is the root. Answers no body. */
export async function moveQuery(http: Http, projectId: string, queryId: string, path: string): Promise<void> {
  await http.request({ method: 'PATCH', path: apiPath`/data/projects/${projectId}/queries/${queryId}/path`, body: { path }, expect: 'none' });
}

export async function getQuery(http: Http, projectId: string, queryId: string): Promise<QueryRecord> {
  return readQuery(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/queries/${queryId}` }));
}

export async function listQueries(http: Http, projectId: string): Promise<QueryRecord[]> {
  return readQueries(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/queries` }));
}

/** Get Queries' answer as its text, unread: `readQueries(answer.parse())` is what listQueries gives. */
export function listQueriesText(http: Http, projectId: string): Promise<JsonText> {
  return http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/queries`, expect: 'json-text' });
}

export function readQueries(value: unknown): QueryRecord[] {
  return objects(value, 'queries').map(readQuery);
}

export function deleteQuery(http: Http, projectId: string, queryId: string): Promise<void> {
  return http.request({ method: 'DELETE', path: apiPath`/data/projects/${projectId}/queries/${queryId}`, expect: 'none' });
}

/** A query with every field present: a missing `queryType` is PLAIN, the document's default. */
export function readQuery(value: unknown): QueryRecord {
  const q = object(value, 'a query');
  return {
    id: idOf(q, 'a query'),
    displayName: text(q.displayName, text(q.name)),
    name: text(q.name),
    inputQuery: text(q.inputQuery),
    queryType: text(q.queryType).toUpperCase() === 'MATERIALIZED' ? 'MATERIALIZED' : 'PLAIN',
    schedule: readSchedule(q.schedule),
    path: textOrNull(q.path),
    folderId: textOrNull(q.folderId),
  };
}

/** A schedule in the form dgw sends; every way of saying "no schedule" reads as null. */
export function readSchedule(value: unknown): RefreshSchedule | null {
  if (!isRaw(value)) return null;
  const legacy = textOrNull(value.expression);
  const duration = textOrNull(value.repeatDuration) ?? legacy;
  const cron = textOrNull(value.cronExpression) ?? legacy;
  const type = text(value.type).toLowerCase() || (textOrNull(value.cronExpression) ? 'cron' : textOrNull(value.repeatDuration) ? 'interval' : '');
  if (type === 'interval' && duration) return { type: 'interval', repeatDuration: duration };
  if (type === 'cron' && cron) {
    const timezone = textOrNull(value.timezone);
    return timezone ? { type: 'cron', cronExpression: cron, timezone } : { type: 'cron', cronExpression: cron };
  }
  return null;
}
