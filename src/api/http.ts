import { ApiError, BusyError, DgwError, InterruptedError, LocalFaultError, MalformedResponseError, NetworkError } from '../errors.js';
import { maskKey } from '../config/settings.js';
import { parseJsonExact, type KeepDigits } from './exact-numbers.js';
import { RETRY_METHODS, RETRY_STATUS, retryDelay } from './retry.js';
import type { Transport, WireResponse } from './transport.js';
import { sleep } from '../sleep.js';
import { readWithin, textOf } from './transport.js';

/** HTTP methods the gateway uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request, described before it is sent (and printed as such by `--dry-run`). */
export interface RequestSpec {
  method: Method;
  /** Path below the base URL, segments already encoded (build it with `apiPath`). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /**
   * `json` (default): a JSON body is required; `none`: the body is ignored; `optional-json`: parsed
   * when present; `json-text`: a JSON body is required, and handed over as a `JsonText`, parsed
   * only if the caller asks.
   */
  expect?: 'json' | 'none' | 'optional-json' | 'json-text';
  /** Keep every digit of numbers a double cannot hold (api/exact-numbers.ts): as strings (result rows) or verbatim (`dgw api`). */
  keepDigits?: KeepDigits;
  /** A POST that changes nothing (running a saved query): counted as a read in what a failure says was sent. */
  readOnly?: boolean;
}

/**
 * A JSON answer not parsed yet (`expect: 'json-text'`): its body, checked as every JSON answer is
 * (not empty, not an HTML page), and `parse()`, which reads it as `request` would have (a
 * malformed text is the same MalformedResponseError).
 */
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
  /** How requests are sent: node:http(s) when not given; the in-process local gateway plugs itself in here. */
  transport?: Transport;
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

/** An answer whose body has been read. */
interface Answer {
  status: number;
  statusText: string;
  header(name: string): string | undefined;
  /** The body as the transport gave it (see WireResponse.whole). */
  whole: string | Uint8Array;
  /** The body as text, decoded when first asked for: a list of 10,000 queries may be printed from its bytes. */
  readonly text: string;
}

/** `response`'s answer with its body `whole`. */
function answered(response: WireResponse, whole: string | Uint8Array): Answer {
  let text: string | undefined;
  return {
    status: response.status,
    statusText: response.statusText,
    header: (name) => response.header(name),
    whole,
    get text() {
      return (text ??= textOf(whole));
    },
  };
}

/** The thin HTTP layer: base URL, bearer auth, timeout, retry, error mapping, debug trace. */
export class Http {
  private readonly placeholders: Set<string>;

  /**
   * True when the service runs inside this process and stops when the command ends: work it
   * accepts in the background (a refresh) is finished before dgw exits, so its outcome is known.
   */
  get inProcess(): boolean {
    return this.config.inProcess === true;
  }

  /** True when the service is the local gateway (in-process or `dgw serve`), which knows its own extensions. */
  get localGateway(): boolean {
    return this.config.localGateway === true;
  }

