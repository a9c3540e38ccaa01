import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Http, type Method } from '../src/api/http.js';
import { RETRY } from '../src/api/network.js';
import { InterruptedError, NetworkError } from '../src/errors.js';
import { useBareServer } from './support/bare-server.js';

// When and how often the HTTP layer sends a request again (ky's retry, set up in src/api/network.ts),
// seen from a server: which methods and answers are retried, how long each wait is.

type Reply = (res: ServerResponse) => void;
let replies: Reply[] = [];
let arrivals: number[] = [];
const { baseUrl } = useBareServer((req, res) => {
  req.resume();
  arrivals.push(performance.now());
  const reply = replies.length > 1 ? replies.shift()! : replies[0];
  reply(res);
});

const status = (code: number, headers: Record<string, string> = {}, body: object = { message: `status ${code}` }): Reply => (res) => {
  res.writeHead(code, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const ok = status(200, {}, { ok: true });

function serve(...sequence: Reply[]): void {
  replies = sequence;
  arrivals = [];
}

const http = (config: Partial<ConstructorParameters<typeof Http>[0]> = {}) => new Http({ baseUrl: baseUrl(), apiKey: 'retry-key-1234', timeoutMs: 5000, ...config });
const send = (method: Method, config?: Partial<ConstructorParameters<typeof Http>[0]>) => http(config).request<unknown>({ method, path: '/x', ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }), expect: 'optional-json' });

describe('which requests are sent again', () => {
  it('GET, PUT and DELETE after 429, 500, 502, 503 and 504; never POST or PATCH', async () => {
    for (const code of [429, 500, 502, 503, 504]) {
      serve(status(code, { 'retry-after': '0' }), ok);
      await expect(send('GET')).resolves.toEqual({ ok: true });
      expect(arrivals, String(code)).toHaveLength(2);
    }
    for (const method of ['PUT', 'DELETE'] as const) {
      serve(status(503, { 'retry-after': '0' }), ok);
      await send(method);
      expect(arrivals, method).toHaveLength(2);
    }
    for (const method of ['POST', 'PATCH'] as const) {
      serve(status(503, { 'retry-after': '0' }), ok);
      await expect(send(method)).rejects.toThrow(/status 503/);
      expect(arrivals, method).toHaveLength(1);
    }
    // Other errors are answers, not failures worth another try.
    serve(status(404), ok);
    await expect(send('GET')).rejects.toThrow(/status 404/);
    expect(arrivals).toHaveLength(1);
  });

  it('two retries by default, as many as asked, and none for a body sent as a stream', async () => {
    serve(status(500));
    await expect(send('GET')).rejects.toThrow(/status 500/);
    expect(arrivals).toHaveLength(3);
    serve(status(500));
    await expect(send('GET', { retries: 0 })).rejects.toThrow(/status 500/);
    expect(arrivals).toHaveLength(1);
    serve(status(503, { 'retry-after': '0' }), ok);
    const stream = (async function* () {
      yield Buffer.from('a,b\n');
    })();
    await expect(http().open({ method: 'PUT', path: '/x', content: { body: stream, type: 'text/csv' } })).rejects.toThrow(/status 503/);
    expect(arrivals).toHaveLength(1);
  });

  it('a dropped connection is tried again; a time-out is not', async () => {
    serve((res) => res.socket?.destroy(), ok);
    await expect(send('GET')).resolves.toEqual({ ok: true });
    expect(arrivals).toHaveLength(2);
    serve((res) => setTimeout(() => ok(res), 1500));
    const late = await send('GET', { timeoutMs: 300 }).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(NetworkError);
    expect((late as NetworkError).timedOut).toBe(true);
    expect(arrivals).toHaveLength(1);
  });

  it("the local gateway's damaged database stays damaged: its 500 is not retried, another 500 is", async () => {
    serve(status(500, {}, { errorCode: 'DATABASE_DAMAGED', message: 'damaged' }), ok);
    await expect(send('GET', { localGateway: true })).rejects.toThrow(/damaged/);
    expect(arrivals).toHaveLength(1);
    serve(status(500, {}, { errorCode: 'OTHER', message: 'boom' }), ok);
    await expect(send('GET', { localGateway: true })).resolves.toEqual({ ok: true });
    expect(arrivals).toHaveLength(2);
  });
});

