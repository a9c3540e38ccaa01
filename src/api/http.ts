import { DgwError, InterruptedError, MalformedResponseError, NetworkError, UsageError } from '../errors.js';
import { maskKey } from '../config/settings.js';
import { isHostedUrl } from '../config/zones.js';
import { errorName } from '../error-codes.js';
import { answered, errorCodeOf, errorOf, hideSecret, readBody, redactSecrets, tracedBody } from './answers.js';
import { dryRunView, placeholderToken, type DryRunEffects, type DryRunView } from './dry-run.js';
import { lasting, ownCause, rootCause, unreachable } from './failures.js';
import type { Failure, NetworkOptions } from './network.js';
import { isChange, type OpenAnswer, type OpenSpec, type RequestSpec } from './request-spec.js';
import { readWithin, wholeWithin, type Transport, type WireRequest, type WireResponse } from './transport.js';
import type { SentCount } from '../run-record.js';

export { describeErrorBody } from './answers.js';
export { localGatewayFault } from './failures.js';
export type { DryRunView } from './dry-run.js';
export type { JsonText, Method, OpenAnswer } from './request-spec.js';

/** How the HTTP layer reaches the service. */
export interface HttpConfig {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  /** How requests are sent: ky over the network when not given; the in-process local gateway plugs itself in here. */
  transport?: Transport;
  signal?: AbortSignal;
  /** Receives `--debug` trace lines, already redacted. */
  trace?: (line: string) => void;
  /** When set, no change is sent: changes are handed here instead, and reads are refused unless `dryRunReads`. */
  dryRun?: (view: DryRunView) => void;
  /** In a dry run, reads (GET) are sent, so names resolve and what a change would destroy can be shown (`--with-reads`). */
  dryRunReads?: boolean;
  /** Attempts after the first for idempotent requests over the network (default 2). */
  retries?: number;
  /** The service runs inside this process (the in-process local gateway) and ends with the command. */
  inProcess?: boolean;
  /** The service is the local gateway (in-process or `dgw serve`): its fault codes are faults of this machine. */
  localGateway?: boolean;
  /** The hint of a refused key (401), where the command knows more of the key than the service says. */
  refusedKeyHint?: string;
  /** The data folder of the `dgw serve` that is the service: a failed connection says when that serve has stopped. */
  servedDataDir?: string;
  /** Shown with every request a dry run does not send (see `describing`). */
  effects?: DryRunEffects;
  /** Placeholders shown in dry runs, shared by the layers `describing` makes. */
  placeholders?: Set<string>;
  /** Counts the requests sent (reads: GET; changes: the rest), so a failure can say what went out. */
  sent?: SentCount;
}

/** How one exchange is sent (see `Http.exchange`). */
interface Way {
  /** What the trace and a time-out name: the request's path, or a download link without its query. */
  shown: string;
  /** The longest wait for the answer's head; false waits as long as it takes. */
  limitMs: number | false;
  /** Also stops this exchange (an idle watchdog, a reader that has had enough). */
  signal?: AbortSignal;
  retries: number;
  retried?: boolean;
  /** The in-process gateway's transport; undefined goes over the network. */
  transport?: Transport;
  /** The caller traces the exchange itself (a download link). */
  quiet?: boolean;
  change?: boolean;
  /** The body's trace lines, after the request line of each attempt. */
  bodyTrace?: string[];
}

/** The thin HTTP layer: base URL, bearer auth, time limits, retries (by ky), error mapping, debug trace. */
export class Http {
  private readonly placeholders: Set<string>;

  /** True when the service runs in this process: background work (a refresh) must finish before dgw exits. */
  get inProcess(): boolean {
    return this.config.inProcess === true;
  }

  /** True when the service is the local gateway (in-process or `dgw serve`), which knows its own extensions. */
  get localGateway(): boolean {
    return this.config.localGateway === true;
  }

