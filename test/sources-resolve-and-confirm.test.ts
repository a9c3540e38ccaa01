import { describe, expect, it } from 'vitest';
import { startDgw } from './support/dgw.js';
import { useStandIn } from './support/stand-in.js';

// Connections and catalogs are named as queries are: an id is used as it is (no lookup), a name
// is found through the list, with "did you mean" when it is not there; `rm` asks first, as every
// destructive verb does. A table of a catalog is `catalog.schema.table` or three arguments.

const { server, dgw, dgwAnswering, env } = useStandIn('p1');
const ID = '6243f42a-42d0-4821-a90f-763cda6cda50';
const connections = [
  { id: ID, name: 'warehouse', type: 'POSTGRES' },
  { id: '81e6dfd0-4c88-4e81-a28b-422e89cc07c7', name: 'sales', type: 'csv' },
];
const catalogs = [
  { id: '626654862255325504', name: 'wh', displayName: 'Warehouse', catalogType: 'POSTGRES', connectionId: ID },
  { id: '1', name: 'svc', displayName: 'Stored tables', catalogType: 'internal', connectionId: null },
  { id: '2', name: 'svc', displayName: 'Queries', catalogType: 'query', connectionId: null },
];
const paths = () => server.requests.map((r) => `${r.method} ${r.path}`);

