import { DecompressionStream, ReadableStream as WebStream } from 'node:stream/web';
import ky, { isHTTPError, type HTTPError, type Input } from 'ky';
import { DgwError, MalformedResponseError } from '../errors.js';
import { VERSION } from '../version.js';
import { restBytes, type WireRequest, type WireResponse } from './transport.js';

/** Who asks, as gh and the AWS CLI say it: some gateways and firewalls refuse a request that names no client. */
const USER_AGENT = `dgw/${VERSION} (node ${process.version}; ${process.platform})`;

/** The content codings asked for, on http and https alike; fetch undoes them as the body is read. */
const ACCEPT_ENCODING = 'gzip, deflate';

/** The codings dgw reads. Another one (zstd, compress) is refused by its name, not read as if it were plain. */
const READABLE_CODINGS = ['gzip', 'x-gzip', 'deflate', 'br'];

/** Only idempotent methods are retried, and never after a time-out; 429 and 503 honour Retry-After. */
export const RETRY = {
  methods: ['get', 'put', 'delete'],
  statusCodes: [429, 500, 502, 503, 504],
  afterStatusCodes: [429, 503],
  maxRetryAfter: 60_000,
  backoffLimit: 10_000,
  jitter: true,
  retryOnTimeout: false,
};

/** A failed attempt, as the HTTP layer judges it: an error answer (its status and body as ky read it), or no answer (`cause`). */
export interface Failure {
  status?: number;
  data?: unknown;
  cause?: unknown;
}

/** How one exchange goes over the network, besides the request itself. */
export interface NetworkOptions {
  /** Tries after the first, for a method that may be sent again. */
  retries: number;
  /** The longest wait for each attempt's head; false waits as long as it takes. */
  limitMs: number | false;
  /** Told as each attempt is sent, and when its head has come (for the --debug trace). */
  onAttempt?: () => void;
  onHead?: (status: number, statusText: string, ms: number) => void;
  onRetry?: (retry: number, failure: Failure) => void;
  /** False for a failure no retry can mend (a certificate Node does not trust, a damaged database). */
  mayRetry?: (failure: Failure) => boolean;
}

/** Sends one exchange through ky; redirects are not followed (the HTTP layer decides), and every answer is returned whatever its status. */
export async function sendOverNetwork(request: WireRequest, options: NetworkOptions): Promise<WireResponse> {
  const retrying = options.retries > 0 && RETRY.methods.includes(request.method.toLowerCase());
  const send = request.fileCoding ? undecodedFetch : globalThis.fetch;
  try {
    const response = await ky(request.url, {
      method: request.method,
      headers: { 'user-agent': USER_AGENT, 'accept-encoding': ACCEPT_ENCODING, ...request.headers },
      body: request.body === undefined || typeof request.body === 'string' ? request.body : (WebStream.from(request.body) as ReadableStream<Uint8Array>),
      signal: request.signal,
      redirect: 'manual',
      timeout: options.limitMs,
      retry: { ...RETRY, limit: retrying ? options.retries : 0, shouldRetry: ({ error }) => (options.mayRetry?.(failureOf(error)) === false || outlasts(error, options.limitMs) ? false : undefined) },
      // Only an answer worth another try is an error to ky (so that it tries again); the HTTP layer judges the rest.
      throwHttpErrors: (status) => retrying && RETRY.statusCodes.includes(status),
      hooks: { beforeRetry: [({ error, retryCount }) => options.onRetry?.(retryCount, failureOf(error))] },
      fetch: async (input, init) => {
        options.onAttempt?.();
        const started = performance.now();
        const answer = await send(input, init);
        options.onHead?.(answer.status, answer.statusText, performance.now() - started);
        return answer;
      },
    });
    return answered(response, request.fileCoding);
  } catch (error) {
    if (isHTTPError(error)) return readAnswer(error);
    throw error;
  }
}

function outlasts(error: Error, limitMs: number | false): boolean {
  const after = isHTTPError(error) && RETRY.afterStatusCodes.includes(error.response.status) ? error.response.headers.get('retry-after') : null;
  if (!after || limitMs === false) return false;
  return Math.min(RETRY.maxRetryAfter, /^\d+$/.test(after) ? Number(after) * 1000 : Date.parse(after) - Date.now()) > limitMs;
}

