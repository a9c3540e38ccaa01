import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// The local gateway's HTTP contract through app.request(), on an in-memory database: every
// endpoint's success shape, and 400/401/403/404/409/413 where they apply.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway({ maxBodyBytes: 64 * 1024 });
});
afterAll(async () => {
  await g.close();
});

const sql = 'SELECT customer_id, sum(amount) AS revenue FROM svc.table.orders GROUP BY 1';

function expectError(r: { status: number; body: { errorCode?: unknown; message?: unknown } }, status: number) {
  expect(r.status).toBe(status);
  expect(['string', 'number']).toContain(typeof r.body?.errorCode);
  expect(typeof r.body?.message).toBe('string');
  expect(String(r.body.message).length).toBeGreaterThan(0);
}

describe('authentication', () => {
  it('answers 401 without a key, with a malformed header and with an unknown key', async () => {
    expectError(await g.call('GET', `${P}/catalogs`, { key: null }), 401);
    expectError(await g.call('GET', `${P}/catalogs`, { key: null, headers: { authorization: 'Basic abc' } }), 401);
    expectError(await g.call('GET', `${P}/catalogs`, { key: 'dgw_partner_nope' }), 401);
    expectError(await g.call('GET', '/info', { key: 'nope' }), 401);
  });

  it('lets a project key reach its own project and answers 403 on another', async () => {
    expect((await g.call('GET', `${P}/catalogs`, { key: g.demoKey })).status).toBe(200);
    expect((await g.call('POST', `${P}/queries`, { key: g.demoKey, body: { displayName: 'by project key', inputQuery: 'SELECT 1 AS x' } })).status).toBe(200);
    expectError(await g.call('GET', '/data/projects/other/catalogs', { key: g.demoKey }), 403);
    expectError(await g.call('POST', '/data/projects/other/queries', { key: g.demoKey, body: { displayName: 'x', inputQuery: 'SELECT 1' } }), 403);
    expectError(await g.call('GET', '/projects/demo/apiKeys', { key: g.demoKey }), 403);
  });

  it('makes another project only by POST .../projects; before that every request under it is 404, as is an id that cannot be a project', async () => {
    expectError(await g.call('GET', '/data/projects/team-b/queries'), 404);
    expectError(await g.call('POST', '/data/projects/team-b/queries', { body: { displayName: 'first', inputQuery: 'SELECT 1 AS one' } }), 404);
    expectError(await g.call('GET', '/projects/team-b/apiKeys'), 404);
    expectError(await g.call('POST', '/projects/team-b/apiKeys', { body: { name: 'x' } }), 404);
    const [org] = (await g.call('GET', '/organizations')).body;
    const [ws] = (await g.call('GET', `/organizations/${org.id}/workspaces`)).body;
    const made = await g.call('POST', `/organizations/${org.id}/workspaces/${ws.id}/projects`, { body: { name: 'team-b' } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id: 'team-b', name: 'team-b', workspaceId: ws.id, createdAt: expect.any(String) });
    expect(await g.call('GET', '/projects/team-b/apiKeys')).toMatchObject({ status: 200, body: [] });
    expect((await g.call('POST', '/data/projects/team-b/queries', { body: { displayName: 'first', inputQuery: 'SELECT 1 AS one' } })).status).toBe(200);
    const r = await g.call('GET', '/data/projects/team-b/queries');
    expect(r.status).toBe(200);
    expect(r.body.map((q: { name: string }) => q.name)).toEqual(['first']);
    expectError(await g.call('GET', `/data/projects/${encodeURIComponent('../etc')}/queries`), 404);
  });
});

describe('GET /info', () => {
  it('describes the partner key and a project key', async () => {
    const partner = await g.call('GET', '/info');
    expect(partner.status).toBe(200);
    expect(partner.body).toMatchObject({ userId: expect.any(String), email: expect.any(String) });
    expect(partner.body.projectId).toBeUndefined();
    const project = await g.call('GET', '/info', { key: g.demoKey });
    expect(project.body).toMatchObject({ projectId: 'demo', userId: expect.any(String), email: expect.any(String) });
  });
});

