import { MalformedResponseError } from '../errors.js';
import type { TablePlace } from './catalogs.js';
import type { Http } from './http.js';
import { apiPath } from './path.js';
import { flag, idOf, object, objects, readAnswer, text, textOrNull } from './read.js';
import type { ExportJob, ExportRequest } from './types.js';

/** Export Query (async): answers the job's id and first status (202). */
export async function exportQuery(http: Http, projectId: string, queryId: string, body: ExportRequest): Promise<{ id: string; status: string } | undefined> {
  return readAnswer(await http.request({ method: 'POST', path: apiPath`/data/projects/${projectId}/queries/${queryId}/exports`, body }), readExportCreated);
}

/** Export Table (async): a table of a catalog, answered as an export of a query is. */
export async function exportTable(http: Http, projectId: string, place: TablePlace, body: ExportRequest): Promise<{ id: string; status: string } | undefined> {
  const path = apiPath`/data/projects/${projectId}/catalogs/${place.catalogId}/schemas/${place.schema}/tables/${place.table}/exports`;
  return readAnswer(await http.request({ method: 'POST', path, body }), readExportCreated);
}

/** The answer to an export: the job's id (required) and first status. */
export function readExportCreated(value: unknown): { id: string; status: string } {
  const job = object(value, 'an export job');
  const id = text(job.id);
  if (!id) throw new MalformedResponseError('the service accepted the export but sent no job id');
  return { id, status: text(job.status, 'PENDING') };
}

export interface ExportListFilter {
  /** Statuses, comma-separated (`SUCCEEDED,RUNNING`). */
  status?: string;
  limit?: number;
  /** The last `createdAt` of the previous page. */
  createdBefore?: string;
}

/** List Exports: newest first, without files. */
export async function listExports(http: Http, projectId: string, filter: ExportListFilter = {}): Promise<ExportJob[]> {
  const answer = await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/exports`, query: { ...filter } });
  return objects(answer, 'export jobs').map(readExportJob);
}

/** Read Export; `waitMs` (local gateway only) asks it to answer a running job when it ends. */
export async function readExport(http: Http, projectId: string, exportId: string, waitMs?: number): Promise<ExportJob> {
  return readExportJob(await http.request({ method: 'GET', path: apiPath`/data/projects/${projectId}/exports/${exportId}`, ...(waitMs ? { query: { waitMs } } : {}) }));
}

/** Cancel Export: stops a PENDING or RUNNING job; a no-op on a finished one. */
export async function cancelExport(http: Http, projectId: string, exportId: string): Promise<void> {
  await http.request({ method: 'DELETE', path: apiPath`/data/projects/${projectId}/exports/${exportId}`, expect: 'none' });
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);

/** The document's ExportJobResponse with every field present (null where it sent none). */
export function readExportJob(value: unknown): ExportJob {
  const j = object(value, 'an export job');
  return {
    id: idOf(j, 'an export job'),
    status: text(j.status).toUpperCase(),
    format: text(j.format),
    compression: text(j.compression, 'NONE'),
    rowCount: num(j.rowCount),
    bytes: num(j.bytes),
    durationMs: num(j.durationMs),
    files: objects(j.files, 'export files').map((f) => ({ name: text(f.name), url: text(f.url), bytes: num(f.bytes) })),
    expiresAt: textOrNull(j.expiresAt),
    downloadable: flag(j.downloadable),
    error: textOrNull(j.error),
    errorCode: textOrNull(j.errorCode),
    createdAt: textOrNull(j.createdAt),
    queryId: textOrNull(j.queryId),
    catalogId: textOrNull(j.catalogId),
    schemaName: textOrNull(j.schemaName),
    tableName: textOrNull(j.tableName),
    source: textOrNull(j.source),
    userName: textOrNull(j.userName),
    apiKeyPrefix: textOrNull(j.apiKeyPrefix),
    clientSource: textOrNull(j.clientSource),
  };
}
