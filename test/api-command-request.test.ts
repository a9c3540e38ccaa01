import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir, type RunOptions } from './support/dgw.js';
import { useStandIn } from './support/stand-in.js';

// `dgw api METHOD PATH` end to end against a recording server: what is sent, what is printed.
const KEY = 'api-secret-key-1234abcd';
const { server, dgw: run } = useStandIn('proj/1', { conformance: false });
const files = tempDir('dgw-api-files-');
afterAll(() => files.remove());

const dgw = (args: string[], options: RunOptions = {}) =>
  run(['api', ...args], { cwd: files.dir, ...options, env: { DGW_API_KEY: KEY, ...options.env } });

describe('dgw api: what is sent', () => {
  it('GET fills in {projectId} URL-encoded, sends the key, and prints the JSON response', async () => {
    server.on('GET', '/data/projects/proj%2F1/catalogs', { json: [{ id: 'c1', name: 'svc' }] });
    const r = await dgw(['get', '/data/projects/{projectId}/catalogs']);
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/data/projects/proj%2F1/catalogs', rawQuery: '', body: '' });
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(r.stdout)).toEqual([{ id: 'c1', name: 'svc' }]);
  });

  it('a key the response echoes is masked in strings and property names, and nothing else changes', async () => {
    const body = `{"note":"made for ${KEY}.","${KEY}":12345678901234567890,"kind":"k"}`;
    server.on('GET', '/data/projects/proj%2F1/keys', { body, headers: { 'content-type': 'application/json' } });
    const long = await dgw(['get', '/data/projects/{projectId}/keys']);
    expect(long.code).toBe(0);
    expect(long.stdout).toContain('"****abcd":12345678901234567890');
    expect(long.stdout).toContain('"note":"made for ****abcd."');
    expect(long.stdout).toContain('"kind":"k"');
    // A one-letter key (mistyped) is hidden where it stands alone, not in every word holding its letter.
    const short = await dgw(['get', '/data/projects/{projectId}/keys'], { env: { DGW_API_KEY: 'k' } });
    expect(short.code).toBe(0);
    expect(short.stdout).toBe(`{"note":"made for ${KEY}.","${KEY}":12345678901234567890,"kind":"****"}\n`);
  });

  it('GET -f fields and a query string in PATH become query parameters, as strings', async () => {
    server.on('GET', '/data/projects/proj%2F1/queries/folders/tree', { json: { tree: [] } });
    const r = await dgw(['GET', 'data/projects/{projectId}/queries/folders/tree?rootFolderId=f1', '-f', 'includeQueries=true', '-f', 'depth=2']);
    expect(r.code).toBe(0);
    expect(server.requests[0].query).toEqual({ rootFolderId: 'f1', includeQueries: 'true', depth: '2' });
  });

  it('POST -f fields build a JSON body with numbers, booleans and null parsed', async () => {
    server.on('POST', '/data/projects/proj%2F1/queries/execute', { json: { columns: [], data: [] } });
    const r = await dgw(['POST', '/data/projects/{projectId}/queries/execute', '-f', 'statement=select 1', '-f', 'limit=10', '-f', 'dry=false', '-f', 'tag=null', '-f', 'id=007']);
    expect(r.code).toBe(0);
    expect(server.requests[0].json).toEqual({ statement: 'select 1', limit: 10, dry: false, tag: null, id: '007' });
    expect(server.requests[0].headers['content-type']).toMatch(/application\/json/);
  });

  it('POST -f numbers a double cannot hold are sent digit for digit', async () => {
    server.on('POST', '/data/projects/proj%2F1/queries/execute', { json: { columns: [], data: [] } });
    const r = await dgw(['POST', '/data/projects/{projectId}/queries/execute', '-f', 'queryId=912040554337722423', '-f', 'x=0.10000000000000000001', '-f', 'n=5']);
    expect(r.code).toBe(0);
    expect(server.requests[0].body).toBe('{"queryId":912040554337722423,"x":0.10000000000000000001,"n":5}');
  });

  it('--input FILE is the body; -f fields are added to it; key=@file reads a file', async () => {
    fs.writeFileSync(path.join(files.dir, 'body.json'), JSON.stringify({ displayName: 'Revenue', schedule: { type: 'none' } }));
    fs.writeFileSync(path.join(files.dir, 'query.sql'), 'select 42');
    server.on('PUT', '/data/projects/proj%2F1/queries/q-1', { json: { id: 'q-1' } });
    const r = await dgw(['PUT', '/data/projects/{projectId}/queries/q-1', '--input', 'body.json', '-f', 'inputQuery=@query.sql']);
    expect(r.code).toBe(0);
    expect(server.requests[0].json).toEqual({ displayName: 'Revenue', schedule: { type: 'none' }, inputQuery: 'select 42' });
  });

  it('--input numbers a double cannot hold are sent digit for digit', async () => {
    server.on('PUT', '/data/projects/proj%2F1/queries/q-1', { json: { id: 'q-1' } });
    const r = await dgw(['PUT', '/data/projects/{projectId}/queries/q-1', '--input', '-'], { input: '{"folderId": 912040554337722423, "x": 1.50}' });
    expect(r.code).toBe(0);
    expect(server.requests[0].body).toBe('{"folderId":912040554337722423,"x":1.5}');
    // A body that is one such number is still no object to add -f fields to.
    const merged = await dgw(['PUT', '/data/projects/{projectId}/queries/q-1', '--input', '-', '-f', 'a=1'], { input: '912040554337722423' });
    expect(merged.code).toBe(2);
  });

  it('--input FILE saved with a byte order mark (Notepad, PowerShell) is read as JSON', async () => {
    fs.writeFileSync(path.join(files.dir, 'bom.json'), '\uFEFF{"path":"/reports"}');
    server.on('PATCH', '/data/projects/proj%2F1/queries/q-1/path', { body: '' });
    const r = await dgw(['PATCH', '/data/projects/{projectId}/queries/q-1/path', '--input', 'bom.json']);
    expect(r.code).toBe(0);
    expect(server.requests[0].json).toEqual({ path: '/reports' });
  });

  it('--input - reads the body from stdin', async () => {
    server.on('PATCH', '/data/projects/proj%2F1/queries/q-1/path', { body: '' });
    const r = await dgw(['PATCH', '/data/projects/{projectId}/queries/q-1/path', '--input', '-'], { input: '{"path":"/reports"}' });
    expect(r.code).toBe(0);
    expect(server.requests[0].json).toEqual({ path: '/reports' });
    expect(r.stdout).toBe('');
  });

  it('DELETE with -f sends query parameters and no body', async () => {
    server.on('DELETE', '/data/projects/proj%2F1/queries/folders/f-1', { status: 204 });
    const r = await dgw(['delete', '/data/projects/{projectId}/queries/folders/f-1', '-f', 'force=true']);
    expect(r.code).toBe(0);
    expect(server.requests[0]).toMatchObject({ method: 'DELETE', rawQuery: 'force=true', body: '' });
  });

  it('a PATH without {projectId} needs no project', async () => {
    server.on('GET', '/info', { json: { userId: 'u1', email: 'a@b.c' } });
    const r = await dgw(['GET', '/info'], { env: { DGW_PROJECT: undefined } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ userId: 'u1', email: 'a@b.c' });
  });
});

