import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { FakeProject } from './support/fake-project.js';
import { useStandIn } from './support/stand-in.js';

// `dgw apply` against the recording stand-in holding a small project in the hosted shape: the
// requests are the document's operations (the stand-in checks each one after every test), in a
// safe order, and as few as the changes allow. The counts below are exact.

const { server, dgw, dgwInTerminal, dgwAnswering } = useStandIn('proj-1');
let project: FakeProject;
let work: ReturnType<typeof tempDir>;

function write(rel: string, text: string) {
  const full = path.join(work.dir, 'queries', rel);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
}

const changes = () => server.requests.filter((r) => r.method !== 'GET');
const summary = () => server.requests.map((r) => `${r.method} ${r.path.replace('/data/projects/proj-1', '')}`);

beforeEach(() => {
  work = tempDir('dgw-code-');
  fs.mkdirSync(path.join(work.dir, 'queries'));
  project = new FakeProject(server, 'proj-1').serve();
});
afterEach(() => work.remove());

/** The project and the files of the main scenario: one change of every kind. */
function scenario() {
  project.add({ name: 'revenue', displayName: 'Revenue', inputQuery: 'SELECT 1' });
  project.add({ name: 'old', inputQuery: 'SELECT 0', path: '/archive' });
  project.add({ name: 'older', inputQuery: 'SELECT 0', path: '/archive/2020' });
  project.add({ name: 'moveme', inputQuery: 'SELECT 3', path: '/a' });
  project.add({ name: 'conv', inputQuery: 'SELECT 4' });
  write('revenue.sql', '-- ---\n-- displayName: Revenue\n-- ---\nSELECT 2\n');
  write('reports/daily.sql', '-- ---\n-- displayName: Daily\n-- materialized: true\n-- every: 6h\n-- ---\nSELECT 5;\n');
  write('reports/copy.sql', '-- ---\n-- materialized: true\n-- from: daily\n-- ---\n');
  write('b/moveme.sql', 'SELECT 3\n');
  write('a/.gitkeep', '');
  write('conv.sql', '-- ---\n-- materialized: true\n-- ---\nSELECT 4\n');
  fs.mkdirSync(path.join(work.dir, 'queries', 'empty'));
}

