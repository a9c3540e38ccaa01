import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { KEY, useStandIn } from './support/stand-in.js';

// Every failure maps to its documented exit code with one line on stderr and no stack trace.
const { server, dgw } = useStandIn();
const CATALOGS = '/data/projects/proj-1/catalogs';
const QUERIES = '/data/projects/proj-1/queries';

function expectOneLineError(stderr: string, pattern: RegExp) {
  expect(stderr).toMatch(new RegExp(`^error: .*${pattern.source}`, 'm'));
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stderr).not.toContain(KEY);
}

describe('HTTP errors become exit codes', () => {
  it.each([
    [401, 3, /invalid key/],
    [403, 3, /invalid key/],
    [404, 4, /invalid key/],
    [409, 5, /invalid key/],
    [400, 6, /invalid key/],
    [422, 6, /invalid key/],
    [408, 9, /invalid key/],
  ])('status %i → exit %i, message from the error body', async (status, code, pattern) => {
    server.on('GET', CATALOGS, { status, json: { errorCode: 'E1', message: 'invalid key' } });
    const r = await dgw(['catalog', 'list']);
    expectOneLineError(r.stderr, pattern);
    expect(r.code).toBe(code);
    expect(server.requests).toHaveLength(1);
  });

  it('with --json the error is one JSON object on stderr, and nothing else', async () => {
    server.on('GET', CATALOGS, { status: 409, json: { errorCode: 4091, message: 'folder exists' } });
    const r = await dgw(['catalog', 'list', '--json']);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr)).toEqual({
      error: { kind: 'conflict', status: 409, message: 'folder exists (HTTP 409)', errorCode: 4091, hint: null, sent: { reads: 1, changes: 0 }, warnings: [] },
    });
  });

  it('a multi-line message from the service is folded onto one line', async () => {
    server.on('GET', CATALOGS, { status: 400, json: { errorCode: 'SQL', message: 'Binder Error: column "x" not found\nCandidate bindings: "y"' } });
    const r = await dgw(['catalog', 'list']);
    expect(r.code).toBe(6);
    expect(r.stderr).toBe('error: Binder Error: column "x" not found — Candidate bindings: "y" (HTTP 400)\n');
  });

  it('reads `error` when there is no `message` (framework default body)', async () => {
    server.on('GET', CATALOGS, { status: 400, json: { timestamp: 1, status: 400, error: 'Bad Request', path: '/x' } });
    const r = await dgw(['catalog', 'list']);
    expectOneLineError(r.stderr, /Bad Request/);
    expect(r.code).toBe(6);
  });
});

