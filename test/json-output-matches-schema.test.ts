import fs from 'node:fs';
import path from 'node:path';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldTitle } from '../src/output/fields.js';
import { leafCommands } from '../src/schema-files.js';
import { runDgwInTerminal, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { RecordingServer } from './support/recording-server.js';
import { spawnServe, type SpawnedServer } from './gateway/helpers.js';
import { describeOnce, walkShapes } from './support/walk-shapes.js';

// Every command's real --json output, from the built binary against the local gateway (dgw serve,
// the spec shape in the fast tier, the hosted one in the slow), validates against the shape of its
// published schema (schemas/) that the command line prints; and its table headers (--format csv)
// are the titles of that shape's fields.

type Json = Record<string, unknown>;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function schemaOf(command: string): Json {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', `${command.split(' ').join('-')}.json`), 'utf8')) as Json;
}

/** Problems validating `value` against the variant `name` of `command`'s schema (none: it holds). */
function problems(command: string, name: string, value: unknown): string[] {
  const doc = schemaOf(command);
  const variant = (doc.anyOf as Json[]).find((v) => v.title === name);
  if (!variant) return [`schemas of ${command} have no variant ${name}`];
  const check = Compile({ ...variant, ...(doc.$defs ? { $defs: doc.$defs } : {}) } as never);
  return check.Check(value) ? [] : [...check.Errors(value)].slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

/** The fields of a variant's records. */
function fieldsOf(command: string, name: string): string[] {
  const doc = schemaOf(command);
  const variant = (doc.anyOf as Json[]).find((v) => v.title === name)!;
  let record = (variant.type === 'array' ? variant.items : variant) as Json;
  if (typeof record.$ref === 'string') record = (doc.$defs as Json)[record.$ref.replace('#/$defs/', '')] as Json;
  return Object.keys(record.properties as Json);
}

/** One command line, the variant of its command's output it prints, and whether its headers are checked. */
interface Case {
  command: string;
  /** The arguments, or a function of what the run so far printed (an export's id). */
  args: string[] | (() => string[]);
  variant: string;
  /** Check the CSV header against the variant's field titles (commands that print a table). */
  headers?: boolean;
  /** Extra standard input. */
  input?: string;
}

describeOnce('the check itself', () => {
  it('refuses a record with a field missing, an extra one, or a nested record that is wrong', () => {
    const query = { id: '1', displayName: 'A', name: 'a', inputQuery: 'SELECT 1', queryType: 'PLAIN', schedule: null, path: null, folderId: null };
    expect(problems('query get', 'record', query)).toEqual([]);
    const { folderId: _gone, ...missing } = query;
    expect(problems('query get', 'record', missing)).not.toEqual([]);
    expect(problems('query get', 'record', { ...query, extra: 1 })).not.toEqual([]);
    expect(problems('query get', 'record', { ...query, schedule: { type: 'none' } })).not.toEqual([]);
    const folder = { id: 'f', name: 'f', path: '/f', parentId: null, createdAt: null, queryIds: [], children: [] as unknown[] };
    expect(problems('folder list', 'tree', [{ ...folder, children: [folder] }])).toEqual([]);
    expect(problems('folder list', 'tree', [{ ...folder, children: [{ ...folder, createdAt: 5 }] }])).not.toEqual([]);
    expect(fieldsOf('mtquery status', 'record').map(fieldTitle)).toContain('LAST EXECUTION START TIME');
  });
});

const seen = new Set<string>();
const tmp = tempDir('dgw-schema-e2e-');
afterAll(() => tmp.remove());

for (const shape of walkShapes) {
  describe(`real --json output against the schemas, local gateway in the ${shape} shape`, () => {
    let server: SpawnedServer;
    const config = path.join(tmp.dir, `config-${shape}`);
    const dir = path.join(tmp.dir, `queries-${shape}`);
    beforeAll(async () => {
      server = await spawnServe(path.join(tmp.dir, `data-${shape}`), config, ['--api-shape', shape]);
    });
    afterAll(async () => {
      await server?.stop();
    });
    const env = () => ({ DGW_CONFIG_DIR: config, DGW_BASE_URL: server.baseUrl, DGW_API_KEY: server.partnerKey, DGW_PROJECT: 'demo', DGW_LOCAL_DIR: path.join(tmp.dir, `local-${shape}`) });

    async function run(c: Case): Promise<unknown> {
      seen.add(c.command);
      const args = typeof c.args === 'function' ? c.args() : c.args;
      const r = await runAsBinaryWould([...args, '--json'], { env: env(), input: c.input });
      expect(r.code, `dgw ${args.join(' ')} --json\n${r.stderr}`).toBe(0);
      // A dry run prints one object per request; everything else one document.
      const docs = c.variant === 'dryRun' ? r.stdout.trim().split(/\n(?=\{)/).map((d) => JSON.parse(d) as unknown) : [JSON.parse(r.stdout) as unknown];
      for (const doc of docs) expect(problems(c.command, c.variant, doc), `dgw ${args.join(' ')} --json\n${r.stdout}`).toEqual([]);
      if (c.headers) {
        const csv = await runAsBinaryWould([...args, '--format', 'csv'], { env: env(), input: c.input });
        expect(csv.code, csv.stderr).toBe(0);
        const titles = fieldsOf(c.command, c.variant).map(fieldTitle);
        const header = csv.stdout.split('\n')[0].split(',');
        // Every header names a field (a record's CSV is its labels on the first line).
        expect(header.filter((h) => !titles.includes(h)), `${args.join(' ')}: ${header.join(',')}`).toEqual([]);
      }
      return docs[0];
    }

    const rows = path.join(tmp.dir, `rows-${shape}.csv`);
    const exported = path.join(tmp.dir, `exported-${shape}.csv`);
    let exportId = '';
    let goldenId = '';
    let relationId = '';
    let semanticTableId = '';

    const sequence: Case[] = [
      { command: 'version', args: ['version'], variant: 'record', headers: true },
      { command: 'config explain', args: ['config', 'explain'], variant: 'record' },
      { command: 'config get', args: ['config', 'get', 'output'], variant: 'record' },
      { command: 'config set', args: ['config', 'set', 'output', 'tsv'], variant: 'record' },
      { command: 'config unset', args: ['config', 'unset', 'output'], variant: 'record' },
      { command: 'catalog list', args: ['catalog', 'list'], variant: 'list', headers: true },
      { command: 'table list', args: ['table', 'list'], variant: 'tables', headers: true },
      { command: 'table list', args: ['table', 'list', 'orders'], variant: 'columns', headers: true },
      { command: 'table create', args: ['table', 'create', 'scratch', '-c', 'a:BIGINT'], variant: 'record', headers: false },
      { command: 'table create', args: ['table', 'create', 'other', '--dry-run'], variant: 'dryRun' },
      { command: 'table import', args: ['table', 'import', 'scratch', rows], variant: 'record' },
      { command: 'table import', args: ['table', 'import', 'scratch', rows, '--dry-run'], variant: 'dryRun' },
      { command: 'table add-column', args: ['table', 'add-column', 'scratch', 'b:VARCHAR'], variant: 'list' },
      { command: 'table update-column', args: ['table', 'update-column', 'scratch', 'b', '--default', 'x'], variant: 'list' },
      { command: 'table drop-column', args: ['table', 'drop-column', 'scratch', 'b', '--yes'], variant: 'record' },
      { command: 'table rm', args: ['table', 'rm', 'scratch', '--yes'], variant: 'record' },
      { command: 'query create', args: ['query', 'create', 'Rev', '--sql', 'SELECT status, amount FROM svc.table.orders'], variant: 'record' },
      { command: 'query create', args: ['query', 'create', 'Rehearsal', '--sql', 'SELECT 1', '--dry-run'], variant: 'dryRun' },
      { command: 'query list', args: ['query', 'list'], variant: 'list', headers: true },
      { command: 'query get', args: ['query', 'get', 'rev'], variant: 'record', headers: true },
      { command: 'query update', args: ['query', 'update', 'rev', '--sql', 'SELECT status, amount, order_id FROM svc.table.orders'], variant: 'record' },
      { command: 'query run', args: ['query', 'run', 'rev'], variant: 'rows' },
      { command: 'query export', args: ['query', 'export', 'rev', '-o', exported], variant: 'record' },
      { command: 'query export', args: ['query', 'export', 'rev', '--no-wait'], variant: 'started' },
      { command: 'query export', args: ['query', 'export', 'rev', '--dry-run'], variant: 'dryRun' },
      { command: 'catalog export', args: ['catalog', 'export', 'svc.table.orders', '-o', exported], variant: 'record' },
      { command: 'catalog export', args: ['catalog', 'export', 'svc.table.orders', '--no-wait'], variant: 'started' },
      { command: 'catalog export', args: ['catalog', 'export', 'svc.table.orders', '--dry-run'], variant: 'dryRun' },
      { command: 'export list', args: ['export', 'list'], variant: 'list', headers: true },
      { command: 'export get', args: () => ['export', 'get', exportId], variant: 'record', headers: true },
      { command: 'export get', args: () => ['export', 'get', exportId, '-o', exported], variant: 'record' },
      { command: 'export cancel', args: () => ['export', 'cancel', exportId], variant: 'record' },
      { command: 'export cancel', args: () => ['export', 'cancel', exportId, '--dry-run'], variant: 'dryRun' },
      { command: 'query mv', args: ['query', 'mv', 'rev', '/reports/monthly', '--parents'], variant: 'record' },
      { command: 'mtquery create', args: ['mtquery', 'create', 'Daily', '--sql', 'SELECT status, sum(amount) AS total FROM svc.table.orders GROUP BY 1', '--every', '1d'], variant: 'record' },
      { command: 'mtquery list', args: ['mtquery', 'list'], variant: 'list', headers: true },
      { command: 'mtquery refresh', args: ['mtquery', 'refresh', 'daily'], variant: 'accepted' },
      { command: 'mtquery refresh', args: ['mtquery', 'refresh', 'daily', '--wait'], variant: 'status', headers: true },
      { command: 'mtquery status', args: ['mtquery', 'status'], variant: 'list', headers: true },
      { command: 'mtquery status', args: ['mtquery', 'status', 'daily'], variant: 'record', headers: true },
      { command: 'mtquery cancel', args: ['mtquery', 'cancel', 'daily'], variant: shape === 'spec' ? 'status' : 'requested' },
      { command: 'folder list', args: ['folder', 'list'], variant: 'list', headers: true },
      { command: 'folder list', args: ['folder', 'list', '--tree'], variant: 'tree' },
      { command: 'folder list', args: ['folder', 'list', '--queries'], variant: 'treeWithQueries' },
      { command: 'folder tree', args: ['folder', 'tree'], variant: 'tree' },
      { command: 'folder tree', args: ['folder', 'tree', '--queries'], variant: 'treeWithQueries' },
      { command: 'folder view', args: ['folder', 'view', '/reports'], variant: 'record', headers: true },
      { command: 'folder create', args: ['folder', 'create', '/archive'], variant: 'record' },
      { command: 'folder rename', args: ['folder', 'rename', '/archive', 'old'], variant: 'record' },
      { command: 'folder move', args: ['folder', 'move', '/old', '/reports'], variant: 'record' },
      { command: 'folder mv', args: ['folder', 'mv', 'rev', '/made/here', '--parents'], variant: 'record' },
      { command: 'folder rm', args: ['folder', 'rm', '/reports/old', '--yes'], variant: 'record' },
      { command: 'connection types', args: ['connection', 'types'], variant: 'list', headers: true },
      { command: 'connection config', args: ['connection', 'config', 'POSTGRES'], variant: 'record', headers: true },
      { command: 'workspace list', args: ['workspace', 'list'], variant: 'list', headers: true },
      { command: 'workspace get', args: ['workspace', 'get', 'Local'], variant: 'record', headers: true },
      { command: 'workspace create', args: ['workspace', 'create', 'Schema Team'], variant: 'record' },
      { command: 'workspace update', args: ['workspace', 'update', 'Schema Team', '--description', 'checked'], variant: 'record' },
      { command: 'workspace rm', args: ['workspace', 'rm', 'Schema Team', '--yes'], variant: 'record' },
      { command: 'project list', args: ['project', 'list'], variant: 'list', headers: true },
      { command: 'project create', args: ['project', 'create', 'Schema Check'], variant: 'record' },
      { command: 'project update', args: ['project', 'update', 'Schema Check', '--description', 'checked'], variant: 'record' },
      { command: 'project rm', args: ['project', 'rm', 'Schema Check', '--yes'], variant: 'record' },
      { command: 'key list', args: ['key', 'list'], variant: 'list', headers: true },
      { command: 'key create', args: ['key', 'create', 'ci'], variant: 'record' },
      { command: 'key rm', args: ['key', 'rm', 'ci', '--yes'], variant: 'record' },
      { command: 'semantic-catalog create', args: ['semantic-catalog', 'create', 'sales'], variant: 'record' },
      { command: 'query create', args: ['query', 'create', 'Semantic src', '--sql', 'SELECT 1 AS one'], variant: 'record' },
      { command: 'semantic-catalog add-table', args: ['semantic-catalog', 'add-table', 'sales', 'semanticsrc', '--as', 'fin.one'], variant: 'record' },
      { command: 'semantic-catalog rm-table', args: () => ['semantic-catalog', 'rm-table', 'sales', semanticTableId, '--yes'], variant: 'record' },
      { command: 'metadata get', args: ['metadata', 'get'], variant: 'list', headers: true },
      { command: 'metadata refresh', args: ['metadata', 'refresh', '--catalog', '1'], variant: 'accepted' },
      { command: 'metadata refresh', args: ['metadata', 'refresh', '--catalog', '1', '--wait'], variant: 'list', headers: true },
      { command: 'metadata status', args: ['metadata', 'status'], variant: 'list', headers: true },
      { command: 'metadata set-callback', args: ['metadata', 'set-callback', 'http://127.0.0.1:9/refreshed'], variant: 'record' },
      { command: 'metadata callback', args: ['metadata', 'callback'], variant: 'record', headers: true },
      { command: 'metadata rm-callback', args: ['metadata', 'rm-callback', '--yes'], variant: 'record' },
      { command: 'metadata describe', args: ['metadata', 'describe', 'svc.table.orders', '--description', 'Orders'], variant: 'record', headers: true },
      { command: 'metadata ai-usage', args: ['metadata', 'ai-usage', 'svc.table', 'on'], variant: 'record', headers: true },
      { command: 'metadata categorical', args: ['metadata', 'categorical', 'svc.table.orders.status'], variant: 'record' },
      { command: 'metadata rm-categorical', args: ['metadata', 'rm-categorical', 'svc.table.orders.status'], variant: 'record' },
      { command: 'golden-sql add', args: ['golden-sql', 'add', 'Orders per status', '--sql', 'SELECT status, count(*) AS n FROM svc.table.orders GROUP BY 1'], variant: 'record' },
      { command: 'golden-sql list', args: ['golden-sql', 'list'], variant: 'list', headers: true },
      { command: 'golden-sql search', args: ['golden-sql', 'search', 'status'], variant: 'list', headers: true },
      { command: 'golden-sql rm', args: () => ['golden-sql', 'rm', goldenId, '--yes'], variant: 'record' },
      { command: 'relation add', args: ['relation', 'add', '1.table.orders.customer_id', '1.table.customers.customer_id'], variant: 'record' },
      { command: 'relation list', args: ['relation', 'list', '1'], variant: 'list', headers: true },
      { command: 'relation update', args: () => ['relation', 'update', '1', relationId, '--type', 'ONE_TO_ONE'], variant: 'record' },
      { command: 'relation rm', args: () => ['relation', 'rm', '1', relationId, '--yes'], variant: 'record' },
      { command: 'api', args: ['api', 'GET', '/data/projects/{projectId}/catalogs'], variant: 'answer' },
      { command: 'sql', args: ['sql', 'SELECT 1 AS a, 9007199254740993 AS big'], variant: 'rows' },
      { command: 'sql', args: ['sql', 'SELECT 1 AS a', '--format', 'compact'], variant: 'rows' },
      { command: 'schema', args: ['schema', 'query', 'list'], variant: 'schema' },
      { command: 'schema', args: ['schema'], variant: 'index', headers: true },
      { command: 'pull', args: ['pull', '--dir', dir], variant: 'record' },
      { command: 'plan', args: ['plan', '--dir', dir], variant: 'record' },
      { command: 'apply', args: ['apply', '--dir', dir, '--yes'], variant: 'record' },
      { command: 'cache create', args: ['cache', 'create', 'orders', '--incremental-column', 'order_id', '--every', '6h'], variant: 'record', headers: false },
      { command: 'cache create', args: ['cache', 'create', '--batch', 'customers'], variant: 'batch', headers: false },
      { command: 'cache list', args: ['cache', 'list'], variant: 'list', headers: true },
      { command: 'cache get', args: ['cache', 'get', 'orders'], variant: 'record', headers: true },
      { command: 'cache update', args: ['cache', 'update', 'orders', '--cron', '0 3 * * *', '--tz', 'Europe/Berlin'], variant: 'record' },
      { command: 'cache refresh', args: ['cache', 'refresh', 'orders', '--wait'], variant: 'run', headers: false },
      { command: 'cache refresh', args: ['cache', 'refresh', 'orders', '--incremental'], variant: 'accepted' },
      { command: 'cache status', args: ['cache', 'status'], variant: 'list', headers: true },
      { command: 'cache status', args: ['cache', 'status', 'orders'], variant: 'record', headers: true },
      { command: 'cache history', args: ['cache', 'history', 'orders'], variant: 'list', headers: true },
      { command: 'cache cancel', args: ['cache', 'cancel', 'orders'], variant: 'record' },
      { command: 'cache rm', args: ['cache', 'rm', 'orders', '--yes'], variant: 'record' },
      { command: 'query rm', args: ['query', 'rm', 'rev', 'daily', '--yes'], variant: 'list' },
      { command: 'auth status', args: ['auth', 'status'], variant: 'record', headers: true },
      { command: 'auth login', args: ['auth', 'login', '--with-token', '--insecure-storage'], variant: 'record' },
      { command: 'profile list', args: ['profile', 'list'], variant: 'list', headers: true },
      { command: 'profile use', args: ['profile', 'use', 'default'], variant: 'record' },
      { command: 'auth logout', args: ['auth', 'logout'], variant: 'record' },
      { command: 'profile rm', args: ['profile', 'rm', 'default', '--yes'], variant: 'record' },
    ];

    it('each command in turn', async () => {
      fs.writeFileSync(rows, 'a\n1\n2\n');
      for (const c of sequence) {
        // auth login reads the key it stores from stdin.
        const doc = await run(c.command === 'auth login' ? { ...c, input: `${server.partnerKey}\n` } : c);
        // The export the next commands read.
        if (c.command === 'query export' && c.variant === 'record') exportId = (doc as { id: string }).id;
        if (c.command === 'golden-sql add') goldenId = (doc as { id: string }).id;
        if (c.command === 'semantic-catalog add-table') semanticTableId = (doc as { tableId: string }).tableId;
        if (c.command === 'relation add') relationId = (doc as { id: string }).id;
      }
    }, 240_000);

    it('serve --json: its first line', () => {
      seen.add('serve');
      // spawnServe started it with --json and kept every field of the first line it printed.
      const { baseUrl, partnerKey, projectKeys, dataDir, apiShape, pid } = server as unknown as Json;
      expect(problems('serve', 'record', { baseUrl, partnerKey, projectKeys, dataDir, apiShape, pid })).toEqual([]);
      expect(apiShape).toBe(shape);
    });
  });
}

// Until the local gateway answers connections and catalog browsing (the gateway side lands with
// #25 conn-gw), their commands read the document's shapes from a stand-in.
describeOnce('connections and catalog browsing against the document\'s answers', () => {
  const standIn = new RecordingServer();
  const id = '6243f42a-42d0-4821-a90f-763cda6cda50';
  const connection = { id, name: 'warehouse', type: 'POSTGRES' };
  const C = '/data/projects/demo/catalogs';
  const T = `${C}/626654862255325504/schemas/public/tables/actor`;
  const catalog = { id: '626654862255325504', name: 'wh', displayName: 'Warehouse', catalogType: 'POSTGRES', connectionId: id };
  const biTable = { catalogId: '9', catalogName: 'bi', schemaName: 'bitable', tableName: 'summary', isCacheable: false, isDynamicTable: false, isCached: false, supportedCacheTypes: [] };
  const parametric = { fromSchema: 'public', fromTable: 'deals', toSchema: 'public', toTable: 'deals_2024', paramValues: [{ key: 'year', value: 2024 }] };
  const biColumn = { name: 'total', dataType: 'decimal', displayName: 'total', defaultValue: null, isNotNull: false, isUnique: false };
  beforeAll(async () => {
    await standIn.start();
    standIn
      .on('GET', '/connections/config/POSTGRES', { json: { connectionType: 'POSTGRES', authorizationType: 'custom', configuration: [{ fieldName: 'password', required: true, description: 'Password' }] } })
      .on('GET', '/connections/demo', { json: [connection] })
      .on('POST', '/connections/demo', { json: connection })
      .on('POST', '/connections/demo/oauth2', { json: connection })
      .on('PUT', `/connections/demo/${id}`, { json: connection })
      .on('DELETE', `/connections/demo/${id}`, { status: 200 })
      .on('GET', `/connections/demo/${id}/detail`, { json: { type: 'POSTGRES', url: 'db', password: 'x' } })
      .on('GET', C, { json: [catalog] })
      .on('POST', C, { json: catalog })
      .on('DELETE', `${C}/626654862255325504`, { status: 200 })
      .on('POST', `${C}/626654862255325504/share`, { json: { sharedCatalogId: '555611268656923356' } })
      .on('GET', `${C}/626654862255325504/schemas`, { json: [{ catalogId: '626654862255325504', schemaName: 'public' }] })
      .on('GET', `${C}/626654862255325504/schemas/public/tables`, { json: [{ catalogId: '626654862255325504', catalogName: 'wh', schemaName: 'public', tableName: 'actor', isCacheable: true, isDynamicTable: false, isCached: false, supportedCacheTypes: ['FULL_REFRESH'] }] })
      .on('GET', `${T}/columns`, { json: [{ name: 'actor_id', dataType: 'bigint', displayName: 'actor_id', defaultValue: null, isNotNull: false, isUnique: false }] })
      .on('GET', `${T}/isCached`, { json: { isCached: true, isCacheable: true, supportedCacheTypes: ['FULL_REFRESH', 'INCREMENTAL'] } })
      .on('GET', `${T}/statistics`, { json: { catalogId: '626654862255325504', schemaName: 'public', tableName: 'actor', columnStatistics: [{ columnName: 'actor_id', distinctFraction: -1 }] } })
      .on('POST', '/data/projects/demo/search', { json: { matchedCatalogs: [{ catalog: 'wh' }], matchedSchemas: [], matchedTables: [{ catalog: 'wh', schema: 'public', table: 'actor' }], meta: { page: { limit: 100, offset: 0, nextOffset: null } } } })
      .on('GET', '/data/projects/demo/bitable', { json: [biTable] })
      .on('POST', '/data/projects/demo/bitable/summary', { json: biTable })
      .on('GET', '/data/projects/demo/bitable/summary/columns', { json: [biColumn] })
      .on('POST', '/data/projects/demo/bitable/summary/columns', { json: [biColumn] })
      .on('PUT', '/data/projects/demo/bitable/summary/columns/total', { json: [biColumn] })
      .on('DELETE', '/data/projects/demo/bitable/summary/columns/total', { status: 200 })
      .on('DELETE', '/data/projects/demo/bitable/summary', { status: 200 })
      .on('GET', '/supportedDrivers', { json: { JDBC: 'jdbc:peaka://dbc.example.com:4567/', SQL_ALCHEMY: 'peaka://dbc.example.com:4567/wh' } })
      .on('GET', `${C}/626654862255325504/parametricTables`, { json: [parametric] })
      .on('POST', `${C}/626654862255325504/parametricTables`, { json: parametric })
      .on('DELETE', `${C}/626654862255325504/parametricTables`, { status: 204 })
      .on('GET', '/supportedDrivers/jdbc', { json: { JDBC: 'jdbc:peaka://dbc.example.com:4567/' } })
      .on('GET', '/supportedDrivers/sql_alchemy', { json: { SQL_ALCHEMY: 'peaka://dbc.example.com:4567/wh' } })
      .on('POST', '/metadata/demo/semantics/626654862255325504/public/actor', { json: { tableDescription: 'Actors', columns: [] } })
      .on('GET', '/metadata/demo/questions/generate', { json: { questions: ['Who acted most?'] } })
      .on('GET', '/metadata/demo/query', { json: { tables: [{ table: 'actor', score: 0.9 }] } })
      .on('POST', '/sql/transpile/mysql', { json: { result: 'SELECT 1' } })
      .on('POST', '/ui/initSession', { json: { sessionUrl: 'https://partner.example.com/api/v1/ui/session?code=abc' } })
      .on('POST', '/ai-agent/demo/chat/stream', { body: 'event: messages\ndata: {"delta":"Alice"}\n\nevent: updates\ndata: {"sql":"SELECT 1","tables":["svc.table.orders"],"threadId":"th-1"}\n\n', headers: { 'content-type': 'text/event-stream' } })
      .on('GET', '/ai-agent/demo/threads', { json: [{ id: 'th-1', displayName: 'Revenue' }] })
      .on('GET', '/ai-agent/demo/threads/th-1', { json: { id: 'th-1', messages: [] } })
      .on('PUT', '/ai-agent/demo/threads/th-1', { json: { id: 'th-1', displayName: 'Top' } })
      .on('DELETE', '/ai-agent/demo/threads/th-1', { json: {} })
      .on('POST', '/data/projects/demo/semantic-catalogs/626654862255325504/share', { status: 200 });
  });
  afterAll(() => standIn.close());

  const cases: Case[] = [
    { command: 'connection create', args: ['connection', 'create', 'warehouse', '--type', 'POSTGRES', '--from-file', '-'], variant: 'record', input: 'password: x\n' },
    { command: 'connection list', args: ['connection', 'list'], variant: 'list', headers: true },
    { command: 'connection get', args: ['connection', 'get', 'warehouse'], variant: 'record', headers: true },
    { command: 'connection detail', args: ['connection', 'detail', 'warehouse'], variant: 'record' },
    { command: 'connection update', args: ['connection', 'update', 'warehouse', '--name', 'warehouse'], variant: 'record', headers: true },
    { command: 'connection oauth-callback', args: ['connection', 'oauth-callback', 'code=1&state=2'], variant: 'record' },
    { command: 'connection rm', args: ['connection', 'rm', 'warehouse', '--yes'], variant: 'record' },
    { command: 'catalog get', args: ['catalog', 'get', 'wh'], variant: 'record', headers: true },
    { command: 'catalog create', args: ['catalog', 'create', 'wh', 'warehouse'], variant: 'record' },
    { command: 'catalog schemas', args: ['catalog', 'schemas', 'wh'], variant: 'list', headers: true },
    { command: 'catalog tables', args: ['catalog', 'tables', 'wh.public'], variant: 'list', headers: true },
    { command: 'catalog columns', args: ['catalog', 'columns', 'wh.public.actor'], variant: 'list', headers: true },
    { command: 'catalog stats', args: ['catalog', 'stats', 'wh.public.actor'], variant: 'record' },
    { command: 'catalog is-cached', args: ['catalog', 'is-cached', 'wh.public.actor'], variant: 'record', headers: true },
    { command: 'catalog search', args: ['catalog', 'search', 'act'], variant: 'list', headers: true },
    { command: 'catalog share', args: ['catalog', 'share', 'wh', 'demo2'], variant: 'record' },
    { command: 'catalog rm', args: ['catalog', 'rm', 'wh', '--yes'], variant: 'record' },
    { command: 'bitable list', args: ['bitable', 'list'], variant: 'tables', headers: true },
    { command: 'bitable list', args: ['bitable', 'list', 'summary'], variant: 'columns', headers: true },
    { command: 'bitable create', args: ['bitable', 'create', 'summary'], variant: 'record', headers: true },
    { command: 'bitable add-column', args: ['bitable', 'add-column', 'summary', 'total:DECIMAL'], variant: 'list', headers: true },
    { command: 'bitable update-column', args: ['bitable', 'update-column', 'summary', 'total', '--default', '0'], variant: 'list', headers: true },
    { command: 'bitable drop-column', args: ['bitable', 'drop-column', 'summary', 'total', '--yes'], variant: 'record' },
    { command: 'bitable rm', args: ['bitable', 'rm', 'summary', '--yes'], variant: 'record' },
    { command: 'parametric-table list', args: ['parametric-table', 'list', 'wh'], variant: 'list', headers: true },
    { command: 'parametric-table create', args: ['parametric-table', 'create', 'wh', 'public.deals_2024', '--from', 'public.deals', '--param', 'year=2024'], variant: 'record', headers: true },
    { command: 'parametric-table rm', args: ['parametric-table', 'rm', 'wh', 'public.deals_2024', '--yes'], variant: 'record' },
    { command: 'driver list', args: ['driver', 'list', '--catalog', 'wh'], variant: 'list', headers: true },
    { command: 'driver jdbc', args: ['driver', 'jdbc'], variant: 'record', headers: true },
    { command: 'metadata semantics', args: ['metadata', 'semantics', 'wh.public.actor'], variant: 'answer' },
    { command: 'metadata questions', args: ['metadata', 'questions', 'Who acted?'], variant: 'answer' },
    { command: 'metadata search', args: ['metadata', 'search', 'actor'], variant: 'answer' },
    { command: 'transpile', args: ['transpile', 'mysql', 'SELECT 1'], variant: 'record', headers: true },
    { command: 'embed session', args: ['embed', 'session', '--expires-in', '60'], variant: 'record', headers: true },
    { command: 'ask', args: ['ask', 'Who?'], variant: 'record' },
    { command: 'semantic-catalog share', args: ['semantic-catalog', 'share', 'wh', 'demo2'], variant: 'record' },
    { command: 'thread list', args: ['thread', 'list'], variant: 'list', headers: true },
    { command: 'thread get', args: ['thread', 'get', 'th-1'], variant: 'answer' },
    { command: 'thread rename', args: ['thread', 'rename', 'th-1', 'Top'], variant: 'record', headers: true },
    { command: 'thread rm', args: ['thread', 'rm', 'th-1', '--yes'], variant: 'record' },
    { command: 'driver sqlalchemy', args: ['driver', 'sqlalchemy', 'wh'], variant: 'record', headers: true },
  ];

  it('each command in turn', async () => {
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config-sources'), DGW_BASE_URL: standIn.baseUrl, DGW_API_KEY: 'k', DGW_PROJECT: 'demo' };
    for (const c of cases) {
      seen.add(c.command);
      const args = c.args as string[];
      const r = await runAsBinaryWould([...args, '--json'], { env, input: c.input });
      expect(r.code, `dgw ${args.join(' ')} --json\n${r.stderr}`).toBe(0);
      expect(problems(c.command, c.variant, JSON.parse(r.stdout)), `dgw ${args.join(' ')} --json\n${r.stdout}`).toEqual([]);
      if (!c.headers) continue;
      const csv = await runAsBinaryWould([...args, '--format', 'csv'], { env, input: c.input });
      expect(csv.code, csv.stderr).toBe(0);
      const titles = fieldsOf(c.command, c.variant).map(fieldTitle);
      expect(csv.stdout.split('\n')[0].split(',').filter((h) => !titles.includes(h)), args.join(' ')).toEqual([]);
    }
  }, 120_000);
});

describeOnce('a command that needs a terminal', () => {
  it('query edit (a terminal; the editor changes nothing): the query record', async () => {
    seen.add('query edit');
    const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config-edit'), DGW_LOCAL_DIR: path.join(tmp.dir, 'data-edit'), EDITOR: 'true', VISUAL: '' };
    expect((await runAsBinaryWould(['--zone', 'local', 'query', 'create', 'Edited', '--sql', 'SELECT 1 AS one'], { env })).code).toBe(0);
    const r = await runDgwInTerminal(['--zone', 'local', 'query', 'edit', 'edited', '--json'], { env });
    expect(r.code, r.stdout).toBe(0);
    expect(problems('query edit', 'record', JSON.parse(r.stdout))).toEqual([]);
  });
});

describeOnce('coverage', () => {
  it('every command that prints JSON was run above', async () => {
    // A command without a schema prints no JSON (completion, table sample).
    const all = (await leafCommands()).map((c) => c.path).filter((p) => fs.existsSync(path.join(ROOT, 'schemas', `${p.split(' ').join('-')}.json`)));
    expect(all.filter((p) => !seen.has(p))).toEqual([]);
  });
});
