import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// Check first, ask second: a destructive command finds out what it would destroy before it
// asks, refuses what the service would refuse before the question, and shows the same facts in
// its question. A dry run sends nothing at all, reads included, so it says they were not read.

const { server, dgw, dgwAnswering: dgwInTerminal } = useStandIn();
const folder = (id: string, name: string, queryIds: string[], children: unknown[] = []) => ({ id, name, createdAt: 1, modifiedAt: 1, queryIds, children });
// /reports holds q1 and a subfolder /reports/monthly, which holds q2.
const NESTED = [folder('f1', 'reports', ['q1'], [folder('f2', 'monthly', ['q2'])]), folder('f3', 'empty', [])];
const QUERIES = [queryJson({ id: 'q1', name: 'revenue', folderId: 'f1', path: '/reports' }), queryJson({ id: 'q2', name: 'monthly_revenue', folderId: 'f2', path: '/reports/monthly' })];
const writes = () => server.requests.filter((r) => r.method !== 'GET');

describe('folder rm', () => {
  it('a folder that is not empty is refused (exit 5) before any question, and nothing is deleted', async () => {
    server.on('GET', /\/folders$/, { json: NESTED });
    server.on('DELETE', /\/folders\//, { status: 409, json: { errorCode: 'CONFLICT', message: 'not empty' } });
    const r = await dgwInTerminal(['folder', 'rm', '/reports'], { input: 'y\n' });
    expect(r.code).toBe(5);
    expect(r.screen).not.toMatch(/\[y\/N\]/);
    expect(r.screen).toContain('error: folder /reports is not empty: it holds 1 subfolder and 2 queries');
    expect(r.screen).toMatch(/hint: add --force/);
    expect(writes()).toHaveLength(0);
  });

  it('the same with --yes and no terminal: the folder list already says so', async () => {
    server.on('GET', /\/folders$/, { json: NESTED });
    const r = await dgw(['folder', 'rm', '/reports', '--yes']);
    expect(r.code).toBe(5);
    expect(writes()).toHaveLength(0);
  });

  it('--force asks with the count and the names of what goes with it; yes deletes with force=true', async () => {
    server.on('GET', /\/folders$/, { json: NESTED });
    server.on('GET', /\/queries$/, { json: QUERIES });
    server.on('DELETE', /\/folders\//, { status: 204 });
    const r = await dgwInTerminal(['folder', 'rm', '/reports', '--force'], { input: 'y\n' });
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toContain('Folder /reports holds:');
    expect(r.screen).toContain('subfolders: /reports/monthly');
    expect(r.screen).toContain('queries: monthly_revenue, revenue');
    expect(r.screen).toMatch(/Delete folder \/reports with its 1 subfolder and 2 queries\? \[y\/N\]/);
    expect(writes().map((q) => `${q.method} ${q.path} ${q.rawQuery}`)).toEqual([`DELETE /data/projects/proj-1/queries/folders/f1 force=true`]);
  });

  it('the flat folder shape carries no query ids: the query list counts them', async () => {
    server.on('GET', /\/folders$/, { json: { items: [{ id: 'f1', name: 'reports', path: '/reports', parentId: null }, { id: 'f2', name: 'monthly', path: '/reports/monthly', parentId: 'f1' }] } });
    server.on('GET', /\/queries$/, { json: QUERIES });
    const r = await dgwInTerminal(['folder', 'rm', '/reports/monthly'], { input: 'y\n' });
    expect(r.code).toBe(5);
    expect(r.screen).toContain('folder /reports/monthly is not empty: it holds 1 query');
    expect(writes()).toHaveLength(0);
  });

  it('--force --dry-run sends nothing, reads included: the DELETE under a placeholder, and what goes with it not shown', async () => {
    server.on('GET', /\/folders$/, { json: NESTED });
    server.on('GET', /\/queries$/, { json: QUERIES });
    const text = await dgw(['folder', 'rm', '/reports', '--force', '--dry-run']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('DELETE http://127.0.0.1');
    expect(text.stdout).toContain('/queries/folders/{id of folder /reports}?force=true');
    expect(text.stdout).toContain('This would delete folder /reports with its subfolders and queries.');
    expect(text.stdout).toContain('a dry run reads nothing');
    const json = await dgw(['folder', 'rm', 'f1', '--force', '--dry-run', '--json']);
    expect(JSON.parse(json.stdout).effects).toEqual({ folder: { id: 'f1' }, subfolders: null, queries: null, readers: null });
    expect(server.requests).toHaveLength(0);
  });

  it('a dry run without --force cannot know the folder is not empty: it shows the DELETE and sends nothing', async () => {
    server.on('GET', /\/folders$/, { json: NESTED });
    const r = await dgw(['folder', 'rm', '/reports', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('a dry run reads nothing');
    expect(server.requests).toHaveLength(0);
  });

  it('without a terminal and without --yes: exit 2 before any request, the path lookup included', async () => {
    const r = await dgw(['folder', 'rm', '/reports']);
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});

describe('table drop-column', () => {
  const SQL_QUERIES = [
    queryJson({ id: 'q1', name: 'by_status', inputQuery: 'SELECT status, count(*) FROM svc.table.orders GROUP BY 1' }),
    queryJson({ id: 'q2', name: 'snapshot', queryType: 'MATERIALIZED', inputQuery: 'SELECT * FROM "svc"."table"."orders"' }),
    queryJson({ id: 'q3', name: 'in_a_string', inputQuery: "SELECT 'status' AS label, amount FROM svc.table.orders -- status" }),
    queryJson({ id: 'q4', name: 'other_table', inputQuery: 'SELECT status FROM svc.table.customers' }),
  ];
  const routes = () => {
    server.on('GET', /\/table\/orders\/columns$/, { json: [{ name: 'status', dataType: 'VARCHAR' }, { name: 'amount', dataType: 'DECIMAL' }] });
    server.on('GET', /\/queries$/, { json: SQL_QUERIES });
    server.on('DELETE', /\/columns\//, { status: 200 });
  };

  it('the question names the saved queries whose SQL reads the column, and how', async () => {
    routes();
    const r = await dgwInTerminal(['table', 'drop-column', 'orders', 'status'], { input: 'status\n' });
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toContain('2 saved queries read orders.status and will fail when next run or refreshed:');
    expect(r.screen).toContain('by_status (plain): names status');
    expect(r.screen).toContain('snapshot (materialized): selects * from orders');
    expect(r.screen).not.toContain('in_a_string');
    expect(r.screen).not.toContain('other_table');
    // Both on stderr, the question's stream: the readers are named before it.
    expect(r.stderr).toMatch(/by_status[^]*Type "status" to confirm/);
    expect(writes()).toHaveLength(1);
  });

  it('says so when no saved query reads it', async () => {
    routes();
    server.on('GET', /\/table\/customers\/columns$/, { json: [{ name: 'status', dataType: 'VARCHAR' }, { name: 'email', dataType: 'VARCHAR' }] });
    const r = await dgwInTerminal(['table', 'drop-column', 'customers', 'email'], { input: 'n\n' });
    expect(r.screen).toContain("No saved query's SQL reads customers.email.");
    expect(writes()).toHaveLength(0);
  });

  it('a column the table does not have is exit 4 before the question', async () => {
    routes();
    const r = await dgwInTerminal(['table', 'drop-column', 'orders', 'stauts'], { input: 'stauts\n' });
    expect(r.code).toBe(4);
    expect(r.screen).toContain('table orders has no column stauts; its columns: status, amount');
    expect(r.screen).not.toContain('to confirm');
    expect(writes()).toHaveLength(0);
  });

  it('--dry-run sends nothing, reads included, and says the readers are not looked for', async () => {
    routes();
    const text = await dgw(['table', 'drop-column', 'orders', 'status', '--dry-run']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('This would delete column status of table orders and all its data.');
    expect(text.stdout).toContain('a dry run reads nothing');
    const json = await dgw(['table', 'drop-column', 'orders', 'status', '--dry-run', '--json']);
    expect(JSON.parse(json.stdout).effects).toEqual({ table: 'orders', column: 'status', readers: null });
    expect(server.requests).toHaveLength(0);
  });

  it('--yes reads nothing first: one DELETE', async () => {
    routes();
    const r = await dgw(['table', 'drop-column', 'orders', 'status', '--yes']);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.method)).toEqual(['DELETE']);
  });
});

describe('on the local gateway', () => {
  const tmp = tempDir('dgw-check-first-');
  afterAll(() => tmp.remove());
  const local = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env: { DGW_CONFIG_DIR: `${tmp.dir}/c`, DGW_LOCAL_DIR: `${tmp.dir}/d` } });

  it('folder rm of a folder with queries: exit 5 with the counts; --force --dry-run sends nothing; the folder stays', async () => {
    expect((await local('query', 'create', 'Rev', '--sql', 'SELECT status FROM svc.table.orders', '--path', '/reports/monthly', '--parents')).code).toBe(0);
    const refused = await local('folder', 'rm', '/reports', '--yes');
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('folder /reports is not empty: it holds 1 subfolder and 1 query');
    const dry = await local('folder', 'rm', '/reports', '--force', '--dry-run');
    expect(dry.stdout).toContain('DELETE http://local.dgw/api/v1/data/projects/demo/queries/folders/{id of folder /reports}?force=true');
    const drop = await local('table', 'drop-column', 'orders', 'status', '--dry-run');
    expect(drop.stdout).toContain('a dry run reads nothing');
    const real = await local('table', 'drop-column', 'orders', 'status', '--yes');
    expect(real.code, real.stderr).toBe(0);
    expect((await local('query', 'list', '--json')).stdout).toContain('"rev"');
  });

  it('key rm on a terminal finds the key by its name before asking: none (exit 4) or two (exit 14) is said without a question; one is asked about, then deleted', async () => {
    const asked = (...args: string[]) =>
      runAsBinaryWould(['--zone', 'local', 'key', 'rm', ...args], { env: { DGW_CONFIG_DIR: `${tmp.dir}/c`, DGW_LOCAL_DIR: `${tmp.dir}/d` }, interactive: true, input: 'y\n' });
    const none = await asked('nosuch');
    expect(none.code).toBe(4);
    expect(none.stderr).toContain('project demo has no API key named nosuch');
    expect(none.stderr).not.toContain('[y/N]');
    for (const name of ['twin', 'twin', 'once']) expect((await local('key', 'create', name)).code).toBe(0);
    const two = await asked('twin');
    expect(two.code).toBe(14);
    expect(two.stderr).toMatch(/2 keys are named twin; give the id of the one to delete/);
    expect(two.stderr).not.toContain('[y/N]');
    const one = await asked('once');
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toContain('Delete API key once of project demo (requests with it will be refused)? [y/N]');
    expect((await local('key', 'list', '--json', 'name')).stdout).not.toContain('"once"');
  });

  it.each([
    ['connection rm nosuch', 'no connection named "nosuch"'],
    ['catalog rm nosuch', 'no catalog named "nosuch"'],
    ['parametric-table rm nosuch main.x', 'no catalog named "nosuch"'],
    ['relation rm 1 123', 'catalog 1 has no relation 123'],
    ['semantic-catalog rm-table nosuch 5', 'no catalog named "nosuch"'],
    ['golden-sql rm 123', 'project demo has no golden SQL 123'],
  ])('%s on a terminal says what matches nothing without asking first (exit 4)', async (command, message) => {
    const r = await runAsBinaryWould(['--zone', 'local', ...command.split(' ')], { env: { DGW_CONFIG_DIR: `${tmp.dir}/c`, DGW_LOCAL_DIR: `${tmp.dir}/d` }, interactive: true, input: 'y\n' });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toContain('[y/N]');
  });

  it('thread rm, on the local gateway, says it is the hosted service\'s before asking (exit 15)', async () => {
    const r = await runAsBinaryWould(['--zone', 'local', 'thread', 'rm', '3f2a9c'], { env: { DGW_CONFIG_DIR: `${tmp.dir}/c`, DGW_LOCAL_DIR: `${tmp.dir}/d` }, interactive: true, input: 'y\n' });
    expect(r.code, r.stderr).toBe(15);
    expect(r.stderr).not.toContain('[y/N]');
  });
});