describe('retries', () => {
  it('429 on GET is retried honouring Retry-After, then exit 7', async () => {
    server.on('GET', CATALOGS, { status: 429, headers: { 'retry-after': '1' }, json: { errorCode: 429, message: 'slow down' } });
    const started = Date.now();
    const r = await dgw(['catalog', 'list']);
    expect(r.code).toBe(7);
    expectOneLineError(r.stderr, /slow down/);
    expect(server.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('429 then success on GET succeeds', async () => {
    server.on('GET', CATALOGS, { status: 429, headers: { 'retry-after': '0' }, json: { message: 'wait' } }, { json: [] });
    const r = await dgw(['catalog', 'list', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it('503 on GET is retried, then exit 8', async () => {
    server.on('GET', CATALOGS, { status: 503, headers: { 'retry-after': '0' }, json: { message: 'maintenance' } });
    const r = await dgw(['catalog', 'list']);
    expect(r.code).toBe(8);
    expect(server.requests).toHaveLength(3);
  });

  it('500 on GET is retried, then exit 8', async () => {
    server.on('GET', CATALOGS, { status: 500, json: { message: 'boom' } });
    const r = await dgw(['catalog', 'list']);
    expect(r.code).toBe(8);
    expectOneLineError(r.stderr, /boom/);
    expect(server.requests).toHaveLength(3);
  });

  it('POST is never retried: 500 once, exit 8', async () => {
    server.on('POST', QUERIES, { status: 500, json: { message: 'boom' } });
    const r = await dgw(['query', 'create', 'X', '--sql', 'SELECT 1']);
    expect(r.code).toBe(8);
    expect(server.requests).toHaveLength(1);
  });

  it('a query create answered 200 without an id is exit 8, not a success line', async () => {
    server.on('POST', QUERIES, { json: { a: 1 } });
    const r = await dgw(['query', 'create', 'X', '--sql', 'SELECT 1']);
    expect(r.code).toBe(8);
    expectOneLineError(r.stderr, /a query without an id/);
    expect(r.stderr).not.toContain('✓');
  });

  it('POST is never retried: 429 once, exit 7', async () => {
    server.on('POST', QUERIES, { status: 429, headers: { 'retry-after': '0' }, json: { message: 'slow down' } });
    const r = await dgw(['query', 'create', 'X', '--sql', 'SELECT 1']);
    expect(r.code).toBe(7);
    expect(server.requests).toHaveLength(1);
  });
});

describe('transport and body failures', () => {
  it('a timeout → exit 9', async () => {
    server.on('GET', CATALOGS, { delayMs: 3000, json: [] });
    const r = await dgw(['catalog', 'list', '--timeout', '1s']);
    expect(r.code).toBe(9);
    // The message names the request waited for, not only the service.
    expectOneLineError(r.stderr, new RegExp(`GET http://127\\.0\\.0\\.1:\\d+/api/v1${CATALOGS} timed out after 1 s`));
  });

  it('a refused connection → exit 9', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const r = await dgw(['catalog', 'list'], { env: { DGW_BASE_URL: `http://127.0.0.1:${port}/api/v1` } });
    expect(r.code).toBe(9);
    expectOneLineError(r.stderr, /cannot reach 127\.0\.0\.1:\d+: nothing is listening there \(ECONNREFUSED\)/);
  });

  it('a dropped connection → exit 9', async () => {
    server.on('POST', QUERIES, { destroy: true });
    const r = await dgw(['query', 'create', 'X', '--sql', 'SELECT 1']);
    expect(r.code).toBe(9);
    expectOneLineError(r.stderr, /cannot reach 127\.0\.0\.1:\d+: the connection was closed before the answer came \((ECONNRESET|UND_ERR_SOCKET)\)/);
  });

  it('an HTML error page → exit 8', async () => {
    server.on('GET', CATALOGS, { status: 502, headers: { 'content-type': 'text/html' }, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' });
    const r = await dgw(['catalog', 'list']);
    expect(r.code).toBe(8);
    expectOneLineError(r.stderr, /HTTP 502 Bad Gateway \(the service sent an HTML error page\)/);
  });

  it('an HTML page with status 200 → exit 8', async () => {
    server.on('GET', CATALOGS, { status: 200, headers: { 'content-type': 'text/html' }, body: '<!doctype html><html>login</html>' });
    const r = await dgw(['catalog', 'list']);
    expect(r.code).toBe(8);
    expectOneLineError(r.stderr, /HTML page instead of JSON/);
  });

  it('a truncated JSON body → exit 8', async () => {
    server.on('GET', CATALOGS, { status: 200, headers: { 'content-type': 'application/json' }, body: '[{"id":"c1","name":"sv' });
    const r = await dgw(['catalog', 'list']);
    expect(r.code).toBe(8);
    expectOneLineError(r.stderr, /malformed or truncated JSON/);
  });

  it('a body cut off mid-stream → exit 9 (the connection dropped)', async () => {
    server.on('GET', CATALOGS, { truncate: true, json: [{ id: 'c1' }] });
    const r = await dgw(['catalog', 'list']);
    expect([8, 9]).toContain(r.code);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a change whose answer is cut off mid-stream says it is likely made (exit 9); a read says nothing of the kind', async () => {
    server.on('POST', '/metadata/proj-1/golden-sqls', { truncate: true, json: { id: 'g1', prompt: 'Q', sql: 'SELECT 1' } });
    const r = await dgw(['golden-sql', 'add', 'Q', '--sql', 'SELECT 1']);
    expect(r.code).toBe(9);
    expect(r.stderr).toMatch(/^hint: the service answered HTTP 200 before the connection dropped, so the change is likely made: check before running it again$/m);
    server.on('GET', CATALOGS, { truncate: true, json: [{ id: 'c1' }] });
    expect((await dgw(['catalog', 'list'])).stderr).not.toContain('likely made');
  });

  it('an empty body where JSON was expected → exit 8', async () => {
    server.on('GET', CATALOGS, { status: 200, body: '' });
    const r = await dgw(['catalog', 'list']);
    expect(r.code).toBe(8);
    expectOneLineError(r.stderr, /empty response .* where JSON was expected/);
  });

  it('no API key at all → exit 3 with a hint, nothing sent', async () => {
    const r = await dgw(['catalog', 'list'], { env: { DGW_API_KEY: undefined } });
    expect(r.code).toBe(3);
    expectOneLineError(r.stderr, new RegExp(`no API key for ${server.baseUrl} \\(env DGW_BASE_URL\\)`));
    expect(r.stderr).toContain(`hint: run \`dgw auth login --base-url ${server.baseUrl}\`, or set DGW_API_KEY`);
    expect(server.requests).toHaveLength(0);
  });

  it('a short, mistyped key is hidden where it stands alone, not inside the words of the message', async () => {
    server.on('GET', CATALOGS, { status: 401, json: { message: 'unknown key k, check it' } });
    const r = await dgw(['catalog', 'list', '--debug'], { env: { DGW_API_KEY: 'k' } });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: unknown key \*\*\*\*, check it \(HTTP 401\)$/m);
    expect(r.stderr).toContain('"message":"unknown key ****, check it"');
  });

  it('--debug traces requests, and the key is redacted even where the service echoes it', async () => {
    server.on('GET', CATALOGS, { status: 404, delayMs: 300, json: { message: `nothing here for ${KEY}` } });
    const r = await dgw(['catalog', 'list', '--debug']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('→ GET');
    // The trace times the attempt itself: a 300 ms answer is not reported as 0 ms.
    const ms = Number(/← 404 Not Found \((\d+) ms\)/.exec(r.stderr)?.[1]);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(r.stderr).toContain('Bearer ****5b4a');
    expect(r.stderr).toMatch(/^error: nothing here for \*\*\*\*5b4a/m);
    expect(r.stderr).not.toContain(KEY);
  });
});
