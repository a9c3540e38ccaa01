import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSchema } from '../src/contract/fields.js';
import { leafCommands } from '../src/schema-files.js';
import { tempDir } from './support/dgw.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// Exit 2 means that nothing was sent. Every command, found by walking the real command tree (so a
// new command cannot escape), runs with an unknown --json field against the recording stand-in:
// exit 2, one JSON error on stderr, nothing on stdout, and no request at all; with --dry-run too.
// The commands whose fields only the answer knows (SQL rows, `dgw api`) send, then exit 14.

const { server, dgw } = useStandIn();
const files = tempDir('dgw-exit2-');
afterAll(() => files.remove());
const dir = path.join(files.dir, 'queries');
const localDir = path.join(files.dir, 'local');
const csv = path.join(files.dir, 'rows.csv');
fs.writeFileSync(csv, 'a\n1\n');
const exported = path.join(files.dir, 'exported.csv');
const EXPORT_ID = '4c9fcb44-126a-45f8-99a0-f1d245083d78';

/** A command line of each command (and of each shape of its output), without --json. */
const SAMPLES: Record<string, string[][]> = {
  'auth login': [['auth', 'login', '--with-token']],
  'auth status': [['auth', 'status']],
  'auth logout': [['auth', 'logout']],
  'profile list': [['profile', 'list']],
  'profile use': [['profile', 'use', 'default']],
  'profile rm': [['profile', 'rm', 'default', '--yes']],
  'config explain': [['config', 'explain']],
  'config get': [['config', 'get', 'zone']],
  'config set': [['config', 'set', 'output', 'json']],
  'config unset': [['config', 'unset', 'output']],
  'query create': [['query', 'create', 'Jtest', '--sql', 'select 1 a']],
  'query list': [['query', 'list']],
  'query get': [['query', 'get', 'revenue']],
  'query run': [['query', 'run', 'revenue']],
  'query update': [['query', 'update', 'revenue', '--sql', 'select 2']],
  'query edit': [['query', 'edit', 'revenue']],
  'query mv': [['query', 'mv', 'revenue', '/reports']],
  'query rm': [['query', 'rm', 'revenue', '--yes']],
  'mtquery create': [['mtquery', 'create', 'M', '--sql', 'select 1']],
  'mtquery list': [['mtquery', 'list']],
  'mtquery refresh': [['mtquery', 'refresh', 'm'], ['mtquery', 'refresh', 'm', '--wait']],
  'mtquery status': [['mtquery', 'status'], ['mtquery', 'status', 'm']],
  'mtquery cancel': [['mtquery', 'cancel', 'm']],
  'folder list': [['folder', 'list'], ['folder', 'list', '--tree'], ['folder', 'list', '--queries']],
  'folder view': [['folder', 'view', '/reports']],
  'folder tree': [['folder', 'tree'], ['folder', 'tree', '--queries']],
  'folder create': [['folder', 'create', '/reports']],
  'folder rename': [['folder', 'rename', '/reports', 'r2']],
  'folder move': [['folder', 'move', '/reports', '/archive']],
  'folder mv': [['folder', 'mv', 'revenue', '/reports', '--parents']],
  'folder rm': [['folder', 'rm', '/reports', '--yes']],
  'catalog list': [['catalog', 'list']],
  'catalog get': [['catalog', 'get', 'svc']],
  'catalog create': [['catalog', 'create', 'wh', 'warehouse']],
  'catalog rm': [['catalog', 'rm', 'wh', '--yes']],
  'catalog schemas': [['catalog', 'schemas', 'svc']],
  'catalog tables': [['catalog', 'tables', 'svc.table']],
  'catalog columns': [['catalog', 'columns', 'svc.table.orders']],
  'catalog stats': [['catalog', 'stats', 'svc.table.orders']],
  'catalog is-cached': [['catalog', 'is-cached', 'svc', 'table', 'orders']],
  'catalog search': [['catalog', 'search', 'ord']],
  'catalog share': [['catalog', 'share', 'wh', 'p2']],
  'table list': [['table', 'list'], ['table', 'list', 'orders']],
  'bitable list': [['bitable', 'list'], ['bitable', 'list', 'summary']],
  'bitable create': [['bitable', 'create', 'summary']],
  'bitable add-column': [['bitable', 'add-column', 'summary', 'b:BIGINT']],
  'bitable update-column': [['bitable', 'update-column', 'summary', 'b', '--type', 'VARCHAR']],
  'bitable drop-column': [['bitable', 'drop-column', 'summary', 'b', '--yes']],
  'bitable rm': [['bitable', 'rm', 'summary', '--yes']],
  'driver list': [['driver', 'list']],
  'parametric-table list': [['parametric-table', 'list', 'svc']],
  'parametric-table create': [['parametric-table', 'create', 'svc', 'public.t2', '--from', 'public.t', '--param', 'year=2024']],
  'parametric-table rm': [['parametric-table', 'rm', 'svc', 'public.t2', '--yes']],
  'driver jdbc': [['driver', 'jdbc']],
  'driver sqlalchemy': [['driver', 'sqlalchemy', 'sales']],
  'table create': [['table', 'create', 't', '-c', 'a:BIGINT']],
  'table add-column': [['table', 'add-column', 't', 'b:BIGINT']],
  'table update-column': [['table', 'update-column', 't', 'b', '--rename', 'c', '--yes']],
  'table drop-column': [['table', 'drop-column', 't', 'b', '--yes']],
  'table rm': [['table', 'rm', 't', '--yes']],
  'table import': [['table', 'import', 't', csv], ['table', 'import', 't', csv, '--create']],
  'table sample': [['table', 'sample', 't']],
  'query export': [['query', 'export', 'revenue', '-o', exported], ['query', 'export', 'revenue', '--no-wait']],
  'catalog export': [['catalog', 'export', 'svc.table.orders', '-o', exported], ['catalog', 'export', 'svc.table.orders', '--no-wait']],
  'export list': [['export', 'list']],
  'export get': [['export', 'get', EXPORT_ID], ['export', 'get', EXPORT_ID, '-o', exported]],
  'export cancel': [['export', 'cancel', EXPORT_ID]],
  'cache create': [['cache', 'create', 'orders'], ['cache', 'create', 'orders', 'customers', '--batch']],
  'cache list': [['cache', 'list']],
  'cache get': [['cache', 'get', 'orders']],
  'cache status': [['cache', 'status'], ['cache', 'status', 'orders']],
  'cache update': [['cache', 'update', 'orders', '--every', '6h']],
  'cache refresh': [['cache', 'refresh', 'orders'], ['cache', 'refresh', 'orders', '--wait']],
  'cache cancel': [['cache', 'cancel', 'orders']],
  'cache history': [['cache', 'history', 'orders']],
  'cache rm': [['cache', 'rm', 'orders', '--yes']],
  'connection config': [['connection', 'config', 'POSTGRES']],
  'connection list': [['connection', 'list']],
  'connection get': [['connection', 'get', 'warehouse']],
  'connection create': [['connection', 'create', 'warehouse', '--type', 'POSTGRES', '--field', 'url=db']],
  'connection update': [['connection', 'update', 'warehouse', '--name', 'w2']],
  'connection rm': [['connection', 'rm', 'warehouse', '--yes']],
  'connection detail': [['connection', 'detail', 'warehouse']],
  'connection oauth-callback': [['connection', 'oauth-callback', 'code=1&state=2']],
  'connection types': [['connection', 'types']],
  'workspace list': [['workspace', 'list']],
  'workspace get': [['workspace', 'get', 'Local']],
  'workspace create': [['workspace', 'create', 'x']],
  'workspace update': [['workspace', 'update', 'Local', '--name', 'x']],
  'workspace rm': [['workspace', 'rm', 'Local', '--yes']],
  'project list': [['project', 'list']],
  'project create': [['project', 'create', 'x'], ['project', 'create', 'x', '--workspace', 'nope']],
  'project update': [['project', 'update', 'demo', '--name', 'x']],
  'project rm': [['project', 'rm', 'demo', '--yes']],
  'key list': [['key', 'list']],
  'key create': [['key', 'create', 'ci']],
  'key rm': [['key', 'rm', 'ci', '--yes']],
  'metadata get': [['metadata', 'get']],
  'metadata refresh': [['metadata', 'refresh']],
  'metadata status': [['metadata', 'status']],
  'metadata callback': [['metadata', 'callback']],
  'metadata set-callback': [['metadata', 'set-callback', 'http://127.0.0.1:9/x']],
  'metadata rm-callback': [['metadata', 'rm-callback', '--yes']],
  'metadata describe': [['metadata', 'describe', 'svc.table.orders', '--description', 'x']],
  'metadata ai-usage': [['metadata', 'ai-usage', 'svc', 'on']],
  'metadata categorical': [['metadata', 'categorical', 'svc.table.orders.status']],
  'metadata rm-categorical': [['metadata', 'rm-categorical', 'svc.table.orders.status']],
  'metadata semantics': [['metadata', 'semantics', 'svc.table.orders']],
  transpile: [['transpile', 'mysql', 'SELECT 1']],
  ask: [['ask', 'Who ordered most?']],
  'agent workflow': [['agent', 'workflow', '-o', 'workflow.png']],
  'semantic-catalog create': [['semantic-catalog', 'create', 'sales']],
  'semantic-catalog add-table': [['semantic-catalog', 'add-table', 'sales', 'revenue', '--as', 'finance.revenue']],
  'semantic-catalog rm-table': [['semantic-catalog', 'rm-table', 'sales', '7', '--yes']],
  'semantic-catalog share': [['semantic-catalog', 'share', 'sales', 'demo2']],
  'thread list': [['thread', 'list']],
  'thread get': [['thread', 'get', 'th-1']],
  'thread rename': [['thread', 'rename', 'th-1', 'x']],
  'thread rm': [['thread', 'rm', 'th-1', '--yes']],
  'embed session': [['embed', 'session']],
  'metadata questions': [['metadata', 'questions', 'why']],
  'metadata search': [['metadata', 'search', 'revenue']],
  'golden-sql list': [['golden-sql', 'list']],
  'golden-sql add': [['golden-sql', 'add', 'q', '--sql', 'SELECT 1']],
  'golden-sql search': [['golden-sql', 'search', 'q']],
  'golden-sql rm': [['golden-sql', 'rm', '1', '--yes']],
  'relation add': [['relation', 'add', '1.table.orders.customer_id', '1.table.customers.customer_id']],
  'relation list': [['relation', 'list', '1']],
  'relation update': [['relation', 'update', '1', '2', '--type', 'ONE_TO_ONE']],
  'relation rm': [['relation', 'rm', '1', '2', '--yes']],
  api: [['api', 'POST', '/data/projects/{projectId}/queries/execute', '-f', 'statement=insert into svc.table.t values (1)']],
  completion: [['completion', 'bash']],
  serve: [['serve', '--port', '0', '--data-dir', localDir]],
  sql: [['sql', 'insert into svc.table.t values (1)']],
  version: [['version']],
  pull: [['pull', '--dir', dir]],
  plan: [['plan', '--dir', dir]],
  apply: [['apply', '--dir', dir, '--yes']],
  schema: [['schema', 'query', 'list'], ['schema']],
};

