import { describe, expect, it } from 'vitest';
import { KEY, queryJson, useStandIn } from './support/stand-in.js';

// Every contract operation, as the spawned binary sends it to a recording server.
const PROJECT = 'team 7/analytics';
const P = 'team%207%2Fanalytics';
const { server, dgw } = useStandIn(PROJECT);
const QID = '3f2b8c1e-0000-4000-8000-000000000001';

function lastRequest() {
  expect(server.requests.length).toBeGreaterThan(0);
  return server.requests[server.requests.length - 1];
}

describe('query create sends exactly the documented request', () => {
  it('plain query: POST with displayName, inputQuery and queryType only, bearer key, no query string', async () => {
    server.on('POST', `/data/projects/${P}/queries`, { json: queryJson() });
    const r = await dgw(['query', 'create', 'Revenue Report', '--sql', 'SELECT * FROM svc.table.orders']);
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    const req = lastRequest();
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/data/projects/${P}/queries`);
    expect(req.rawQuery).toBe('');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['content-type']).toContain('application/json');
    expect(req.json).toEqual({ displayName: 'Revenue Report', inputQuery: 'SELECT * FROM svc.table.orders', queryType: 'PLAIN' });
  });

  it('--no-check-schema sends checkSchemaExists=false', async () => {
    server.on('POST', `/data/projects/${P}/queries`, { json: queryJson() });
    const r = await dgw(['query', 'create', 'Revenue Report', '--sql', 'SELECT 1', '--no-check-schema']);
    expect(r.code).toBe(0);
    expect(lastRequest().rawQuery).toBe('checkSchemaExists=false');
  });

  it('--from sends inputQueryRefId and MATERIALIZED, and no inputQuery, in one request', async () => {
    server.on('POST', `/data/projects/${P}/queries`, { json: queryJson({ queryType: 'MATERIALIZED' }) });
    const r = await dgw(['query', 'create', 'Copy', '--materialized', '--from', QID]);
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(lastRequest().json).toEqual({ displayName: 'Copy', queryType: 'MATERIALIZED', inputQueryRefId: QID });
  });

  it('--from with a SQL name resolves it through the query list first', async () => {
    server.on('GET', `/data/projects/${P}/queries`, { json: [queryJson()] });
    server.on('POST', `/data/projects/${P}/queries`, { json: queryJson({ queryType: 'MATERIALIZED' }) });
    const r = await dgw(['mtquery', 'create', 'Copy', '--from', 'revenuereport']);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.method)).toEqual(['GET', 'POST']);
    expect(lastRequest().json).toEqual({ displayName: 'Copy', queryType: 'MATERIALIZED', inputQueryRefId: QID });
  });

  it('--cron sends type, cronExpression and timezone, and no repeatDuration', async () => {
    server.on('POST', `/data/projects/${P}/queries`, { json: queryJson() });
    const r = await dgw(['mtquery', 'create', 'Nightly', '--sql', 'SELECT 1', '--cron', '0 2 * * 1-5', '--tz', 'Europe/Berlin']);
    expect(r.code).toBe(0);
    expect((lastRequest().json as { schedule: unknown }).schedule).toEqual({ type: 'cron', cronExpression: '0 2 * * 1-5', timezone: 'Europe/Berlin' });
  });

  it('--every 6h sends an ISO 8601 interval', async () => {
    server.on('POST', `/data/projects/${P}/queries`, { json: queryJson() });
    const r = await dgw(['query', 'create', 'Six hourly', '--materialized', '--sql', 'SELECT 1', '--every', '6h', '--path', '/reports/daily', '--parents']);
    expect(r.code).toBe(0);
    expect(lastRequest().json).toEqual({
      displayName: 'Six hourly',
      inputQuery: 'SELECT 1',
      queryType: 'MATERIALIZED',
      schedule: { type: 'interval', repeatDuration: 'PT6H' },
      path: '/reports/daily',
    });
  });

  it('--no-schedule sends {type: "none"}', async () => {
    server.on('POST', `/data/projects/${P}/queries`, { json: queryJson() });
    const r = await dgw(['mtquery', 'create', 'Manual', '--sql', 'SELECT 1', '--no-schedule']);
    expect(r.code).toBe(0);
    expect((lastRequest().json as { schedule: unknown }).schedule).toEqual({ type: 'none' });
  });

  it('--file - reads the SQL from stdin', async () => {
    server.on('POST', `/data/projects/${P}/queries`, { json: queryJson() });
    const r = await dgw(['query', 'create', 'From stdin', '--file', '-'], { input: 'SELECT 42\n' });
    expect(r.code).toBe(0);
    expect((lastRequest().json as { inputQuery: string }).inputQuery).toBe('SELECT 42');
  });
});

describe('the other contract operations', () => {
  it('folder mv of queries by id into a folder by path: GET folders then PUT both lists (two requests)', async () => {
    server.on('GET', `/data/projects/${P}/queries/folders`, { json: [{ id: 'f1', name: 'reports', createdAt: 1, modifiedAt: 1, queryIds: [], children: [{ id: 'f2', name: 'monthly', createdAt: 1, modifiedAt: 1, queryIds: [], children: [] }] }] });
    server.on('PUT', `/data/projects/${P}/queries/folders/f2`, { json: { id: 'f2', name: 'monthly', createdAt: 1, modifiedAt: 2, children: [], queryIds: [QID] } });
    const ids = [QID, '3f2b8c1e-0000-4000-8000-000000000002', '3f2b8c1e-0000-4000-8000-000000000003'];
    const r = await dgw(['folder', 'mv', ...ids, '/reports/monthly']);
    expect(r.stderr).toContain('moved 3 queries');
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET /data/projects/${P}/queries/folders`, `PUT /data/projects/${P}/queries/folders/f2`]);
    expect(lastRequest().json).toEqual({ queryIdsAdded: ids, queryIdsRemoved: [] });
    expect(lastRequest().headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('folder mv into a folder given by id sends one request', async () => {
    server.on('PUT', `/data/projects/${P}/queries/folders/f%202`, { json: {} });
    const r = await dgw(['folder', 'mv', QID, 'f 2']);
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(lastRequest().json).toEqual({ queryIdsAdded: [QID], queryIdsRemoved: [] });
  });

  it('folder mv to / removes the queries from the folders that hold them', async () => {
    server.on('GET', `/data/projects/${P}/queries/folders`, { json: [{ id: 'f1', name: 'reports', createdAt: 1, modifiedAt: 1, queryIds: [QID], children: [] }] });
    server.on('PUT', `/data/projects/${P}/queries/folders/f1`, { json: {} });
    const r = await dgw(['folder', 'mv', QID, '/']);
    expect(r.code).toBe(0);
    expect(lastRequest().json).toEqual({ queryIdsAdded: [], queryIdsRemoved: [QID] });
  });

  it('folder create: POSTs only the missing levels, each under its parent', async () => {
    server.on('GET', `/data/projects/${P}/queries/folders`, { json: [{ id: 'f1', name: 'reports', createdAt: 1, modifiedAt: 1, queryIds: [], children: [] }] });
    server.on('POST', `/data/projects/${P}/queries/folders/f1`, { status: 201, json: { id: 'f2', name: 'monthly' } });
    server.on('POST', `/data/projects/${P}/queries/folders/f2`, { status: 201, json: { id: 'f3', name: 'eu' } });
    const r = await dgw(['folder', 'create', '/reports/monthly/eu', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: 'f3', path: '/reports/monthly/eu', created: true });
    expect(server.requests.map((q) => `${q.method} ${q.path} ${q.body}`)).toEqual([
      `GET /data/projects/${P}/queries/folders `,
      `POST /data/projects/${P}/queries/folders/f1 {"folderName":"monthly"}`,
      `POST /data/projects/${P}/queries/folders/f2 {"folderName":"eu"}`,
    ]);
  });

  it('folder create at the root POSTs to the folders collection; an existing path is exit 5', async () => {
    server.on('GET', `/data/projects/${P}/queries/folders`, { json: { items: [] } });
    server.on('POST', `/data/projects/${P}/queries/folders`, { status: 201, json: { id: 'f9', name: 'archive' } });
    const r = await dgw(['folder', 'create', '/archive', '-q']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('f9\n');
    server.reset();
    server.on('GET', `/data/projects/${P}/queries/folders`, { json: { items: [{ id: 'f9', name: 'archive', path: '/archive', parentId: null, createdAt: 'x' }] } });
    const again = await dgw(['folder', 'create', '/archive']);
    expect(again.code).toBe(5);
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
  });

  it('folder rm: DELETE on the folder id', async () => {
    server.on('GET', `/data/projects/${P}/queries/folders`, { json: [{ id: 'f1', name: 'old', createdAt: 1, modifiedAt: 1, queryIds: [], children: [] }] });
    server.on('DELETE', `/data/projects/${P}/queries/folders/f1`, { status: 204 });
    const r = await dgw(['folder', 'rm', '/old', '--yes']);
    expect(r.code).toBe(0);
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/data/projects/${P}/queries/folders/f1`, rawQuery: '', body: '' });
  });

  it('folder list: GET folders', async () => {
    server.on('GET', `/data/projects/${P}/queries/folders`, { json: [] });
    const r = await dgw(['folder', 'list', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/data/projects/${P}/queries/folders` });
  });

  it('catalog list: GET catalogs', async () => {
    server.on('GET', `/data/projects/${P}/catalogs`, { json: [] });
    const r = await dgw(['catalog', 'list']);
    expect(r.code).toBe(0);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/data/projects/${P}/catalogs`, body: '' });
  });

  it('connection config: GET with the type as one encoded segment', async () => {
    server.on('GET', /^\/connections\/config\//, { json: { connectionType: 'x', configuration: [] } });
    const r = await dgw(['connection', 'config', 'odd type/v2!']);
    expect(r.code).toBe(0);
    expect(lastRequest().path).toBe('/connections/config/odd%20type%2Fv2!');
  });

  it('mtquery refresh: POST with no body', async () => {
    server.on('POST', `/data/projects/${P}/materialized-queries/${QID}/refresh`, { status: 200 });
    const r = await dgw(['mtquery', 'refresh', QID]);
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(lastRequest()).toMatchObject({ method: 'POST', body: '', rawQuery: '' });
    expect(lastRequest().headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('table drop-column: DELETE with table and column as encoded segments', async () => {
    server.on('DELETE', /columns/, { status: 200 });
    const r = await dgw(['table', 'drop-column', 'order items', 'unit/price', '--yes']);
    expect(r.code).toBe(0);
    expect(lastRequest()).toMatchObject({ method: 'DELETE', path: `/data/projects/${P}/table/order%20items/columns/unit%2Fprice`, body: '' });
  });

  it('query rm: one DELETE per query', async () => {
    server.on('DELETE', /\/queries\//, { status: 200 });
    const r = await dgw(['query', 'rm', QID, '3f2b8c1e-0000-4000-8000-000000000002', '--yes']);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      `DELETE /data/projects/${P}/queries/${QID}`,
      `DELETE /data/projects/${P}/queries/3f2b8c1e-0000-4000-8000-000000000002`,
    ]);
  });

  it('query update: PUT with only the fields given', async () => {
    server.on('PUT', `/data/projects/${P}/queries/${QID}`, { json: queryJson({ schedule: { type: 'none' } }) });
    // --name reads the query list first: the SQL name changes, and readers of the old one are named.
    server.on('GET', `/data/projects/${P}/queries`, { json: [queryJson()] });
    const r = await dgw(['query', 'update', QID, '--no-schedule', '--name', 'Renamed']);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.method)).toEqual(['GET', 'PUT']);
    expect(lastRequest().json).toEqual({ displayName: 'Renamed', schedule: { type: 'none' } });
  });

  it('sql: POST .../queries/execute with {statement}, COMPACT rows, made objects for --json (two columns of one name stay apart)', async () => {
    const column = (name: string) => ({ catalogName: null, schemaName: null, tableName: null, columnName: name });
    server.on('POST', `/data/projects/${P}/queries/execute`, { json: { columns: [column('n'), column('n')], data: [[1, 2]] } });
    const json = await dgw(['sql', 'SELECT 1 AS n, 2 AS n', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([{ n: 1, n_1: 2 }]);
    expect(json.stderr).toContain('columns of the same name are told apart in JSON: n → n_1');
    expect((await dgw(['sql', 'SELECT 1 AS n, 2 AS n'])).stdout).toBe('1\t2\n');
    expect(server.requests.map((q) => `${q.method} ${q.path}?${q.rawQuery} ${q.body}`)).toEqual([
      `POST /data/projects/${P}/queries/execute?format=COMPACT {"statement":"SELECT 1 AS n, 2 AS n"}`,
      `POST /data/projects/${P}/queries/execute?format=COMPACT {"statement":"SELECT 1 AS n, 2 AS n"}`,
    ]);
  });

  it('sql --json: a service that answers row objects anyway is printed as it answered', async () => {
    server.on('POST', `/data/projects/${P}/queries/execute`, { json: { columns: [{ catalogName: null, schemaName: null, tableName: null, columnName: 'n' }], data: [{ n: 1 }] } });
    expect(JSON.parse((await dgw(['sql', 'SELECT 1 AS n', '--json'])).stdout)).toEqual([{ n: 1 }]);
  });

  it('query get by name: one list request', async () => {
    server.on('GET', `/data/projects/${P}/queries`, { json: [queryJson()] });
    const r = await dgw(['query', 'get', 'revenuereport', '--json', 'id,name']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: QID, name: 'revenuereport' });
    expect(server.requests).toHaveLength(1);
  });
});
