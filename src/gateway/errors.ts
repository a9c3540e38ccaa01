import type { ErrorName } from '../error-codes.js';

/** An error the gateway answers with its status and the documented body `{errorCode, message}`. */
export class HttpError extends Error {
  constructor(
    /** 499: cancelled before it finished (as nginx says it). 507: the disk is full. */
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 499 | 500 | 501 | 503 | 507,
    message: string,
    readonly errorCode: ErrorName,
    /** Set on a 501: the document's operation the gateway does not do. */
    readonly operationId?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errorCode: ErrorName = 'BAD_REQUEST') => new HttpError(400, message, errorCode);
/** DuckDB's advice to raise a limit with SET, which the gateway refuses: following it would only meet a second error. */
const SETTING_ADVICE = /\.?\s*Use "SET \w+ TO x" to increase the maximum [\w ]+\./;
export const sqlError = (message: string) => new HttpError(400, message.replace(SETTING_ADVICE, ': SQL here cannot raise this limit'), 'SQL_ERROR');
export const unauthorized = (message: string) => new HttpError(401, message, 'UNAUTHORIZED');
export const forbidden = (message: string) => new HttpError(403, message, 'FORBIDDEN');
export const notFound = (message: string) => new HttpError(404, message, 'NOT_FOUND');
export const conflict = (message: string) => new HttpError(409, message, 'CONFLICT');

/** The answers of requests a reopen stopped before they wrote anything. */
const reopenStops = new WeakSet<HttpError>();

/** The 409 of a request a reopen of its project stops; `stoppedByReopen` knows it. */
export function reopenStop(message: string): HttpError {
  const error = conflict(message);
  reopenStops.add(error);
  return error;
}

/** Whether `error` is such a 409: nothing of its request was written. */
export const stoppedByReopen = (error: unknown): boolean => error instanceof HttpError && reopenStops.has(error);

/** An operation of the hosted service's document that the local gateway does not do, named. */
export const notImplemented = (operationId: string, why = 'the hosted service does') =>
  new HttpError(501, `the local gateway does not implement ${operationId}: ${why}`, 'NOT_IMPLEMENTED', operationId);

/** DuckDB's message without its caret diagram or an internal error's stack trace, which names host files. */
export function duckMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\n\nLINE \d+:[\s\S]*$/, '').replace(/\s*Stack Trace:[\s\S]*$/, '').trim();
}

/** Runs SQL that came from a user: DuckDB's errors become 400 with its message. */
export async function userSql<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw sqlError(duckMessage(error));
  }
}
