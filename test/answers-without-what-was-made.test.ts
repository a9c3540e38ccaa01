import { describe, expect, it } from 'vitest';
import { queryJson, useStandIn } from './support/stand-in.js';

// An answer to a create, update or get that does not say what it is about is the service's malformed answer (exit 8), never a success line.
const { server, dgw } = useStandIn();
const QUERIES = '/data/projects/proj-1/queries';

describe('answers that do not say what was made', () => {
  it('a 19-digit id sent as a JSON number, which JSON rounds, is exit 8, not printed rounded', async () => {
    server.on('POST', QUERIES, { body: JSON.stringify(queryJson()).replace('"3f2b8c1e-0000-4000-8000-000000000001"', '1234567890123456789') });
    const r = await dgw(['query', 'create', 'X', '--sql', 'SELECT 1']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent a number too long to read exactly/);
    expect(r.stdout).not.toContain('1234567890123456800');
  });

  it.each([
    ['get', ['query', 'get', '709922802836177297'], 'GET'],
    ['update', ['query', 'update', '709922802836177297', '--sql', 'SELECT 2'], 'PUT'],
  ])('query %s answered 200 {} is exit 8, not a record with an empty id', async (_verb, args, method) => {
    server.on(method, `${QUERIES}/709922802836177297`, { json: {} });
    const r = await dgw(args);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent a query without an id/);
    expect(r.stdout).toBe('');
  });

  it.each([
    ['catalog get', ['catalog', 'get', '709922802836177297'], 'GET', '/data/projects/proj-1/catalogs/709922802836177297'],
    ['semantic-catalog create', ['semantic-catalog', 'create', 'reporting'], 'POST', '/data/projects/proj-1/semantic-catalogs'],
  ])('%s answered 200 {} is exit 8, not a catalog with an empty id', async (_what, args, method, path) => {
    server.on(method, path, { json: {} });
    const r = await dgw(args);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent a catalog without an id/);
    expect(r.stderr).not.toContain('✓');
  });

  it('connection create answered 200 {} is exit 8, not "✓ created connection  (id )"', async () => {
    server.on('GET', '/connections/config/duckdb', { json: { connectionType: 'duckdb', label: 'DuckDB', authorizationType: 'custom', configurationFields: [{ name: 'path', required: true }] } });
    server.on('POST', '/connections/proj-1', { json: {} });
    const r = await dgw(['connection', 'create', 'sales', '--type', 'duckdb', '--field', 'path=sales.duckdb']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent a connection without an id/);
    expect(r.stderr).not.toContain('✓');
  });

  it('cache create answered 200 {} is exit 8, not "✓ cached"', async () => {
    server.on('POST', '/data/projects/proj-1/cache', { json: {} });
    const r = await dgw(['cache', 'create', '1.table.orders', '--every', '6h']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent a cache without an id/);
    expect(r.stderr).not.toContain('✓');
  });

  it('key create answered 200 {} is exit 8, not "✓ created API key  (id , never expires)"', async () => {
    server.on('POST', '/projects/proj-1/apiKeys', { json: {} });
    const r = await dgw(['key', 'create', 'ci']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent an API key without an id/m);
    expect(r.stderr).not.toContain('✓');
  });

  it('export get answered 200 {} is exit 8, not a job with an empty id', async () => {
    server.on('GET', '/data/projects/proj-1/exports/709922802836177297', { json: {} });
    const r = await dgw(['export', 'get', '709922802836177297']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent an export job without an id/m);
    expect(r.stdout).toBe('');
  });

  it('table create answered 200 {} is exit 8, not "✓ created table events"', async () => {
    server.on('POST', '/data/projects/proj-1/table/events', { json: {} });
    const r = await dgw(['table', 'create', 'events']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent a table without an id/m);
    expect(r.stderr).not.toContain('✓');
  });

  it.each([[{}], [{ a: 1 }]])('parametric-table create answered 200 %j is exit 8, not "✓ created parametric table main.pv"', async (answer) => {
    server.on('POST', '/data/projects/proj-1/catalogs/709922802836177297/parametricTables', { json: answer });
    const r = await dgw(['parametric-table', 'create', '709922802836177297', 'main.pv', '--from', 'main.visits']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent a parametric table without an id/m);
    expect(r.stderr).not.toContain('✓');
  });

  it.each([['"ok"', 'a string where the metadata of the catalogs'], ['{}', 'metadata without a list of catalogs']])('metadata get answered 200 %s is exit 8, not an empty listing', async (body, said) => {
    server.on('GET', '/metadata/proj-1', { body });
    const r = await dgw(['metadata', 'get']);
    expect(r.code).toBe(8);
    expect(r.stderr).toContain(`error: the service sent ${said}`);
    expect(r.stdout).toBe('');
  });

  it.each([['{}'], ['{"errorCode":"BOOM","message":"it broke"}']])('project create answered 200 %s is exit 8, not "✓ created project  (id )"', async (body) => {
    server.on('GET', '/organizations', { json: [{ id: 'o1', name: 'Acme' }] });
    server.on('GET', '/organizations/o1/workspaces', { json: [{ id: 'w1', name: 'Main', organizationId: 'o1', defaultWorkspace: true }] });
    server.on('POST', '/organizations/o1/workspaces/w1/projects', { body, headers: { 'content-type': 'application/json' } });
    const r = await dgw(['project', 'create', 'Sales']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent a project without an id/m);
    expect(r.stderr).not.toContain('✓');
  });

  it('folder create answered a 19-digit id as a JSON number is exit 8, not the id printed rounded', async () => {
    server.on('GET', '/data/projects/proj-1/queries/folders', { json: { items: [] } });
    server.on('POST', '/data/projects/proj-1/queries/folders', { status: 201, body: '{"id":1234567890123456789,"name":"a","path":"/a"}', headers: { 'content-type': 'application/json' } });
    const r = await dgw(['folder', 'create', '/a', '-q']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent a number too long to read exactly/m);
    expect(r.stdout).toBe('');
  });

  it.each([['null'], ['"ok"'], ['[]'], ['{"errorCode":"BOOM","message":"it broke"}']])('folder mv answered 200 %s is exit 8, not "✓ moved 1 query"', async (body) => {
    server.on('GET', '/data/projects/proj-1/queries/folders', { json: { items: [{ id: 'f1', name: 'a', path: '/a', parentId: null }] } });
    server.on('GET', `${QUERIES}/709922802836177297`, { json: queryJson({ id: '709922802836177297' }) });
    server.on('PUT', '/data/projects/proj-1/queries/folders/f1', { body, headers: { 'content-type': 'application/json' } });
    const r = await dgw(['folder', 'mv', '709922802836177297', '/a']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent (null|a string|a list) where a folder was expected|^error: the service sent a folder without an id/m);
    expect(r.stderr).not.toContain('✓');
  });

  it.each([['null'], ['"ok"'], ['{"errorCode":"BOOM","message":"it broke"}']])('folder move answered 200 %s is exit 8, not "✓ moved folder /a to /c/a"', async (body) => {
    server.on('GET', '/data/projects/proj-1/queries/folders', { json: { items: [{ id: 'f1', name: 'a', path: '/a', parentId: null }, { id: 'f2', name: 'c', path: '/c', parentId: null }] } });
    server.on('PATCH', '/data/projects/proj-1/queries/folders/f1/path', { body, headers: { 'content-type': 'application/json' } });
    const r = await dgw(['folder', 'move', '/a', '/c']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent (null|a string) where a folder was expected|^error: the service sent a folder without an id/m);
    expect(r.stderr).not.toContain('✓');
  });

  it.each([['{}'], ['{"errorCode":"BOOM","message":"it broke"}']])('mtquery status answered 200 %s is exit 8, not a status NOT_INITIALIZED of query ""', async (body) => {
    server.on('GET', '/data/projects/proj-1/materialized-queries/709922802836177297/status', { body, headers: { 'content-type': 'application/json' } });
    const r = await dgw(['mtquery', 'status', '709922802836177297']);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: the service sent a refresh status without an id/m);
    expect(r.stdout).toBe('');
  });
});
