import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw } from '../support/dgw.js';
import { openGateway, tempDir, type TestGateway } from './helpers.js';

// What makes a project on the local gateway: the partner key's first change to it that succeeds
// (or a project key made for it). A read, or a request that fails (404, 400), under an unknown
// project id leaves no projects/<id>.duckdb behind; an id the gateway can never hold is refused
// by the CLI before any request.

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
    ['POST', '/queries', 400, { displayName: 'bad', inputQuery: 'SELECT nosuchcolumn' }],
    ['POST', '/queries/execute', 400, { statement: 'SELECT * FROM svc.table.nosuch' }],
  ] as const)('%s %s answers %i and creates no project file (item 16: every request made projects/<id>.duckdb)', async (method, tail, status, body) => {
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

  it('its first change that succeeds makes the project, which then answers reads', async () => {
    expect((await g.call('POST', '/data/projects/made/queries', { body: { displayName: 'first', inputQuery: 'SELECT 1 AS one' } })).status).toBe(200);
    expect(fs.existsSync(file('made'))).toBe(true);
    const list = await g.call('GET', '/data/projects/made/queries');
    expect(list.body.map((q: { name: string }) => q.name)).toEqual(['first']);
  });

  it('a failing and a succeeding change at the same time: the project is kept, with the change that succeeded', async () => {
    const [bad, good] = await Promise.all([
      g.call('POST', '/data/projects/together/queries', { body: { displayName: 'bad', inputQuery: 'SELECT nosuchcolumn' } }),
      g.call('POST', '/data/projects/together/queries', { body: { displayName: 'good', inputQuery: 'SELECT 1 AS one' } }),
    ]);
    expect([bad.status, good.status]).toEqual([400, 200]);
    expect(fs.existsSync(file('together'))).toBe(true);
    expect((await g.call('GET', '/data/projects/together/queries')).body.map((q: { name: string }) => q.name)).toEqual(['good']);
  });

  it('a project key made for a new project makes the project', async () => {
    expect((await g.call('POST', '/projects/keyed/apiKeys', { body: { name: 'ci' } })).status).toBe(200);
    expect(g.gateway.exists('keyed')).toBe(true);
    expect((await g.call('GET', '/data/projects/keyed/queries')).status).toBe(200);
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

  it('an unknown project is not found (exit 4) and not made; the README\'s first use (run SQL) makes it', async () => {
    const get = await local(['--project', 'nosuch', 'query', 'get', 'x']);
    expect(get.code, get.stderr).toBe(4);
    expect(get.stderr).toMatch(/project nosuch not found/);
    expect((await local(['--project', 'nosuch', 'sql', 'SELECT nosuchcolumn'])).code).toBe(6);
    expect(projects()).not.toContain('nosuch.duckdb');
    const made = await local(['--project', 'sandbox', 'sql', 'SELECT 1 AS one', '--json']);
    expect(made.code, made.stderr).toBe(0);
    expect(projects()).toContain('sandbox.duckdb');
    expect((await local(['--project', 'sandbox', 'query', 'list'])).code).toBe(0);
  });
});
