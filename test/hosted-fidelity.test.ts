import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDgw } from './support/dgw.js';
import { useServerAndFreshConfig, useStandIn } from './support/stand-in.js';

// The CLI against the hosted service as its OpenAPI document describes it: the answers it reads
// (shapes of the document and of its examples, which break the schemas in places), the requests
// it sends, and the id rule. Answers below are modelled on the document; the values are our own.
const { server, dgw } = useStandIn('p-9');
const P = '/data/projects/p-9';
const ID = '718355029114830201';
const ID2 = '718355029114830202';

describe('answers in the document shapes are read', () => {
  it('table list shows the documented Table records (tableName, catalog, schema)', async () => {
    server.on('GET', `${P}/table`, {
      json: [
        { catalogId: '1', catalogName: 'peaka', schemaName: 'table', tableName: 'invoices', isCacheable: false, isDynamicTable: false, isCached: false },
        { catalogId: '1', catalogName: 'peaka', schemaName: 'table', tableName: 'payouts', isCacheable: false, isDynamicTable: false, isCached: false, supportedCacheTypes: [] },
      ],
    });
    const r = await dgw(['table', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('invoices\ttable\tpeaka\t1\npayouts\ttable\tpeaka\t1\n');
    const json = await dgw(['table', 'list', '--json', 'tableName,catalogName']);
    expect(JSON.parse(json.stdout)).toEqual([{ tableName: 'invoices', catalogName: 'peaka' }, { tableName: 'payouts', catalogName: 'peaka' }]);
  });

  it('table list TABLE shows the documented ColumnDetail records', async () => {
    server.on('GET', `${P}/table/invoices/columns`, {
      json: [
        { name: 'amount', dataType: 'bigint', displayName: 'amount', defaultValue: null, isNotNull: false, isUnique: false },
        { name: 'code', dataType: 'varchar', displayName: 'Code', defaultValue: 'x', isNotNull: true, isUnique: true },
      ],
    });
    const r = await dgw(['table', 'list', 'invoices']);
    expect(r.code).toBe(0);
    // No default: NULL, written \N in TSV.
    // Booleans as true and false, as TSV writes every boolean.
    expect(r.stdout).toBe('amount\tbigint\tfalse\tfalse\t\\N\ncode\tvarchar\ttrue\ttrue\tx\n');
  });

  it('query list --type plain counts a query without queryType as PLAIN (the documented default)', async () => {
    server.on('GET', `${P}/queries`, {
      json: [
        { id: ID, displayName: 'Plain one', name: 'plainone', inputQuery: 'SELECT 1' },
        { id: ID2, displayName: 'Nightly', name: 'nightly', inputQuery: 'SELECT 2', queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '0 0 * * *', timezone: 'UTC' } },
      ],
    });
    const plain = await dgw(['query', 'list', '--type', 'plain', '-q']);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe(`${ID}\n`);
    const all = await dgw(['query', 'list', '--json', 'id,queryType,path,schedule']);
    expect(JSON.parse(all.stdout)).toEqual([
      { id: ID, queryType: 'PLAIN', path: null, schedule: null },
      { id: ID2, queryType: 'MATERIALIZED', path: null, schedule: { type: 'cron', cronExpression: '0 0 * * *', timezone: 'UTC' } },
    ]);
  });

  it('a status view whose schedule carries nulls for the fields that do not apply reads as that schedule', async () => {
    server.on('GET', `${P}/materialized-queries/${ID}/status`, {
      json: { queryId: ID, queryName: 'nightly', scheduleSettings: { cronExpression: null, repeatDuration: 'PT6H', timezone: null, type: 'interval' }, nextExecutionStartTime: null, status: 'COMPLETED', lastExecutionStartTime: null, lastUpdateTime: null },
    });
    const r = await dgw(['mtquery', 'status', ID, '--json', 'status,scheduleSettings']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ status: 'COMPLETED', scheduleSettings: { type: 'interval', repeatDuration: 'PT6H' } });
  });

  it('project list reads organizations and workspaces sent as one object (as the schema declares) or as a list (as the examples show)', async () => {
    const org = { id: 'd0d3c83f-0000-4f2e-899d-1bfa00eb3cef', name: 'Acme', owner: '1673d60f-0000-41f4-9420-c91dbc2864f5', createdAt: '2025-03-25T12:28:48.737355Z', iconFileId: null, description: 'Default Organization' };
    const ws = { id: '56d43968-0000-4010-9b75-018a79a51b17', name: 'Default Workspace', organizationId: org.id, description: null, createdAt: null, defaultWorkspace: true };
    server.on('GET', '/organizations', { json: org });
    server.on('GET', `/organizations/${org.id}/workspaces`, { json: ws });
    server.on('GET', `/organizations/${org.id}/workspaces/${ws.id}/projects`, { json: [{ id: 'SksnYuxH', name: 'Shop', description: null, domain: 'shop-rfto', createdAt: '2023-08-21T11:09:04.699714310Z', workspaceId: ws.id }] });
    const one = await dgw(['project', 'list', '--json', 'id,name,description,workspaceName,organizationName']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual([{ id: 'SksnYuxH', name: 'Shop', description: null, workspaceName: 'Default Workspace', organizationName: 'Acme' }]);
    server.on('GET', '/organizations', { json: [org] });
    server.on('GET', `/organizations/${org.id}/workspaces`, { json: [ws] });
    expect((await dgw(['project', 'list', '-q'])).stdout).toBe('SksnYuxH\n');
  });

  it('connection types read when the service sends one object where a list is declared, and a list', async () => {
    const one = { connectionType: 'stripe', connectionTypeLabel: 'Stripe', category: 'Payment', authorizationType: 'bearer_token', configuration: [] };
    server.on('GET', '/connections/config', { json: one });
    expect((await dgw(['connection', 'types', '-q'])).stdout).toBe('stripe\n');
    server.on('GET', '/connections/config', { json: [one, { ...one, connectionType: 'jira' }] });
    expect((await dgw(['connection', 'types', '-q'])).stdout).toBe('stripe\njira\n');
  });
});

describe('requests follow the document', () => {
  it('query update --path moves the query with PATCH .../queries/{id}/path, not with path in the PUT body', async () => {
    server.on('PATCH', `${P}/queries/${ID}/path`, { status: 200 });
    server.on('GET', `${P}/queries/${ID}`, { json: { id: ID, displayName: 'Plain one', name: 'plainone', inputQuery: 'SELECT 1', path: '/reports/monthly', folderId: 'f_1' } });
    const r = await dgw(['query', 'update', ID, '--path', '/reports/monthly', '--parents', '--json', 'path']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ path: '/reports/monthly' });
    expect(server.requests.map((q) => `${q.method} ${q.path} ${q.body}`)).toEqual([
      `PATCH ${P}/queries/${ID}/path {"path":"/reports/monthly"}`,
      `GET ${P}/queries/${ID} `,
    ]);
  });

  it('query update with fields and --path: PUT without path, then PATCH the path', async () => {
    server.on('PUT', `${P}/queries/${ID}`, { json: { id: ID, displayName: 'Renamed', name: 'renamed', inputQuery: 'SELECT 1' } });
    server.on('PATCH', `${P}/queries/${ID}/path`, { status: 200 });
    server.on('GET', `${P}/queries/${ID}`, { json: { id: ID, displayName: 'Renamed', name: 'renamed', inputQuery: 'SELECT 1', path: '/a' } });
    // --name reads the query list first, to say which queries read the SQL name it changes.
    server.on('GET', `${P}/queries`, { json: [{ id: ID, displayName: 'Old', name: 'old', inputQuery: 'SELECT 1' }] });
    const r = await dgw(['query', 'update', ID, '--name', 'Renamed', '--path', '/a', '--parents']);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => `${q.method} ${q.body}`)).toEqual(['GET ', 'PUT {"displayName":"Renamed"}', 'PATCH {"path":"/a"}', 'GET ']);
  });
});