describe('a DELETE sent again', () => {
  it('a 404 after a failed first attempt says that attempt may have deleted it (still exit 4)', async () => {
    serve(status(502), status(404, {}, { message: 'query 1 not found' }));
    await expect(send('DELETE')).rejects.toMatchObject({ kind: 'not_found', message: 'query 1 not found (HTTP 404); an earlier attempt of this DELETE failed and may have deleted it' });
    serve(status(404, {}, { message: 'query 1 not found' }));
    await expect(send('DELETE')).rejects.toMatchObject({ kind: 'not_found', message: 'query 1 not found (HTTP 404)' });
  });
});

describe('how long it waits', () => {
  // The waits ky asks for between attempts (its delay timer), read as they are asked for and cut
  // to nothing: what is proved is the wait chosen, never how long a busy machine took.
  let waits: number[] = [];
  let cleared: unknown[] = [];
  let timers: unknown[] = [];
  let onWait: (() => void) | undefined;
  let held = false;
  const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;
  beforeEach(() => {
    waits = [];
    cleared = [];
    timers = [];
    onWait = undefined;
    held = false;
    globalThis.setTimeout = ((callback: () => void, ms?: number, ...args: unknown[]) => {
      if (!/[\\/]ky[\\/].*delay\.js/.test(new Error().stack ?? '')) return realSetTimeout(callback, ms, ...args);
      waits.push(ms ?? 0);
      const timer = realSetTimeout(callback, held ? ms : 0);
      timers.push(timer);
      onWait?.();
      return timer;
    }) as typeof setTimeout;
    globalThis.clearTimeout = ((timer?: Parameters<typeof clearTimeout>[0]) => {
      cleared.push(timer);
      realClearTimeout(timer);
    }) as typeof clearTimeout;
  });
  afterEach(() => {
    globalThis.setTimeout = realSetTimeout;
    globalThis.clearTimeout = realClearTimeout;
  });

  it('Retry-After of a 429 or 503, in seconds or as an HTTP date', async () => {
    serve(status(429, { 'retry-after': '1' }), ok);
    await send('GET');
    expect(waits).toEqual([1000]);
    waits = [];
    serve(status(503, { 'retry-after': new Date(Date.now() + 40_000).toUTCString() }), ok);
    await send('GET', { timeoutMs: 120_000 });
    // An HTTP date counts whole seconds, from the moment ky reads it: up to 40 s, and far more than a backoff.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(20_000);
    expect(waits[0]).toBeLessThanOrEqual(40_000);
    expect(arrivals).toHaveLength(2);
  });

  it('a Retry-After of another status, or one that does not parse, is not waited for: the backoff is', async () => {
    serve(status(500, { 'retry-after': '30' }), ok);
    await send('GET');
    serve(status(429, { 'retry-after': 'later' }), ok);
    await send('GET');
    expect(waits).toHaveLength(2);
    for (const wait of waits) expect(wait).toBeLessThan(300);
  });

  it('the backoff: a random time below 0.3 s, 0.6 s, 1.2 s...', async () => {
    serve(status(502));
    await expect(send('GET', { retries: 3 })).rejects.toThrow(/status 502/);
    expect(arrivals).toHaveLength(4);
    expect(waits).toHaveLength(3);
    waits.forEach((wait, i) => expect(wait, `retry ${i + 1}`).toBeLessThan(300 * 2 ** i));
  });

  it('Retry-After is waited for at most a minute, the backoff at most 10 s; Ctrl-C ends a wait', async () => {
    expect(RETRY).toMatchObject({ afterStatusCodes: [429, 503], maxRetryAfter: 60_000, backoffLimit: 10_000, jitter: true });
    serve(status(503, { 'retry-after': '3600' }), ok);
    const stop = new AbortController();
    // The wait is real here, and Ctrl-C comes as it begins: only the abort can end it before the test's own time limit.
    held = true;
    onWait = () => setImmediate(() => stop.abort());
    await expect(send('GET', { signal: stop.signal, timeoutMs: 120_000 })).rejects.toBeInstanceOf(InterruptedError);
    expect(waits).toEqual([60_000]);
    expect(cleared).toContain(timers[0]);
    expect(arrivals).toHaveLength(1);
  });

  it('a Retry-After longer than the time limit is not waited for: the answer is given at once, saying when to try again', async () => {
    serve(status(429, { 'retry-after': '999999' }), ok);
    await expect(send('GET')).rejects.toThrow('status 429 (HTTP 429); the service asks to try again in 999999 s');
    expect(waits).toEqual([]);
    expect(arrivals).toHaveLength(1);
  });
});