  constructor(private readonly config: HttpConfig) {
    this.placeholders = config.placeholders ?? new Set();
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

  /** The same HTTP layer, whose requests Ctrl-C no longer stops: for the cleanup of what a stopped command made. */
  detached(): Http {
    return new Http({ ...this.config, placeholders: this.placeholders, signal: undefined });
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
    const headers: Record<string, string> = {};
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const retries = RETRY_METHODS.includes(spec.method) ? (this.config.retries ?? 2) : 0;
    for (let retry = 1; ; retry++) {
      const retriesLeft = retry <= retries;
      let answer: Answer;
      try {
        answer = await this.attempt(spec, url, headers, body);
      } catch (error) {
        // A refused or dropped connection is worth another try; a time-out is not (the service may still be working).
        if (!retriesLeft || !(error instanceof NetworkError) || error.timedOut || error.lasting) throw error;
        await this.pause(retry, error.message);
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return this.readBody<T>(answer, spec);
      const data = errorData(answer);
      if (retriesLeft && this.mayRetry(answer.status, data)) {
        await this.pause(retry, `HTTP ${answer.status}`, answer);
        continue;
      }
      throw this.httpError(answer, data, spec);
    }
  }

  /**
   * One attempt, its body read whole, within the time limit: a refused or dropped connection is a
   * NetworkError, the time limit running out one that says so, Ctrl-C an InterruptedError.
   */
  private async attempt(spec: RequestSpec, url: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const signal = this.config.signal ? AbortSignal.any([this.config.signal, timeout]) : timeout;
    const trace = this.config.trace;
    const started = performance.now();
    if (trace) {
      trace(`→ ${spec.method} ${url}`);
      trace(`  authorization: ${headers.authorization ? `Bearer ${maskKey(this.config.apiKey)}` : '(none)'}`);
    }
    let response: WireResponse;
    let whole: string | Uint8Array;
    let stage = 'send';
    try {
      response = await (this.config.transport ?? (await defaultTransport()))({ method: spec.method, url, headers, body, signal });
      stage = 'read';
      whole = await response.whole();
    } catch (error) {
      if (error instanceof DgwError) throw error;
      if (this.config.signal?.aborted) throw new InterruptedError();
      if (timeout.aborted) throw this.timedOut(spec, error);
      if (stage === 'read') throw new NetworkError(`connection dropped while reading the response to ${spec.method} ${spec.path}`, error);
      throw unreachable(new URL(this.config.baseUrl).host, error);
    }
    // An answer that arrived after the abort is the cancelled work's (the in-process gateway answers 499): the abort is what happened.
    if (this.config.signal?.aborted) throw new InterruptedError();
    if (timeout.aborted) throw this.timedOut(spec);
    const answer = answered(response, whole);
    if (trace) {
      trace(`← ${response.status} ${response.statusText} (${Math.round(performance.now() - started)} ms)`);
      const text = answer.text;
      if (text) trace(`  ${this.redact(text.length > 4000 ? `${text.slice(0, 4000)}…` : text)}`);
    }
    return answer;
  }

  /**
   * Sends one request and returns its answer unread, for a body read as it arrives (the rows of
   * run SQL, a download) or a body sent as it is read (`content`: a multipart upload). The time
   * limit holds until the answer's head has come (`timeoutMs: false`: no limit; the caller
   * watches progress), the body's reader sets its own (body-chunks.ts). An answer that is not 2xx
   * is read whole and mapped as for `request`; a GET, PUT or DELETE is retried as there (never
   * once its answer has begun, nor one whose body is a stream, which can be read only once). A change
   * in a dry run is shown instead (undefined is returned); `--debug` traces only the start of the
   * body, as it is read.
   */
  async open(spec: OpenSpec): Promise<OpenAnswer | undefined> {
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
    const trace = this.config.trace;
    if (trace && spec.body !== undefined) trace(`  body: ${this.redact(JSON.stringify(spec.body))}`);
    if (trace && spec.content) trace(`  body: ${spec.content.type} (${this.redact(JSON.stringify(spec.content.shown ?? '(streamed)'))})`);
    if (this.config.sent) this.config.sent[spec.method === 'GET' || spec.readOnly ? 'reads' : 'changes'] += 1;
    const headers: Record<string, string> = {};
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
    if (spec.accept) headers.accept = spec.accept;
    let body: string | AsyncIterable<Uint8Array> | undefined;
    if (spec.content) {
      headers['content-type'] = spec.content.type;
      body = spec.content.body;
    } else if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.body);
    }
    const transport = this.config.transport ?? (await defaultTransport());
    // An idempotent request whose body is not a stream (read once) is tried again as `request` does, until its answer begins.
    const retries = RETRY_METHODS.includes(spec.method) && !spec.content ? (this.config.retries ?? 2) : 0;
    for (let retry = 1; ; retry++) {
      const retriesLeft = retry <= retries;
      let response: WireResponse;
      try {
        response = await this.exchange(transport, spec, url, headers, body, spec.timeoutMs ?? this.config.timeoutMs, spec.signal);
      } catch (error) {
        if (!retriesLeft || !(error instanceof NetworkError) || error.timedOut || error.lasting) throw error;
        await this.pause(retry, error.message);
        continue;
      }
      if (response.status >= 200 && response.status < 300) return trace ? this.tracedBody(response, trace) : response;
      const text = await readWithin(response, this.config.timeoutMs);
      if (this.config.signal?.aborted) throw new InterruptedError();
      const answer = answered(response, text);
      if (trace && answer.text) trace(`  ${this.redact(answer.text.length > 4000 ? `${answer.text.slice(0, 4000)}…` : answer.text)}`);
      const data = errorData(answer);
      if (retriesLeft && this.mayRetry(answer.status, data)) {
        await this.pause(retry, `HTTP ${answer.status}`, answer);
        continue;
      }
      throw this.httpError(answer, data, spec);
    }
  }

