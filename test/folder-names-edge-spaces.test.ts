import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, tempDir as gatewayDir, type TestGateway } from './gateway/helpers.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { useStandIn } from './support/stand-in.js';

// `/reports` and `/ reports` would be two folders that print alike: a folder name that starts or
// ends with white space is refused by dgw before anything is sent (exit 2), and by the local
// gateway with 400, wherever a name or path could make or name one.

let madeCount = 0;
const EDGES = [' reports', 'reports ', '\u00a0reports', 'reports\u2003', '  '];

describe('dgw refuses before sending', () => {
  const { server, dgw } = useStandIn();

  it.each(EDGES.map((name) => [JSON.stringify(name), name]))('folder create, rename, query create --path with %s', async (_shown, name) => {
    const attempts = [
      ['folder', 'create', `/${name}`],
      ['folder', 'create', `/top/${name}/leaf`],
      ['folder', 'rename', '/top', name],
      ['query', 'create', 'Spaced', '--sql', 'SELECT 1 AS one', '--path', `/${name}`],
      ['folder', 'mv', '/top', `/${name}`],
    ];
    for (const args of attempts) {
      const r = await dgw(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/starts or ends with a space|must not be empty|empty segment/);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a space inside a name is fine', async () => {
    server.on('GET', '/data/projects/proj-1/queries/folders', () => ({ json: [] }));
    server.on('POST', '/data/projects/proj-1/queries/folders', (req) => ({ status: 201, json: { id: 'f-1', name: (req.json as { folderName: string }).folderName, path: '/monthly reports' } }));
    const r = await dgw(['folder', 'create', '/monthly reports', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests.at(-1)?.json).toEqual({ folderName: 'monthly reports' });
  });
});

describe('the local gateway answers 400', () => {
  let data: ReturnType<typeof gatewayDir>;
  let g: TestGateway;
  beforeAll(async () => {
    data = gatewayDir();
    g = await openGateway({ dataDir: data.dir });
  });
  afterAll(async () => {
    await g.close();
    data.remove();
  });

  it.each(EDGES.map((name) => [JSON.stringify(name), name]))('for %s in a create, a nested create, a rename, a move and a query path', async (_shown, name) => {
    const made = await g.call('POST', `${P}/queries/folders`, { body: { folderName: `clean ${++madeCount}` } });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;
    const replies = [
      await g.call('POST', `${P}/queries/folders`, { body: { folderName: name } }),
      await g.call('POST', `${P}/queries/folders`, { body: { folderName: `a/${name}` } }),
      await g.call('POST', `${P}/queries/folders/${id}`, { body: { folderName: name } }),
      await g.call('PATCH', `${P}/queries/folders/${id}/name`, { body: { name } }),
      await g.call('PATCH', `${P}/queries/folders/${id}/path`, { body: { path: `/${name}` } }),
      await g.call('POST', `${P}/queries`, { body: { displayName: 'In a spaced folder', inputQuery: 'SELECT 1 AS one', path: `/x/${name}` } }),
    ];
    for (const r of replies) {
      expect(r.status, r.text).toBe(400);
      expect(r.body.message).toMatch(/starts or ends with a space|must not be empty|empty segment/);
    }
    const list = await g.call('GET', `${P}/queries/folders`);
    expect(JSON.stringify(list.body)).not.toMatch(/"(name|folderName)":"\s|\s"/);
  });
});

describe('in-process, through the binary', () => {
  const tmp = tempDir('dgw-edge-');
  afterAll(() => tmp.remove());

  it('refuses, then makes the clean name', async () => {
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'data'), DGW_ZONE: 'local' };
    const bad = await runAsBinaryWould(['folder', 'create', '/reports '], { env });
    expect(bad.code).toBe(2);
    const good = await runAsBinaryWould(['folder', 'create', '/reports', '--json'], { env });
    expect(good.code, good.stderr).toBe(0);
    const tree = await runAsBinaryWould(['folder', 'list', '--json'], { env });
    expect(tree.stdout).not.toContain('reports ');
  });
});

describe('queries as code', () => {
  const tmp = tempDir('dgw-edge-code-');
  afterAll(() => tmp.remove());

  it('plan refuses a directory whose name starts or ends with white space, naming it, before any request', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const dir = join(tmp.dir, 'queries');
    mkdirSync(join(dir, 'reports '), { recursive: true });
    writeFileSync(join(dir, 'reports ', 'q.sql'), 'SELECT 1 AS one\n');
    const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_LOCAL_DIR: join(tmp.dir, 'data'), DGW_ZONE: 'local' };
    for (const verb of ['plan', 'apply']) {
      const r = await runAsBinaryWould([verb, '--dir', dir, '--yes'].filter((a) => verb === 'apply' || a !== '--yes'), { env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/reports : .*white space/);
    }
  });
});
