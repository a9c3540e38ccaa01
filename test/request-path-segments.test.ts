import { describe, expect, it } from 'vitest';
import { Http } from '../src/api/http.js';
import { apiPath, segmentProblem } from '../src/api/path.js';
import { dropColumn } from '../src/api/tables.js';
import { UsageError } from '../src/errors.js';
import { useStandIn } from './support/stand-in.js';

// Every id or name becomes exactly one path segment of the URL that reaches the server, whatever
// it holds; `.`, `..`, empty and control characters, which no encoding can carry through URL
// parsing, are refused before anything is sent (exit 2, naming the argument or flag).

const HOSTILE = ['/', 'a/b', '?', 'a?b=c', '#', 'a#b', '%', '100%', '%2e%2e', '%2E', '.%2e', '..a', 'a..', '...', '\\', 'a\\..', ' ', 'a b', 'ünïcödé ✓', '😀', '{id}', '&x=1', ';', "it's", '"q"'];
const NEVER = ['.', '..', '', 'a\tb', 'a\nb', '\u0000', '\u007f', 'x\u001b[2J'];

/** The request dgw would send for `path`, as the server sees its path segments (Node parses the URL as WHATWG URL does). */
async function segmentsSent(build: (http: Http) => Promise<unknown>): Promise<string[]> {
  let url = '';
  const http = new Http({
    baseUrl: 'http://127.0.0.1:9/api/v1',
    apiKey: 'k',
    timeoutMs: 5000,
    retries: 0,
    transport: async (request) => {
      url = new URL(request.url).href;
      return { status: 204, statusText: 'No Content', header: () => undefined, whole: async () => '', read: async () => null, cancel: async () => undefined };
    },
  });
  await build(http);
  return new URL(url).pathname.split('/').slice(1).map(decodeURIComponent);
}

describe('apiPath', () => {
  it.each(HOSTILE)('keeps %j as one segment all the way to the server', async (value) => {
    const sent = await segmentsSent((http) => dropColumn(http, `p${value}`, value, `c${value}`));
    expect(sent).toEqual(['api', 'v1', 'data', 'projects', `p${value}`, 'table', value, 'columns', `c${value}`]);
  });

  it.each(NEVER)('refuses %j, which no encoding carries through a URL', (value) => {
    expect(segmentProblem(value)).toEqual(expect.any(String));
    expect(() => apiPath`/data/projects/p/table/${value}/columns/c`).toThrow(UsageError);
  });

  it('leaves the template itself alone', () => {
    expect(apiPath`/data/projects/${'p-1'}/queries/${42}`).toBe('/data/projects/p-1/queries/42');
  });
});

describe('the HTTP layer', () => {
  it.each(['/../../other', '/%2e%2e/other', '/x/..\\..\\..\\other', '/a/../../b'])('sends no request whose path %j leaves the base URL, whatever built it', async (path) => {
    let sent = 0;
    const http = new Http({
      baseUrl: 'http://127.0.0.1:9/tenant/api/v1',
      apiKey: 'k',
      timeoutMs: 5000,
      retries: 0,
      transport: async () => {
        sent += 1;
        return { status: 204, statusText: 'No Content', header: () => undefined, whole: async () => '', read: async () => null, cancel: async () => undefined };
      },
    });
    await expect(http.request({ method: 'GET', path, expect: 'optional-json' })).rejects.toThrow(/would leave the base URL http:\/\/127\.0\.0\.1:9\/tenant\/api\/v1/);
    expect(sent).toBe(0);
    // A path that only looks alike stays below it.
    await http.request({ method: 'GET', path: '/a/..b/%2e%2ex', expect: 'optional-json' });
    expect(sent).toBe(1);
  });
});

describe('the spawned binary', () => {
  const { server, dgw } = useStandIn();

  it.each([
    [['table', 'drop-column', '..', '..', '--yes'], /TABLE is "\.\."/],
    [['table', 'drop-column', 'orders', '..', '--yes'], /COLUMN is "\.\."/],
    [['table', 'drop-column', 'orders', '.', '--yes'], /COLUMN is "\."/],
    [['table', 'drop-column', 'orders', 'a\tb', '--yes'], /COLUMN contains a control character/],
    [['--project', '..', 'table', 'drop-column', 'orders', 'x', '--yes'], /--project is "\.\."/],
    [['--project', '.', 'query', 'list'], /--project is "\."/],
    [['--project', '', 'query', 'list'], /--project is empty/],
    [['table', 'list', '..'], /TABLE is "\.\."/],
    [['query', 'get', '..'], /QUERY is "\.\."/],
    [['query', 'rm', 'fine', '.', '--yes'], /QUERY is "\."/],
    [['query', 'update', '..', '--sql', 'SELECT 1'], /QUERY is "\.\."/],
    [['query', 'create', 'X', '--materialized', '--from', '..'], /--from is "\.\."/],
    [['mtquery', 'refresh', '..'], /QUERY is "\.\."/],
    [['mtquery', 'status', '.'], /QUERY is "\."/],
    [['folder', 'rm', '..', '--yes'], /FOLDER is "\.\."/],
    [['folder', 'mv', '..', 'f1'], /QUERY is "\.\."/],
    [['folder', 'mv', 'q1', '..'], /FOLDER is "\.\."/],
    [['connection', 'config', '..'], /TYPE is "\.\."/],
  ])('%j exits 2 naming the argument and sends nothing', async (args, message) => {
    const r = await dgw(args);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });

  it('DGW_PROJECT=.. exits 2 naming DGW_PROJECT and sends nothing', async () => {
    const r = await dgw(['table', 'drop-column', 'orders', 'x', '--yes'], { env: { DGW_PROJECT: '..' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/DGW_PROJECT is "\.\."/);
    expect(server.requests).toHaveLength(0);
  });

  it('DGW_PROJECT=" " (blank) exits 2 naming DGW_PROJECT and sends nothing', async () => {
    const r = await dgw(['query', 'list'], { env: { DGW_PROJECT: ' ' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/DGW_PROJECT is empty/);
    expect(server.requests).toHaveLength(0);
  });

  it('sends hostile but possible names as one encoded segment each', async () => {
    server.on('DELETE', /.*/, { status: 204 });
    server.on('GET', /.*/, { json: [] });
    const drop = await dgw(['table', 'drop-column', 'a/b?c#d', '100%', '--yes']);
    expect(drop.code, drop.stderr).toBe(0);
    const list = await dgw(['--project', 'p/..', 'table', 'list', 'ünï ✓']);
    expect(list.code, list.stderr).toBe(0);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'DELETE /data/projects/proj-1/table/a%2Fb%3Fc%23d/columns/100%25',
      'GET /data/projects/p%2F../table/%C3%BCn%C3%AF%20%E2%9C%93/columns',
    ]);
  });
});
