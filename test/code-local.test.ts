import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, type DgwResult } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// Queries as code end to end: the built binary against the local gateway (in-process), in
// temporary folders. Each scenario shows its plan, applies it, and `plan` shows no change after.

const tmp = tempDir('dgw-code-local-');
const work = path.join(tmp.dir, 'work');
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local') };
const dgw = (...args: string[]): Promise<DgwResult> => runAsBinaryWould(['--zone', 'local', ...args], { env, cwd: work });
const file = (rel: string) => path.join(work, 'queries', rel);
const read = (rel: string) => fs.readFileSync(file(rel), 'utf8');
function write(rel: string, text: string) {
  fs.mkdirSync(path.dirname(file(rel)), { recursive: true });
  fs.writeFileSync(file(rel), text);
}

interface PlanJson {
  hasChanges: boolean;
  changes: Array<{ action: string; name?: string; folder?: string; fields?: string[]; after?: Record<string, unknown>; before?: Record<string, unknown> }>;
  unmanaged: { queries: Array<{ name: string }>; folders: string[] };
}
async function plan(...flags: string[]): Promise<PlanJson> {
  const r = await dgw('plan', '--json', ...flags);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as PlanJson;
}
const brief = (p: PlanJson) => p.changes.map((c) => (c.action === 'update' ? `update ${c.name}: ${c.fields!.join(',')}` : `${c.action} ${c.name ?? c.folder}`));

async function applyAndSettle(...flags: string[]) {
  const r = await dgw('apply', ...flags);
  expect(r.code, r.stderr).toBe(0);
  const after = await dgw('plan', '--prune', '--exit-code');
  expect(after.stdout, after.stderr).toContain('No changes');
  expect(after.code).toBe(0);
  return r;
}

