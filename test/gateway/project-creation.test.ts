import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw } from '../support/dgw.js';
import { runInProcess } from '../support/in-process.js';
import { LOCAL_ORGANIZATION, LOCAL_WORKSPACE } from '../../src/gateway/routes/organizations.js';
import { openGateway, tempDir, type TestGateway } from './helpers.js';

// What makes a project on the local gateway: POST .../projects alone (dgw project create). Every
// other request under an unknown project id, a read or a change, answers 404 and leaves no
// projects/<id>.duckdb behind; an id the gateway can never hold is refused by the CLI before any
// request.

const data = tempDir('dgw-project-creation-');
const file = (id: string) => path.join(data.dir, 'projects', `${id}.duckdb`);
let g: TestGateway;
beforeAll(async () => {
  g = await openGateway({ dataDir: data.dir });
});
afterAll(async () => {
  await g.close();
  data.remove();
});

describe('the partner key under an unknown project id', () => {
  it.each([
    ['GET', '/queries', 404, undefined],
    ['GET', '/catalogs', 404, undefined],
    ['PUT', '/queries/123', 404, { displayName: 'x' }],
    ['DELETE', '/table/orders', 404, undefined],
    ['POST', '/materialized-queries/123/refresh', 404, undefined],
    ['POST', '/queries', 404, { displayName: 'good', inputQuery: 'SELECT 1 AS one' }],
    ['POST', '/queries/execute', 404, { statement: 'SELECT 1' }],
    ['POST', '/folders', 404, { name: 'reports' }],
    // No route takes POST .../table in any project (a table is made at .../table/{name}): 405.
    ['POST', '/table', 405, { name: 't', columns: [{ name: 'a', type: 'INTEGER' }] }],
  ] as const)('%s %s answers %i and creates no project file, even for a change that would succeed', async (method, tail, status, body) => {
    const id = `u${Math.random().toString(36).slice(2, 10)}`;
    const r = await g.call(method, `/data/projects/${id}${tail}`, { body });
    expect(r.status, r.text).toBe(status);
    expect(fs.existsSync(file(id))).toBe(false);
    expect(fs.existsSync(`${file(id)}.wal`)).toBe(false);
    expect(g.gateway.exists(id)).toBe(false);
  });

  it('an id that can name no project is 404 for a change too, and no file outside the projects folder is touched', async () => {
    const victim = path.join(data.dir, 'victim.duckdb');
    fs.writeFileSync(victim, 'keep me');
    for (const id of ['../victim', '..%2Fvictim', 'a b']) {
      const r = await g.call('POST', `/data/projects/${encodeURIComponent(id)}/queries`, { body: { displayName: 'x', inputQuery: 'SELECT 1 AS one' } });
      expect(r.status, id).toBe(404);
    }
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me');
  });

  it('a project key for an unknown project is 404, and makes no project', async () => {
    const r = await g.call('POST', '/projects/keyed/apiKeys', { body: { name: 'ci' } });
    expect(r.status, r.text).toBe(404);
    expect(g.gateway.exists('keyed')).toBe(false);
    expect(fs.existsSync(file('keyed'))).toBe(false);
  });
});