  /**
   * GETs a link the service handed out (an export's download URL) and returns the answer unread,
   * whatever its status. No API key goes with it: a link carries its own authority, and may point
   * at another host (the hosted service's object store). A link to the base URL's own origin goes
   * the way the API does (the in-process local gateway answers it). Plain http is refused but on
   * loopback, as for base URLs; a redirect is followed (the key is not there to leak), to https
   * or loopback only, five at most. `fileCoding`: the file is itself compressed so (a gzip export):
   * it is asked for and kept as it is stored (see WireRequest.fileCoding).
   */
  async link(url: string, signal?: AbortSignal, fileCoding?: 'gzip'): Promise<OpenAnswer> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new MalformedResponseError(`the service sent a download link that is not a URL: ${JSON.stringify(url.slice(0, 200))}`);
    }
    const { isLoopback } = await import('../config/loopback.js');
    const origin = new URL(this.config.baseUrl).origin;
    const spec: RequestSpec = { method: 'GET', path: '' };
    for (let hops = 0; ; hops++) {
      const sameOrigin = target.origin === origin;
      if (target.protocol !== 'https:' && !(target.protocol === 'http:' && (sameOrigin || isLoopback(target.hostname)))) {
        throw new MalformedResponseError(`the service sent a download link dgw will not follow (${target.protocol}//${target.host}): only https, or http on loopback`);
      }
      const shown = `${target.origin}${target.pathname}${target.search ? '?…' : ''}`;
      this.config.trace?.(`→ GET ${shown} (a download link: no API key sent)`);
      if (this.config.sent) this.config.sent.reads += 1;
      const transport = sameOrigin && this.config.transport ? this.config.transport : await defaultTransport();
      const started = performance.now();
      let response: WireResponse;
      try {
        // A gzip file is asked for as gzip: a store that decompresses for a client that does not accept it (as Cloud Storage does) then sends it as it is.
        const headers: Record<string, string> = fileCoding ? { 'accept-encoding': fileCoding } : {};
        response = await this.exchange(transport, { ...spec, path: shown }, target.toString(), headers, undefined, this.config.timeoutMs, signal, true, fileCoding);
      } catch (error) {
        if (error instanceof NetworkError && !error.timedOut && !error.lasting) throw new NetworkError(`cannot download from ${target.host}: ${rootCause(error.cause ?? error)}`, error);
        throw error;
      }
      this.config.trace?.(`← ${response.status} ${response.statusText} (${Math.round(performance.now() - started)} ms)`);
      const location = response.header('location');
      if (!isRedirect(response.status) || !location || hops >= 5) return response;
      await response.cancel().catch(() => undefined);
      try {
        target = new URL(location, target);
      } catch {
        throw new MalformedResponseError(`a download link redirected to something that is not a URL: ${JSON.stringify(location.slice(0, 200))}`);
      }
    }
  }

  /**
   * Sends one exchange and waits for its head within `limitMs` (false: no limit); the body is left
   * to its reader, and only the command's Ctrl-C or `signal` stop it after that. A failure is a
   * NetworkError (one that says the time limit ran out, when it did), Ctrl-C an InterruptedError,
   * `signal`'s own reason when it is one of dgw's errors (an idle watchdog).
   */
  private async exchange(
    transport: Transport,
    spec: RequestSpec,
    url: string,
    headers: Record<string, string>,
    body: string | AsyncIterable<Uint8Array> | undefined,
    limitMs: number | false,
    signal?: AbortSignal,
    quiet = false,
    fileCoding?: 'gzip',
  ): Promise<WireResponse> {
    const head = new AbortController();
    const timer = limitMs === false ? undefined : setTimeout(() => head.abort(), limitMs);
    const stops = [head.signal, ...[this.config.signal, signal].filter((s): s is AbortSignal => s !== undefined)];
    const trace = quiet ? undefined : this.config.trace;
    const started = performance.now();
    if (trace) {
      trace(`→ ${spec.method} ${url}`);
      trace(`  authorization: ${headers.authorization ? `Bearer ${maskKey(this.config.apiKey)}` : '(none)'}`);
      if (headers.accept) trace(`  accept: ${headers.accept}`);
    }
    let response: WireResponse;
    try {
      response = await transport({ method: spec.method, url, headers, body, signal: AbortSignal.any(stops), ...(fileCoding ? { fileCoding } : {}) });
    } catch (error) {
      if (signal?.aborted && signal.reason instanceof DgwError) throw signal.reason;
      if (error instanceof DgwError) throw error;
      if (this.config.signal?.aborted) throw new InterruptedError();
      if (head.signal.aborted) throw this.timedOut(spec, error);
      throw unreachable(new URL(url).host, error);
    } finally {
      clearTimeout(timer);
    }
    // An answer that arrived after the abort is the cancelled work's (the in-process gateway answers 499): the abort is what happened.
    if (this.config.signal?.aborted) {
      await response.cancel().catch(() => undefined);
      throw new InterruptedError();
    }
    if (signal?.aborted && signal.reason instanceof DgwError) {
      await response.cancel().catch(() => undefined);
      throw signal.reason;
    }
    if (head.signal.aborted) {
      await response.cancel().catch(() => undefined);
      throw this.timedOut(spec);
    }
    trace?.(`← ${response.status} ${response.statusText} (${Math.round(performance.now() - started)} ms)`);
    return response;
  }

  /** The same answer, whose body's first 4,000 characters are traced once they have been read (a body may be huge). */
  private tracedBody(response: WireResponse, trace: (line: string) => void): WireResponse {
    const decoder = new TextDecoder();
    let start = '';
    let done = false;
    const flush = (more: boolean) => {
      if (done) return;
      done = true;
      if (start) trace(`  ${this.redact(more ? `${start.slice(0, 4000)}…` : start)}`);
    };
    return {
      ...response,
      header: (name) => response.header(name),
      async read() {
        const chunk = await response.read();
        if (chunk === null) flush(false);
        else if (!done) {
          start += decoder.decode(chunk, { stream: true });
          if (start.length > 4000) flush(true);
        }
        return chunk;
      },
      async whole() {
        const whole = await response.whole();
        start = textOf(whole);
        flush(start.length > 4000);
        return whole;
      },
      async cancel() {
        flush(true);
        await response.cancel();
      },
    };
  }

  private timedOut(spec: RequestSpec, cause?: unknown): NetworkError {
    return new NetworkError(`${spec.method} ${this.config.baseUrl} timed out after ${this.config.timeoutMs / 1000} s (use --timeout to wait longer)`, cause, { timedOut: true });
  }

  /** True for an answer worth another try: a busy or failing service, but never a damaged local database. */
  private mayRetry(status: number, data: unknown): boolean {
    if (!RETRY_STATUS.includes(status)) return false;
    // A damaged database stays damaged: the local gateway's 500 for it is not worth a retry.
    return !(this.config.localGateway && errorCodeOf(data) === 'DATABASE_DAMAGED');
  }

  /** Waits before retry number `retry` (Retry-After, or backoff); Ctrl-C ends the wait. */
  private async pause(retry: number, why: string, answer?: Answer): Promise<void> {
    this.config.trace?.(`  retry ${retry} after: ${why}`);
    const ms = retryDelay(retry, answer?.status, answer?.header('retry-after'));
    await sleep(ms, this.config.signal);
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

  private readBody<T>(response: Answer, spec: RequestSpec): T {
    const expect = spec.expect ?? 'json';
    if (expect === 'none') return undefined as T;
    // An answer that starts as JSON does (`[`, `{`) is neither empty nor a page's text: its bytes need not be decoded to tell.
    const startsAsJson = startsWithBracket(response.whole);
    if (!startsAsJson && response.text.trim() === '') {
      if (expect === 'optional-json') return undefined as T;
      throw new MalformedResponseError(`the service sent an empty response to ${spec.method} ${spec.path} where JSON was expected`, response.status);
    }
    if (looksLikeHtml(response, startsAsJson)) {
      throw new MalformedResponseError(`the service sent an HTML page instead of JSON (HTTP ${response.status}); is the base URL right?`, response.status);
    }
    const parse = () => {
      const text = response.text;
      try {
        return spec.keepDigits ? parseJsonExact(text, spec.keepDigits) : JSON.parse(text);
      } catch {
        throw new MalformedResponseError(`the service sent malformed or truncated JSON (HTTP ${response.status}, ${text.length} bytes)`, response.status);
      }
    };
    if (expect === 'json-text') {
      return {
        whole: response.whole,
        get text() {
          return response.text;
        },
        parse,
      } satisfies JsonText as T;
    }
    return parse() as T;
  }

  /** A non-2xx answer as dgw's error: a refused redirect, a fault of this machine (local gateway), or the service's error. */
  private httpError(answer: Answer, data: unknown, spec: RequestSpec): DgwError {
    if (isRedirect(answer.status)) return this.redirectRefused(answer, spec);
    const { message, errorCode } = describeErrorBody(data, answer.status, answer.statusText);
    return (this.config.localGateway ? localGatewayFault(errorCode, this.redact(message)) : undefined) ?? new ApiError(answer.status, this.redact(message), errorCode);
  }

  private redirectRefused(response: Answer, spec: RequestSpec): DgwError {
    const location = response.header('location');
    const target = location ? ` to ${this.redact(resolveLocation(location, this.url(spec)))}` : '';
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
  if (errorCode === 'DATABASE_DAMAGED') return new LocalFaultError('DAMAGED_FILE', message, 'docs/errors.md "Faults on this machine" says how to restore the file or move it aside');
  if (errorCode === 'DATABASE_NEWER') return new LocalFaultError('NEWER_FILE', message, '`dgw version` says which dgw this is; install the later one (npm install) to use this data folder');
  if (errorCode === 'DATABASE_BUSY') return new BusyError(message, 'dgw serve lets several dgw commands share the local gateway; another program should not open its files');
  return undefined;
}

/** The network transport, loaded on the first request (node:http is not needed before). */
async function defaultTransport(): Promise<Transport> {
  return (await import('./node-transport.js')).nodeTransport;
}

/**
 * An error answer's body as it is read for its message: JSON when it says it is JSON (undefined
 * when that does not parse), otherwise its text (undefined when empty).
 */
function errorData(answer: Answer): unknown {
  if (answer.text === '') return undefined;
  if (!/json/i.test(answer.header('content-type') ?? '')) return answer.text;
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return undefined;
  }
}

