import { describe, expect, it } from 'vitest';
import { startDgw } from './support/dgw.js';
import { KEY, useStandIn } from './support/stand-in.js';

// Destructive commands ask on a terminal, refuse without one unless --yes, and --dry-run sends nothing.
const { server, dgw, dgwInTerminal: dgwInPty, dgwAnswering: dgwInTerminal, env } = useStandIn();
const QID = '3f2b8c1e-0000-4000-8000-000000000001';
const FOLDERS = [{ id: 'f1', name: 'old', createdAt: 1, modifiedAt: 1, queryIds: [], children: [] }];

const destructive: Array<[string, string[], () => void]> = [
  ['table drop-column', ['table', 'drop-column', 'orders', 'discount'], () => server.on('DELETE', /columns/, { status: 200 })],
  ['query rm', ['query', 'rm', QID], () => server.on('DELETE', /queries/, { status: 200 })],
  ['folder rm', ['folder', 'rm', 'f1'], () => server.on('DELETE', /folders/, { status: 204 })],
];

describe('without a terminal and without --yes', () => {
  it.each(destructive)('%s exits 2 naming --yes and sends nothing', async (_name, args, route) => {
    route();
    const r = await dgw(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pass --yes/);
    expect(server.requests.filter((q) => q.method !== 'GET')).toHaveLength(0);
  });

  it.each(destructive)('%s with --yes sends the request', async (_name, args, route) => {
    route();
    const r = await dgw([...args, '--yes']);
    expect(r.code).toBe(0);
    expect(server.requests.filter((q) => q.method === 'DELETE')).toHaveLength(1);
  });
});

describe('on a terminal', () => {
  const columnsAndQueries = () => {
    server.on('GET', /\/table\/orders\/columns$/, { json: [{ name: 'discount', dataType: 'DECIMAL' }] });
    server.on('GET', /\/queries$/, { json: [] });
  };

  it('drop-column asks for the column name to be typed back, and goes ahead when it is', async () => {
    columnsAndQueries();
    server.on('DELETE', /columns/, { status: 200 });
    const r = await dgwInTerminal(['table', 'drop-column', 'orders', 'discount'], { input: 'discount\n' });
    expect(r.screen).toContain('Type "discount" to confirm');
    expect(r.code).toBe(0);
    expect(server.requests.filter((q) => q.method === 'DELETE')).toHaveLength(1);
  });

  it('drop-column does nothing when the answer does not match', async () => {
    columnsAndQueries();
    server.on('DELETE', /columns/, { status: 200 });
    const r = await dgwInTerminal(['table', 'drop-column', 'orders', 'discount'], { input: 'orders\n' });
    // An answer, not a failure: said plainly, exit 2 as gh does (nothing was changed).
    expect(r.code).toBe(2);
    expect(r.screen).toContain('"orders" is not "discount": nothing was changed');
    expect(r.screen).not.toContain('error:');
    expect(server.requests.filter((q) => q.method !== 'GET')).toHaveLength(0);
  });

  // In a pseudo-terminal: the line break after the question is the terminal's echo of the answer.
  it('query rm asks y/N; "n" cancels, "y" deletes', async () => {
    server.on('DELETE', /queries/, { status: 200 });
    const no = await dgwInPty(['query', 'rm', QID], { input: 'n\n' });
    expect(no.stdout).toMatch(/Delete query .*\[y\/N\]/);
    expect(no.code).toBe(2);
    expect(no.stdout).toMatch(/^nothing was changed\r?$/m);
    expect(no.stdout).not.toContain('error:');
    // Check first, ask second: the query list is read (to name the queries that read it), nothing else.
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
    const yes = await dgwInPty(['query', 'rm', QID], { input: 'y\n' });
    expect(yes.code).toBe(0);
    expect(server.requests.map((q) => q.method)).toEqual(['GET', 'GET', 'DELETE']);
  });

  it('Ctrl-C at the question: exit 130, the error on a line of its own, nothing sent', async () => {
    const running = startDgw(['query', 'rm', QID], { terminal: true, env: env() });
    await running.waitForOutput('[y/N] ');
    running.child.stdin!.write('\x03');
    const { code } = await running.exited;
    expect(code, running.stdout()).toBe(130);
    expect(running.stdout()).toMatch(/\nerror: interrupted/);
    expect(server.requests.filter((q) => q.method !== 'GET')).toHaveLength(0);
  });

  // In a pseudo-terminal: in this process a test declares the terminal (`interactive`), and CI cannot take that back.
  it('never asks when CI is set, even on a terminal', async () => {
    server.on('DELETE', /columns/, { status: 200 });
    const r = await dgwInPty(['table', 'drop-column', 'orders', 'discount'], { input: 'discount\n', env: { CI: 'true' } });
    expect(r.code).toBe(2);
    // It says why it does not ask: there is a terminal.
    expect(r.stdout).toMatch(/pass --yes \(CI is set, so nothing is asked\)/);
    expect(server.requests).toHaveLength(0);
  });

  it('folder rm asks before deleting', async () => {
    server.on('GET', /folders$/, { json: FOLDERS });
    server.on('DELETE', /folders/, { status: 204 });
    const r = await dgwInTerminal(['folder', 'rm', '/old'], { input: 'yes\n' });
    expect(r.screen).toMatch(/Delete folder \/old \(empty\)\? \[y\/N\]/);
    expect(r.code).toBe(0);
    expect(server.requests.map((q) => q.method)).toEqual(['GET', 'DELETE']);
  });
});