describe('project API keys', () => {
  it('lists, creates (secret shown once), uses and deletes a key; a deleted key gets 401', async () => {
    const created = await g.call('POST', '/projects/demo/apiKeys', { body: { name: 'ci', expiresAt: '2999-01-01T00:00:00Z' } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ name: 'ci', apiKey: expect.any(String), apiKeyId: expect.any(String), expiresAt: '2999-01-01T00:00:00.000Z' });
    const listed = await g.call('GET', '/projects/demo/apiKeys');
    expect(listed.status).toBe(200);
    const entry = listed.body.find((k: { apiKeyId: string }) => k.apiKeyId === created.body.apiKeyId);
    expect(entry).toEqual({ name: 'ci', apiKey: null, apiKeyId: created.body.apiKeyId, expiresAt: '2999-01-01T00:00:00.000Z' });
    expect((await g.call('GET', `${P}/queries`, { key: created.body.apiKey })).status).toBe(200);
    expect((await g.call('DELETE', `/projects/demo/apiKeys/${created.body.apiKeyId}`)).status).toBe(200);
    expectError(await g.call('GET', `${P}/queries`, { key: created.body.apiKey }), 401);
    expectError(await g.call('DELETE', `/projects/demo/apiKeys/${created.body.apiKeyId}`), 404);
  });

  it('a key that never expires carries no expiresAt (the document\'s examples leave it out; its schema has no null)', async () => {
    const created = await g.call('POST', '/projects/demo/apiKeys', { body: { name: 'forever' } });
    expect(created.body).toEqual({ name: 'forever', apiKey: expect.any(String), apiKeyId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) });
    const listed = (await g.call('GET', '/projects/demo/apiKeys')).body.find((k: { apiKeyId: string }) => k.apiKeyId === created.body.apiKeyId);
    expect(listed).toEqual({ name: 'forever', apiKey: null, apiKeyId: created.body.apiKeyId });
    expect((await g.call('DELETE', `/projects/demo/apiKeys/${created.body.apiKeyId}`)).body).toEqual(listed);
  });

  it('refuses a key expiring in the past and bad bodies', async () => {
    expectError(await g.call('POST', '/projects/demo/apiKeys', { body: { name: 'old', expiresAt: '2001-01-01T00:00:00Z' } }), 400);
    expectError(await g.call('POST', '/projects/demo/apiKeys', { body: { name: 42 } }), 400);
    expectError(await g.call('POST', '/projects/demo/apiKeys', { body: { name: 'x', expiresAt: 'tomorrow-ish' } }), 400);
    expectError(await g.call('POST', '/projects/demo/apiKeys', { body: {} }), 400);
  });
});

describe('organizations, workspaces and projects', () => {
  it('answers one local organization and workspace holding the projects, to the partner key only', async () => {
    const orgs = (await g.call('GET', '/organizations')).body;
    expect(orgs).toHaveLength(1);
    const org = orgs[0];
    expect((await g.call('GET', `/organizations/${org.id}`)).body).toEqual(org);
    const workspaces = (await g.call('GET', `/organizations/${org.id}/workspaces`)).body;
    expect(workspaces).toEqual([expect.objectContaining({ organizationId: org.id, defaultWorkspace: true })]);
    const ws = workspaces[0];
    expect((await g.call('GET', `/organizations/${org.id}/workspaces/${ws.id}`)).body).toEqual(ws);
    expect((await g.call('POST', `/organizations/${org.id}/workspaces/${ws.id}/projects`, { body: { name: 'org-test' } })).status).toBe(200);
    const projects = (await g.call('GET', `/organizations/${org.id}/workspaces/${ws.id}/projects`)).body;
    expect(projects.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(['demo', 'org-test']));
    for (const p of projects) expect(p).toMatchObject({ id: p.id, name: p.id, workspaceId: ws.id });
    expect((await g.call('GET', `/organizations/${org.id}/workspaces/${ws.id}/projects/demo`)).body).toMatchObject({ id: 'demo' });
    // The document allows these to the partner key only.
    expectError(await g.call('GET', '/organizations', { key: g.demoKey }), 403);
    expectError(await g.call('POST', `/organizations/${org.id}/workspaces/${ws.id}/projects`, { key: g.demoKey, body: { name: 'x' } }), 403);
    expectError(await g.call('POST', `/organizations/${org.id}/workspaces/nope/projects`, { body: { name: 'x' } }), 404);
    expectError(await g.call('GET', `/organizations/${org.id}/workspaces/${ws.id}/projects`, { key: g.demoKey }), 403);
    expectError(await g.call('GET', `/organizations/${org.id}/workspaces/${ws.id}/projects/nope`), 404);
    expectError(await g.call('GET', `/organizations/${org.id}/workspaces/nope/projects`), 404);
    expectError(await g.call('GET', '/organizations/nope/workspaces'), 404);
    expectError(await g.call('GET', '/organizations', { key: null }), 401);
  });
});

