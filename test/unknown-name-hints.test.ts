import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// A name that matches nothing gets "did you mean" with the closest names, from what the command
// already read: never an extra request just for the hint.

const P = '/data/projects/proj-1';

describe('queries', () => {
  const { server, dgw } = useStandIn();
  const list = [queryJson({ id: '3f2b8c1e-0000-4000-8000-000000000001', name: 'revbycust', displayName: 'Revenue by customer' }), queryJson({ id: '3f2b8c1e-0000-4000-8000-000000000002', name: 'daily_orders', displayName: 'Daily orders' })];

  it('a typo of a SQL name: the name, from the one list request the lookup made', async () => {
    server.on('GET', `${P}/queries`, { json: list });
    const r = await dgw(['query', 'get', 'revbycst']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('error: no query named "revbycst" (nor with that id); did you mean "revbycust"?');
    expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET ${P}/queries`]);
  });

  it('a display name (or a typo of one): the SQL name that works', async () => {
    server.on('GET', `${P}/queries`, { json: list });
    const exact = await dgw(['query', 'get', 'Revenue by customer']);
    expect(exact.stderr).toContain('did you mean "revbycust"?');
    server.on('GET', `${P}/queries`, { json: list });
    const typo = await dgw(['mtquery', 'status', 'Daily ordrs']);
    expect(typo.code).toBe(4);
    expect(typo.stderr).toContain('did you mean "daily_orders"?');
  });

  it('nothing close: no hint; an id that is not found: no list is read for a hint', async () => {
    server.on('GET', `${P}/queries`, { json: list });
    const far = await dgw(['query', 'get', 'zzzzzzzz']);
    expect(far.code).toBe(4);
    expect(far.stderr).not.toContain('did you mean');
    server.on('GET', `${P}/queries/3f2b8c1e-0000-4000-8000-000000000009`, { status: 404, json: { errorCode: 'NOT_FOUND', message: 'no such query' } });
    const id = await dgw(['query', 'get', '3f2b8c1e-0000-4000-8000-000000000009']);
    expect(id.code).toBe(4);
    expect(server.requests.filter((q) => q.path === `${P}/queries`)).toHaveLength(1);
  });
});

describe('folders', () => {
  const { server, dgw } = useStandIn();
  const folders = {
    items: [
      { id: 'f1', name: 'reports', path: '/reports', parentId: null, createdAt: '2026-01-01T00:00:00Z' },
      { id: 'f2', name: 'monthly', path: '/reports/monthly', parentId: 'f1', createdAt: '2026-01-02T00:00:00Z' },
      { id: 'f3', name: 'adhoc', path: '/adhoc', parentId: null, createdAt: '2026-01-03T00:00:00Z' },
    ],
  };

  it.each([
    [['folder', 'view', '/reprots/monthly'], '/reports/monthly'],
    [['folder', 'tree', '/adhok'], '/adhoc'],
    [['folder', 'view', '/monthly'], '/reports/monthly'],
    [['query', 'list', '--folder', '/reprts', '--recursive'], '/reports'],
    [['query', 'list', '--folder', '/reprts'], '/reports'],
  ])('%j: did you mean %s, from the one folder list', async (args, suggested) => {
    server.on('GET', `${P}/queries/folders`, { json: folders });
    server.on('GET', `${P}/queries`, { json: [] });
    const r = await dgw(args);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain(`; did you mean "${suggested}"?`);
    expect(server.requests.filter((q) => q.path === `${P}/queries/folders`)).toHaveLength(1);
  });

  it('query list --folder of a folder that is there but empty lists nothing, exit 0; one of a query reads no folder list', async () => {
    server.on('GET', `${P}/queries/folders`, { json: folders });
    server.on('GET', `${P}/queries`, { json: [{ id: 'q1', name: 'r', displayName: 'r', queryType: 'PLAIN', path: '/reports', folderId: 'f1', inputQuery: 'SELECT 1' }] });
    const empty = await dgw(['query', 'list', '--folder', '/adhoc']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toBe('');
    server.requests.length = 0;
    const full = await dgw(['query', 'list', '--folder', '/reports', '-q']);
    expect(full.stdout).toBe('q1\n');
    expect(server.requests.filter((q) => q.path === `${P}/queries/folders`)).toHaveLength(0);
  });
});

describe('stored tables and columns', () => {
  describe('the local gateway says which table or column was meant', () => {
    let data: ReturnType<typeof tempDir>;
    let env: Record<string, string>;
    beforeAll(() => {
      data = tempDir('dgw-hints-');
      env = { DGW_CONFIG_DIR: data.dir, DGW_LOCAL_DIR: `${data.dir}/gw` };
    });
    afterAll(() => data.remove());

    it('table list orderz: did you mean "orders"? (the seeded demo table)', async () => {
      const r = await runDgw(['--zone', 'local', 'table', 'list', 'orderz'], { env });
      expect(r.code, r.stderr).toBe(4);
      expect(r.stderr).toMatch(/table orderz not found in project \S+; did you mean "orders"\?/);
    });

    it('drop-column of a mistyped column: did you mean the column', async () => {
      const r = await runDgw(['--zone', 'local', 'table', 'drop-column', 'orders', 'amout', '--yes'], { env });
      expect(r.code, r.stderr).toBe(4);
      expect(r.stderr).toContain('table orders has no column amout; did you mean "amount"?');
    });
  });

  describe('a hosted service: drop-column checks the columns it reads anyway', () => {
    const { server, dgw } = useStandIn();
    it('table orders has no column stauts; ... did you mean "status"?', async () => {
      server.on('GET', `${P}/table/orders/columns`, { json: [{ name: 'status', dataType: 'VARCHAR' }, { name: 'amount', dataType: 'DOUBLE' }] });
      server.on('GET', `${P}/queries`, { json: [] });
      const r = await dgw(['table', 'drop-column', 'orders', 'stauts', '--dry-run', '--with-reads']);
      expect(r.code, r.stderr).toBe(4);
      expect(r.stderr).toContain('table orders has no column stauts; its columns: status, amount; did you mean "status"?');
      expect(server.requests.map((q) => q.path)).toEqual([`${P}/table/orders/columns`]);
    });
  });
});
