import type { KeepDigits } from './exact-numbers.js';
import type { WireResponse } from './transport.js';

/** HTTP methods the gateway uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request, described before it is sent (and printed as such by `--dry-run`). */
export interface RequestSpec {
  method: Method;
  /** Path below the base URL, segments already encoded (build it with `apiPath`). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** How the answer's body is read; `json-text` defers parsing to the caller; `any` gives the bytes of an answer not typed JSON. */
  expect?: 'json' | 'none' | 'optional-json' | 'json-text' | 'any';
  /** Keep every digit of numbers a double cannot hold (api/exact-numbers.ts): as strings (result rows) or verbatim (`dgw api`). */
  keepDigits?: KeepDigits;
  /** A POST that changes nothing (running a saved query): counted as a read in what a failure says was sent. */
  readOnly?: boolean;
  /** What `--debug` and `--dry-run` show instead of a body that carries secrets (a connection's credential). */
  secretBody?: (body: unknown) => unknown;
  /** Values the body carries that no trace nor error message may repeat (a service may quote what it refused). */
  secretValues?: string[];
  /** The answer may carry secrets: `--debug` shows its length only. */
  secretAnswer?: boolean;
}

/** True for a request that may change something (not a GET, not marked read-only): what a failure says was sent, and whether it may be made. */
export function isChange(spec: RequestSpec): boolean {
  return !(spec.method === 'GET' || spec.readOnly);
}

/** A JSON answer checked but not parsed yet; `parse()` fails as `request` would. */
export interface JsonText {
  /** The body as the transport holds it, UTF-8 bytes or text (see WireResponse.whole): not decoded unless asked for. */
  whole: string | Uint8Array;
  /** The body as text, decoded when first asked for. */
  readonly text: string;
  parse(): unknown;
}

/** A request whose answer is read as it arrives, and whose body may be sent as it is read (see `Http.open`). */
export interface OpenSpec extends RequestSpec {
  /** A body sent as it is read (a multipart upload), with its content type; `shown` is what a dry run or trace prints of it. */
  content?: { body: AsyncIterable<Uint8Array>; type: string; shown?: unknown };
  /** Overrides the time limit for the answer's head; false waits as long as it takes. */
  timeoutMs?: number | false;
  /** Also stops this request (an idle watchdog, a reader that has had enough). */
  signal?: AbortSignal;
  /** The answer's form asked for first (`Accept`), when not JSON alone: the answer says by its content-type what it is. */
  accept?: string;
}

/** An answer whose body is read as it arrives (by `read()`; `cancel()` leaves the rest unread). */
export type OpenAnswer = WireResponse;