describe('dgw apply on the stand-in', () => {
  it('sends the fewest documented requests, folders and sources first, deletes last', async () => {
    scenario();
    const r = await dgw(['apply', '--prune', '--yes'], { cwd: work.dir });
    expect(r.stderr).toContain('applied');
    expect(r.code).toBe(0);
    const [reads, rest] = [summary().slice(0, 2).sort(), summary().slice(2)];
    expect(reads).toEqual(['GET /queries', 'GET /queries/folders']);
    const ids = Object.fromEntries(project.queries.map((q) => [q.name, q.id]));
    expect(rest).toEqual([
      'POST /queries/folders', // /b: a move goes there, and no create makes it
      'POST /queries/folders', // /empty: an empty directory
      'PUT /queries/' + ids.conv,
      'POST /queries', // daily, into /reports (the create makes the folder)
      'POST /queries', // copy, after its source
      'PUT /queries/' + ids.revenue,
      `PATCH /queries/${ids.moveme}/path`,
      expect.stringMatching(/^DELETE \/queries\/folders\/\d+$/), // /archive with old, older and /archive/2020
    ]);
    expect(server.requests).toHaveLength(10);
    const posts = changes().filter((c) => c.method === 'POST');
    expect(posts.map((p) => p.json)).toEqual([
      { folderName: 'b' },
      { folderName: 'empty' },
      { displayName: 'Daily', queryType: 'MATERIALIZED', inputQuery: 'SELECT 5', schedule: { type: 'interval', repeatDuration: 'PT6H' }, path: '/reports' },
      { displayName: 'copy', queryType: 'MATERIALIZED', inputQueryRefId: ids.daily, path: '/reports' },
    ]);
    const puts = changes().filter((c) => c.method === 'PUT');
    expect(puts.map((p) => p.json)).toEqual([{ queryType: 'MATERIALIZED' }, { inputQuery: 'SELECT 2' }]);
    expect(changes().find((c) => c.method === 'PATCH')!.json).toEqual({ path: '/b' });
    const del = changes().find((c) => c.method === 'DELETE')!;
    expect(del.query).toEqual({ force: 'true' });
    expect(project.queries.map((q) => q.name).sort()).toEqual(['conv', 'copy', 'daily', 'moveme', 'revenue']);

    server.requests.length = 0;
    const again = await dgw(['plan', '--prune', '--exit-code'], { cwd: work.dir });
    expect(again.stdout).toContain('No changes');
    expect(again.code).toBe(0);
    expect(summary().sort()).toEqual(['GET /queries', 'GET /queries/folders']);
  });

  it('a folder moved whole in the files (git mv) is one folder move or rename, not a move per query, and asks for no confirmation', async () => {
    project.add({ name: 'a', inputQuery: 'SELECT 1', path: '/reports' });
    project.add({ name: 'b', inputQuery: 'SELECT 2', path: '/reports/monthly' });
    project.add({ name: 'c', inputQuery: 'SELECT 3', path: '/reports/monthly' });
    write('archive/reports/a.sql', 'SELECT 1\n');
    write('archive/reports/monthly/b.sql', 'SELECT 2\n');
    write('archive/reports/monthly/c.sql', 'SELECT 3\n');
    const folderId = (p: string) => project.folders.find((f) => f.path === p)!.id;
    const reports = folderId('/reports');
    const planned = JSON.parse((await dgw(['plan', '--prune', '--json'], { cwd: work.dir })).stdout);
    expect(planned.requests.map((r: { operation: string }) => r.operation)).toEqual(['createQueryFolderAtRoot', 'moveQueryFolder']);
    expect(planned.summary).toMatchObject({ move: 3, createFolder: 3, deleteFolder: 2, requests: 2 });
    const text = await dgw(['plan', '--prune'], { cwd: work.dir });
    expect(text.stdout).toMatch(/\n\none request: move folder \/reports to \/archive\/reports with queries a, b, c \(nothing is deleted\)\n\nPlan: 3 to move, 3 folders to create, 2 folders to delete \(2 requests\)\./);
    server.requests.length = 0;
    // Off a terminal, without --yes: nothing is deleted, so nothing needs confirming.
    const r = await dgw(['apply', '--prune'], { cwd: work.dir });
    expect(r.stderr).toContain('✓ move folder /reports to /archive/reports with queries a, b, c');
    expect(r.code, r.stderr).toBe(0);
    expect(changes().map((c) => `${c.method} ${c.path.replace('/data/projects/proj-1', '')} ${JSON.stringify(c.json)}`)).toEqual([
      'POST /queries/folders {"folderName":"archive"}',
      `PATCH /queries/folders/${reports}/path {"path":"/archive/reports"}`,
    ]);
    expect(project.queries.map((q) => `${q.name} ${q.path}`).sort()).toEqual(['a /archive/reports', 'b /archive/reports/monthly', 'c /archive/reports/monthly']);
    expect((await dgw(['plan', '--prune', '--exit-code'], { cwd: work.dir })).code).toBe(0);

    // A rename: same parent, another name.
    fs.renameSync(path.join(work.dir, 'queries', 'archive', 'reports'), path.join(work.dir, 'queries', 'archive', 'old'));
    server.requests.length = 0;
    expect((await dgw(['apply', '--prune'], { cwd: work.dir })).code).toBe(0);
    expect(changes().map((c) => `${c.method} ${c.path.replace('/data/projects/proj-1', '')} ${JSON.stringify(c.json)}`)).toEqual([
      `PATCH /queries/folders/${reports}/name {"name":"old"}`,
    ]);
    expect((await dgw(['plan', '--prune', '--exit-code'], { cwd: work.dir })).code).toBe(0);
  });

  it('pull into a directory of other things: lists what it would replace or remove and writes nothing; --force touches only .sql files and empty directories', async () => {
    project.add({ name: 'revenue', inputQuery: 'SELECT 1', path: '/reports' });
    const q = (rel: string) => path.join(work.dir, 'queries', rel);
    write('README.md', 'how we keep queries\n');
    write('.git/config', '[core]\n');
    write('.hidden.sql', 'SELECT 0\n');
    write('notes/todo.txt', 'later\n');
    write('notes/stray.sql', 'SELECT 2\n');
    write('old/gone.sql', 'SELECT 3\n');
    write('reports/revenue.sql', '-- mine\nSELECT 1\n');
    const refused = await dgw(['pull'], { cwd: work.dir });
    // Found after the project was read: exit 14, not 2 (#16: exit 2 means nothing was sent). notes/ keeps its todo.txt, so it is not listed.
    expect(refused.code).toBe(14);
    expect(refused.stderr).toMatch(/only reads were sent before this was found .*: nothing was changed/);
    expect(refused.stderr).toMatch(/pull would replace or remove 4 entries that the project does not match: queries\/reports\/revenue\.sql \(differs from the project\); queries\/notes\/stray\.sql \(no such query there in the project\); queries\/old\/gone\.sql \(no such query there in the project\); queries\/old\/ \(no such folder in the project\); nothing was written/);
    expect(fs.readFileSync(q('reports/revenue.sql'), 'utf8')).toBe('-- mine\nSELECT 1\n');
    expect(fs.existsSync(q('old/gone.sql'))).toBe(true);

    const forced = await dgw(['pull', '--force'], { cwd: work.dir });
    expect(forced.code, forced.stderr).toBe(0);
    expect(fs.readFileSync(q('reports/revenue.sql'), 'utf8')).toBe('SELECT 1\n');
    for (const kept of ['README.md', '.git/config', '.hidden.sql', 'notes/todo.txt']) expect(fs.existsSync(q(kept)), kept).toBe(true);
    for (const gone of ['notes/stray.sql', 'old/gone.sql', 'old']) expect(fs.existsSync(q(gone)), gone).toBe(false);
    expect(changes()).toEqual([]);
  });

  it('plan sends only the two reads, and --json is the documented plan object', async () => {
    scenario();
    const r = await dgw(['plan', '--prune', '--json'], { cwd: work.dir });
    expect(r.code).toBe(0);
    expect(changes()).toEqual([]);
    expect(server.requests).toHaveLength(2);
    const plan = JSON.parse(r.stdout);
    expect(plan).toMatchObject({ format: 'dgw-plan', version: 2, project: 'proj-1', prune: true, hasChanges: true, dir: 'queries/', scope: ['/'] });
    // No knowledge file in the directory: no knowledge read, none compared.
    expect(plan.knowledge).toMatchObject({ files: [], changes: [], unmanaged: { goldenSqls: [], relations: [] }, desired: {} });
    expect(plan.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(plan.summary).toEqual({
      changes: 12, create: 2, update: 1, convert: 1, schedule: 0, move: 1, delete: 2, createFolder: 3, deleteFolder: 2,
      addGoldenSql: 0, replaceGoldenSql: 0, deleteGoldenSql: 0, addRelation: 0, updateRelation: 0, deleteRelation: 0, requests: 8,
    });
    expect(plan.requests.map((q: { operation: string }) => q.operation)).toEqual([
      'createQueryFolderAtRoot',
      'createQueryFolderAtRoot',
      'updateQuery',
      'createQuery',
      'createQuery',
      'updateQuery',
      'updateQueryPath',
      'deleteQueryFolder',
    ]);
    expect(plan.changes.map((c: { action: string; name?: string; folder?: string }) => `${c.action} ${c.name ?? c.folder}`)).toEqual([
      'createFolder /b',
      'createFolder /empty',
      'createFolder /reports',
      'update moveme',
      'update conv',
      'create copy',
      'create daily',
      'update revenue',
      'delete old',
      'delete older',
      'deleteFolder /archive',
      'deleteFolder /archive/2020',
    ]);
    expect(plan.changes[3]).toMatchObject({ fields: ['folder'], before: { folder: '/a' }, after: { folder: '/b' } });
    expect(plan.desired.queries).toHaveLength(5);
  });

  it('a request cut off in flight is said to be perhaps carried out, not failed: its outcome is unknown', async () => {
    scenario();
    // Retries included: every attempt loses its connection.
    project.failWhen = (req) => (req.method === 'PUT' && (req.json as { inputQuery?: string }).inputQuery === 'SELECT 2' ? { destroy: true } : undefined);
    project.failStays = true;
    const first = await dgw(['apply', '--prune', '--yes'], { cwd: work.dir });
    expect(first.code, first.stderr).toBe(9);
    expect(first.stderr).toMatch(/error: update query revenue \(sql\) was cut off \(.*\): the service may have carried it out/);
    expect(first.stderr).not.toMatch(/revenue \(sql\) failed/);
    // The commands the hint quotes read the same files as this one: --prune, as given.
    expect(first.stderr).toMatch(/hint: 5 of 8 requests were carried out, and perhaps the one cut off; `dgw plan --prune` shows what is left, and `dgw apply --prune` does it/);
  });

  it('a failure part-way says what was done and not done, exits with the failed request\'s code, and a second apply finishes the job', async () => {
    scenario();
    project.failWhen = (req) => (req.method === 'PUT' && (req.json as { inputQuery?: string }).inputQuery === 'SELECT 2' ? { status: 400, json: { errorCode: 'BAD', message: 'the service said no' } } : undefined);
    const first = await dgw(['apply', '--dir', 'queries', '--prune', '--yes'], { cwd: work.dir });
    expect(first.code).toBe(6);
    expect(first.stderr).toMatch(/error: update query revenue \(sql\) failed: the service said no/);
    expect(first.stderr).toMatch(/✓ create query copy/);
    expect(first.stderr).toMatch(/not done:\n {2}move query moveme to \/b\n {2}delete folder \/archive with queries old, older\n/);
    expect(first.stderr).toMatch(/hint: 5 of 8 requests were carried out; fix the cause and run `dgw apply --dir queries --prune` again/);
    expect(project.queries.find((q) => q.name === 'revenue')!.inputQuery).toBe('SELECT 1');

    server.requests.length = 0;
    const second = await dgw(['apply', '--prune', '--yes'], { cwd: work.dir });
    expect(second.stderr).toContain('applied 6 changes with 3 requests');
    expect(second.code).toBe(0);
    expect(summary().slice(2)).toEqual([
      `PUT /queries/${project.queries.find((q) => q.name === 'revenue')!.id}`,
      `PATCH /queries/${project.queries.find((q) => q.name === 'moveme')!.id}/path`,
      expect.stringMatching(/^DELETE \/queries\/folders\/\d+$/),
    ]);
    const plan = await dgw(['plan', '--prune', '--exit-code'], { cwd: work.dir });
    expect(plan.code).toBe(0);
  });

  it('a golden SQL replaced whose old answer fails to delete: the hint says the old one is unmanaged and --prune deletes it, not that apply does the rest', async () => {
    const GOLDEN = '/metadata/proj-1/golden-sqls';
    server.on('GET', GOLDEN, { json: [{ id: 'g-old', prompt: 'How many?', sql: 'SELECT 1' }] });
    server.on('POST', GOLDEN, { json: { id: 'g-new', prompt: 'How many?', sql: 'SELECT 2' } });
    server.on('DELETE', `${GOLDEN}/g-old`, { status: 400, json: { errorCode: 'BAD', message: 'the service said no' } });
    write('golden-sqls.yaml', '- question: How many?\n  sql: SELECT 2\n');
    const r = await dgw(['apply', '--yes'], { cwd: work.dir });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/error: delete golden SQL "How many\?" \(g-old\) failed: the service said no/);
    expect(r.stderr).toMatch(/hint: 1 of 2 requests were carried out; the new answer was added, so the old one \(g-old\) is now unmanaged: `dgw apply --prune` deletes it/);
    expect(r.stderr).not.toContain('does the rest');
  });

  it('with --json, a failure prints what was applied, what failed and what was not done', async () => {
    project.add({ name: 'a', inputQuery: 'SELECT 1' });
    write('a.sql', 'SELECT 2\n');
    write('b.sql', 'SELECT 3\n');
    write('c.sql', 'SELECT 4\n');
    project.failWhen = (req) => (req.method === 'POST' && (req.json as { displayName?: string }).displayName === 'c' ? { status: 409, json: { errorCode: 409, message: 'taken' } } : undefined);
    const r = await dgw(['apply', '--json'], { cwd: work.dir });
    expect(r.code).toBe(5);
    expect(JSON.parse(r.stdout)).toEqual({
      project: 'proj-1',
      applied: ['update query a (sql)', 'create query b'],
      failed: { request: 'create query c', message: 'taken (HTTP 409)' },
      notDone: [],
    });
    expect(r.stderr).toContain('"kind":"conflict"');
  });

  it('deletes and conversions are not sent off a terminal without --yes (exit 14: only the reads were sent)', async () => {
    scenario();
    const r = await dgw(['apply', '--prune'], { cwd: work.dir });
    expect(r.code).toBe(14);
    expect(r.stderr).toMatch(/refusing to apply this plan \(it deletes 2 queries and deletes 2 folders and converts 1 query\) without confirmation: pass --yes/);
    expect(changes()).toEqual([]);
  });

  it('creates and updates need no confirmation', async () => {
    write('fresh.sql', 'SELECT 1\n');
    const r = await dgw(['apply'], { cwd: work.dir });
    expect(r.code).toBe(0);
    expect(changes().map((c) => c.json)).toEqual([{ displayName: 'fresh', queryType: 'PLAIN', inputQuery: 'SELECT 1' }]);
  });

  it('on a terminal the plan\'s SQL diff is coloured: removed lines red, added lines green; in a pipe it is plain', async () => {
    project.add({ name: 'a', inputQuery: 'SELECT 1' });
    write('a.sql', 'SELECT 2\n');
    const esc = String.fromCharCode(27);
    const colored = await dgwInTerminal(['plan'], { cwd: work.dir });
    expect(colored.code).toBe(0);
    expect(colored.stdout).toContain(`${esc}[31m-SELECT 1${esc}[39m`);
    expect(colored.stdout).toContain(`${esc}[32m+SELECT 2${esc}[39m`);
    const piped = await dgw(['plan'], { cwd: work.dir });
    expect(piped.stdout).toContain('-SELECT 1\n');
    expect(piped.stdout).not.toContain(esc);
  });

  it('asks on a terminal, and a "no" sends nothing', async () => {
    project.add({ name: 'gone', inputQuery: 'SELECT 1' });
    const r = await dgwAnswering(['apply', '--prune'], { cwd: work.dir, input: 'n\n' });
    expect(r.screen).toMatch(/Apply this plan \(it deletes 1 query\)\? \[y\/N\]/);
    // A "no" is exit 2 whatever was read before it: nothing was changed.
    expect(r.code).toBe(2);
    expect(r.screen).not.toMatch(/^error:/m);
    expect(changes()).toEqual([]);
    const yes = await dgwAnswering(['apply', '--prune'], { cwd: work.dir, input: 'y\n' });
    expect(yes.code).toBe(0);
    expect(changes().map((c) => c.method)).toEqual(['DELETE']);
  });

  it('apply --plan applies a saved plan only while the project is as the plan saw it (exit 5 otherwise)', async () => {
    project.add({ name: 'a', inputQuery: 'SELECT 1' });
    write('a.sql', 'SELECT 2\n');
    const saved = await dgw(['plan', '--json'], { cwd: work.dir });
    fs.writeFileSync(path.join(work.dir, 'plan.json'), saved.stdout);
    // The files change after the plan: the saved plan still applies what it said.
    write('a.sql', 'SELECT 99\n');
    project.queries[0].displayName = 'A';
    server.requests.length = 0;
    const stale = await dgw(['apply', '--plan', 'plan.json'], { cwd: work.dir });
    expect(stale.code).toBe(5);
    expect(stale.stderr).toMatch(/the project has changed since the plan in plan\.json was made/);
    expect(changes()).toEqual([]);

    project.queries[0].displayName = 'a';
    const fresh = await dgw(['apply', '--plan', 'plan.json'], { cwd: work.dir });
    expect(fresh.code).toBe(0);
    expect(changes().map((c) => c.json)).toEqual([{ inputQuery: 'SELECT 2' }]);
  });

  it('apply --plan refuses a file that is not a plan, or an edited one, before any change', async () => {
    fs.writeFileSync(path.join(work.dir, 'bad.json'), '{"format":"something"}');
    const bad = await dgw(['apply', '--plan', 'bad.json'], { cwd: work.dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--plan bad\.json: not a plan/);
    expect(server.requests).toEqual([]);

    project.add({ name: 'a', inputQuery: 'SELECT 1' });
    write('a.sql', 'SELECT 2\n');
    const saved = JSON.parse((await dgw(['plan', '--json'], { cwd: work.dir })).stdout);
    saved.changes[0].after.sql = 'DROP TABLE x';
    fs.writeFileSync(path.join(work.dir, 'edited.json'), JSON.stringify(saved));
    const edited = await dgw(['apply', '--plan', 'edited.json'], { cwd: work.dir });
    // Found once the project was read again: exit 14, not 2, says a read was sent.
    expect(edited.code).toBe(14);
    expect(edited.stderr).toMatch(/its changes do not follow from its desired state/);
    expect(changes()).toEqual([]);
  });
});