describe('catalogs and connection types', () => {
  it('always lists the built-in internal and query catalogs, named svc, with fixed ids', async () => {
    const r = await g.call('GET', `${P}/catalogs`);
    expect(r.status).toBe(200);
    const types = r.body.map((c: { catalogType: string }) => c.catalogType);
    expect(types).toEqual(expect.arrayContaining(['internal', 'query']));
    for (const c of r.body) expect(c).toEqual({ id: expect.any(String), name: 'svc', displayName: expect.any(String), catalogType: c.catalogType, connectionId: null });
    // The hosted service's fixed ids of the built-in catalogs.
    expect(r.body.map((c: { id: string; catalogType: string }) => `${c.id}:${c.catalogType}`)).toEqual(['1:internal', '2:query']);
    const again = await g.call('GET', '/data/projects/team-b/catalogs');
    expect(again.body.map((c: { id: string }) => c.id)).toEqual(r.body.map((c: { id: string }) => c.id));
  });

  it('lists connection types and describes one; 404 for an unknown type', async () => {
    const all = await g.call('GET', '/connections/config');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(18);
    const pg = await g.call('GET', '/connections/config/POSTGRES');
    expect(pg.body).toMatchObject({ connectionType: 'POSTGRES', connectionTypeLabel: 'PostgreSQL', authorizationType: 'custom', credentialSchemaType: 'postgres_credential_schema', redirectRequired: false, category: 'Database' });
    expect(pg.body.configuration).toContainEqual({ fieldName: 'databaseName', fieldType: 'text', required: true, description: expect.any(String) });
    // Each field has one of the document's three field types.
    expect(pg.body.configuration).toContainEqual({ fieldName: 'port', fieldType: 'number', required: true, description: expect.any(String) });
    expect(pg.body.configuration).toContainEqual({ fieldName: 'useSsl', fieldType: 'boolean', required: true, description: expect.any(String) });
    expect(pg.body.documentationUrl).toMatch(/^https:\/\//);
    const slack = await g.call('GET', '/connections/config/slack');
    expect(slack.body).toMatchObject({ redirectRequired: true, credentialSchemaType: 'oauth2_credential_schema' });
    expectError(await g.call('GET', `/connections/config/${encodeURIComponent('no.such!type')}`), 404);
  });
});

describe('queries', () => {
  it('creates a PLAIN query by default (200, Query shape) and lists, reads, updates and deletes it', async () => {
    const created = await g.call('POST', `${P}/queries`, { body: { displayName: 'Contract Plain', inputQuery: 'SELECT * FROM svc.table.customers' } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[1-9]\d{17}$/), displayName: 'Contract Plain', name: 'contractplain', inputQuery: 'SELECT * FROM svc.table.customers',
      queryType: 'PLAIN', schedule: null, path: null, folderId: null,
    });
    const id = created.body.id;
    const list = await g.call('GET', `${P}/queries`);
    expect(list.body.map((q: { id: string }) => q.id)).toContain(id);
    expect((await g.call('GET', `${P}/queries/${id}`)).body).toEqual(created.body);
    const updated = await g.call('PUT', `${P}/queries/${id}`, { body: { inputQuery: 'SELECT customer_id FROM svc.table.customers' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, displayName: 'Contract Plain', inputQuery: 'SELECT customer_id FROM svc.table.customers' });
    expect((await g.call('DELETE', `${P}/queries/${id}`)).status).toBe(200);
    expectError(await g.call('GET', `${P}/queries/${id}`), 404);
  });

  it('creates a MATERIALIZED query with a schedule and a path', async () => {
    const r = await g.call('POST', `${P}/queries`, {
      body: { displayName: 'Contract Mat', inputQuery: sql, queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '0 6 * * 1', timezone: 'Europe/Berlin' }, path: '/contract/mat' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'contractmat', queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '0 6 * * 1', timezone: 'Europe/Berlin' }, path: '/contract/mat', folderId: expect.any(String) });
  });

  it('moves a query with PATCH .../path (200, no body) and to the root with /', async () => {
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Contract Move', inputQuery: 'SELECT 1 AS one' } })).body;
    const moved = await g.call('PATCH', `${P}/queries/${q.id}/path`, { body: { path: '/contract/moved' } });
    expect(moved.status).toBe(200);
    expect(moved.text).toBe('');
    expect((await g.call('GET', `${P}/queries/${q.id}`)).body).toMatchObject({ path: '/contract/moved' });
    await g.call('PATCH', `${P}/queries/${q.id}/path`, { body: { path: '/' } });
    expect((await g.call('GET', `${P}/queries/${q.id}`)).body).toMatchObject({ path: null, folderId: null });
    expectError(await g.call('PATCH', `${P}/queries/nope/path`, { body: { path: '/x' } }), 404);
    expectError(await g.call('PATCH', `${P}/queries/${q.id}/path`, { body: { path: 'relative' } }), 400);
  });

  it('answers 409 for a duplicate name and 404 for unknown ids', async () => {
    await g.call('POST', `${P}/queries`, { body: { displayName: 'Dup Name', inputQuery: 'SELECT 1' } });
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'dup name', inputQuery: 'SELECT 2' } }), 409);
    expectError(await g.call('GET', `${P}/queries/unknown`), 404);
    expectError(await g.call('PUT', `${P}/queries/unknown`, { body: { inputQuery: 'SELECT 1' } }), 404);
    expectError(await g.call('DELETE', `${P}/queries/unknown`), 404);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'ref to nothing', queryType: 'MATERIALIZED', inputQueryRefId: 'unknown' } }), 404);
    // A blank id is malformed, not an id that names nothing.
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'ref blank', queryType: 'MATERIALIZED', inputQueryRefId: ' ' } }), 400);
    for (const name of ['svc.query.nope', 'svc.mtquery.nope', 'svc.table.nope', 'peaka.bitable.nope']) {
      const r = await g.call('POST', `${P}/queries/execute`, { body: { qualifiedName: name } });
      expectError(r, 404);
      expect(r.body.message).toContain(`${name} not found`);
    }
  });

  it('answers 400 for malformed JSON and wrongly typed fields', async () => {
    expectError(await g.call('POST', `${P}/queries`, { raw: '{"displayName": "x", ' }), 400);
    expectError(await g.call('POST', `${P}/queries`, { raw: '' }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: [1, 2] }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 5, inputQuery: 'SELECT 1' } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'x', inputQuery: ['SELECT 1'] } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'x', inputQuery: 'SELECT 1', queryType: 'VIEW' } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'x', inputQuery: 'SELECT 1', schedule: 'daily' } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'x', inputQuery: 'SELECT 1', queryType: 'MATERIALIZED', schedule: { type: 'interval', repeatDuration: 'often' } } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'x', inputQuery: 'SELECT 1', queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '* * *' } } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'x', inputQuery: 'SELECT 1', queryType: 'MATERIALIZED', schedule: { type: 'cron', cronExpression: '0 * * * *', timezone: 'Mars/Base' } } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'x', inputQuery: 'SELECT 1', path: 7 } }), 400);
    expectError(await g.call('POST', `${P}/queries?checkSchemaExists=maybe`, { body: { displayName: 'x', inputQuery: 'SELECT 1' } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { inputQuery: 'SELECT 1' } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'no sql' } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'two', inputQuery: 'SELECT 1; SELECT 2' } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'ddl', inputQuery: 'DROP TABLE svc.table.orders' } }), 400);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'syntax', inputQuery: 'SELEC 1' } }), 400);
    expectError(await g.call('PATCH', `${P}/queries/x/path`, { body: { path: 3 } }), 400);
  });
});