  /** True when the base URL is a hosted zone's: dgw's extensions of the document are not sent there. */
  get hostedService(): boolean {
    return isHostedUrl(this.config.baseUrl);
  }

  /** The base URL parsed, and the path every request's path must stay below. */
  private readonly base: { origin: string; below: string };

  constructor(private readonly config: HttpConfig) {
    this.placeholders = config.placeholders ?? new Set();
    const base = new URL(config.baseUrl);
    this.base = { origin: base.origin, below: `${base.pathname.replace(/\/$/, '')}/` };
  }

  /** The same layer, whose dry runs also show what the change would destroy. */
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

  get dryRun(): boolean {
    return this.config.dryRun !== undefined;
  }

  /** True in a dry run that sends nothing at all: what only a read could tell stays a placeholder. */
  get readsNothing(): boolean {
    return this.dryRun && this.config.dryRunReads !== true;
  }

  /** A stand-in, in dry-run mode, for a value only a request could tell: shown as `{id of revenuereport}` (dry-run.ts). */
  placeholder(what: string): string {
    return placeholderToken(what, this.placeholders);
  }

  show(spec: OpenSpec): void {
    if (!this.config.dryRun) throw new DgwError('internal', `show() outside a dry run: ${spec.method} ${spec.path}`);
    this.config.dryRun(dryRunView(spec, this.url(spec), { apiKey: this.config.apiKey, placeholders: this.placeholders, effects: this.config.effects }));
  }

  /** The same HTTP layer, whose requests Ctrl-C no longer stops: for the cleanup of what a stopped command made. */
  detached(): Http {
    return new Http({ ...this.config, placeholders: this.placeholders, signal: undefined });
  }

  /** The same HTTP layer, whose requests `signal` also stops (one statement of the SQL shell, which Ctrl-C cancels). */
  withSignal(signal: AbortSignal): Http {
    return new Http({ ...this.config, placeholders: this.placeholders, signal: this.config.signal ? AbortSignal.any([this.config.signal, signal]) : signal });
  }

  /** Sends one request and returns its parsed body; a change in a dry run is shown instead and undefined returned. */
  async request<T>(spec: RequestSpec): Promise<T> {
    const response = await this.send(spec);
    if (!response) return undefined as T;
    let whole: string | Uint8Array;
    try {
      whole = await wholeWithin(response, this.config.timeoutMs, () => Promise.reject<never>(this.timedOut(spec.method, spec.path, { made: isChange(spec) })));
    } catch (error) {
      if (error instanceof DgwError) throw error;
      if (this.config.signal?.aborted) throw new InterruptedError();
      const made = isChange(spec) ? { hint: `the service answered HTTP ${response.status} before the connection dropped, so the change is likely made: check before running it again` } : {};
      throw new NetworkError(`connection dropped while reading the response to ${spec.method} ${spec.path}`, error, made);
    }
    const answer = answered(response, whole);
    // Only --debug reads the body as text: a long answer is otherwise never decoded.
    if (this.config.trace) {
      if (spec.secretAnswer) this.config.trace(`  (${answer.text.length} characters, not shown: the answer may carry credentials)`);
      else this.traceBody(answer.text, spec.secretValues);
    }
    return readBody<T>(answer, spec);
  }

  /** Sends one request and returns its answer unread, for bodies read or sent as a stream; the time limit covers only the head. */
  async open(spec: OpenSpec): Promise<OpenAnswer | undefined> {
    const response = await this.send(spec);
    const trace = this.config.trace;
    return response && trace ? tracedBody(response, (text) => trace(`  ${this.redact(text)}`)) : response;
  }

