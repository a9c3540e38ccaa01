import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { KEY, useStandIn } from './support/stand-in.js';

// The commands for the document's operations, as the spawned binary sends them to a recording
// server: exactly the documented requests (and, through the fixture, each one validated against
// the wire schemas), answers read in the document's shapes.
const { server, dgw, dgwAnswering } = useStandIn('p-3');
const P = '/data/projects/p-3';
const Q1 = '718355029114830301';
const Q2 = '718355029114830302';
const FOLDERS = {
  items: [
    { id: 'f-rep', name: 'reports', path: '/reports', parentId: null, createdAt: '2026-01-01T00:00:00Z' },
    { id: 'f-mon', name: 'monthly', path: '/reports/monthly', parentId: 'f-rep', createdAt: '2026-01-02T00:00:00Z' },
    { id: 'f-arc', name: 'archive', path: '/archive', parentId: null, createdAt: '2026-01-03T00:00:00Z' },
  ],
};
const sent = () => server.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''}${r.body ? ` ${r.body}` : ''}`);

describe('query mv', () => {
  it('sends one PATCH .../queries/{id}/path per query, with the folder path, once the folder list shows it exists', async () => {
    server.on('PATCH', /\/path$/, { status: 200 });
    server.on('GET', `${P}/queries/folders`, { json: FOLDERS });
    const r = await dgw(['query', 'mv', Q1, Q2, '/reports/monthly/', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ path: '/reports/monthly', queryIds: [Q1, Q2] });
    expect(sent()).toEqual([`GET ${P}/queries/folders`, `PATCH ${P}/queries/${Q1}/path {"path":"/reports/monthly"}`, `PATCH ${P}/queries/${Q2}/path {"path":"/reports/monthly"}`]);
  });

  it('a path no folder has is not found (exit 4) and nothing moves, as folder move; --parents sends the move without asking', async () => {
    server.on('PATCH', /\/path$/, { status: 200 });
    server.on('GET', `${P}/queries/folders`, { json: FOLDERS });
    const typo = await dgw(['query', 'mv', Q1, '/reprots/monthly']);
    expect(typo.code).toBe(4);
    expect(typo.stderr).toMatch(/no folder at \/reprots\/monthly/);
    expect(typo.stderr).toMatch(/add --parents/);
    expect(sent()).toEqual([`GET ${P}/queries/folders`]);
    server.requests.length = 0;
    const made = await dgw(['query', 'mv', Q1, '/archive/2025', '--parents']);
    expect(made.code, made.stderr).toBe(0);
    expect(sent()).toEqual([`PATCH ${P}/queries/${Q1}/path {"path":"/archive/2025"}`]);
  });

  it('to / sends path "/"; to a folder id, looks its path up in the folder list first', async () => {
    server.on('PATCH', /\/path$/, { status: 200 });
    server.on('GET', `${P}/queries/folders`, { json: FOLDERS });
    expect((await dgw(['query', 'mv', Q1, '/'])).code).toBe(0);
    expect((await dgw(['query', 'mv', Q1, 'f-mon'])).code).toBe(0);
    expect(sent()).toEqual([`PATCH ${P}/queries/${Q1}/path {"path":"/"}`, `GET ${P}/queries/folders`, `PATCH ${P}/queries/${Q1}/path {"path":"/reports/monthly"}`]);
  });

  it('refuses a bad folder path before sending anything', async () => {
    const r = await dgw(['query', 'mv', Q1, '/reports/../x']);
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});

describe('folder rename, move, view, tree', () => {
  it('folder rename by path: the folder list, then PATCH .../folders/{id}/name', async () => {
    server.on('GET', `${P}/queries/folders`, { json: FOLDERS });
    server.on('PATCH', `${P}/queries/folders/f-mon/name`, { json: { id: 'f-mon', name: 'Monthly (old)', path: '/reports/Monthly (old)', parentId: 'f-rep', createdAt: '2026-01-02T00:00:00Z' } });
    const r = await dgw(['folder', 'rename', '/reports/monthly', 'Monthly (old)', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: 'f-mon', name: 'Monthly (old)', path: '/reports/Monthly (old)' });
    expect(sent()).toEqual([`GET ${P}/queries/folders`, `PATCH ${P}/queries/folders/f-mon/name {"name":"Monthly (old)"}`]);
  });

  it('folder rename refuses a path as the new name, before any request', async () => {
    const r = await dgw(['folder', 'rename', 'f-mon', 'a/b']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a path/);
    expect(server.requests).toHaveLength(0);
  });

  it('folder move into an existing folder sends the folder\'s own new path (as the document\'s example)', async () => {
    server.on('GET', `${P}/queries/folders`, { json: FOLDERS });
    server.on('PATCH', `${P}/queries/folders/f-mon/path`, { json: { id: 'f-mon', name: 'monthly', path: '/archive/monthly', parentId: 'f-arc' } });
    const r = await dgw(['folder', 'move', '/reports/monthly', '/archive']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('moved folder /reports/monthly to /archive/monthly');
    expect(sent()).toEqual([`GET ${P}/queries/folders`, `PATCH ${P}/queries/folders/f-mon/path {"path":"/archive/monthly"}`]);
  });

  it('folder move to a path that is no folder sends that path (its missing parent only with --parents); to / puts it at the root; into itself is exit 5', async () => {
    server.on('GET', `${P}/queries/folders`, { json: FOLDERS });
    server.on('PATCH', /\/path$/, { json: {} });
    const typo = await dgw(['folder', 'move', 'f-mon', '/old/2025']);
    expect(typo.code).toBe(4);
    expect(typo.stderr).toMatch(/no folder at \/old[\s\S]*--parents/);
    expect(sent().filter((s) => s.startsWith('PATCH'))).toEqual([]);
    expect((await dgw(['folder', 'move', 'f-mon', '/archive/2025-monthly'])).code).toBe(0);
    expect((await dgw(['folder', 'move', 'f-mon', '/old/2025', '--parents'])).code).toBe(0);
    expect((await dgw(['folder', 'move', '/reports/monthly', '/'])).code).toBe(0);
    expect(sent().filter((s) => s.startsWith('PATCH'))).toEqual([
      `PATCH ${P}/queries/folders/f-mon/path {"path":"/archive/2025-monthly"}`,
      `PATCH ${P}/queries/folders/f-mon/path {"path":"/old/2025"}`,
      `PATCH ${P}/queries/folders/f-mon/path {"path":"/monthly"}`,
    ]);
    server.requests.length = 0;
    const r = await dgw(['folder', 'move', '/reports', '/reports/monthly']);
    expect(r.code).toBe(5);
    expect(sent()).toEqual([`GET ${P}/queries/folders`]);
  });

  it('folder view by id: one GET, the folder with its subfolders and queries (the document\'s shape)', async () => {
    server.on('GET', `${P}/queries/folders/f-rep`, {
      json: {
        id: 'f-rep', name: 'reports', path: '/reports', parentId: null, createdAt: '2026-01-01T00:00:00Z',
        folders: [{ id: 'f-mon', name: 'monthly', path: '/reports/monthly', parentId: 'f-rep', createdAt: '2026-01-02T00:00:00Z' }],
        queries: [{ id: Q1, displayName: 'Revenue', name: 'revenue', inputQuery: 'SELECT 1', path: '/reports', folderId: 'f-rep' }],
      },
    });
    const r = await dgw(['folder', 'view', 'f-rep', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      id: 'f-rep', name: 'reports', path: '/reports', parentId: null, createdAt: '2026-01-01T00:00:00.000Z',
      folders: [{ id: 'f-mon', name: 'monthly', path: '/reports/monthly' }],
      queries: [{ id: Q1, displayName: 'Revenue', name: 'revenue', inputQuery: 'SELECT 1', queryType: 'PLAIN', schedule: null, path: '/reports', folderId: 'f-rep' }],
    });
    expect(sent()).toEqual([`GET ${P}/queries/folders/f-rep`]);
  });

  it('folder view in the seed\'s shape names its queries from the query list and its path from the folder list', async () => {
    server.on('GET', `${P}/queries/folders/f-rep`, { json: { id: 'f-rep', name: 'reports', createdAt: 1767225600000, modifiedAt: 1, children: [{ id: 'f-mon', name: 'monthly', createdAt: 1, modifiedAt: 1, children: [], queryIds: [] }], queryIds: [Q1] } });
    server.on('GET', `${P}/queries/folders`, { json: [{ id: 'f-rep', name: 'reports', createdAt: 1, modifiedAt: 1, children: [], queryIds: [Q1] }] });
    server.on('GET', `${P}/queries`, { json: [{ id: Q1, displayName: 'Revenue', name: 'revenue', inputQuery: 'SELECT 1', path: '/reports', folderId: 'f-rep' }] });
    const r = await dgw(['folder', 'view', 'f-rep', '--json', 'path,folders,queries']);
    expect(r.code).toBe(0);
    const view = JSON.parse(r.stdout);
    expect(view.path).toBe('/reports');
    expect(view.folders).toEqual([{ id: 'f-mon', name: 'monthly', path: '/reports/monthly' }]);
    expect(view.queries.map((q: { name: string }) => q.name)).toEqual(['revenue']);
  });

  it('folder tree --queries: GET .../folders/tree?includeQueries=true, drawn with the queries', async () => {
    server.on('GET', `${P}/queries/folders/tree`, {
      json: { tree: [{ id: 'f-rep', name: 'reports', path: '/reports', children: [{ id: 'f-mon', name: 'monthly', path: '/reports/monthly', children: [], queries: [] }], queries: [{ id: Q1, displayName: 'Revenue', name: 'revenue', inputQuery: 'SELECT 1' }] }] },
    });
    // The tree holds no query outside a folder: the query list says which are at the root.
    server.on('GET', `${P}/queries`, { json: [{ id: Q1, displayName: 'Revenue', name: 'revenue', inputQuery: 'SELECT 1', path: '/reports', folderId: 'f-rep' }, { id: '709922802836177999', displayName: 'Loose', name: 'loose', inputQuery: 'SELECT 2', path: null, folderId: null }] });
    const r = await dgw(['folder', 'tree', '--queries']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`reports/  f-rep\n  monthly/  f-mon\n  revenue  ${Q1}\nloose  709922802836177999\n`);
    expect(sent().sort()).toEqual([`GET ${P}/queries`, `GET ${P}/queries/folders/tree?includeQueries=true`]);
  });

  it('folder tree FOLDER sends rootFolderId; --json gives the nested nodes', async () => {
    server.on('GET', `${P}/queries/folders/tree`, { json: { tree: [{ id: 'f-mon', name: 'monthly', path: '/reports/monthly', children: [] }] } });
    const r = await dgw(['folder', 'tree', 'f-mon', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ id: 'f-mon', name: 'monthly', path: '/reports/monthly', children: [] }]);
    expect(sent()).toEqual([`GET ${P}/queries/folders/tree?rootFolderId=f-mon`]);
  });
});

describe('mtquery cancel', () => {
  it('POST .../materialized-queries/{id}/cancel with no body; an empty answer is fine', async () => {
    server.on('POST', `${P}/materialized-queries/${Q1}/cancel`, { status: 200 });
    const r = await dgw(['mtquery', 'cancel', Q1, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ queryId: Q1, cancel: 'requested' });
    expect(sent()).toEqual([`POST ${P}/materialized-queries/${Q1}/cancel`]);
  });
});

describe('key list, create, rm', () => {
  const KEY_ID = '21fd1a8d-0000-4295-b792-5b2113138057';
  const SECRET = 'Xy7Qp2.secret-of-the-new-key-0000';

  it('key list reads the list the service sends (the document declares one object)', async () => {
    server.on('GET', '/projects/p-3/apiKeys', { json: [{ name: 'ci', apiKey: null, apiKeyId: KEY_ID }] });
    const r = await dgw(['key', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${KEY_ID}\tci\tnever\n`);
  });

  it('key create prints the secret once on stdout, and --debug never shows it', async () => {
    server.on('POST', '/projects/p-3/apiKeys', { json: { name: 'ci', apiKey: SECRET, apiKeyId: KEY_ID } });
    const r = await dgw(['key', 'create', 'ci', '--expires', '2099-01-31T00:00:00Z', '--debug']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${SECRET}\n`);
    expect(r.stderr).toContain('created API key ci');
    expect(r.stderr).toMatch(/"apiKey":"\*\*\*\*0000"/);
    expect(r.stderr).not.toContain(SECRET);
    expect(r.stderr).not.toContain(KEY);
    expect(sent()).toEqual(['POST /projects/p-3/apiKeys {"name":"ci","expiresAt":"2099-01-31T00:00:00.000Z"}']);
  });

  it('key create --expires 90d sends a time 90 days ahead; a time in the past is exit 2 with nothing sent', async () => {
    server.on('POST', '/projects/p-3/apiKeys', { json: { name: 'ci', apiKey: SECRET, apiKeyId: KEY_ID } });
    const before = Date.now();
    expect((await dgw(['key', 'create', 'ci', '--expires', '90d'])).code).toBe(0);
    const at = Date.parse((server.requests[0].json as { expiresAt: string }).expiresAt);
    expect(at - before).toBeGreaterThanOrEqual(90 * 86_400_000 - 1000);
    expect(at - before).toBeLessThan(90 * 86_400_000 + 60_000);
    server.requests.length = 0;
    expect((await dgw(['key', 'create', 'ci', '--expires', '2001-01-01T00:00:00Z'])).code).toBe(2);
    expect((await dgw(['key', 'create', 'ci', '--expires', 'soon'])).code).toBe(2);
    // A date that does not exist is refused, not rolled over into the next month or day.
    for (const impossible of ['2099-02-30T00:00:00Z', '2099-04-31', '2099-01-31T24:00:00Z', '2099-02-29T10:00:00Z']) {
      const r = await dgw(['key', 'create', 'ci', '--expires', impossible]);
      expect(r.code, impossible).toBe(2);
      expect(r.stderr).toContain('is neither an ISO 8601 time');
    }
    expect((await dgw(['key', 'create', 'ci', '--expires', '2096-02-29T10:00:00+02:00', '--dry-run', '--json'])).code).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('key rm by name: asks or refuses first (nothing sent without a terminal or --yes), then the list and one DELETE', async () => {
    server.on('GET', '/projects/p-3/apiKeys', { json: [{ name: 'ci', apiKey: null, apiKeyId: KEY_ID }] });
    server.on('DELETE', `/projects/p-3/apiKeys/${KEY_ID}`, { status: 200 });
    const refused = await dgw(['key', 'rm', 'ci']);
    expect(refused.code).toBe(2);
    expect(server.requests).toHaveLength(0);
    const asked = await dgwAnswering(['key', 'rm', 'ci'], { input: 'y\n' });
    expect(asked.screen).toMatch(/Delete API key ci of project p-3/);
    expect(asked.code).toBe(0);
    expect(sent()).toEqual(['GET /projects/p-3/apiKeys', `DELETE /projects/p-3/apiKeys/${KEY_ID}`]);
  });

  it('key rm by id sends one DELETE', async () => {
    server.on('DELETE', `/projects/p-3/apiKeys/${KEY_ID}`, { status: 200 });
    expect((await dgw(['key', 'rm', KEY_ID, '--yes'])).code).toBe(0);
    expect(sent()).toEqual([`DELETE /projects/p-3/apiKeys/${KEY_ID}`]);
  });
});

describe('table create, add-column, rm', () => {
  it('table create NAME --column ...: POST .../table/{name} with no body, then the columns as ColumnRequest', async () => {
    server.on('POST', `${P}/table/events`, { json: { catalogId: '1', catalogName: 'peaka', schemaName: 'table', tableName: 'events', isCacheable: false, isDynamicTable: false, isCached: false } });
    server.on('POST', `${P}/table/events/columns`, { json: [{ name: 'id', dataType: 'bigint' }, { name: 'at', dataType: 'timestamp' }] });
    const r = await dgw(['table', 'create', 'events', '--column', 'id:BIGINT', '-c', 'at:timestamp', '--json', 'tableName,catalogName']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ tableName: 'events', catalogName: 'peaka' });
    expect(sent()).toEqual([`POST ${P}/table/events`, `POST ${P}/table/events/columns [{"name":"id","dataType":"BIGINT"},{"name":"at","dataType":"TIMESTAMP"}]`]);
  });

  it('table create refuses a bad column spec before sending anything', async () => {
    for (const spec of ['id', 'id:BLOB', ':BIGINT']) {
      const r = await dgw(['table', 'create', 'events', '--column', spec]);
      expect(r.code, spec).toBe(2);
    }
    expect((await dgw(['table', 'create', 'events', '-c', 'a:BIGINT', '-c', 'A:VARCHAR'])).code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });

  it('table add-column sends all columns in one POST and shows what the service answers', async () => {
    server.on('POST', `${P}/table/orders/columns`, { json: { name: 'discount', dataType: 'decimal', displayName: 'discount', defaultValue: null, isNotNull: false, isUnique: false } });
    const r = await dgw(['table', 'add-column', 'orders', 'discount:DECIMAL']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('discount\tdecimal\tfalse\tfalse\t\\N\n');
    expect(sent()).toEqual([`POST ${P}/table/orders/columns [{"name":"discount","dataType":"DECIMAL"}]`]);
  });

  it('table rm: nothing without a terminal or --yes; on a terminal the name is typed back; DELETE .../table/{name}', async () => {
    server.on('DELETE', `${P}/table/staging`, { status: 200 });
    expect((await dgw(['table', 'rm', 'staging'])).code).toBe(2);
    expect(server.requests).toHaveLength(0);
    const wrong = await dgwAnswering(['table', 'rm', 'staging'], { input: 'y\n' });
    expect(wrong.code).toBe(2);
    // Before asking, only the query list is read (to name the saved queries that read the table).
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
    const typed = await dgwAnswering(['table', 'rm', 'staging'], { input: 'staging\n' });
    expect(typed.screen).toContain('Type "staging" to confirm');
    expect(typed.code).toBe(0);
    expect(sent().filter((r) => !r.startsWith('GET '))).toEqual([`DELETE ${P}/table/staging`]);
  });
});

describe('project list', () => {
  it('walks organizations → workspaces → projects with the documented operations', async () => {
    server.on('GET', '/organizations', { json: [{ id: 'org-1', name: 'Acme', owner: 'u', createdAt: '2025-03-25T12:28:48Z', iconFileId: null }] });
    server.on('GET', '/organizations/org-1/workspaces', {
      json: [
        { id: 'ws-1', name: 'Analytics', organizationId: 'org-1', createdAt: null, defaultWorkspace: false },
        { id: 'ws-2', name: 'Default Workspace', organizationId: 'org-1', defaultWorkspace: true },
      ],
    });
    server.on('GET', '/organizations/org-1/workspaces/ws-1/projects', { json: [{ id: 'Ab12Cd34', name: 'Shop', createdAt: '2023-08-21T11:09:04Z', workspaceId: 'ws-1' }] });
    server.on('GET', '/organizations/org-1/workspaces/ws-2/projects', { json: [] });
    const r = await dgw(['project', 'list', '--json', 'id,name,workspaceName,organizationName']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ id: 'Ab12Cd34', name: 'Shop', workspaceName: 'Analytics', organizationName: 'Acme' }]);
    expect(sent().sort()).toEqual(['GET /organizations', '/organizations/org-1/workspaces', '/organizations/org-1/workspaces/ws-1/projects', '/organizations/org-1/workspaces/ws-2/projects'].map((p) => (p.startsWith('GET') ? p : `GET ${p}`)).sort());
  });

  it('an organization or workspace without an id is the service\'s malformed answer (exit 8), not a usage error', async () => {
    server.on('GET', '/organizations', { json: [{ name: 'no id org' }] });
    const r = await dgw(['project', 'list']);
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toContain('the service sent an organization without an id');
    server.on('GET', '/organizations', { json: [{ id: 'org-1', name: 'Acme' }] });
    server.on('GET', '/organizations/org-1/workspaces', { json: [{ name: 'Nameless' }] });
    expect((await dgw(['project', 'list'])).code).toBe(8);
  });
});

describe('partner-key-only commands', () => {
  it('with a profile known to hold a project key, key and project commands exit 3 and send nothing', async () => {
    const config = tempDir('dgw-partner-only-');
    try {
      const profile = { zone: 'default', baseUrl: server.baseUrl, projectId: 'p-3', apiKey: 'a-project-key-1234', keyType: 'project' };
      fs.writeFileSync(path.join(config.dir, 'config.json'), JSON.stringify({ currentProfile: 'ci', profiles: { ci: profile } }), { mode: 0o600 });
      for (const args of [['key', 'list'], ['key', 'create', 'x'], ['key', 'rm', 'x', '--yes'], ['project', 'list']]) {
        const r = await dgw(args, { env: { DGW_CONFIG_DIR: config.dir, DGW_API_KEY: undefined, DGW_BASE_URL: undefined, DGW_PROJECT: undefined } });
        expect(r.code, args.join(' ')).toBe(3);
        expect(r.stderr).toMatch(/needs a partner key, and the key in use is a project key/);
      }
      expect(server.requests).toHaveLength(0);
    } finally {
      config.remove();
    }
  });
});

describe('driver', () => {
  it('reads a connection string the service answers as text (the document types it a string of any media type)', async () => {
    server.on('GET', '/supportedDrivers/jdbc', { body: '{\n "JDBC": "jdbc:peaka://dbc.peaka.studio:4567/",\n}\n', headers: { 'content-type': 'text/plain' } });
    server.on('GET', '/supportedDrivers/sql_alchemy', { body: 'peaka://dbc.peaka.studio:4567/shop\n', headers: { 'content-type': 'text/plain' } });
    const jdbc = await dgw(['driver', 'jdbc', '--json']);
    expect(jdbc.code, jdbc.stderr).toBe(0);
    expect(JSON.parse(jdbc.stdout)).toMatchObject({ driver: 'JDBC', connectionString: 'jdbc:peaka://dbc.peaka.studio:4567/' });
    const alchemy = await dgw(['driver', 'sqlalchemy', 'shop', '--json']);
    expect(alchemy.code, alchemy.stderr).toBe(0);
    expect(JSON.parse(alchemy.stdout)).toMatchObject({ driver: 'SQL_ALCHEMY', connectionString: 'peaka://dbc.peaka.studio:4567/shop' });
    expect(sent()).toEqual(['GET /supportedDrivers/jdbc?projectId=p-3', 'GET /supportedDrivers/sql_alchemy?catalogName=shop&projectId=p-3']);
  });
});

describe('cache create, update, refresh, cancel', () => {
  const CID = '5b0c1a3e-0000-4000-8000-0000000000c1';
  const cacheAnswer = { id: CID, catalogId: '1', schemaName: 'table', tableName: 'orders', projectId: 'p-3' };
  const statusWith = (full?: object, incremental?: object) => ({ ...cacheAnswer, status: 'RUNNING', ...(full ? { lastFullRefreshCacheExecution: full } : {}), ...(incremental ? { lastIncrementalCacheExecution: incremental } : {}) });

  it('create: one POST .../cache with the document\'s body; the incremental column rides as dgw\'s query parameter (to a base URL, which may be `dgw serve`); --batch sends a list', async () => {
    server.on('POST', `${P}/cache`, { json: cacheAnswer });
    server.on('POST', `${P}/cache/batch`, { json: [{ success: true, cache: cacheAnswer }, { success: false, error: 'no table x' }] });
    server.on('GET', `${P}/cache/status`, { json: [statusWith()] });
    expect((await dgw(['cache', 'create', 'orders', '--every', '6h', '--incremental-column', 'order_id', '--incremental-cron', '0 * * * *', '--tz', 'Europe/Berlin'])).code).toBe(0);
    const batch = await dgw(['cache', 'create', '--batch', 'orders', '2.query.x', '--json']);
    expect(batch.code).toBe(6);
    // The service answered 200: the error names no HTTP status (it said 400, which never came).
    expect(JSON.parse(batch.stderr.trim().split('\n').at(-1)!).error).toEqual(expect.objectContaining({ kind: 'rejected', message: expect.stringMatching(/1 of 2 caches were not created: 2.query.x \(no table x\)/) }));
    expect(JSON.parse(batch.stderr.trim().split('\n').at(-1)!).error.status).toBeNull();
    expect(JSON.parse(batch.stdout)).toEqual([{ table: 'orders', success: true, id: CID, error: null }, { table: '2.query.x', success: false, id: null, error: 'no table x' }]);
    const requests = sent();
    // The catalogs' names, for the SOURCE a terminal or TSV shows, are read beside the create (in either order).
    expect(requests.slice(0, 2).sort()).toEqual([
      `GET ${P}/catalogs`,
      `POST ${P}/cache?incrementalColumn=order_id {"catalogId":"1","schemaName":"table","tableName":"orders","fullRefreshCacheSchedule":{"type":"BASIC","expression":"PT6H"},"incrementalCacheSchedule":{"type":"CRON","expression":"CRON_TZ=Europe/Berlin 0 * * * *"}}`,
    ]);
    expect(requests.slice(2)).toEqual([
      // A bare table name may name another cache too: the hint after it quotes one that names this cache alone.
      `GET ${P}/cache/status`,
      `POST ${P}/cache/batch [{"catalogId":"1","schemaName":"table","tableName":"orders"},{"catalogId":"2","schemaName":"query","tableName":"x"}]`,
    ]);
  });

  it('update --no-schedule sends NONE for both; a name is looked up in the project\'s cache statuses first', async () => {
    server.on('GET', `${P}/cache/status`, { json: [statusWith()] });
    server.on('PUT', `${P}/cache/${CID}`, { json: cacheAnswer });
    expect((await dgw(['cache', 'update', 'orders', '--no-schedule'])).code).toBe(0);
    const requests = sent();
    expect(requests.slice(0, 2).sort()).toEqual([`GET ${P}/cache/status`, `GET ${P}/catalogs`]);
    expect(requests.slice(2)).toEqual([`PUT ${P}/cache/${CID} {"fullRefreshCacheSchedule":{"type":"NONE"},"incrementalCacheSchedule":{"type":"NONE"}}`]);
  });

  it('refresh --incremental: the incremental operation; cancel: the operation of the mode that runs', async () => {
    server.on('GET', `${P}/cache/${CID}/status`, { json: statusWith(undefined, { id: 'r1', executionMode: 'INCREMENTAL', status: 'RUNNING' }) });
    server.on('POST', `${P}/cache/${CID}/incrementalUpdate`, { json: {} });
    server.on('POST', `${P}/cache/${CID}/cancelIncrementalUpdate`, { status: 200 });
    expect((await dgw(['cache', 'refresh', CID, '--incremental'])).code).toBe(0);
    expect((await dgw(['cache', 'cancel', CID])).code).toBe(0);
    expect(sent()).toEqual([
      `GET ${P}/cache/${CID}/status?excludeLogs=true`,
      `POST ${P}/cache/${CID}/incrementalUpdate`,
      `GET ${P}/cache/${CID}/status?excludeLogs=true`,
      `POST ${P}/cache/${CID}/cancelIncrementalUpdate`,
    ]);
  });

  it('refresh by name: the status list that found the cache is the status before; no second read of it', async () => {
    server.on('GET', `${P}/cache/status`, { json: [statusWith({ id: 'r0', executionMode: 'FULL_REFRESH', status: 'COMPLETED' })] });
    server.on('POST', `${P}/cache/${CID}/fullRefreshUpdate`, { json: {} });
    expect((await dgw(['cache', 'refresh', 'orders'])).code).toBe(0);
    expect(sent()).toEqual([`GET ${P}/cache/status`, `POST ${P}/cache/${CID}/fullRefreshUpdate`]);
  });
});

// Connections and catalogs: each command's requests exactly, answered with the document's own
// examples (read from it), so what the commands read is what the service documents.
const here = path.dirname(fileURLToPath(import.meta.url));
const SPEC = [process.env.DGW_OPENAPI, path.resolve(here, '../../shared/spec/peaka-openapi.json'), path.resolve(here, '../../../shared/spec/peaka-openapi.json'), '/work/shared/spec/peaka-openapi.json'].find((f): f is string => !!f && fs.existsSync(f));
type Json = Record<string, unknown>;
const spec = SPEC ? (JSON.parse(fs.readFileSync(SPEC, 'utf8')) as { paths: Record<string, Record<string, Json>> }) : undefined;

/** The first example answer of an operation, by its operationId. */
function exampleOf(operationId: string): unknown {
  for (const methods of Object.values(spec!.paths)) {
    for (const op of Object.values(methods)) {
      if (op.operationId !== operationId) continue;
      const media = Object.values(((op.responses as Json)['200'] as Json).content as Json)[0] as Json;
      return media.example ?? (Object.values(media.examples as Json)[0] as Json).value;
    }
  }
  throw new Error(`no operation ${operationId}`);
}

describe.skipIf(!spec)('connection and catalog commands send exactly the documented requests and read the documented answers', () => {
  const CONN = '8db17e23-29de-4dab-8886-af9717e0e742';
  const CAT = '627249916703408649';
  const TABLE = `${P}/catalogs/${CAT}/schemas/crm/tables/companies`;

  it('connection list, get, update, detail, oauth-callback, rm', async () => {
    server.on('GET', '/connections/p-3', { json: exampleOf('listConnections') });
    server.on('GET', `/connections/p-3/${CONN}`, { json: exampleOf('getConnection') });
    server.on('PUT', `/connections/p-3/${CONN}`, { json: exampleOf('updateConnection') });
    server.on('GET', `/connections/p-3/${CONN}/detail`, { json: exampleOf('getConnectionView') });
    server.on('POST', '/connections/p-3/oauth2', { json: exampleOf('oauth2Callback') });
    server.on('DELETE', `/connections/p-3/${CONN}`, { status: 200 });
    expect((await dgw(['connection', 'list', '-q'])).stdout.split('\n')).toContain(CONN);
    expect(JSON.parse((await dgw(['connection', 'get', CONN, '--json'])).stdout)).toEqual({ id: CONN, name: 'airtable2', type: 'airtable', url: null });
    expect(JSON.parse((await dgw(['connection', 'update', CONN, '--name', 'exampleAirtableConnection', '--json'])).stdout).name).toBe('exampleAirtableConnection');
    expect(JSON.parse((await dgw(['connection', 'detail', 'airtable2', '--json'])).stdout)).toMatchObject({ type: 'bullhorn', swimlane: '123', corpToken: '***' });
    expect(JSON.parse((await dgw(['connection', 'oauth-callback', 'https://app.example.com/cb?code=1234&state=xyz', '--json'])).stdout).type).toBe('google_analytics');
    expect((await dgw(['connection', 'rm', CONN, '--yes'])).code).toBe(0);
    expect(sent()).toEqual([
      'GET /connections/p-3',
      `GET /connections/p-3/${CONN}`,
      `GET /connections/p-3/${CONN}`,
      `PUT /connections/p-3/${CONN} {"name":"exampleAirtableConnection","type":"airtable"}`,
      // A rename then reads the catalog name SQL knows the connection by.
      'GET /data/projects/p-3/catalogs',
      'GET /connections/p-3',
      `GET /connections/p-3/${CONN}/detail`,
      'POST /connections/p-3/oauth2 {"queryParameters":"code=1234&state=xyz"}',
      `DELETE /connections/p-3/${CONN}`,
    ]);
  });

  it('connection create: the type\'s configuration, then the request with the fields typed by it', async () => {
    server.on('GET', '/connections/config/stripe', { json: { connectionType: 'stripe', authorizationType: 'custom', configuration: [{ fieldName: 'token', required: true }, { fieldName: 'days', fieldType: 'number', required: false }] } });
    server.on('POST', '/connections/p-3', { json: exampleOf('createConnection') });
    const dir = tempDir('dgw-conn-');
    try {
      fs.writeFileSync(path.join(dir.dir, 'stripe.json'), '{"token": "sk_test_1"}');
      const r = await dgw(['connection', 'create', 'exampleStripeConnection21', '--type', 'stripe', '--from-file', 'stripe.json', '-f', 'days=30', '--json'], { cwd: dir.dir });
      expect(JSON.parse(r.stdout)).toEqual({ id: '6243f42a-42d0-4821-a90f-763cda6cda50', name: 'exampleStripeConnection21', type: 'stripe', url: null });
    } finally {
      dir.remove();
    }
    expect(sent()).toEqual(['GET /connections/config/stripe', 'POST /connections/p-3 {"name":"exampleStripeConnection21","type":"stripe","credential":{"token":"sk_test_1","days":30}}']);
  });

  it('catalog get, create, schemas, tables, columns, stats, is-cached, search, share, rm', async () => {
    server.on('GET', `${P}/catalogs/${CAT}`, { json: exampleOf('readCatalog') });
    server.on('POST', `${P}/catalogs`, { json: exampleOf('createCatalog') });
    server.on('GET', `${P}/catalogs/${CAT}/schemas`, { json: exampleOf('listSchemas') });
    server.on('GET', `${P}/catalogs/${CAT}/schemas/crm/tables`, { json: exampleOf('listTables_1') });
    server.on('GET', `${TABLE}/columns`, { json: exampleOf('listColumns_1') });
    server.on('GET', `${TABLE}/statistics`, { json: exampleOf('getTableStatistics') });
    server.on('GET', `${TABLE}/isCached`, { json: exampleOf('isCached') });
    server.on('POST', `${P}/search`, { json: exampleOf('search') });
    server.on('POST', `${P}/catalogs/${CAT}/share`, { json: exampleOf('shareCatalog') });
    server.on('DELETE', `${P}/catalogs/${CAT}`, { status: 200 });
    expect(JSON.parse((await dgw(['catalog', 'get', CAT, '--json'])).stdout).name).toBe('exampleairtablecatalog');
    expect(JSON.parse((await dgw(['catalog', 'create', 'exampleAirtableCatalog', CONN, '--json'])).stdout).connectionId).toBe(CONN);
    expect((await dgw(['catalog', 'schemas', CAT, '-q'])).stdout).toBe('testSchema\n');
    expect((await dgw(['catalog', 'tables', CAT, 'crm', '-q'])).stdout).toBe('companies\nowners\n');
    expect((await dgw(['catalog', 'columns', `${CAT}.crm.companies`, '-q'])).stdout.split('\n').slice(0, 2)).toEqual(['id', 'hs_object_id']);
    expect(JSON.parse((await dgw(['catalog', 'stats', CAT, 'crm', 'companies', '--json'])).stdout).columnStatistics[1]).toEqual({ columnName: 'first_name', distinctFraction: -0.64, nullCount: null, distinctCount: null, min: null, max: null });
    expect(JSON.parse((await dgw(['catalog', 'is-cached', `${CAT}.crm.companies`, '--json'])).stdout)).toEqual({ isCached: true, isCacheable: true, supportedCacheTypes: ['FULL_REFRESH', 'INCREMENTAL'] });
    const found = JSON.parse((await dgw(['catalog', 'search', 'apple', '--catalog', 'my_catalog', '--schema', 'apple_schema', '-L', '200', '--offset', '400', '--json'])).stdout);
    expect(found.map((m: { kind: string }) => m.kind)).toEqual(['catalog', 'schema', 'table', 'table']);
    expect(JSON.parse((await dgw(['catalog', 'share', CAT, 'MQtMNNBY', '--json'])).stdout)).toEqual({ catalogId: CAT, targetProjectId: 'MQtMNNBY', sharedCatalogId: '555611268656923356' });
    expect((await dgw(['catalog', 'rm', CAT, '--yes'])).code).toBe(0);
    expect(sent()).toEqual([
      `GET ${P}/catalogs/${CAT}`,
      `POST ${P}/catalogs {"name":"exampleAirtableCatalog","connectionId":"${CONN}"}`,
      `GET ${P}/catalogs/${CAT}/schemas`,
      `GET ${P}/catalogs/${CAT}/schemas/crm/tables`,
      `GET ${TABLE}/columns`,
      `GET ${TABLE}/statistics`,
      `GET ${TABLE}/isCached`,
      `POST ${P}/search {"query":"apple","catalog":"my_catalog","schema":"apple_schema","limit":200,"offset":400}`,
      `POST ${P}/catalogs/${CAT}/share {"targetProjectId":"MQtMNNBY"}`,
      `DELETE ${P}/catalogs/${CAT}`,
    ]);
  });
});

describe('catalog search pages', () => {
  it('offers the next page only when it lies after this one: a nextOffset at or before it is not offered', async () => {
    const page = (nextOffset: number) => ({ json: { matchedCatalogs: [], matchedSchemas: [], matchedTables: [{ catalog: 'c', schema: 's', table: 't' }], meta: { page: { limit: 1, offset: 5, nextOffset } } } });
    server.on('POST', `${P}/search`, page(6));
    expect((await dgw(['catalog', 'search', 't', '--offset', '5'])).stderr).toContain('more matches: add --offset 6');
    server.on('POST', `${P}/search`, page(5));
    expect((await dgw(['catalog', 'search', 't', '--offset', '5'])).stderr).not.toContain('more matches');
    server.on('POST', `${P}/search`, page(0));
    expect((await dgw(['catalog', 'search', 't', '--offset', '5'])).stderr).not.toContain('more matches');
  });
});

describe('catalog create --extra', () => {
  const CONNECTION = { id: '6243f42a-42d0-4821-a90f-763cda6cda50', name: 'my-sheets', type: 'GOOGLE_SHEETS' };
  const made = { id: '626654862255325504', name: 'sheets', displayName: 'sheets', catalogType: 'GOOGLE_SHEETS', connectionId: CONNECTION.id };

  it('sends the JSON object of a file or stdin as extraParameters, beside the name and the connection', async () => {
    server.on('GET', '/connections/p-3', { json: [CONNECTION] }).on('POST', `${P}/catalogs`, { json: made });
    const r = await dgw(['catalog', 'create', 'sheets', 'my-sheets', '--extra', '-', '--json', 'id'], { input: '{"sheets": ["Orders", "Refunds"]}\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: made.id });
    expect(sent()).toEqual(['GET /connections/p-3', `POST ${P}/catalogs {"name":"sheets","connectionId":"${CONNECTION.id}","extraParameters":{"sheets":["Orders","Refunds"]}}`]);
  });

  it('refuses text that is not one JSON object before sending anything: exit 2, saying what it is', async () => {
    for (const [input, says] of [['{"sheets": [', '--extra: not JSON'], ['["Orders"]', '--extra: must be one JSON object'], ['null', '--extra: must be one JSON object']]) {
      const r = await dgw(['catalog', 'create', 'sheets', 'my-sheets', '--extra', '-'], { input });
      expect([r.code, r.stderr], input).toEqual([2, expect.stringContaining(says)]);
    }
    expect(sent()).toEqual([]);
  });
});