/** Commands whose --json fields are the answer's own (the result's columns, the response, a connection's configuration): checked after sending. */
const FIELDS_FROM_ANSWER = new Set(['sql', 'query run', 'api', 'connection detail', 'metadata semantics', 'metadata questions', 'metadata search', 'thread get']);

const leaves = await leafCommands();

describe('the samples cover the command tree', () => {
  it('every command that runs has a sample, and every sample a command', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(leaves.map((c) => c.path).sort());
  });
});

describe('an unknown --json field is exit 2 and nothing is sent', () => {
  const cases = leaves.flatMap((c) => {
    if (FIELDS_FROM_ANSWER.has(c.path)) return [];
    const lines = SAMPLES[c.path] ?? [];
    return [...lines, ...(c.dryRun ? lines.map((l) => [...l, '--dry-run']) : [])].map((argv) => [argv.join(' ').replace(files.dir, '$TMP'), argv, c.path] as const);
  });

  it.each(cases)('dgw %s --json nosuchfield', async (_name, argv, command) => {
    const r = await dgw([...argv, '--json', 'nosuchfield'], { env: { DGW_LOCAL_DIR: localDir }, input: 'a-key-that-must-not-be-read\n', timeoutMs: 15_000 });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(server.requests).toEqual([]);
    // stderr is exactly one JSON object: the error, naming the field.
    const { error } = JSON.parse(r.stderr) as { error: { kind: string; message: string; sent: { reads: number; changes: number } } };
    expect(error.kind).toBe('usage');
    // A command that prints no JSON (it has no schema) says so; the others name the field.
    expect(error.message).toMatch(readSchema(command) ? /nosuchfield/ : /prints no JSON/);
    expect(error.sent).toEqual({ reads: 0, changes: 0 });
    // Nothing local happened either: no query files, no gateway data folder.
    expect(fs.existsSync(dir)).toBe(false);
    expect(fs.existsSync(localDir)).toBe(false);
    expect(fs.existsSync(exported)).toBe(false);
  });

  // table sample printed its CSV under --format tsv, as if the flag had been heard.
  it.each([
    ['table', 'sample', 't', '--format', 'tsv'],
    ['table', 'sample', 't', '--format', 'jsonl'],
    ['completion', 'bash', '--format', 'csv'],
  ])('a command of one form of its own refuses --format: dgw %s %s %s %s %s', async (...argv) => {
    const r = await dgw(argv, { env: { DGW_LOCAL_DIR: localDir }, timeoutMs: 15_000 });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/prints no JSON, only one form of its own, which --json, --jq and --format do not change: leave them out/);
    expect(server.requests).toEqual([]);
  });
});

