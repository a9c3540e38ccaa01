import { errorName } from './error-codes.js';
import type { SentCount } from './run-record.js';

/** What went wrong, in the words the exit codes speak (EXIT_CODES below). */
export type ErrorKind = keyof typeof EXIT_CODES;

/** Base of every error dgw reports on purpose; anything else is a bug (exit 1). */
export class DgwError extends Error {
  readonly kind: ErrorKind;
  /** A next step for the user, printed under the message. */
  readonly hint?: string;
  readonly status?: number;
  readonly errorCode?: string | number;

  constructor(kind: ErrorKind, message: string, extra: { hint?: string; status?: number; errorCode?: string | number; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = new.target.name;
    this.kind = kind;
    this.hint = extra.hint;
    this.status = extra.status;
    this.errorCode = extra.errorCode;
  }
}

/** Bad flags, arguments or settings, found before any request was sent (exit 2). */
export class UsageError extends DgwError {
  constructor(message: string, hint?: string) {
    super('usage', message, { hint });
  }
}

/** A usage error found after a request was sent (exit 14), since exit 2 promises nothing was sent. */
class UsageAfterSendError extends DgwError {
  constructor(error: DgwError, sent: SentCount) {
    const made = sent.changes - (sent.refused ?? 0);
    const what =
      made > 0
        ? `a change was sent before this was found (${plural(sent.changes, 'request')}), and may have been made: check before running it again`
        : sent.changes > 0
          ? `the changes sent before this was found were refused by the service (${plural(sent.changes, 'request')}): nothing was changed`
          : `only reads were sent before this was found (${plural(sent.reads, 'request')}): nothing was changed`;
    super('usage_after_send', error.message, { hint: error.hint ? `${error.hint}; ${what}` : what, cause: error });
  }
}

/** An error as the run that raised it must report it: exit 2 only when nothing was sent; an interrupt says what was already made. */
export function afterSending(error: unknown, sent: SentCount): unknown {
  if (error instanceof DgwError && error.kind === 'interrupted' && !error.hint && (sent.made ?? 0) > 0) {
    return new InterruptedError(`the service had made ${plural(sent.made, 'change')} before the interrupt, and kept ${sent.made === 1 ? 'it' : 'them'}: check before running the command again`);
  }
  return error instanceof DgwError && error.kind === 'usage' && sent.reads + sent.changes > 0 ? new UsageAfterSendError(error, sent) : error;
}

/** A create refused (409) gets the step that works instead when `whenTaken` finds the name in the service's listings; its wording is not read. */
export async function takenHint(error: unknown, whenTaken: () => Promise<string | undefined>): Promise<unknown> {
  if (!(error instanceof DgwError && error.kind === 'conflict')) return error;
  const hint = await whenTaken().catch(() => undefined);
  return hint === undefined ? error : new DgwError('conflict', error.message, { status: error.status, errorCode: error.errorCode, hint });
}

/** `1 row`, `2 rows`; `? rows` for a count the service did not give. */
export function plural(n: number | null | undefined, word: string): string {
  return `${n ?? '?'} ${word}${n === 1 ? '' : 's'}`;
}

/** No key, or the service said 401/403 (exit 3). */
export class AuthError extends DgwError {
  constructor(message: string, extra: { hint?: string; status?: number; errorCode?: string | number } = {}) {
    super('auth', message, extra);
  }
}

/** The service answered with an error status (exit code by status). */
export class ApiError extends DgwError {
  constructor(status: number, message: string, errorCode?: string | number) {
    super(kindForStatus(status, errorCode), message, { status, errorCode, hint: hintForStatus(status, message) });
  }
}

/** A name, path or id that matched nothing, on the client side or by a 404 (exit 4). */
export class NotFoundError extends DgwError {
  constructor(message: string) {
    super('not_found', message);
  }
}

/** The connection failed or timed out (exit 9). */
export class NetworkError extends DgwError {
  /** True when the time limit (--timeout) ran out, rather than the connection failing. */
  readonly timedOut: boolean;
  /** True when trying again cannot help (the server's TLS certificate is not trusted). */
  readonly lasting: boolean;

