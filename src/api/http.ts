import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance, type Options } from 'ky';
import { ApiError, BusyError, DgwError, InterruptedError, LocalFaultError, MalformedResponseError, NetworkError } from '../errors.js';
import { isLoopback } from '../config/loopback.js';
import { maskKey } from '../config/settings.js';
import { parseJsonExact, type KeepDigits } from './exact-numbers.js';

/** HTTP methods the gateway uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request, described before it is sent (and printed as such by `--dry-run`). */
export interface RequestSpec {
  method: Method;
  /** Path below the base URL, segments already encoded (build it with `apiPath`). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** `json` (default): a JSON body is required; `none`: the body is ignored; `optional-json`: parsed when present. */
  expect?: 'json' | 'none' | 'optional-json';
  /** Keep every digit of numbers a double cannot hold (api/exact-numbers.ts): as strings (result rows) or verbatim (`dgw api`). */
  keepDigits?: KeepDigits;
  /** A POST that changes nothing (running a saved query): counted as a read in what a failure says was sent. */
  readOnly?: boolean;
}

/** A request whose answer is read as it arrives, and whose body may be sent as it is read (see `Http.open`). */
export interface OpenSpec extends RequestSpec {
  /** A body sent as it is (a stream, a form), with its content type; `shown` is what a dry run or trace prints of it. */
  content?: { body: BodyInit; type: string; shown?: unknown };
  /** Overrides the time limit for the answer's head; false waits as long as it takes. */
  timeoutMs?: number | false;
  /** Also stops this request (an idle watchdog, a reader that has had enough). */
  signal?: AbortSignal;
}

/** What `--dry-run` shows of a request that was not sent. */
export interface DryRunView {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** What the request would destroy or change, as the command found it out. */
  effects?: DryRunEffects;
}

/** A change's consequences for `--dry-run`: lines for a person, facts for `--json`. */
export interface DryRunEffects {
  lines: string[];
  facts: Record<string, unknown>;
}

/** How the HTTP layer reaches the service. */
export interface HttpConfig {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  /** The injection point: the embedded local gateway plugs its `app.fetch` in here. */
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Receives `--debug` trace lines, already redacted. */
  trace?: (line: string) => void;
  /** When set, no change is sent: changes are handed here instead, and reads are refused unless `dryRunReads`. */
  dryRun?: (view: DryRunView) => void;
  /** In a dry run, reads (GET) are sent, so names resolve and what a change would destroy can be shown (`--with-reads`). */
  dryRunReads?: boolean;
  /** Attempts after the first for idempotent requests (default 2). */
  retries?: number;
  /** The service runs inside this process (the in-process local gateway) and ends with the command. */
  inProcess?: boolean;
  /** The service is the local gateway (in-process or `dgw serve`): its fault codes are faults of this machine. */
  localGateway?: boolean;
  /** Shown with every request a dry run does not send (see `describing`). */
  effects?: DryRunEffects;
  /** Placeholders shown in dry runs, shared by the layers `describing` makes. */
  placeholders?: Set<string>;
  /** Counts the requests sent (reads: GET; changes: the rest), so a failure can say what went out. */
  sent?: { reads: number; changes: number };
}

const RETRY_STATUS = [429, 500, 502, 503, 504];

/** The thin HTTP layer: base URL, bearer auth, timeout, retry, error mapping, debug trace. */
export class Http {
  private readonly client: KyInstance;
  private readonly placeholders: Set<string>;

  /**
   * True when the service runs inside this process and stops when the command ends: work it
   * accepts in the background (a refresh) is finished before dgw exits, so its outcome is known.
   */
  get inProcess(): boolean {
    return this.config.inProcess === true;
  }

