import { MalformedResponseError, NetworkError } from '../errors.js';
import type { Http, OpenAnswer } from './http.js';
import { apiPath } from './path.js';
import { isRaw, object, text } from './read.js';
import type { ImportJob, ImportRequest } from './types.js';
import { textOf } from './transport.js';

/** A file sent as the `file` part of an import, as it is read. */
export interface UploadFile {
  filename: string;
  /** Every byte of it, read as it is sent. */
  data: AsyncIterable<Uint8Array>;
  /** What a dry run shows of it. */
  shown: string;
  /** Counts each chunk as it goes out (progress). */
  onBytes?: (n: number) => void;
  /** Called once the last byte has gone out: the service works on it now. */
  onSent?: () => void;
}

/**
 * Import CSV (`POST .../table/{tableName}/import`): a multipart body with the `request` part (the
 * column mappings, JSON) and the `file` part, sent as the file is read. The file may take as long
 * as it takes; `--timeout` bounds each silence (no byte sent) and then the wait for the answer.
 */
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

/**
 * The document's ImportJob, every field present. Where it keeps the number of rows is not
 * documented: `result.rowCount` (the local gateway's), or a like-named field, else null.
 */
export function readImportJob(value: unknown): ImportJob {
  const job = object(value, 'an import job');
  const result = isRaw(job.result) ? job.result : {};
  const count = [result.rowCount, result.rows, result.importedRows, result.count, result.processedRows].find((v) => typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)));
  return {
    id: text(job.id),
    status: text(job.status),
    startTime: typeof job.startTime === 'number' ? job.startTime : null,
    endTime: typeof job.endTime === 'number' ? job.endTime : null,
    progress: typeof job.progress === 'number' ? job.progress : null,
    result,
    rowCount: count === undefined ? null : Number(count),
  };
}

/**
 * Get Sample CSV (`GET .../table/{tableName}/sample`): the table's columns and a few rows, as a
 * CSV file; its body is handed back unread.
 */
export async function csvSample(http: Http, projectId: string, tableName: string): Promise<OpenAnswer> {
  const response = await http.open({ method: 'GET', path: apiPath`/data/projects/${projectId}/table/${tableName}/sample` });
  if (!response) throw new MalformedResponseError('no answer to the sample request');
  return response;
}