describe('names and ids', () => {
  it('a connection id is read directly; a name through the list', async () => {
    server.on('GET', `/connections/p1/${ID}`, { json: connections[0] });
    server.on('GET', '/connections/p1', { json: connections });
    expect(JSON.parse((await dgw(['connection', 'get', ID, '--json'])).stdout).name).toBe('warehouse');
    expect(JSON.parse((await dgw(['connection', 'get', 'sales', '--json'])).stdout).id).toBe(connections[1].id);
    expect(paths()).toEqual([`GET /connections/p1/${ID}`, 'GET /connections/p1']);
  });

  it('a mistyped connection or catalog name is exit 4 with the close names', async () => {
    server.on('GET', '/connections/p1', { json: connections });
    server.on('GET', '/data/projects/p1/catalogs', { json: catalogs });
    const conn = await dgw(['connection', 'detail', 'warehous']);
    expect(conn.code).toBe(4);
    expect(conn.stderr).toContain('no connection named "warehous" (nor with that id); did you mean "warehouse"?');
    const cat = await dgw(['catalog', 'schemas', 'wj']);
    expect(cat.code).toBe(4);
    expect(cat.stderr).toContain('did you mean "wh"?');
  });

  it('a table is catalog.schema.table or three arguments, and the same request either way', async () => {
    server.on('GET', '/data/projects/p1/catalogs', { json: catalogs });
    server.on('GET', /\/columns$/, { json: [{ name: 'actor_id', dataType: 'bigint' }] });
    expect((await dgw(['catalog', 'columns', 'wh.public.actor', '-q'])).stdout).toBe('actor_id\n');
    expect((await dgw(['catalog', 'columns', 'wh', 'public', 'actor', '-q'])).stdout).toBe('actor_id\n');
    const columns = paths().filter((p) => p.endsWith('/columns'));
    expect(columns).toEqual(Array(2).fill('GET /data/projects/p1/catalogs/626654862255325504/schemas/public/tables/actor/columns'));
    const bad = await dgw(['catalog', 'columns', 'wh.public']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('give CATALOG SCHEMA TABLE, or catalog.schema.table');
  });

  it('two catalogs of one name: the first is used, and the note names the other id', async () => {
    server.on('GET', '/data/projects/p1/catalogs', { json: catalogs });
    server.on('GET', '/data/projects/p1/catalogs/1/schemas', { json: [{ catalogId: '1', schemaName: 'table' }] });
    const r = await dgw(['catalog', 'schemas', 'svc']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('2 catalogs are named svc; using id 1 (give the id for 2)');
  });
});

describe('rm asks first', () => {
  it('without a terminal nor --yes: exit 2, nothing sent, not even the lookup', async () => {
    for (const args of [['connection', 'rm', 'warehouse'], ['catalog', 'rm', 'wh']]) {
      const r = await dgw(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('pass --yes');
    }
    expect(server.requests).toEqual([]);
  });

  it('on a terminal, "n" deletes nothing (exit 2) and "y" deletes what the name names', async () => {
    server.on('GET', '/connections/p1', { json: connections });
    server.on('DELETE', `/connections/p1/${ID}`, { status: 200 });
    const no = await dgwAnswering(['connection', 'rm', 'warehouse'], { input: 'n\n' });
    expect(no.code).toBe(2);
    expect(no.screen).toContain('nothing was changed');
    expect(no.screen).toContain('Delete connection warehouse of project p1? [y/N]');
    expect(paths()).not.toContain(`DELETE /connections/p1/${ID}`);
    const yes = await dgwAnswering(['connection', 'rm', 'warehouse'], { input: 'y\n' });
    expect(yes.code, yes.screen).toBe(0);
    expect(paths()).toContain(`DELETE /connections/p1/${ID}`);
  });

  it('--yes deletes a catalog by id with one request; --dry-run sends nothing', async () => {
    server.on('DELETE', '/data/projects/p1/catalogs/626654862255325504', { status: 200 });
    const dry = await dgw(['catalog', 'rm', 'wh', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('{id of wh}');
    expect(server.requests).toEqual([]);
    const r = await dgw(['catalog', 'rm', '626654862255325504', '--yes', '--json']);
    expect(JSON.parse(r.stdout)).toEqual({ id: '626654862255325504', deleted: true });
    expect(paths()).toEqual(['DELETE /data/projects/p1/catalogs/626654862255325504']);
  });
});

describe('what a connection shows', () => {
  it('detail masks secrets and a password inside a URL', async () => {
    server.on('GET', '/connections/p1', { json: connections });
    server.on('GET', `/connections/p1/${ID}/detail`, { json: { type: 'POSTGRES', url: 'postgres://reader:pw-9@db:5432/shop', user: 'reader', password: 'pw-9', port: 5432 } });
    const r = await dgw(['connection', 'detail', 'warehouse', '--json', '--debug']);
    expect(JSON.parse(r.stdout)).toEqual({ type: 'POSTGRES', url: 'postgres://reader:***@db:5432/shop', user: 'reader', password: '***', port: 5432 });
    expect(r.stderr).toContain('not shown: the answer may carry credentials');
    expect(`${r.stdout}${r.stderr}`).not.toContain('pw-9');
  });

  it('update --ask on a terminal asks every field of the type; Enter keeps one, so only what was typed is sent', async () => {
    server.on('GET', '/connections/p1', { json: connections });
    server.on('GET', '/connections/config/POSTGRES', { json: { connectionType: 'POSTGRES', authorizationType: 'custom', configuration: [{ fieldName: 'url', required: true }, { fieldName: 'password', required: true }] } });
    server.on('PUT', `/connections/p1/${ID}`, { json: connections[0] });
    const running = startDgw(['connection', 'update', 'warehouse', '--ask'], { terminal: true, env: env() });
    // Each answer typed once its prompt is shown, as a person does.
    await running.waitForOutput('url [Enter keeps it]: ');
    running.child.stdin!.write('\r');
    await running.waitForOutput('password [Enter keeps it, not shown]: ');
    running.child.stdin!.write('rotated-pw-31\r');
    const { code } = await running.exited;
    expect(code, running.stdout()).toBe(0);
    expect(running.stdout()).not.toContain('rotated-pw-31');
    expect(server.requests.find((q) => q.method === 'PUT')?.json).toEqual({ name: 'warehouse', type: 'POSTGRES', credential: { password: 'rotated-pw-31' } });
  });

  it('update --ask with Enter at every field sends no credential, so the connection keeps its own', async () => {
    server.on('GET', '/connections/p1', { json: connections });
    server.on('GET', '/connections/config/csv', { json: { connectionType: 'csv', authorizationType: 'custom', configuration: [{ fieldName: 'path', required: true }] } });
    server.on('PUT', `/connections/p1/${connections[1].id}`, { json: connections[1] });
    const running = startDgw(['connection', 'update', 'sales', '--ask'], { terminal: true, env: env() });
    await running.waitForOutput('path [Enter keeps it]: ');
    running.child.stdin!.write('\r');
    const { code } = await running.exited;
    expect(code, running.stdout()).toBe(0);
    expect(server.requests.find((q) => q.method === 'PUT')?.json).toEqual({ name: 'sales', type: 'csv' });
  });

  it('update --ask with no terminal to ask on is exit 2 before any request, not "needs url" after reads', async () => {
    const r = await dgw(['connection', 'update', 'warehouse', '--ask']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--ask asks on a terminal, and there is none');
    expect(server.requests).toEqual([]);
  });

  it('a 403 that asks for the partner key hints at the partner key, not at --project', async () => {
    server.on('DELETE', `/connections/p1/${ID}`, { status: 403, json: { errorCode: 'FORBIDDEN', message: 'connections are made, changed and removed with the partner key: a connection can read any file the gateway can' } });
    const r = await dgw(['connection', 'rm', ID, '--yes']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('hint: use the partner key');
    expect(r.stderr).not.toContain('check --project');
  });

  it('input that ends at a prompt is no answer: exit 2, nothing sent', async () => {
    server.on('GET', '/connections/p1', { json: connections });
    server.on('GET', '/connections/config/POSTGRES', { json: { connectionType: 'POSTGRES', authorizationType: 'custom', configuration: [{ fieldName: 'url', required: true }, { fieldName: 'password', required: true }] } });
    const running = startDgw(['connection', 'update', 'warehouse', '--ask'], { terminal: true, env: env() });
    await running.waitForOutput('url [Enter keeps it]: ');
    running.child.stdin!.write('\x04');
    const { code } = await running.exited;
    expect(code, running.stdout()).toBe(2);
    expect(running.stdout()).toContain('no answer: the input ended');
    expect(server.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });

  it('an OAuth 2.0 type: the address to open and the next step', async () => {
    server.on('GET', '/connections/config/google_sheets', { json: { connectionType: 'google_sheets', authorizationType: 'oauth2', configuration: [{ fieldName: 'clientId', required: false }] } });
    server.on('POST', '/connections/p1', { json: { id: ID, name: 'sheets', type: 'google_sheets', url: 'https://accounts.example.com/o/oauth2/auth?client_id=1' } });
    const r = await dgw(['connection', 'create', 'sheets', '--type', 'google_sheets', '--callback', 'https://app.example.com/cb']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('https://accounts.example.com/o/oauth2/auth?client_id=1');
    expect(r.stderr).toContain("dgw connection oauth-callback 'code=...&state=...'");
    expect(server.requests.find((q) => q.method === 'POST')?.json).toEqual({ name: 'sheets', type: 'google_sheets', credential: {}, connectionCallback: 'https://app.example.com/cb' });
  });
});