describe('--dry-run prints the request and sends nothing', () => {
  it.each([
    ['table drop-column', ['table', 'drop-column', 'orders', 'discount', '--dry-run'], 'DELETE', '/table/orders/columns/discount'],
    ['query rm', ['query', 'rm', QID, '--dry-run'], 'DELETE', `/queries/${QID}`],
    ['query create', ['query', 'create', 'X', '--sql', 'SELECT 1', '--dry-run'], 'POST', '/queries'],
    ['query update', ['query', 'update', QID, '--sql', 'SELECT 2', '--dry-run'], 'PUT', `/queries/${QID}`],
    ['mtquery refresh', ['mtquery', 'refresh', QID, '--dry-run'], 'POST', `/materialized-queries/${QID}/refresh`],
    ['folder mv', ['folder', 'mv', QID, 'f1', '--dry-run'], 'PUT', '/queries/folders/f1'],
    ['folder rm', ['folder', 'rm', 'f1', '--dry-run'], 'DELETE', '/queries/folders/f1'],
  ])('%s', async (_name, args, method, pathEnd) => {
    // Destructive commands read (GET) what they would destroy, to show it; nothing else is sent.
    server.on('GET', /\/table\/orders\/columns$/, { json: [{ name: 'discount', dataType: 'DECIMAL' }] });
    server.on('GET', /\/queries$/, { json: [] });
    server.on('GET', /\/folders$/, { json: FOLDERS });
    const r = await dgw(args);
    expect(r.code).toBe(0);
    expect(server.requests.filter((q) => q.method !== 'GET')).toHaveLength(0);
    if (!['table drop-column', 'folder rm'].includes(_name)) expect(server.requests).toHaveLength(0);
    expect(r.stdout.split('\n')[0]).toMatch(new RegExp(`^${method} ${server.baseUrl}/data/projects/proj-1${pathEnd.replace(/[/.]/g, '\\$&')}`));
    expect(r.stdout).toContain('Authorization: Bearer ****5b4a');
    expect(r.stdout + r.stderr).not.toContain(KEY);
    expect(r.stderr).toContain('dry run: this request was not sent');
  });

  it('with --json the dry run is one JSON object', async () => {
    const r = await dgw(['query', 'create', 'X', '--sql', 'SELECT 1', '--dry-run', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      dryRun: true,
      method: 'POST',
      url: `${server.baseUrl}/data/projects/proj-1/queries`,
      headers: { Authorization: 'Bearer ****5b4a', 'Content-Type': 'application/json' },
      body: { displayName: 'X', inputQuery: 'SELECT 1', queryType: 'PLAIN' },
      effects: null,
    });
  });
});