describe('POST .../projects, the one way a project is made', () => {
  const projects = `/organizations/${LOCAL_ORGANIZATION.id}/workspaces/${LOCAL_WORKSPACE.id}/projects`;

  it('takes the name as the id when it can be one and is free, and the project then answers', async () => {
    const r = await g.call('POST', projects, { body: { name: 'made', description: 'for a test' } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ id: 'made', name: 'made', description: 'for a test', workspaceId: LOCAL_WORKSPACE.id });
    expect(fs.existsSync(file('made'))).toBe(true);
    expect((await g.call('POST', '/data/projects/made/queries', { body: { displayName: 'first', inputQuery: 'SELECT 1 AS one' } })).status).toBe(200);
    expect((await g.call('GET', `${projects}/made`)).body).toMatchObject({ id: 'made', name: 'made', description: 'for a test' });
  });

  it('gives a new id to a name that is taken or cannot be an id, and keeps the name', async () => {
    const [again, spaced] = await Promise.all([
      g.call('POST', projects, { body: { name: 'demo' } }),
      g.call('POST', projects, { body: { name: 'Revenue Reports' } }),
    ]);
    for (const r of [again, spaced]) {
      expect(r.status, r.text).toBe(200);
      expect(r.body.id).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(fs.existsSync(file(r.body.id))).toBe(true);
    }
    expect([again.body.name, spaced.body.name]).toEqual(['demo', 'Revenue Reports']);
    const listed = (await g.call('GET', projects)).body as Array<{ id: string; name: string }>;
    expect(listed).toEqual(expect.arrayContaining([{ ...again.body }, { ...spaced.body }].map((p) => expect.objectContaining({ id: p.id, name: p.name }))));
    expect(listed.find((p) => p.id === 'demo')?.name).toBe('demo');
  });

  it('two projects asked at once with the same free name get different ids', async () => {
    const [a, b] = await Promise.all([g.call('POST', projects, { body: { name: 'twin' } }), g.call('POST', projects, { body: { name: 'twin' } })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(new Set([a.body.id, b.body.id]).size).toBe(2);
    expect([a.body.id, b.body.id]).toContain('twin');
  });

  it.each([
    [{}, /name/],
    [{ name: '' }, /name must not be empty/],
    [{ name: 'a\u0007b' }, /control character/],
    [{ name: 5 }, /name/],
  ])('refuses %j with 400 and makes nothing', async (body, message) => {
    const before = fs.readdirSync(path.join(data.dir, 'projects')).sort();
    const r = await g.call('POST', projects, { body });
    expect(r.status, r.text).toBe(400);
    expect(r.text).toMatch(message);
    expect(fs.readdirSync(path.join(data.dir, 'projects')).sort()).toEqual(before);
  });

  it('is for the partner key only (403 for a project key)', async () => {
    const r = await g.call('POST', projects, { body: { name: 'sneaky' }, key: g.demoKey });
    expect(r.status).toBe(403);
    expect(g.gateway.exists('sneaky')).toBe(false);
  });
});

describe('through the spawned binary', () => {
  const tmp = tempDir('dgw-project-ids-');
  const local = (args: string[]) => runDgw(args, { env: { DGW_ZONE: 'local', DGW_LOCAL_DIR: path.join(tmp.dir, 'data'), DGW_CONFIG_DIR: path.join(tmp.dir, 'config') } });
  afterAll(() => tmp.remove());
  const projects = () => (fs.existsSync(path.join(tmp.dir, 'data', 'projects')) ? fs.readdirSync(path.join(tmp.dir, 'data', 'projects')).sort() : []);

  it.each(['.', '..', 'a b', 'a/b', 'x'.repeat(65), '-dash-first', 'émoji✓'])('--project %j is refused with exit 2 before any request, and nothing is made (item 16)', async (id) => {
    const r = await local(['--project', id, 'query', 'list']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/--project/);
    expect(projects()).not.toContain(`${id}.duckdb`);
    expect(projects()).not.toContain('queries.duckdb');
  });

  it('a mistyped --project is not found (exit 4) for a read and a change alike, with the way to make one', async () => {
    const env = { DGW_ZONE: 'local', DGW_LOCAL_DIR: path.join(tmp.dir, 'data'), DGW_CONFIG_DIR: path.join(tmp.dir, 'config') };
    const dgw = (args: string[]) => runInProcess(args, { env });
    expect((await dgw(['project', 'create', 'sales', '-q'])).stdout).toBe('sales\n');
    for (const args of [['query', 'list'], ['query', 'create', 'x', '--sql', 'SELECT 1'], ['sql', 'SELECT 1'], ['folder', 'create', '/r'], ['key', 'create', 'ci']]) {
      const r = await dgw(['--project', 'salse', ...args]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(4);
      expect(r.stderr).toMatch(/project salse not found/);
      expect(r.stderr).toContain('dgw project create NAME');
    }
    expect(projects()).not.toContain('salse.duckdb');
    const made = await dgw(['--project', 'sales', 'query', 'create', 'x', '--sql', 'SELECT 1']);
    expect(made.code, made.stderr).toBe(0);
  });
});