  constructor(private readonly config: HttpConfig) {
    this.placeholders = config.placeholders ?? new Set();
    const trace = config.trace;
    this.client = ky.create({
      timeout: config.timeoutMs,
      fetch: trace ? this.tracedFetch(trace) : config.fetch,
      signal: config.signal,
      headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : undefined,
      // A redirect is never followed: the key (and the request) go only to the base URL chosen for it.
      redirect: 'manual',
      retry: {
        limit: config.retries ?? 2,
        methods: ['get', 'put', 'delete'],
        statusCodes: RETRY_STATUS,
        afterStatusCodes: [429, 503],
        maxRetryAfter: 60_000,
        backoffLimit: 10_000,
        jitter: true,
        retryOnTimeout: false,
        // A damaged database stays damaged: the local gateway's 500 for it is not worth a retry.
        shouldRetry: config.localGateway ? ({ error }) => (isHTTPError(error) && errorCodeOf(error.data) === 'DATABASE_DAMAGED' ? false : undefined) : undefined,
      },
      hooks: trace ? { beforeRetry: [({ retryCount, error }) => trace(`  retry ${retryCount} after: ${error.message}`)] } : undefined,
    });
  }

  /** Wraps fetch so each attempt is traced and timed where it is actually sent. */
  private tracedFetch(trace: (line: string) => void): typeof fetch {
    const send = this.config.fetch ?? fetch;
    return async (input, init) => {
      const request = new Request(input, init);
      trace(`→ ${request.method} ${request.url}`);
      trace(`  authorization: ${request.headers.has('authorization') ? `Bearer ${maskKey(this.config.apiKey)}` : '(none)'}`);
      const started = performance.now();
      const response = await send(request);
      trace(`← ${response.status} ${response.statusText} (${Math.round(performance.now() - started)} ms)`);
      // A body read as it arrives (rows, a download) may be huge: only its start is traced.
      const text = await peekText(response.clone(), 4000).catch(() => '');
      if (text) trace(`  ${this.redact(text)}`);
      return response;
    };
  }

  /**
   * The same HTTP layer, whose dry runs also show `effects`: what the change would destroy or
   * change, which the command found out before sending it.
   */
  describing(effects: DryRunEffects): Http {
    return new Http({ ...this.config, effects, placeholders: this.placeholders });
  }

  /** What stops this layer's requests (the command's Ctrl-C, a shell statement's cancel); a body read later heeds it too. */
  get signal(): AbortSignal | undefined {
    return this.config.signal;
  }

  /** The longest wait for an answer (`--timeout`); for a body read as it arrives, the longest silence. */
  get timeoutMs(): number {
    return this.config.timeoutMs;
  }

  /** True in dry-run mode: no change is sent, changes are shown instead. */
  get dryRun(): boolean {
    return this.config.dryRun !== undefined;
  }

  /** True in a dry run that sends nothing at all: what only a read could tell stays a placeholder. */
  get readsNothing(): boolean {
    return this.dryRun && this.config.dryRunReads !== true;
  }

  /**
   * A stand-in, in dry-run mode, for a value only a request could tell (`id of revenuereport`):
   * shown as `{id of revenuereport}` where it appears in a request that is shown.
   */
  placeholder(what: string): string {
    const token = `{${what}}`;
    this.placeholders.add(token);
    return token;
  }

  /** Shows a request without sending it (dry-run mode only). */
  show(spec: RequestSpec): void {
    if (!this.config.dryRun) throw new DgwError('internal', `show() outside a dry run: ${spec.method} ${spec.path}`);
    this.config.dryRun(this.dryRunView(spec, this.url(spec)));
  }

  /** The same HTTP layer, whose requests `signal` also stops (one statement of the SQL shell, which Ctrl-C cancels). */
  withSignal(signal: AbortSignal): Http {
    return new Http({ ...this.config, placeholders: this.placeholders, signal: this.config.signal ? AbortSignal.any([this.config.signal, signal]) : signal });
  }