describe('where only the answer knows the fields, a failure after sending is exit 14, never 2', () => {
  const RESULT = { columns: [{ catalogName: null, schemaName: null, tableName: null, columnName: 'Count' }], data: [{ Count: 1 }] };

  it('dgw sql "insert ..." --json nosuchfield: the insert was sent; exit 14 says so', async () => {
    server.on('POST', '/data/projects/proj-1/queries/execute', { json: RESULT });
    const r = await dgw(['sql', 'insert into svc.table.t values (1)', '--json', 'nosuchfield']);
    expect(r.code).toBe(14);
    expect(r.stdout).toBe('');
    expect(server.requests.map((q) => q.method)).toEqual(['POST']);
    const { error } = JSON.parse(r.stderr) as { error: { kind: string; message: string; hint: string; sent: object } };
    expect(error).toMatchObject({ kind: 'usage_after_send', message: '--json: the result has no field nosuchfield', sent: { reads: 0, changes: 1 } });
    expect(error.hint).toContain('its fields: Count');
    expect(error.hint).toContain('a change was sent before this was found (1 request), and may have been made');
  });

  it('dgw query run QUERY --json nosuchfield: a read; exit 14 says nothing was changed', async () => {
    server.on('GET', '/data/projects/proj-1/queries', { json: [queryJson({ name: 'revenue' })] });
    server.on('POST', '/data/projects/proj-1/queries/execute', { json: RESULT });
    const r = await dgw(['query', 'run', 'revenue', '--json', 'nosuchfield']);
    expect(r.code).toBe(14);
    const { error } = JSON.parse(r.stderr) as { error: { hint: string; sent: object } };
    expect(error.sent).toEqual({ reads: 2, changes: 0 });
    expect(error.hint).toContain('nothing was changed');
  });

  it('dgw api ... --json nosuchfield: exit 14 after the request', async () => {
    server.on('POST', '/data/projects/proj-1/queries/execute', { json: RESULT });
    const r = await dgw([...SAMPLES.api[0], '--json', 'nosuchfield']);
    expect(r.code).toBe(14);
    expect(server.requests).toHaveLength(1);
  });

  it('fields the result has are picked, even when no row came back; an unknown one is refused then too', async () => {
    server.on('POST', '/data/projects/proj-1/queries/execute', { json: { ...RESULT, data: [] } });
    const none = await dgw(['sql', 'select count(*) AS "Count" from svc.table.t where false', '--json', 'nope']);
    expect(none.code).toBe(14);
    server.on('POST', '/data/projects/proj-1/queries/execute', { json: RESULT });
    const ok = await dgw(['sql', 'select count(*) AS "Count" from svc.table.t', '--json', 'count']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual([{ Count: 1 }]);
  });
});

describe('other checks that need no answer are made before the first request', () => {
  it.each([
    ['-q with --json', ['query', 'list', '-q', '--json']],
    ['-q with --jq', ['query', 'list', '-q', '--jq', '.']],
    ['-q with --format', ['query', 'list', '-q', '--format', 'csv']],
    ['--json fields with --format compact (rows are arrays)', ['sql', 'select 1 AS a', '--format', 'compact', '--json', 'a']],
    ['--plain with --every', ['query', 'update', 'revenue', '--plain', '--every', '1h']],
    ['--plain with --materialized', ['query', 'update', 'revenue', '--plain', '--materialized']],
    ['--plain with --from', ['query', 'update', 'revenue', '--plain', '--from', 'other']],
    ['query export --json with the data on stdout (no -o)', ['query', 'export', 'revenue', '--json']],
    ['query export --json with -o - (the data on stdout)', ['query', 'export', 'revenue', '--json', '-o', '-']],
    ['export get --json with -o - (the data on stdout)', ['export', 'get', '4c9fcb44-126a-45f8-99a0-f1d245083d78', '--json', '-o', '-']],
  ])('%s', async (_name, argv) => {
    const r = await dgw(argv);
    expect(r.code, r.stderr).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('a --jq filter that fails on the answer is exit 14: the request had gone out', async () => {
    server.on('POST', '/data/projects/proj-1/queries', { json: queryJson() });
    const r = await dgw(['query', 'create', 'Revenue Report', '--sql', 'SELECT 1', '--jq', '.path | .[]']);
    expect(r.code).toBe(14);
    expect((JSON.parse(r.stderr) as { error: { hint: string } }).error.hint).toContain('a change was sent');
  });
});