function failureOf(error: Error): Failure {
  return isHTTPError(error) ? { status: error.response.status, data: error.data } : { cause: error };
}

/** The last answer of a retried request, whose body ky has read (`data`: JSON when it says so, else text). */
function readAnswer(error: HTTPError): WireResponse {
  const { data, response } = error;
  const text = data === undefined ? '' : typeof data === 'string' ? data : JSON.stringify(data);
  let read = text === '';
  return {
    status: response.status,
    statusText: response.statusText,
    header: (name) => response.headers.get(name) ?? undefined,
    whole: async () => text,
    async read() {
      if (read) return null;
      read = true;
      return Buffer.from(text);
    },
    cancel: async () => undefined,
  };
}

/** A fetch Response as a WireResponse; a body that does not decode is the service's fault (exit 8), one cut short a network failure. */
function answered(response: Response, fileCoding?: 'gzip'): WireResponse {
  const header = response.headers.get('content-encoding') ?? '';
  const codings = header.split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '' && c !== 'identity');
  const undecodable = (reason: string) => new MalformedResponseError(`the service's answer could not be decoded (Content-Encoding: ${header}): ${reason}`, response.status);
  const unreadable = codings.some((c) => !READABLE_CODINGS.includes(c));
  let body: ReadableStream<Uint8Array> | null = response.body;
  if (fileCoding && !unreadable) {
    // The answer came as it was sent: the file's own gzip stays, codings applied on top of it are undone here.
    if (codings[0] === 'gzip' || codings[0] === 'x-gzip') codings.shift();
    for (const coding of [...codings].reverse()) body = body?.pipeThrough(new DecompressionStream(coding === 'br' ? 'brotli' : coding === 'deflate' ? 'deflate' : 'gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>) ?? null;
  }
  const failure = (error: unknown) => (error instanceof DgwError ? error : codings.length > 0 && !connectionFailure(error) ? undecodable(innermost(error)) : error);
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const read = async (): Promise<Uint8Array | null> => {
    if (unreadable) {
      await body?.cancel().catch(() => undefined);
      throw undecodable('dgw reads gzip, deflate and br');
    }
    if (!body) return null;
    reader ??= body.getReader();
    try {
      const next = await reader.read();
      return next.done ? null : next.value;
    } catch (error) {
      throw failure(error);
    }
  };
  return {
    status: response.status,
    statusText: response.statusText,
    header: (name) => response.headers.get(name) ?? undefined,
    read,
    whole: () => restBytes({ read }),
    async cancel() {
      await (reader ? reader.cancel() : body?.cancel());
    },
  };
}

/** True when a read failed because the connection did (reset, closed early, aborted), not because the body did not decode. */
function connectionFailure(error: unknown): boolean {
  let current = error as { cause?: unknown; code?: unknown; name?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.name === 'AbortError' || current.name === 'TimeoutError') return true;
    // undici's socket errors (UND_ERR_SOCKET) and the system's (ECONNRESET); zlib's are Z_DATA_ERROR and the like.
    if (typeof current.code === 'string') return /^(UND_ERR|E[A-Z]+$)/.test(current.code);
    current = current.cause as typeof current;
  }
  return false;
}

/** The message of the innermost cause: what zlib said of a body that does not decode. */
function innermost(error: unknown): string {
  let current = error as { cause?: unknown; message?: unknown };
  while (current.cause instanceof Error) current = current.cause;
  return String(current.message ?? error);
}

/** node:http(s) for a gzip file: fetch always undoes Content-Encoding, and an object store serves a .gz file with `Content-Encoding: gzip`. */
function undecodedFetch(input: Input, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  // Not `import('node:http')`: an ES import of node:http reads all its exports, among them a WebSocket that loads undici.
  const { request: send } = url.protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
  const { Readable } = process.getBuiltinModule('node:stream');
  return new Promise((resolve, reject) => {
    const sent = send(url, { method: request.method, headers: Object.fromEntries(request.headers), signal: request.signal }, (res) => {
      const headers = new Headers();
      for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
      const status = res.statusCode ?? 0;
      const empty = request.method === 'HEAD' || status === 204 || status === 304;
      resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, statusText: res.statusMessage, headers }));
    });
    sent.on('error', reject);
    sent.end();
  });
}