  /** The one way a request goes: dry runs show changes and refuse reads; only GET, PUT and DELETE without a streamed body are retried. */
  private async send(spec: OpenSpec): Promise<WireResponse | undefined> {
    if (this.config.dryRun) {
      if (spec.method !== 'GET') {
        this.show(spec);
        return undefined;
      }
      if (!this.config.dryRunReads) throw new DgwError('internal', `a dry run sends nothing, yet this command asked to send GET ${spec.path}`);
    }
    const bodyTrace: string[] = [];
    if (this.config.trace && spec.body !== undefined) bodyTrace.push(`  body: ${this.redact(JSON.stringify(spec.secretBody ? spec.secretBody(spec.body) : spec.body))}`);
    if (this.config.trace && spec.content) bodyTrace.push(`  body: ${spec.content.type} (${this.redact(JSON.stringify(spec.content.shown ?? '(streamed)'))})`);
    if (this.config.sent) this.config.sent[isChange(spec) ? 'changes' : 'reads'] += 1;
    const headers: Record<string, string> = {};
    if (this.config.apiKey) headers.authorization = `Bearer ${this.config.apiKey}`;
    if (spec.accept) headers.accept = spec.accept;
    let body: WireRequest['body'];
    if (spec.content) {
      headers['content-type'] = spec.content.type;
      body = spec.content.body;
    } else if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.body);
    }
    const change = isChange(spec);
    const way: Way = { shown: spec.path, limitMs: spec.timeoutMs ?? this.config.timeoutMs, signal: spec.signal, retries: spec.content ? 0 : (this.config.retries ?? 2), transport: this.config.transport, change, bodyTrace };
    const response = await this.exchange({ method: spec.method, url: this.url(spec), headers, body }, way);
    if (response.status >= 200 && response.status < 300) {
      if (change && this.config.sent) this.config.sent.made = (this.config.sent.made ?? 0) + 1;
      return response;
    }
    // A change the service refused (4xx, but a time-out) was not made.
    if (change && this.config.sent && response.status >= 400 && response.status < 500 && response.status !== 408) this.config.sent.refused = (this.config.sent.refused ?? 0) + 1;
    // Within the time limit: a service that sends an error's head and then nothing must not hold the command.
    const answer = answered(response, await readWithin(response, this.config.timeoutMs));
    if (this.config.signal?.aborted) throw new InterruptedError();
    this.traceBody(answer.text, spec.secretValues);
    const error = errorOf(answer, spec, { url: this.url(spec), localGateway: this.localGateway, redact: (text) => this.redact(text, spec.secretValues), refusedKeyHint: this.config.refusedKeyHint });
    if (way.retried && spec.method === 'DELETE' && response.status === 404) throw new DgwError('not_found', `${error.message}; an earlier attempt of this DELETE failed and may have deleted it`, { status: 404, errorCode: error.errorCode });
    throw error;
  }

  /** GETs a link the service handed out, without the API key: a link carries its own authority and may point at another host. */
  async link(url: string, signal?: AbortSignal, fileCoding?: 'gzip'): Promise<OpenAnswer> {
    let target = URL.parse(url);
    if (!target) throw new MalformedResponseError(`the service sent a download link that is not a URL: ${JSON.stringify(url.slice(0, 200))}`);
    const { isLoopbackHost } = await import('../config/loopback.js');
    for (let hops = 0; ; hops++) {
      const sameOrigin = target.origin === this.base.origin;
      if (target.protocol !== 'https:' && !(target.protocol === 'http:' && (sameOrigin || isLoopbackHost(target.hostname)))) {
        throw new MalformedResponseError(`the service sent a download link dgw will not follow (${target.protocol}//${target.host}): only https, or http on loopback`);
      }
      const shown = `${target.origin}${target.pathname}${target.search ? '?…' : ''}`;
      this.config.trace?.(`→ GET ${shown} (a download link: no API key sent)`);
      if (this.config.sent) this.config.sent.reads += 1;
      const started = performance.now();
      let response: WireResponse;
      try {
        // A gzip file is asked for as gzip: a store that decompresses for a client that does not accept it (as Cloud Storage does) then sends it as it is.
        const headers: Record<string, string> = fileCoding ? { 'accept-encoding': fileCoding } : {};
        const transport = sameOrigin ? this.config.transport : undefined;
        response = await this.exchange({ method: 'GET', url: target.toString(), headers, ...(fileCoding ? { fileCoding } : {}) }, { shown, limitMs: this.config.timeoutMs, signal, retries: 0, transport, quiet: true });
      } catch (error) {
        if (error instanceof NetworkError && !error.timedOut && !error.lasting) throw new NetworkError(`cannot download from ${target.host}: ${rootCause(error.cause ?? error)}`, error);
        throw error;
      }
      this.config.trace?.(`← ${response.status} ${response.statusText} (${Math.round(performance.now() - started)} ms)`);
      const location = response.header('location');
      if (response.status < 300 || response.status >= 400) return response;
      await response.cancel().catch(() => undefined);
      if (!location || hops >= 5) throw new MalformedResponseError(`a download link ${location ? 'redirected more than 5 times' : `answered HTTP ${response.status} with no Location to follow`} (${shown})`, response.status);
      target = URL.parse(location, target);
      if (!target) throw new MalformedResponseError(`a download link redirected to something that is not a URL: ${JSON.stringify(location.slice(0, 200))}`);
    }
  }

  /** One exchange, in-process or through ky; a failure is a NetworkError, Ctrl-C an InterruptedError. */
  private async exchange(request: Omit<WireRequest, 'signal'>, way: Way): Promise<WireResponse> {
    const stops = [this.config.signal, way.signal].filter((s): s is AbortSignal => s !== undefined);
    const trace = way.quiet ? undefined : this.config.trace;
    const onAttempt = () => {
      if (!trace) return;
      trace(`→ ${request.method} ${request.url}`);
      trace(`  authorization: ${request.headers.authorization ? `Bearer ${maskKey(this.config.apiKey)}` : '(none)'}`);
      if (request.headers.accept) trace(`  accept: ${request.headers.accept}`);
      for (const line of way.bodyTrace ?? []) trace(line);
    };
    const onHead = (status: number, statusText: string, ms: number) => trace?.(`← ${status} ${statusText} (${Math.round(ms)} ms)`);
    // The network's time limit is ky's; the in-process gateway's is this one.
    const head = new AbortController();
    const timer = way.transport && way.limitMs !== false ? setTimeout(() => head.abort(), way.limitMs) : undefined;
    let response: WireResponse;
    try {
      if (way.transport) {
        onAttempt();
        const started = performance.now();
        response = await way.transport({ ...request, signal: AbortSignal.any([head.signal, ...stops]) });
        onHead(response.status, response.statusText, performance.now() - started);
      } else {
        const { sendOverNetwork } = await import('./network.js');
        const options: NetworkOptions = { retries: way.retries, limitMs: way.limitMs, onAttempt, onHead, onRetry: (retry, failure) => { way.retried = true; this.traceRetry(retry, failure, request.url); }, mayRetry: (failure) => this.mayRetry(failure) };
        response = await sendOverNetwork({ ...request, signal: AbortSignal.any(stops) }, options);
      }
    } catch (error) {
      if (way.signal?.aborted && way.signal.reason instanceof DgwError) throw way.signal.reason;
      const own = ownCause(error);
      if (own) throw own;
      if (this.config.signal?.aborted) throw new InterruptedError();
      if (head.signal.aborted || (error as Error | undefined)?.name === 'TimeoutError') throw this.timedOut(request.method, way.shown, { cause: error, change: way.change });
      const failed = unreachable(new URL(request.url).host, error, way.change);
      const served = this.config.servedDataDir;
      // A serve that stops unannounces its URL first; one killed leaves a lock whose holder is gone.
      if (served && !(await import('../gateway/lock.js').then((m) => m.readLiveLock(served)))?.url) {
        throw new NetworkError(`${failed.message}: the dgw serve holding ${served} has stopped`, error, { hint: failed.hint ?? 'run the command again: with no dgw serve, it runs the local gateway in-process' });
      }
      throw failed;
    } finally {
      clearTimeout(timer);
    }
    // An answer that arrived after the abort is the cancelled work's (the in-process gateway answers 499): the abort is what happened.
    const stopped = this.config.signal?.aborted ? new InterruptedError() : way.signal?.aborted && way.signal.reason instanceof DgwError ? way.signal.reason : head.signal.aborted ? this.timedOut(request.method, way.shown, { change: way.change, undone: response.status === 499 }) : undefined;
    if (stopped) {
      // The in-process gateway lets a COMMIT end: a change answered 2xx after Ctrl-C was made, and the interrupt must say so.
      if (stopped instanceof InterruptedError && way.change && response.status >= 200 && response.status < 300 && this.config.sent) this.config.sent.made = (this.config.sent.made ?? 0) + 1;
      await response.cancel().catch(() => undefined);
      throw stopped;
    }
    return response;
  }

  /** True for a failure worth another try: not a certificate Node does not trust, nor a damaged local database (both stay as they are). */
  private mayRetry(failure: Failure): boolean {
    if (failure.status === undefined) return !lasting(failure.cause);
    return !(this.config.localGateway && errorName(errorCodeOf(failure.data)) === 'DATABASE_DAMAGED');
  }

  private traceRetry(retry: number, failure: Failure, url: string): void {
    const trace = this.config.trace;
    if (!trace) return;
    if (failure.data !== undefined) this.traceBody(typeof failure.data === 'string' ? failure.data : JSON.stringify(failure.data));
    trace(`  retry ${retry} after: ${failure.status !== undefined ? `HTTP ${failure.status}` : unreachable(new URL(url).host, failure.cause).message}`);
  }

  /** Traces a body's first 4,000 characters (a body may be huge). */
  private traceBody(text: string, secrets?: string[]): void {
    if (this.config.trace && text) this.config.trace(`  ${this.redact(text.length > 4000 ? `${text.slice(0, 4000)}…` : text, secrets)}`);
  }

  /**
   * `shown`: the request's path (below the base URL) or a download link, so the message names what was waited for.
   * A change that timed out says what became of it: made (its answer had come), undone (the in-process gateway stopped it), or unknown.
   */
  private timedOut(method: string, shown: string, outcome: { cause?: unknown; change?: boolean; made?: boolean; undone?: boolean } = {}): NetworkError {
    const where = /^https?:/.test(shown) ? shown : `${this.config.baseUrl}${shown}`;
    const hint = outcome.made
      ? 'the change was made (its answer came before the time ran out); only reading the answer timed out'
      : !outcome.change ? undefined
      : outcome.undone ? 'nothing was changed: the local gateway stopped the work when the time ran out'
      : 'the change may still be made: check before running it again';
    return new NetworkError(`${method} ${where} timed out after ${this.config.timeoutMs / 1000} s (use --timeout to wait longer)`, outcome.cause, { timedOut: true, hint });
  }

  private url(spec: RequestSpec): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(spec.query ?? {})) if (v !== undefined) params.set(k, String(v));
    const qs = params.toString();
    const url = `${this.config.baseUrl}${spec.path}${qs ? `?${qs}` : ''}`;
    // The last guard of the key's host: whatever built the path, the request stays below the base URL.
    const target = new URL(url);
    if (target.origin !== this.base.origin || !`${target.pathname}/`.startsWith(this.base.below)) throw new UsageError(`the request path ${JSON.stringify(spec.path)} would leave the base URL ${this.config.baseUrl}`);
    return url;
  }

  /** Replaces the API key wherever it appears in a traced text, and any secret a body carries. */
  private redact(text: string, secrets: string[] = []): string {
    const key = this.config.apiKey;
    const masked = secrets.reduce((t, secret) => hideSecret(t, secret, '***'), text);
    return redactSecrets(key ? hideSecret(masked, key, maskKey(key)) : masked);
  }
}