  constructor(message: string, cause?: unknown, options: { timedOut?: boolean; lasting?: boolean; hint?: string } = {}) {
    super('network', message, { cause, hint: options.hint });
    this.timedOut = options.timedOut === true;
    this.lasting = options.lasting === true;
  }
}

/** `--wait` ran out of `--timeout` before the refresh ended (exit 9, as any time limit). */
export class WaitTimeoutError extends DgwError {
  constructor(message: string, hint?: string) {
    super('network', message, { hint });
  }
}

/** The service answered 2xx with something that is not what the contract promises (exit 8). */
export class MalformedResponseError extends DgwError {
  constructor(message: string, status?: number, hint?: string) {
    super('service', message, { status, hint });
  }
}

/** The service sent only part of a result: the rows were printed, and this stops scripts taking them for the whole (exit 8). */
export class ResultCutError extends DgwError {
  constructor(rows: number) {
    super('service', `the service cut the result short: it sent ${plural(rows, 'row')} and said there were more`, {
      errorCode: 'TRUNCATED',
      hint: 'add a LIMIT (or WHERE) to the statement, or export the whole result with `dgw query export`',
    });
  }
}

/** A refresh that was waited on ended FAILED or CANCELLED (exit 10). */
export class RefreshFailedError extends DgwError {
  constructor(message: string) {
    super('refresh_failed', message);
  }
}

/** An export that was waited on (or whose files were asked for) ended FAILED or CANCELLED (exit 10). */
export class ExportFailedError extends DgwError {
  constructor(message: string) {
    super('export_failed', message);
  }
}

/** `dgw plan --exit-code` found changes (exit 11): not a failure, only a signal to CI. */
export class ChangesPresent extends DgwError {
  constructor(count: number) {
    super('changes_present', `${plural(count, 'change')} present`);
  }
}

/** Something on this machine is held by another process longer than dgw waits; retrying later may succeed (exit 12). */
export class BusyError extends DgwError {
  constructor(message: string, hint?: string) {
    super('busy', message, { hint, errorCode: 'BUSY' });
  }
}

/** Which local fault: what the `errorCode` of `--json` errors says. */
export type LocalFaultCode = 'DISK_FULL' | 'DAMAGED_FILE' | 'FOREIGN_LOCK' | 'FILE_ACCESS' | 'NEWER_FILE' | 'UNSAFE_FOLDER';

/** A fault on this machine outside dgw (full disk, damaged file, foreign lock, no access): never a bug, never worth a blind retry (exit 13). */
export class LocalFaultError extends DgwError {
  constructor(code: LocalFaultCode, message: string, hint: string, cause?: unknown) {
    super('local_fault', message, { hint, errorCode: code, cause });
  }
}

/** The user pressed Ctrl-C (exit 130). */
export class InterruptedError extends DgwError {
  /** `hint`: what went on without dgw, and how to follow or stop it. */
  constructor(hint?: string) {
    super('interrupted', 'interrupted', { hint });
  }
}

/** The reader went away (the pager was quit): dgw stops writing silently with exit 0, as for a closed pipe. */
export class ReaderGoneError extends DgwError {
  constructor() {
    super('reader_gone', 'the output was closed by its reader');
  }
}

/** A "no" at a confirmation: said plainly, exit 2 as gh does, since nothing was changed. */
export class DeclinedError extends DgwError {
  constructor(message: string) {
    super('declined', message);
  }
}

function kindForStatus(status: number, errorCode?: string | number): ErrorKind {
  if (status === 401 || status === 403) return 'auth';
  // The document's createCatalog answers a name already taken 400 with code 100: a conflict all the same.
  if (status === 400 && errorName(errorCode) === 'CONFLICT') return 'conflict';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 408) return 'network';
  if (status === 429) return 'rate_limited';
  if (status === 501) return 'not_implemented';
  if (status >= 500) return 'service';
  return 'rejected';
}

function hintForStatus(status: number, message: string): string | undefined {
  // Projects are made on purpose only, so an unknown one is most often a typo.
  if (status === 404 && /^project \S+ not found/.test(message)) return '`dgw project list` shows the projects the key reaches; `dgw project create NAME` makes one';
  if (status === 401) return 'run `dgw auth login`, or check DGW_API_KEY';
  // Refused for the key's kind, not its project: --project is not what to check.
  if (status === 403 && /partner key/i.test(message)) return 'use the partner key: a profile that holds it, or DGW_API_KEY';
  if (status === 403) return 'a project key only reaches its own project; check --project';
  if (status === 429) return 'the service is rate limiting; wait and try again';
  if (status === 501 && message.startsWith('the local gateway does not implement')) return 'only the hosted service does this: log in to it with `dgw auth login --zone default` (or `--zone eu`), then run this with the same --zone';
  return undefined;
}

const EXIT_CODES = {
  internal: 1,
  usage: 2,
  auth: 3,
  not_found: 4,
  conflict: 5,
  rejected: 6,
  rate_limited: 7,
  service: 8,
  network: 9,
  refresh_failed: 10,
  export_failed: 10,
  changes_present: 11,
  busy: 12,
  local_fault: 13,
  usage_after_send: 14,
  not_implemented: 15,
  interrupted: 130,
  reader_gone: 0,
  declined: 2,
} satisfies Record<string, number>;

/** The one mapping from an error to the documented exit code. */
export function exitCodeFor(error: unknown): number {
  return error instanceof DgwError ? EXIT_CODES[error.kind] : 1;
}

/** Rows for `dgw help exit-codes` and the README's table. */
export const EXIT_CODE_TABLE: ReadonlyArray<readonly [number, string]> = [
  [0, 'success'],
  [1, 'unexpected failure (a bug)'],
  [2, 'usage or invalid input, found before any request was sent; also a "no" answered at a confirmation (nothing was changed)'],
  [3, 'authentication or permission (no key, 401, 403)'],
  [4, 'not found (404)'],
  [5, 'conflict (409, or 400 with code 100: a name already taken)'],
  [6, 'request rejected by the service (other 4xx)'],
  [7, 'rate limited (429 after retries)'],
  [8, 'service failure (5xx after retries, or a malformed response)'],
  [9, 'network failure or timeout'],
  [10, 'a materialized refresh, a cache refresh or an export that was waited on failed or was cancelled (a local refresh or export stopped by a full disk is 13)'],
  [11, 'changes present: `dgw plan --exit-code` found differences between the files and the project'],
  [12, 'busy: the local data folder or a project database is held by another process; try again later'],
  [13, 'local fault: a full disk (standard output\'s too), a file or folder dgw may not write, a damaged database or settings file, a database a later dgw wrote, or a lock file left by a process that is not dgw (the message names the file and what to do)'],
  [14, 'usage or invalid input found after a request was sent (the error says whether a change was sent)'],
  [15, 'not implemented (501): an operation the local gateway does not do; the hosted service does'],
  [130, 'interrupted'],
];