describe('ids need no lookup', () => {
  it('query get 709922802836177297 sends exactly one GET of that query', async () => {
    server.on('GET', `${P}/queries/709922802836177297`, { json: { id: '709922802836177297', displayName: 'X', name: 'x', inputQuery: 'SELECT 1' } });
    const r = await dgw(['query', 'get', '709922802836177297', '-q']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('709922802836177297\n');
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET ${P}/queries/709922802836177297`]);
  });

  it('folder mv ID1 ID2 /a/b sends exactly the folder list and one PUT', async () => {
    server.on('GET', `${P}/queries/folders`, { json: { items: [{ id: 'fa', name: 'a', path: '/a', parentId: null }, { id: 'fb', name: 'b', path: '/a/b', parentId: 'fa' }] } });
    server.on('PUT', `${P}/queries/folders/fb`, { json: {} });
    const r = await dgw(['folder', 'mv', ID, ID2, '/a/b']);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET ${P}/queries/folders`, `PUT ${P}/queries/folders/fb`]);
    expect(server.requests[1].json).toEqual({ queryIdsAdded: [ID, ID2], queryIdsRemoved: [] });
  });

  it('query rm ID --yes sends exactly one DELETE of that query, no query list', async () => {
    server.on('DELETE', `${P}/queries/${ID}`, { status: 200 });
    const r = await dgw(['query', 'rm', ID, '--yes']);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`DELETE ${P}/queries/${ID}`]);
  });

  it('query rm ID without a terminal and without --yes sends nothing and exits 2', async () => {
    const r = await dgw(['query', 'rm', ID]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pass --yes/);
    expect(server.requests).toHaveLength(0);
  });

  it('query rm NAME without a terminal and without --yes sends nothing either (no lookup before refusing)', async () => {
    server.on('GET', `${P}/queries`, { json: [{ id: ID, name: 'plainone' }] });
    const r = await dgw(['query', 'rm', 'plainone']);
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('folder rm /path without a terminal and without --yes sends nothing', async () => {
    const r = await dgw(['folder', 'rm', '/old']);
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('UUIDs and long hex ids are ids; short, dashed or other words are SQL names, looked up once', async () => {
    const uuid = '3f2b8c1e-0000-4000-8000-000000000001';
    const hex = '65a1f0c2b3d4e5f60718293a';
    for (const id of [uuid, hex]) server.on('GET', `${P}/queries/${id}`, { json: { id, name: 'n' } });
    expect((await dgw(['query', 'get', uuid, '-q'])).code).toBe(0);
    expect((await dgw(['query', 'get', hex, '-q'])).code).toBe(0);
    expect(server.requests.map((q) => q.path)).toEqual([`${P}/queries/${uuid}`, `${P}/queries/${hex}`]);
    server.reset();
    server.on('GET', `${P}/queries`, { json: [{ id: '12345', name: 'short' }, { id: 'q-1', name: 'dashed' }] });
    expect((await dgw(['query', 'get', '12345', '-q'])).stdout).toBe('12345\n');
    expect((await dgw(['query', 'get', 'q-1', '-q'])).stdout).toBe('q-1\n');
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET ${P}/queries`, `GET ${P}/queries`]);
  });
});

describe('auth login without GET /info', () => {
  const fresh = useServerAndFreshConfig('dgw-fidelity-', { allowInfo: true });
  const KEY = 'fidelity-login-key-77aa88bb';
  const login = (args: string[]) =>
    runDgw(['auth', 'login', '--base-url', fresh.server.baseUrl, '--with-token', ...args], { input: KEY, env: { DGW_CONFIG_DIR: fresh.configDir() } });

  it('with --project, checks the key with a documented call (List Catalogs) and never asks GET /info', async () => {
    fresh.server.on('GET', '/data/projects/p-1/catalogs', { json: [{ id: '1', name: 'peaka', displayName: 'Peaka', catalogType: 'internal', connectionId: null }] });
    const r = await login(['--project', 'p-1']);
    expect(r.stderr).toContain('logged in');
    expect(r.code).toBe(0);
    expect(fresh.server.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /data/projects/p-1/catalogs']);
    const stored = JSON.parse(fs.readFileSync(path.join(fresh.configDir(), 'config.json'), 'utf8'));
    expect(stored.profiles.default).toMatchObject({ projectId: 'p-1', apiKey: KEY });
  });

  it('without a project, a 404 from GET /info says to pass --project, not that the key failed', async () => {
    const r = await login([]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: this service does not say which project a key belongs to \(GET \/info answered HTTP 404\); nothing was stored$/m);
    expect(r.stderr).toMatch(/^hint: log in again with --project ID/m);
    expect(r.stderr).not.toMatch(/refused/);
    expect(fresh.server.requests.map((q) => q.path)).toEqual(['/info']);
  });
});