describe('run SQL', () => {
  it('answers SIMPLE, COMPACT and CELL_TYPED results with columns', async () => {
    const statement = 'SELECT customer_id, name FROM svc.table.customers ORDER BY customer_id LIMIT 2';
    const simple = await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement } });
    expect(simple.status).toBe(200);
    expect(simple.body.columns).toEqual([
      { catalogName: null, schemaName: null, tableName: null, columnName: 'customer_id', dataType: 'BIGINT' },
      { catalogName: null, schemaName: null, tableName: null, columnName: 'name', dataType: 'VARCHAR' },
    ]);
    // customer_id is a BIGINT: a string in every row (docs/output.md).
    expect(simple.body.data).toEqual([{ customer_id: '1', name: 'Ada Lovelace' }, { customer_id: '2', name: 'Grace Hopper' }]);
    const compact = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });
    expect(compact.body.data).toEqual([['1', 'Ada Lovelace'], ['2', 'Grace Hopper']]);
    const typed = await g.call('POST', `${P}/queries/execute`, { body: { statement } });
    // CELL_TYPED cells as the document gives them: name, displayName, dataType (lower case), order, value.
    expect(typed.body.data[0]).toEqual([
      { name: 'customer_id', displayName: 'customer_id', dataType: 'bigint', order: 0, value: '1' },
      { name: 'name', displayName: 'name', dataType: 'varchar', order: 1, value: 'Ada Lovelace' },
    ]);
  });

  it('SIMPLE keeps every column of a result whose names repeat: a name met again is a key of its own, as dgw sql --json has it', async () => {
    const r = await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement: 'SELECT 1 AS a, 2 AS a, 3 AS a_1' } });
    expect(r.status).toBe(200);
    expect(r.text).toContain('{"a":1,"a_1":2,"a_1_1":3}');
    expect(r.body.columns.map((c: { columnName: string }) => c.columnName)).toEqual(['a', 'a', 'a_1']);
  });

  it('runs a saved query by id and an object by qualified name', async () => {
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Exec By Id', inputQuery: 'SELECT 41 + 1 AS answer' } })).body;
    const byId = await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { id: q.id } });
    expect(byId.body.data).toEqual([{ answer: 42 }]);
    expect(byId.body.columns[0]).toMatchObject({ catalogName: 'svc', schemaName: 'query', tableName: 'execbyid', columnName: 'answer' });
    const byName = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { qualifiedName: 'svc.table.orders' } });
    expect(byName.body.data).toHaveLength(60);
    expect(byName.body.columns.map((c: { columnName: string }) => c.columnName)).toEqual(['order_id', 'customer_id', 'order_date', 'amount', 'status']);
    expectError(await g.call('POST', `${P}/queries/execute`, { body: { id: 'unknown' } }), 404);
  });

  it('runs a query builder request (the document\'s fourth form): columns of one table, ordered and paged', async () => {
    const from = [{ catalogName: 'svc', schemaName: 'table', tableName: 'customers' }];
    const r = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { columns: ['customer_id', 'name'], from, orderBy: ['customer_id DESC'], limit: 2, offset: 1, filters: null } });
    expect(r.status).toBe(200);
    const all = (await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT customer_id, name FROM svc.table.customers ORDER BY customer_id DESC LIMIT 2 OFFSET 1' } })).body.data;
    expect(r.body.data).toEqual(all);
    expect(r.body.columns.map((c: { catalogName: string; schemaName: string; tableName: string; columnName: string }) => `${c.catalogName}.${c.schemaName}.${c.tableName}.${c.columnName}`)).toEqual([
      'svc.table.customers.customer_id',
      'svc.table.customers.name',
    ]);
    // A saved query by its catalog id (2: queries), every column.
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Builder Source', inputQuery: 'SELECT 7 AS seven' } })).body;
    const byCatalogId = await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { from: [{ catalogId: '2', schemaName: 'query', tableName: q.name }] } });
    expect(byCatalogId.body.data).toEqual([{ seven: 7 }]);
  });

  it('refuses builder requests it cannot run exactly: several tables, filters, odd orderBy, other catalogs; names stay names', async () => {
    const from = [{ catalogName: 'svc', schemaName: 'table', tableName: 'orders' }];
    for (const body of [
      { from: [...from, ...from] },
      { from: [] },
      { from, filters: { and: [[{ column: { columnName: 'amount' } }, '>', [150]]] } },
      { from, orderBy: ['amount; DROP TABLE svc.table.orders'] },
      { from, orderBy: 'amount' },
      { from, limit: -1 },
      { from, limit: 1.5 },
      { from, columns: [1] },
      { from: [{ catalogName: 'sales', schemaName: 'table', tableName: 'orders' }] },
      { from: [{ catalogId: '1', schemaName: 'query', tableName: 'orders' }] },
      { from: [{ catalogName: 'svc', schemaName: '_dgw', tableName: 'queries' }] },
      { from, statement: 'SELECT 1' },
    ]) {
      expectError(await g.call('POST', `${P}/queries/execute`, { body }), 400);
    }
    // A name is quoted, never spliced in: these are names of nothing.
    expectError(await g.call('POST', `${P}/queries/execute`, { body: { from: [{ schemaName: 'table', tableName: 'orders" ; DROP TABLE svc.table.orders; --' }] } }), 400);
    expectError(await g.call('POST', `${P}/queries/execute`, { body: { from, columns: ['amount" FROM svc.table.customers --'] } }), 400);
    expect((await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT count(*) FROM svc.table.orders' } })).body.data).toEqual([['60']]);
  });

  it('answers 400 with DuckDB\'s message for a failing statement, and for bad bodies', async () => {
    const r = await g.call('POST', `${P}/queries/execute`, { body: { statement: 'SELECT * FROM svc.table.nope' } });
    expectError(r, 400);
    expect(r.body.message).toMatch(/nope/);
    expectError(await g.call('POST', `${P}/queries/execute`, { body: {} }), 400);
    expectError(await g.call('POST', `${P}/queries/execute`, { body: { statement: 'SELECT 1', id: 'x' } }), 400);
    expectError(await g.call('POST', `${P}/queries/execute`, { body: { statement: 1 } }), 400);
    expectError(await g.call('POST', `${P}/queries/execute?format=XML`, { body: { statement: 'SELECT 1' } }), 400);
    expectError(await g.call('POST', `${P}/queries/execute`, { body: { statement: 'SELECT 1; SELECT 2' } }), 400);
    expectError(await g.call('POST', `${P}/queries/execute`, { body: { statement: 'SELECT * FROM svc._dgw.queries' } }), 400);
    expectError(await g.call('POST', `${P}/queries/execute`, { body: { statement: "ATTACH '/tmp/x.db' AS x" } }), 400);
  });
});