  /**
   * Sends one request and returns its parsed body. In dry-run mode no change is sent: it is
   * shown instead. A read is refused too (a command that needs one resolves to a placeholder
   * instead), so a dry run can never reach the service, unless reads were allowed (`--with-reads`).
   */
  async request<T>(spec: RequestSpec): Promise<T> {
    const url = this.url(spec);
    if (this.config.dryRun) {
      if (spec.method !== 'GET') {
        this.show(spec);
        return undefined as T;
      }
      if (!this.config.dryRunReads) throw new DgwError('internal', `a dry run sends nothing, yet this command asked to send GET ${spec.path}`);
    }
    if (this.config.trace && spec.body !== undefined) this.config.trace(`  body: ${this.redact(JSON.stringify(spec.body))}`);
    if (this.config.sent) this.config.sent[spec.method === 'GET' || spec.readOnly ? 'reads' : 'changes'] += 1;
    let response: Response;
    try {
      response = await this.client(url, { method: spec.method, json: spec.body });
    } catch (error) {
      throw await this.mapError(error, spec);
    }
    return this.readBody<T>(response, spec);
  }

  /**
   * Sends one request and returns its answer unread, for a body read as it arrives (the rows of
   * run SQL, a download) or a body sent as it is read (`content`: a multipart upload). Errors
   * are mapped as for `request`. A change in a dry run is shown instead (undefined is returned).
   * `timeoutMs: false` waits for the answer as long as it takes (the caller watches progress).
   */
  async open(spec: OpenSpec): Promise<Response | undefined> {
    const url = this.url(spec);
    if (this.config.dryRun) {
      if (spec.method !== 'GET') {
        const view = this.dryRunView(spec, url);
        if (spec.content) {
          view.headers['Content-Type'] = spec.content.type;
          if (spec.content.shown !== undefined) view.body = spec.content.shown;
        }
        this.config.dryRun(view);
        return undefined;
      }
      if (!this.config.dryRunReads) throw new DgwError('internal', `a dry run sends nothing, yet this command asked to send GET ${spec.path}`);
    }
    if (this.config.trace && spec.body !== undefined) this.config.trace(`  body: ${this.redact(JSON.stringify(spec.body))}`);
    if (this.config.trace && spec.content) this.config.trace(`  body: ${spec.content.type} (${this.redact(JSON.stringify(spec.content.shown ?? '(streamed)'))})`);
    if (this.config.sent) this.config.sent[spec.method === 'GET' || spec.readOnly ? 'reads' : 'changes'] += 1;
    const signal = spec.signal ? (this.config.signal ? AbortSignal.any([this.config.signal, spec.signal]) : spec.signal) : undefined;
    try {
      return await this.client(url, {
        method: spec.method,
        ...(spec.content ? { body: spec.content.body, headers: { 'content-type': spec.content.type }, duplex: 'half' } : { json: spec.body }),
        ...(spec.timeoutMs !== undefined ? { timeout: spec.timeoutMs } : {}),
        ...(signal ? { signal } : {}),
      } as Options);
    } catch (error) {
      // The caller's own stop (an idle watchdog) says why it stopped.
      if (spec.signal?.aborted && spec.signal.reason instanceof DgwError) throw spec.signal.reason;
      throw await this.mapError(error, spec);
    }
  }

