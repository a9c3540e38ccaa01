import { MalformedResponseError, NetworkError } from '../errors.js';
import type { Http, OpenAnswer } from './http.js';
import { apiPath } from './path.js';
import { isRaw, object, text } from './read.js';
import type { ImportJob, ImportRequest } from './types.js';
import { textOf } from './transport.js';

/** A file sent as the `file` part of an import, as it is read. */
export interface UploadFile {
  filename: string;
  data: AsyncIterable<Uint8Array>;
  shown: string;
  onBytes?: (n: number) => void;
  /** Called once the last byte has gone out: the service works on it now. */
  onSent?: () => void;
}

/** Import CSV as multipart, the file sent as it is read; `--timeout` bounds each silence, not the whole upload. */
export async function importCsv(http: Http, projectId: string, tableName: string, request: ImportRequest, file: UploadFile): Promise<ImportJob | undefined> {
  const { multipartBody } = await import('../transfer/multipart.js');
  const path = apiPath`/data/projects/${projectId}/table/${tableName}/import`;
  const watchdog = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const quiet = (what: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => watchdog.abort(new NetworkError(`${what} for ${http.timeoutMs / 1000} s (use --timeout to wait longer)`)), http.timeoutMs);
  };
  async function* counted(): AsyncGenerator<Uint8Array> {
    quiet('the upload of the file stalled: nothing could be sent');
    for await (const chunk of file.data) {
      quiet('the upload of the file stalled: nothing could be sent');
      file.onBytes?.(chunk.byteLength);
      yield chunk;
    }
    quiet('no answer came after the file was sent');
    file.onSent?.();
  }
  const { body, type } = multipartBody([
    { name: 'request', value: JSON.stringify(request), type: 'application/json' },
    { name: 'file', filename: file.filename, type: 'text/csv', data: counted() },
  ]);
  try {
    const response = await http.open({
      method: 'POST',
      path,
      content: { body, type, shown: { request, file: file.shown } },
      timeoutMs: false,
      signal: watchdog.signal,
    });
    if (!response) return undefined;
    const answer = textOf(await response.whole());
    try {
      return readImportJob(answer.trim() === '' ? {} : JSON.parse(answer));
    } catch (error) {
      if (error instanceof MalformedResponseError) throw error;
      throw new MalformedResponseError(`the service answered the import with something that is not JSON (HTTP ${response.status})`, response.status);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The document's ImportJob with every field; where it keeps the row count is undocumented, so several names are tried. */
export function readImportJob(value: unknown): ImportJob {
  const job = object(value, 'an import job');
  const result = isRaw(job.result) ? job.result : {};
  const count = [result.rowCount, result.rows, result.importedRows, result.count, result.processedRows].find((v) => typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)));
  return {
    id: text(job.id),
    status: text(job.status),
    // The document's epoch milliseconds, printed as every other time dgw prints: ISO 8601.
    startTime: typeof job.startTime === 'number' ? new Date(job.startTime).toISOString() : null,
    endTime: typeof job.endTime === 'number' ? new Date(job.endTime).toISOString() : null,
    progress: typeof job.progress === 'number' ? job.progress : null,
    result,
    rowCount: count === undefined ? null : Number(count),
  };
}

export async function csvSample(http: Http, projectId: string, tableName: string): Promise<OpenAnswer> {
  const response = await http.open({ method: 'GET', path: apiPath`/data/projects/${projectId}/table/${tableName}/sample` });
  if (!response) throw new MalformedResponseError('no answer to the sample request');
  return response;
}