describe('folders', () => {
  it('creates at the root and under a parent (201), reads one, lists the nested tree, renames and moves', async () => {
    const root = await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'Finance' } });
    expect(root.status).toBe(201);
    expect(root.body).toEqual({ id: expect.any(String), name: 'Finance', createdAt: expect.any(Number), modifiedAt: expect.any(Number), children: [], queryIds: [] });
    expect(root.body.createdAt).toBeGreaterThan(1_600_000_000_000);
    const child = await g.call('POST', `${P}/queries/folders/${root.body.id}`, { body: { folderName: 'Monthly' } });
    expect(child.status).toBe(201);
    const read = await g.call('GET', `${P}/queries/folders/${root.body.id}`);
    expect(read.body.children).toEqual([child.body]);
    const list = await g.call('GET', `${P}/queries/folders`);
    expect(list.status).toBe(200);
    const finance = list.body.find((f: { id: string }) => f.id === root.body.id);
    expect(finance.children[0]).toMatchObject({ id: child.body.id, name: 'Monthly', children: [], queryIds: [] });
    expect(list.body.every((f: { children: unknown }) => Array.isArray(f.children))).toBe(true);
    const tree = await g.call('GET', `${P}/queries/folders/tree?includeQueries=true`);
    expect(Array.isArray(tree.body.tree)).toBe(true);
    const renamed = await g.call('PATCH', `${P}/queries/folders/${child.body.id}/name`, { body: { name: 'Quarterly' } });
    expect(renamed.body.name).toBe('Quarterly');
    const moved = await g.call('PATCH', `${P}/queries/folders/${child.body.id}/path`, { body: { path: '/Quarterly' } });
    expect(moved.status).toBe(200);
    expect((await g.call('GET', `${P}/queries/folders`)).body.map((f: { name: string }) => f.name)).toContain('Quarterly');
    expectError(await g.call('PATCH', `${P}/queries/folders/${root.body.id}/path`, { body: { path: '/Finance/sub' } }), 409);
    expectError(await g.call('PATCH', `${P}/queries/folders/${root.body.id}/path`, { body: { path: '/' } }), 400);
  });

  it('moves a folder to the path in the body, its own new path (the document: Reports + /Archive/Reports)', async () => {
    const reports = (await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'Reports' } })).body;
    await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'Archive' } });
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'In Reports', inputQuery: 'SELECT 1', path: '/Reports/Monthly' } })).body;
    expect((await g.call('PATCH', `${P}/queries/folders/${reports.id}/path`, { body: { path: '/Archive/Reports' } })).status).toBe(200);
    expect((await g.call('GET', `${P}/queries/${q.id}`)).body.path).toBe('/Archive/Reports/Monthly');
    // A new last name renames as it moves; missing parents are created.
    expect((await g.call('PATCH', `${P}/queries/folders/${reports.id}/path`, { body: { path: '/Old/Stuff/Reports2020' } })).body.name).toBe('Reports2020');
    expect((await g.call('GET', `${P}/queries/${q.id}`)).body.path).toBe('/Old/Stuff/Reports2020/Monthly');
    // Onto another folder's path: 409.
    expectError(await g.call('PATCH', `${P}/queries/folders/${reports.id}/path`, { body: { path: '/Archive' } }), 409);
  });

  it('creates the missing parents of a nested folderName (the document), at the root or under a parent; 409 when it exists', async () => {
    const deep = await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'Deep/Er/Est' } });
    expect(deep.status).toBe(201);
    expect(deep.body.name).toBe('Est');
    const paths = async () => {
      const q = (await g.call('POST', `${P}/queries`, { body: { displayName: `probe ${Math.random().toString(36).slice(2)}`, inputQuery: 'SELECT 1' } })).body;
      await g.call('PUT', `${P}/queries/folders/${deep.body.id}`, { body: { queryIdsAdded: [q.id], queryIdsRemoved: [] } });
      return (await g.call('GET', `${P}/queries/${q.id}`)).body.path;
    };
    expect(await paths()).toBe('/Deep/Er/Est');
    const er = (await g.call('GET', `${P}/queries/folders`)).body.find((f: { name: string }) => f.name === 'Deep').children[0];
    expect(er.name).toBe('Er');
    const under = await g.call('POST', `${P}/queries/folders/${er.id}`, { body: { folderName: 'One/Two' } });
    expect(under.status).toBe(201);
    expect((await g.call('GET', `${P}/queries/folders/${er.id}`)).body.children.map((f: { name: string }) => f.name)).toEqual(['Est', 'One']);
    expectError(await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'Deep/Er/Est' } }), 409);
    expectError(await g.call('POST', `${P}/queries/folders`, { body: { folderName: '/Deep/Er' } }), 409);
  });

  it('updates membership (a query lives in one folder) and returns the Folder', async () => {
    const a = (await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'MemberA' } })).body;
    const b = (await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'MemberB' } })).body;
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Member Query', inputQuery: 'SELECT 1' } })).body;
    const inA = await g.call('PUT', `${P}/queries/folders/${a.id}`, { body: { queryIdsAdded: [q.id], queryIdsRemoved: [] } });
    expect(inA.status).toBe(200);
    expect(inA.body).toMatchObject({ id: a.id, name: 'MemberA', queryIds: [q.id] });
    const inB = await g.call('PUT', `${P}/queries/folders/${b.id}`, { body: { queryIdsAdded: [q.id], queryIdsRemoved: [] } });
    expect(inB.body.queryIds).toEqual([q.id]);
    expect((await g.call('GET', `${P}/queries/folders/${a.id}`)).body.queryIds).toEqual([]);
    expect((await g.call('GET', `${P}/queries/${q.id}`)).body).toMatchObject({ folderId: b.id, path: '/MemberB' });
    const out = await g.call('PUT', `${P}/queries/folders/${b.id}`, { body: { queryIdsAdded: [], queryIdsRemoved: [q.id] } });
    expect(out.body.queryIds).toEqual([]);
    expect((await g.call('GET', `${P}/queries/${q.id}`)).body.folderId).toBeNull();
    expectError(await g.call('PUT', `${P}/queries/folders/${b.id}`, { body: { queryIdsAdded: 'x' } }), 400);
    expectError(await g.call('PUT', `${P}/queries/folders/${b.id}`, { body: { queryIdsAdded: ['unknown'], queryIdsRemoved: [] } }), 404);
    expectError(await g.call('PUT', `${P}/queries/folders/unknown`, { body: { queryIdsAdded: [], queryIdsRemoved: [] } }), 404);
  });

  it('deletes an empty folder (200 with the Folder), refuses a non-empty one with 409 unless forced', async () => {
    const empty = (await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'Empty' } })).body;
    const del = await g.call('DELETE', `${P}/queries/folders/${empty.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: empty.id, name: 'Empty' });
    expectError(await g.call('GET', `${P}/queries/folders/${empty.id}`), 404);
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'In Full Folder', inputQuery: 'SELECT 1', path: '/Full/inner' } })).body;
    const full = (await g.call('GET', `${P}/queries/folders`)).body.find((f: { name: string }) => f.name === 'Full');
    expectError(await g.call('DELETE', `${P}/queries/folders/${full.id}`), 409);
    expect((await g.call('DELETE', `${P}/queries/folders/${full.id}?force=true`)).status).toBe(200);
    expectError(await g.call('GET', `${P}/queries/${q.id}`), 404);
    expectError(await g.call('DELETE', `${P}/queries/folders/${full.id}`), 404);
  });

  it('answers 409 for a folder that already exists at a path, 404 for unknown parents, 400 for bad names', async () => {
    await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'Twice' } });
    expectError(await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'Twice' } }), 409);
    expectError(await g.call('POST', `${P}/queries/folders/unknown`, { body: { folderName: 'x' } }), 404);
    expectError(await g.call('POST', `${P}/queries/folders`, { body: { folderName: '' } }), 400);
    expectError(await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'a//b' } }), 400);
    expectError(await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'a/../b' } }), 400);
    expectError(await g.call('POST', `${P}/queries/folders`, { body: { folderName: 'a/' } }), 400);
    expectError(await g.call('POST', `${P}/queries/folders`, { body: { folderName: '..' } }), 400);
    expectError(await g.call('POST', `${P}/queries/folders`, { body: { name: 'wrong field' } }), 400);
    expectError(await g.call('GET', `${P}/queries/folders/unknown`), 404);
  });
});

describe('materialized queries: refresh and status', () => {
  it('refreshes (200 at once), reports status one and all, cancels; 404 unknown, 400 for a plain query', async () => {
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Status Mat', inputQuery: sql, queryType: 'MATERIALIZED', schedule: { type: 'interval', repeatDuration: 'PT6H' } } })).body;
    const status = await g.call('GET', `${P}/materialized-queries/${q.id}/status`);
    expect(status.body).toEqual({
      queryId: q.id, queryName: 'statusmat', scheduleSettings: { type: 'interval', repeatDuration: 'PT6H' },
      nextExecutionStartTime: expect.any(String), status: 'COMPLETED', lastExecutionStartTime: expect.any(String), lastUpdateTime: expect.any(String), message: null,
    });
    const refresh = await g.call('POST', `${P}/materialized-queries/${q.id}/refresh`);
    expect(refresh.status).toBe(200);
    expect(refresh.body).toMatchObject({ queryId: q.id, status: 'RUNNING' });
    const all = await g.call('GET', `${P}/materialized-queries/status`);
    expect(all.body.map((s: { queryId: string }) => s.queryId)).toContain(q.id);
    const cancel = await g.call('POST', `${P}/materialized-queries/${q.id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(['COMPLETED', 'CANCELLED']).toContain(cancel.body.status);
    expectError(await g.call('POST', `${P}/materialized-queries/unknown/refresh`), 404);
    expectError(await g.call('GET', `${P}/materialized-queries/unknown/status`), 404);
    const plain = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Plain Not Mat', inputQuery: 'SELECT 1' } })).body;
    expectError(await g.call('POST', `${P}/materialized-queries/${plain.id}/refresh`), 400);
  });
});