  /**
   * GETs a link the service handed out (an export's download URL) and returns the answer unread,
   * whatever its status. No API key goes with it: a link carries its own authority, and may point
   * at another host (the hosted service's object store). A link to the base URL's own origin goes
   * the way the API does (the in-process local gateway answers it). Plain http is refused but on
   * loopback, as for base URLs; a redirect is followed (the key is not there to leak).
   */
  async link(url: string, signal?: AbortSignal): Promise<Response> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new MalformedResponseError(`the service sent a download link that is not a URL: ${JSON.stringify(url.slice(0, 200))}`);
    }
    const sameOrigin = target.origin === new URL(this.config.baseUrl).origin;
    if (target.protocol !== 'https:' && !(target.protocol === 'http:' && (sameOrigin || isLoopback(target.hostname)))) {
      throw new MalformedResponseError(`the service sent a download link dgw will not follow (${target.protocol}//${target.host}): only https, or http on loopback`);
    }
    const shown = `${target.origin}${target.pathname}${target.search ? '?…' : ''}`;
    this.config.trace?.(`→ GET ${shown} (a download link: no API key sent)`);
    if (this.config.sent) this.config.sent.reads += 1;
    const send = sameOrigin ? (this.config.fetch ?? fetch) : fetch;
    const stop = [this.config.signal, signal].filter((s): s is AbortSignal => s !== undefined);
    try {
      const started = performance.now();
      const response = await send(target.toString(), { method: 'GET', redirect: 'follow', signal: stop.length > 0 ? AbortSignal.any(stop) : undefined });
      this.config.trace?.(`← ${response.status} ${response.statusText} (${Math.round(performance.now() - started)} ms)`);
      return response;
    } catch (error) {
      if (signal?.aborted && signal.reason instanceof DgwError) throw signal.reason;
      if (this.config.signal?.aborted) throw new InterruptedError();
      throw new NetworkError(`cannot download from ${target.host}: ${rootCause(error)}`, error);
    }
  }

  private url(spec: RequestSpec): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(spec.query ?? {})) if (v !== undefined) params.set(k, String(v));
    const qs = params.toString();
    return `${this.config.baseUrl}${spec.path}${qs ? `?${qs}` : ''}`;
  }

  private dryRunView(spec: RequestSpec, encoded: string): DryRunView {
    // Placeholders read as they were written, not percent-encoded; they are never sent.
    let url = encoded;
    for (const token of this.placeholders) url = url.split(encodeURIComponent(token)).join(token);
    const headers: Record<string, string> = {};
    if (this.config.apiKey) headers.Authorization = `Bearer ${maskKey(this.config.apiKey)}`;
    if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
    return { method: spec.method, url, headers, ...(spec.body !== undefined ? { body: spec.body } : {}), ...(this.config.effects ? { effects: this.config.effects } : {}) };
  }

  private async readBody<T>(response: Response, spec: RequestSpec): Promise<T> {
    const expect = spec.expect ?? 'json';
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (this.config.signal?.aborted) throw new InterruptedError();
      throw new NetworkError(`connection dropped while reading the response to ${spec.method} ${spec.path}`, error);
    }
    if (expect === 'none') return undefined as T;
    if (text.trim() === '') {
      if (expect === 'optional-json') return undefined as T;
      throw new MalformedResponseError(`the service sent an empty response to ${spec.method} ${spec.path} where JSON was expected`, response.status);
    }
    if (looksLikeHtml(text, response)) {
      throw new MalformedResponseError(`the service sent an HTML page instead of JSON (HTTP ${response.status}); is the base URL right?`, response.status);
    }
    try {
      return (spec.keepDigits ? parseJsonExact(text, spec.keepDigits) : JSON.parse(text)) as T;
    } catch {
      throw new MalformedResponseError(`the service sent malformed or truncated JSON (HTTP ${response.status}, ${text.length} bytes)`, response.status);
    }
  }

  private async mapError(error: unknown, spec: RequestSpec): Promise<DgwError> {
    if (error instanceof DgwError) return error;
    if (this.config.signal?.aborted) return new InterruptedError();
    if (isHTTPError(error) && isRedirect(error.response.status)) return this.redirectRefused(error.response, spec);
    if (isHTTPError(error)) {
      const { status, statusText } = error.response;
      const { message, errorCode } = describeErrorBody(error.data, status, statusText);
      return (this.config.localGateway ? localGatewayFault(errorCode, this.redact(message)) : undefined) ?? new ApiError(status, this.redact(message), errorCode);
    }
    if (isTimeoutError(error)) {
      return new NetworkError(`${spec.method} ${this.config.baseUrl} timed out after ${this.config.timeoutMs / 1000} s (use --timeout to wait longer)`, error);
    }
    if (isNetworkError(error) || error instanceof TypeError) {
      return new NetworkError(`cannot reach ${new URL(this.config.baseUrl).host}: ${rootCause(error)}`, error);
    }
    if (error instanceof Error && error.name === 'AbortError') return new InterruptedError();
    return new DgwError('internal', error instanceof Error ? error.message : String(error), { cause: error });
  }

  private redirectRefused(response: Response, spec: RequestSpec): DgwError {
    const location = response.headers.get('location');
    const target = location ? ` to ${this.redact(resolveLocation(location, response.url || this.config.baseUrl))}` : '';
    return new DgwError('service', `the service answered ${spec.method} ${spec.path} with a redirect (HTTP ${response.status})${target}; dgw follows no redirect, so a request and its key go only to the base URL in use`, {
      status: response.status,
      hint: 'if the service has moved, use its new address as --base-url (and log in for it: a stored key goes only to the host it was stored for)',
    });
  }

  /** Replaces the API key wherever it appears in a traced text, and any secret a body carries. */
  private redact(text: string): string {
    const key = this.config.apiKey;
    return redactSecrets(key ? text.split(key).join(maskKey(key)) : text);
  }
}