/** What Node's TLS says of a certificate it does not trust, and what a person can do about each. */
const CERTIFICATE_PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'comes from a certificate authority Node does not know',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'comes from a certificate authority Node does not know',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'comes from a certificate authority Node does not know',
  CERT_HAS_EXPIRED: 'has expired',
  CERT_NOT_YET_VALID: 'is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'is for another host name',
};

/**
 * A connection that failed: a certificate Node does not trust is said as such, with what to do,
 * and is not tried again (nothing changes between tries); anything else names its cause.
 */
function unreachable(host: string, error: unknown): NetworkError {
  const cause = rootCause(error);
  const problem = CERTIFICATE_PROBLEMS[cause];
  if (problem === undefined) return new NetworkError(`cannot reach ${host}: ${cause}`, error);
  const fix = cause === 'ERR_TLS_CERT_ALTNAME_INVALID' || cause === 'CERT_HAS_EXPIRED' || cause === 'CERT_NOT_YET_VALID'
    ? 'check the base URL (DGW_BASE_URL, the profile\'s baseUrl) and the machine\'s clock; the service\'s operators can renew its certificate'
    : 'if your organisation has its own certificate authority, set NODE_EXTRA_CA_CERTS to its PEM file';
  return new NetworkError(`cannot reach ${host}: its TLS certificate ${problem} (${cause})`, error, { lasting: true, hint: fix });
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

/** True for an answer that is a web page: said so by its content type, or starting with a page's first tag (not when it starts with `[` or `{`). */
function looksLikeHtml(response: Answer, startsAsJson: boolean): boolean {
  const type = response.header('content-type') ?? '';
  return type.includes('text/html') || (!startsAsJson && /^\s*<(!doctype|html)/i.test(response.text));
}

/** True when a body's first character is `[` or `{`. */
function startsWithBracket(whole: string | Uint8Array): boolean {
  const first = typeof whole === 'string' ? whole.charCodeAt(0) : whole[0];
  return first === 0x5b || first === 0x7b;
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