describe('dgw api: refused before sending (exit 2)', () => {
  it.each([
    [['FETCH', '/info'], /METHOD: "FETCH" is not one of GET, POST, PUT, PATCH, DELETE/],
    [['POST', '/x', '--input', 'missing.json'], /--input: missing\.json does not exist \(ENOENT\)/],
    [['GET', '/x', '--input', '-'], /--input: a GET request has no body/],
    [['POST', '/x', '-f', 'novalue'], /-f\/--field: "novalue" is not key=value/],
    [['GET', 'https://evil.example.com/x'], /PATH: "https:\/\/evil\.example\.com\/x" is a full URL/],
    // Dot segments, spelt any way a URL resolves them, would leave the base URL with the key.
    [['GET', '/../../other/api/v1/info'], /PATH: "\/\.\.\/\.\.\/other\/api\/v1\/info" has a \. or \.\. segment/],
    [['GET', '/%2e%2e/%2E%2e/other/info'], /has a \. or \.\. segment, which would leave the base URL/],
    [['GET', '/x\\..\\..\\other'], /has a \. or \.\. segment/],
    [['GET', 'data/./x'], /has a \. or \.\. segment/],
    // A fragment never reaches a server: dropped from a path, sent as %23 inside a query's last value.
    [['GET', ' '], /PATH must not be empty/],
    [['GET', '/info#frag'], /PATH: "\/info#frag" has a #fragment, which no request carries/],
    [['GET', '/x?a=1#frag'], /has a #fragment/],
    // A name given twice was sent once, with its last value: the first was dropped unsaid.
    [['GET', '/x?tag=a&tag=b'], /PATH: the query gives tag twice; each name is sent once/],
    [['GET', '/x?tag=a', '-f', 'tag=b'], /-f\/--field: tag is given twice/],
    [['POST', '/x', '-f', 'n=1', '-f', 'n=2'], /-f\/--field: n is given twice/],
    [['GET', '/data/projects/{projectId}/catalogs'], /no project id: pass --project/],
  ])('dgw api %j', async (args, message) => {
    const r = await dgw(args as string[], { env: { DGW_PROJECT: undefined } });
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('invalid JSON from --input', async () => {
    const r = await dgw(['POST', '/x', '--input', '-'], { input: '{"a": 1,' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --input: stdin is not valid JSON/m);
    expect(server.requests).toHaveLength(0);
  });

  it('-f on a body that is not an object', async () => {
    const r = await dgw(['POST', '/x', '--input', '-', '-f', 'a=1'], { input: '[1,2]' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the --input body must be a JSON object/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('dgw api: results and failures', () => {
  it('--dry-run prints the request with the key masked and sends nothing', async () => {
    const r = await dgw(['POST', '/data/projects/{projectId}/queries', '-f', 'displayName=Revenue', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`POST ${server.baseUrl}/data/projects/proj%2F1/queries`);
    expect(r.stdout).toMatch(/^Authorization: Bearer \*\*\*\*abcd$/m);
    expect(r.stdout).toContain('"displayName": "Revenue"');
    expect(r.stdout + r.stderr).not.toContain(KEY);
    expect(server.requests).toHaveLength(0);
  });

  it('errors map like everywhere else: 404 exits 4 with the service message', async () => {
    server.on('GET', '/data/projects/proj%2F1/queries/nope', { status: 404, json: { errorCode: 'NOT_FOUND', message: 'query not found' } });
    const r = await dgw(['GET', '/data/projects/{projectId}/queries/nope']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: query not found \(HTTP 404\)$/m);
    expect(r.stdout).toBe('');
  });

  it('an answer not typed JSON (an export file) is printed as it came, the key masked; an ndjson one too', async () => {
    server.on('GET', '/data/projects/proj%2F1/exports/e1/files/a.csv', { body: `id,note\n1,"a, b"\n2,${KEY}\n`, headers: { 'content-type': 'text/csv; charset=utf-8' } });
    const csv = await dgw(['GET', '/data/projects/{projectId}/exports/e1/files/a.csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toBe('id,note\n1,"a, b"\n2,****abcd\n');
    server.on('GET', '/data/projects/proj%2F1/exports/e1/files/a.jsonl', { body: '{"id":2}\n{"id":1}\n', headers: { 'content-type': 'application/x-ndjson' } });
    const jsonl = await dgw(['GET', '/data/projects/{projectId}/exports/e1/files/a.jsonl']);
    expect(jsonl.code, jsonl.stderr).toBe(0);
    expect(jsonl.stdout).toBe('{"id":2}\n{"id":1}\n');
  });

  it('--json fields pick from the response', async () => {
    server.on('GET', '/info', { json: { userId: 'u1', email: 'a@b.c', projectId: 'p' } });
    const r = await dgw(['GET', '/info', '--json', 'email']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ email: 'a@b.c' });
  });
});