/**
 * Masks the value of every `"apiKey"` field in a JSON text: a created project key's secret is
 * printed once, on stdout, and never in a --debug trace.
 */
export function redactSecrets(text: string): string {
  return text.replace(/("apiKey"\s*:\s*")((?:[^"\\]|\\.)*)"/g, (_m, head: string, secret: string) => `${head}${maskKey(secret)}"`);
}

function errorCodeOf(data: unknown): unknown {
  return data && typeof data === 'object' ? (data as { errorCode?: unknown }).errorCode : undefined;
}

/**
 * The local gateway's fault codes (src/gateway/faults.ts), as the faults of this machine they are:
 * a full disk or a damaged database (exit 13), a database another program holds (exit 12). Its
 * message already names the file and what to do.
 */
export function localGatewayFault(errorCode: string | number | undefined, message: string): DgwError | undefined {
  if (errorCode === 'DISK_FULL') return new LocalFaultError('DISK_FULL', message, 'df -h shows the space left on each disk');
  if (errorCode === 'DATABASE_DAMAGED') return new LocalFaultError('DAMAGED_FILE', message, 'the README\'s "Faults on this machine" says how to restore the file or move it aside');
  if (errorCode === 'DATABASE_BUSY') return new BusyError(message, 'dgw serve lets several dgw commands share the local gateway; another program should not open its files');
  return undefined;
}

/** The first `max` characters of a body (with … when there is more), without reading the rest. */
async function peekText(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length <= max) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
    }
    return `${text.slice(0, max)}…`;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The innermost cause's code (ECONNREFUSED, ECONNRESET, ...) or message: fetch nests them deeply. */
function rootCause(error: unknown): string {
  let current = error as { cause?: unknown; code?: unknown; message?: unknown } | undefined;
  let reason = String((current as Error | undefined)?.message ?? error);
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.code === 'string') return current.code;
    if (typeof current.message === 'string' && current.message) reason = current.message;
    current = current.cause as typeof current;
  }
  return reason;
}

/** A Location header as an absolute URL where it can be read as one, else quoted as JSON (control characters escaped). */
function resolveLocation(location: string, base: string): string {
  try {
    return new URL(location, base).toString();
  } catch {
    return JSON.stringify(location);
  }
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

function looksLikeHtml(text: string, response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('text/html') || /^\s*<(!doctype|html)/i.test(text);
}

/** Reads the error body: `message`, then `error`, then the status text (hosted-service-notes.md). */
export function describeErrorBody(data: unknown, status: number, statusText: string): { message: string; errorCode?: string | number } {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const body = data as Record<string, unknown>;
    const errorCode = typeof body.errorCode === 'string' || typeof body.errorCode === 'number' ? body.errorCode : undefined;
    const text = typeof body.message === 'string' && body.message ? body.message : typeof body.error === 'string' && body.error ? body.error : undefined;
    if (text) return { message: `${text} (HTTP ${status})`, errorCode };
    return { message: `HTTP ${status} ${statusText}`.trim(), errorCode };
  }
  if (typeof data === 'string' && /^\s*</.test(data)) return { message: `HTTP ${status} ${statusText} (the service sent an HTML error page)`.trim() };
  if (typeof data === 'string' && data.trim() && data.length < 300) return { message: `${data.trim()} (HTTP ${status})` };
  return { message: `HTTP ${status} ${statusText}`.trim() };
}
