import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// A plain --dry-run sends nothing at all. `--dry-run --with-reads` may send reads (GET only) so a
// destructive command can show what it would destroy or break, as its question does; it still
// sends no change.

const { server, dgw } = useStandIn();
const folder = (id: string, name: string, queryIds: string[], children: unknown[] = []) => ({ id, name, createdAt: 1, modifiedAt: 1, queryIds, children });
const FOLDERS = [folder('f1', 'reports', ['q1'], [folder('f2', 'monthly', ['q2'])])];
const QUERIES = [
  queryJson({ id: 'q1', name: 'revenue', folderId: 'f1', path: '/reports', inputQuery: 'SELECT status FROM svc.table.orders' }),
  queryJson({ id: 'q2', name: 'monthly_revenue', folderId: 'f2', path: '/reports/monthly', inputQuery: 'SELECT * FROM svc.query.revenue' }),
];
const methods = () => server.requests.map((r) => r.method);

describe('--dry-run --with-reads', () => {
  it('folder rm --force reads the folder and query lists, shows what goes with it and the real id, and deletes nothing', async () => {
    server.on('GET', /\/folders$/, { json: FOLDERS });
    server.on('GET', /\/queries$/, { json: QUERIES });
    const r = await dgw(['folder', 'rm', '/reports', '--force', '--dry-run', '--with-reads']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('/queries/folders/f1?force=true');
    expect(r.stdout).toContain('This would delete folder /reports with its 1 subfolder and 2 queries.');
    expect(r.stdout).toContain('subfolders: /reports/monthly');
    expect(r.stdout).toContain('queries: monthly_revenue, revenue');
    expect(methods().every((m) => m === 'GET')).toBe(true);
    const json = await dgw(['folder', 'rm', '/reports', '--force', '--dry-run', '--with-reads', '--json']);
    expect(JSON.parse(json.stdout).effects).toEqual({
      folder: { id: 'f1', path: '/reports' },
      subfolders: [{ id: 'f2', path: '/reports/monthly' }],
      queries: [{ id: 'q1', name: 'revenue' }, { id: 'q2', name: 'monthly_revenue' }],
      ends: ['svc.query.revenue', 'svc.query.monthly_revenue'],
      readers: [],
    });
    expect(methods().every((m) => m === 'GET')).toBe(true);
  });

  it('folder rm without --force still checks first: a folder that is not empty is exit 5, nothing deleted', async () => {
    server.on('GET', /\/folders$/, { json: FOLDERS });
    const r = await dgw(['folder', 'rm', '/reports', '--dry-run', '--with-reads']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('folder /reports is not empty');
    expect(methods().every((m) => m === 'GET')).toBe(true);
  });

  it('table drop-column checks the column and names the saved queries that read it, and drops nothing', async () => {
    server.on('GET', /\/table\/orders\/columns$/, { json: [{ name: 'status', dataType: 'VARCHAR' }, { name: 'amount', dataType: 'DECIMAL' }] });
    server.on('GET', /\/queries$/, { json: QUERIES });
    const r = await dgw(['table', 'drop-column', 'orders', 'status', '--dry-run', '--with-reads', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).effects).toMatchObject({ table: 'orders', column: 'status', readers: [expect.objectContaining({ id: 'q1', name: 'revenue' })] });
    const missing = await dgw(['table', 'drop-column', 'orders', 'stauts', '--dry-run', '--with-reads']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('table orders has no column stauts');
    expect(methods().every((m) => m === 'GET')).toBe(true);
  });

  it('query update --name lists the queries that read the old name, under the real id, and updates nothing', async () => {
    server.on('GET', /\/queries$/, { json: QUERIES });
    const r = await dgw(['query', 'update', 'revenue', '--name', 'Revenue EU', '--dry-run', '--with-reads']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('/queries/q1');
    expect(r.stdout).toContain('1 saved query reads svc.query.revenue and will fail when next run or refreshed:\n  monthly_revenue (plain)');
    expect(methods()).toEqual(['GET']);
  });

  it('--with-reads without --dry-run is exit 2, and nothing is sent', async () => {
    const r = await dgw(['folder', 'rm', '/reports', '--yes', '--with-reads']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--with-reads goes with --dry-run');
    expect(server.requests).toHaveLength(0);
  });
});

describe('on the local gateway', () => {
  const tmp = tempDir('dgw-with-reads-');
  afterAll(() => tmp.remove());
  const local = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env: { DGW_CONFIG_DIR: `${tmp.dir}/c`, DGW_LOCAL_DIR: `${tmp.dir}/d` } });

  it('folder rm --force --dry-run --with-reads names what it would delete, and the folder stays', async () => {
    expect((await local('query', 'create', 'Rev', '--sql', 'SELECT status FROM svc.table.orders', '--path', '/reports/monthly', '--parents')).code).toBe(0);
    const dry = await local('folder', 'rm', '/reports', '--force', '--dry-run', '--with-reads');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('This would delete folder /reports with its 1 subfolder and 1 query.');
    expect(dry.stdout).toContain('queries: rev');
    const after = await local('query', 'list', '--json');
    expect(JSON.parse(after.stdout).map((q: { name: string }) => q.name)).toContain('rev');
  });
});