async function ok(...args: string[]) {
  const r = await dgw(...args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

beforeAll(async () => {
  fs.mkdirSync(work, { recursive: true });
  // Every kind of query the round trip must hold.
  await ok('query', 'create', 'Revenue Report', '--sql', 'SELECT customer_id, amount FROM svc.table.orders;  \n');
  await ok('query', 'create', 'Monthly', '--materialized', '--sql', 'SELECT count(*) AS n FROM svc.table.orders', '--path', '/reports/monthly', '--parents');
  await ok('query', 'create', 'Six hourly', '--materialized', '--every', '6h', '--sql', 'SELECT 6 AS h', '--path', '/reports');
  await ok('query', 'create', 'Nightly', '--materialized', '--cron', '0 2 * * *', '--tz', 'Europe/Berlin', '--sql', 'SELECT 2 AS h');
  await ok('query', 'create', 'Ghost', '--sql', 'SELECT * FROM svc.table.not_there_yet', '--no-check-schema');
  await ok('query', 'create', 'Copy', '--materialized', '--from', 'revenuereport', '--path', '/reports');
  await ok('folder', 'create', '/empty/inside');
}, 120_000);

afterAll(() => tmp.remove());

describe('queries as code on the local gateway', () => {
  it('pull writes every kind of query, and plan then shows no change', async () => {
    const pulled = await ok('pull');
    expect(pulled.stderr).toMatch(/pulled 6 queries into queries\/ \(6 files written, 0 unchanged, 0 removed\)/);
    expect(read('revenuereport.sql')).toBe('-- ---\n-- displayName: Revenue Report\n-- ---\nSELECT customer_id, amount FROM svc.table.orders\n');
    expect(read('reports/monthly/monthly.sql')).toBe('-- ---\n-- displayName: Monthly\n-- materialized: true\n-- ---\nSELECT count(*) AS n FROM svc.table.orders\n');
    expect(read('reports/sixhourly.sql')).toBe('-- ---\n-- displayName: Six hourly\n-- materialized: true\n-- every: 6h\n-- ---\nSELECT 6 AS h\n');
    expect(read('nightly.sql')).toBe('-- ---\n-- displayName: Nightly\n-- materialized: true\n-- cron: "0 2 * * *"\n-- tz: Europe/Berlin\n-- ---\nSELECT 2 AS h\n');
    expect(read('ghost.sql')).toBe('-- ---\n-- displayName: Ghost\n-- ---\nSELECT * FROM svc.table.not_there_yet\n');
    expect(read('reports/copy.sql')).toContain('-- materialized: true\n-- ---\nSELECT customer_id, amount FROM svc.table.orders\n');
    expect(fs.statSync(file('empty/inside')).isDirectory()).toBe(true);

    const r = await dgw('plan', '--prune', '--exit-code');
    expect(r.stdout).toContain('No changes: the project matches the files.');
    expect(r.code).toBe(0);
    // A second pull changes nothing.
    expect((await ok('pull')).stderr).toMatch(/\(0 files written, 6 unchanged, 0 removed\)/);
  });

  it('an edited SQL file shows as an update with its diff, and apply carries it out', async () => {
    write('revenuereport.sql', '-- ---\n-- displayName: Revenue Report\n-- ---\nSELECT customer_id, amount\nFROM svc.table.orders\nWHERE amount > 0\n');
    const text = await dgw('plan');
    expect(text.stdout).toMatch(/~ update revenuereport\.sql\n {6}sql:\n {8}@@ -1,1 \+1,3 @@\n {8}-SELECT customer_id, amount FROM svc.table.orders\n {8}\+SELECT customer_id, amount\n/);
    expect(brief(await plan())).toEqual(['update revenuereport: sql']);
    await applyAndSettle();
    const q = JSON.parse((await ok('query', 'get', 'revenuereport', '--json')).stdout);
    expect(q.inputQuery).toBe('SELECT customer_id, amount\nFROM svc.table.orders\nWHERE amount > 0');
  });

  it('files added with and without a header are created', async () => {
    write('plainadd.sql', 'SELECT 1 AS one\n');
    write('new/hourly.sql', '-- ---\n-- displayName: Hourly\n-- materialized: true\n-- every: 1h\n-- ---\nSELECT 2 AS two;\n');
    expect(brief(await plan())).toEqual(['createFolder /new', 'create hourly', 'create plainadd']);
    await applyAndSettle();
    const q = JSON.parse((await ok('query', 'get', 'hourly', '--json')).stdout);
    expect(q).toMatchObject({ displayName: 'Hourly', queryType: 'MATERIALIZED', schedule: { type: 'interval', repeatDuration: 'PT1H' }, path: '/new' });
  });

  it('a file moved to another folder moves the query', async () => {
    fs.mkdirSync(file('archive/2026'), { recursive: true });
    fs.renameSync(file('plainadd.sql'), file('archive/2026/plainadd.sql'));
    const p = await plan();
    expect(brief(p)).toEqual(['createFolder /archive', 'createFolder /archive/2026', 'update plainadd: folder']);
    await applyAndSettle();
    expect(JSON.parse((await ok('query', 'get', 'plainadd', '--json')).stdout).path).toBe('/archive/2026');
  });

  it('a deleted file is no change without --prune, and a delete with it', async () => {
    fs.rmSync(file('ghost.sql'));
    const without = await plan();
    expect(without.hasChanges).toBe(false);
    expect(without.unmanaged.queries.map((q) => q.name)).toEqual(['ghost']);
    const text = await dgw('plan', '--exit-code');
    expect(text.stdout).toMatch(/Unmanaged \(in the project, in no file; left alone, --prune plans their deletion\):\n {2}ghost\n/);
    expect(text.code).toBe(0);
    expect(brief(await plan('--prune'))).toEqual(['delete ghost']);
    const refused = await dgw('apply', '--prune');
    // Refused once the plan was made (the project read): exit 14, not 2.
    expect(refused.code).toBe(14);
    await applyAndSettle('--prune', '--yes');
    expect((await dgw('query', 'get', 'ghost')).code).toBe(4);
  });

  it('a changed schedule and a removed one', async () => {
    write('reports/sixhourly.sql', '-- ---\n-- displayName: Six hourly\n-- materialized: true\n-- cron: "30 */4 * * *"\n-- tz: Asia/Tokyo\n-- ---\nSELECT 6 AS h\n');
    write('new/hourly.sql', '-- ---\n-- displayName: Hourly\n-- materialized: true\n-- ---\nSELECT 2 AS two\n');
    const p = await plan();
    expect(brief(p)).toEqual(['update hourly: schedule', 'update sixhourly: schedule']);
    expect(p.changes[1].after!.schedule).toEqual({ type: 'cron', cronExpression: '30 */4 * * *', timezone: 'Asia/Tokyo' });
    expect((await dgw('plan')).stdout).toMatch(/~ reschedule new\/hourly\.sql\n {6}schedule: every 1h → no schedule/);
    await applyAndSettle();
    expect(JSON.parse((await ok('query', 'get', 'sixhourly', '--json')).stdout).schedule).toEqual({ type: 'cron', cronExpression: '30 */4 * * *', timezone: 'Asia/Tokyo' });
    expect(JSON.parse((await ok('query', 'get', 'hourly', '--json')).stdout).schedule).toBeNull();
  });

  it('a query converted to materialized and back', async () => {
    write('revenuereport.sql', '-- ---\n-- displayName: Revenue Report\n-- materialized: true\n-- every: 1d\n-- ---\nSELECT customer_id, amount\nFROM svc.table.orders\nWHERE amount > 0\n');
    expect(brief(await plan())).toEqual(['update revenuereport: materialized,schedule']);
    expect((await dgw('plan')).stdout).toMatch(/~ convert, reschedule revenuereport\.sql\n {6}type: plain → materialized\n {6}schedule: no schedule → every 1d/);
    await applyAndSettle('--yes');
    expect(JSON.parse((await ok('query', 'get', 'revenuereport', '--json')).stdout)).toMatchObject({ queryType: 'MATERIALIZED', schedule: { type: 'interval', repeatDuration: 'P1D' } });
    const rows = await ok('sql', 'SELECT count(*) AS n FROM svc.mtquery.revenuereport', '--json');
    expect(rows.stdout).toMatch(/"n"/);

    write('revenuereport.sql', '-- ---\n-- displayName: Revenue Report\n-- ---\nSELECT customer_id, amount\nFROM svc.table.orders\nWHERE amount > 0\n');
    expect(brief(await plan())).toEqual(['update revenuereport: materialized']);
    await applyAndSettle('--yes');
    expect(JSON.parse((await ok('query', 'get', 'revenuereport', '--json')).stdout).queryType).toBe('PLAIN');
  });

  it('a folder moved whole (git mv) is one folder move, without a confirmation to give', async () => {
    fs.renameSync(file('reports'), file('archive/reports'));
    const planned = await dgw('plan', '--prune', '--json');
    expect(JSON.parse(planned.stdout).requests).toEqual([
      { operation: 'moveQueryFolder', method: 'PATCH', description: 'move folder /reports to /archive/reports with queries copy, monthly, sixhourly' },
    ]);
    await applyAndSettle('--prune');
    expect(JSON.parse((await ok('query', 'get', 'monthly', '--json')).stdout).path).toBe('/archive/reports/monthly');
    expect(JSON.parse((await ok('query', 'get', 'copy', '--json')).stdout).path).toBe('/archive/reports');
  });

  it('drift: a query changed by hand after pull shows in plan, and plan --exit-code exits 11', async () => {
    await ok('query', 'update', 'nightly', '--sql', 'SELECT 3 AS h');
    const r = await dgw('plan', '--exit-code');
    expect(r.code).toBe(11);
    expect(r.stdout).toMatch(/~ update nightly\.sql\n {6}sql:\n {8}@@ -1,1 \+1,1 @@\n {8}-SELECT 3 AS h\n {8}\+SELECT 2 AS h/);
    expect(r.stderr).toBe('');
    const json = await dgw('plan', '--exit-code', '--json');
    expect(json.code).toBe(11);
    expect(JSON.parse(json.stdout).hasChanges).toBe(true);
    // Taking the project's side instead: pull refuses to replace the file, pull --force does it.
    const refused = await dgw('pull');
    expect(refused.code).toBe(14);
    expect(refused.stderr).toMatch(/queries\/nightly\.sql \(differs from the project\)/);
    await ok('pull', '--force');
    expect(read('nightly.sql')).toContain('SELECT 3 AS h');
    expect((await dgw('plan', '--exit-code')).code).toBe(0);
  });

  it('the same files against the gateway in the hosted API shape: still no change', async () => {
    const r = await runAsBinaryWould(['--zone', 'local', 'plan', '--prune', '--exit-code'], { env: { ...env, DGW_LOCAL_API_SHAPE: 'hosted' }, cwd: work });
    expect(r.stdout, r.stderr).toContain("No changes");
    expect(r.code).toBe(0);
  });
});