describe('stored tables', () => {
  const table = (name: string, isCached = false) => ({ catalogId: '1', catalogName: 'svc', schemaName: 'table', tableName: name, isCacheable: true, isDynamicTable: false, isCached, supportedCacheTypes: ['FULL_REFRESH', 'INCREMENTAL'] });
  const column = (name: string, dataType: string, extra: Record<string, unknown> = {}) => ({ name, dataType, displayName: name, defaultValue: null, isNotNull: false, isUnique: false, ...extra });

  it('lists tables as the document\'s Table, columns as ColumnDetail; creates, adds columns, drops one', async () => {
    const list = await g.call('GET', `${P}/table`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual(expect.arrayContaining([table('orders'), table('customers')]));
    const created = await g.call('POST', `${P}/table/events`, { body: { columns: [{ name: 'id', dataType: 'BIGINT' }, { name: 'at', dataType: 'TIMESTAMP' }] } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual(table('events'));
    const added = await g.call('POST', `${P}/table/events/columns`, { body: [{ name: 'kind', dataType: 'VARCHAR' }, { name: 'ok', dataType: 'boolean' }] });
    expect(added.body).toEqual([column('kind', 'varchar'), column('ok', 'boolean')]);
    expect((await g.call('GET', `${P}/table/events/columns`)).body).toEqual([column('id', 'bigint'), column('at', 'timestamp'), column('kind', 'varchar'), column('ok', 'boolean')]);
    const dropped = await g.call('DELETE', `${P}/table/events/columns/kind`);
    expect(dropped.status).toBe(200);
    expect((await g.call('GET', `${P}/table/events/columns`)).body.map((c: { name: string }) => c.name)).toEqual(['id', 'at', 'ok']);
  });

  it('says every table can be cached, and which are (a client checks isCacheable before it creates a cache, as the document says)', async () => {
    expect((await g.call('POST', `${P}/table/cachedone`, { body: { columns: [{ name: 'id', dataType: 'BIGINT' }] } })).status).toBe(200);
    const cache = await g.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: 'cachedone' } });
    expect(cache.status, cache.text).toBe(200);
    const list = (await g.call('GET', `${P}/table`)).body;
    expect(list).toContainEqual(table('cachedone', true));
    expect(list).toContainEqual(table('orders'));
    expect((await g.call('DELETE', `${P}/cache/${cache.body.id}`)).status).toBe(200);
  });

  it('creates a table with no body (the document), made in DuckDB with its first columns', async () => {
    const created = await g.call('POST', `${P}/table/later`);
    expect(created.status).toBe(200);
    expect(created.body).toEqual(table('later'));
    expect((await g.call('GET', `${P}/table`)).body).toContainEqual(table('later'));
    expect((await g.call('GET', `${P}/table/later/columns`)).body).toEqual([]);
    expectError(await g.call('POST', `${P}/table/later`), 409);
    // One ColumnRequest (as the schema declares it) with the fields it may carry.
    const one = await g.call('POST', `${P}/table/later/columns`, { body: { name: 'code', dataType: 'VARCHAR', displayName: 'Code', defaultValue: 'n/a', isNotNull: true, isUnique: true } });
    expect(one.status).toBe(200);
    expect(one.body).toEqual([column('code', 'varchar', { defaultValue: 'n/a', isNotNull: true, isUnique: true })]);
    const rows = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: "INSERT INTO svc.table.later VALUES (DEFAULT) RETURNING code" } });
    expect(rows.body.data).toEqual([['n/a']]);
    const more = await g.call('POST', `${P}/table/later/columns`, { body: [{ name: 'n', dataType: 'BIGINT', defaultValue: '7', isNotNull: true }] });
    expect(more.body).toEqual([column('n', 'bigint', { defaultValue: '7', isNotNull: true })]);
    expect((await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT code, n FROM svc.table.later' } })).body.data).toEqual([['n/a', '7']]);
    expectError(await g.call('POST', `${P}/table/later/columns`, { body: [{ name: 'u', dataType: 'BIGINT', isUnique: true }] }), 400);
    expectError(await g.call('POST', `${P}/table/later/columns`, { body: [{ name: 'd', dataType: 'BIGINT', defaultValue: 'seven' }] }), 400);
  });

  it('deletes a table with its data, an empty one too; 404 afterwards', async () => {
    await g.call('POST', `${P}/table/doomed`, { body: [{ name: 'x', dataType: 'BIGINT' }] });
    await g.call('POST', `${P}/queries/execute`, { body: { statement: 'INSERT INTO svc.table.doomed VALUES (1)' } });
    const del = await g.call('DELETE', `${P}/table/doomed`);
    expect(del.status).toBe(200);
    expect((await g.call('GET', `${P}/table`)).body.map((t: { tableName: string }) => t.tableName)).not.toContain('doomed');
    expectError(await g.call('POST', `${P}/queries/execute`, { body: { statement: 'SELECT * FROM svc.table.doomed' } }), 400);
    expectError(await g.call('DELETE', `${P}/table/doomed`), 404);
    await g.call('POST', `${P}/table/hollow`);
    expect((await g.call('DELETE', `${P}/table/hollow`)).status).toBe(200);
    expectError(await g.call('GET', `${P}/table/hollow/columns`), 404);
  });

  it('answers 404 for unknown tables or columns, 409 for existing ones, 400 for bad bodies', async () => {
    expectError(await g.call('GET', `${P}/table/nope/columns`), 404);
    expectError(await g.call('DELETE', `${P}/table/nope/columns/x`), 404);
    expectError(await g.call('DELETE', `${P}/table/orders/columns/nope`), 404);
    expectError(await g.call('POST', `${P}/table/orders`, { body: { columns: [{ name: 'a', dataType: 'BIGINT' }] } }), 409);
    expectError(await g.call('POST', `${P}/table/orders/columns`, { body: [{ name: 'amount', dataType: 'BIGINT' }] }), 409);
    expectError(await g.call('POST', `${P}/table/t2`, { body: { columns: [{ name: 'a', dataType: 'BLOB' }] } }), 400);
    expectError(await g.call('POST', `${P}/table/t2`, { body: { columns: [{ name: 3, dataType: 'BIGINT' }] } }), 400);
    expectError(await g.call('POST', `${P}/table/t2`, { body: { columns: 'a' } }), 400);
    expectError(await g.call('POST', `${P}/table/orders/columns`, { body: [{ name: 'b', dataType: 'BIGINT', isNotNull: 'yes' }] }), 400);
    expectError(await g.call('POST', `${P}/table/orders/columns`, { raw: '[{' }), 400);
    expectError(await g.call('POST', `${P}/table/${encodeURIComponent('bad name')}`), 400);
  });
});

describe('limits and unknown endpoints', () => {
  it('answers 413 for a body over the limit', async () => {
    const big = 'x'.repeat(70 * 1024);
    expectError(await g.call('POST', `${P}/queries`, { body: { displayName: 'big', inputQuery: `SELECT '${big}'` } }), 413);
    expectError(await g.call('POST', `${P}/queries/execute`, { raw: big }), 413);
  });

  it('answers 404 with the error body for an unknown endpoint', async () => {
    expectError(await g.call('GET', '/no/such/thing'), 404);
  });
});
