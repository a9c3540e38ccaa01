import { describe, expect, it } from 'vitest';
import { diffStates } from '../src/code/diff.js';
import type { DesiredQuery, DesiredState, ProjectQuery, ProjectState } from '../src/code/model.js';
import { dependencyOrder, orderSteps } from '../src/code/order.js';
import { planPull } from '../src/code/pull.js';
import { FileProblem, parseQueryFile, renderQueryFile } from '../src/code/query-file.js';
import type { Scan } from '../src/code/read-dir.js';
import { fingerprint } from '../src/code/read-project.js';
import { everyText, sameRefresh } from '../src/code/refresh.js';
import { canonicalSql, isBlankSql, referencedQueryNames } from '../src/code/sql-text.js';
import { NotFoundError, UsageError } from '../src/errors.js';

// The pure heart of queries as code, without any server or file: reading a file, comparing a
// directory with a project, ordering the requests, deciding what `pull` writes.

let nextId = 100;
function pq(name: string, over: Partial<ProjectQuery> = {}): ProjectQuery {
  return { id: String(nextId++), name, displayName: name, materialized: false, schedule: null, sql: `SELECT '${name}'`, folder: '/', ...over };
}
function project(queries: ProjectQuery[], folders: string[] = []): ProjectState {
  const all = new Set(folders);
  for (const q of queries) if (q.folder !== '/') all.add(q.folder);
  for (const f of [...all]) {
    const parts = f.split('/').filter(Boolean);
    for (let i = 1; i < parts.length; i++) all.add(`/${parts.slice(0, i).join('/')}`);
  }
  const folderList = [...all].sort().map((path, i) => ({ id: `f${i}`, path }));
  return { queries, folders: folderList, fingerprint: fingerprint(queries, folderList) };
}
function dq(file: string, text: string): DesiredQuery {
  return parseQueryFile(file, text);
}
function desired(queries: DesiredQuery[], folders: string[] = [], scope = ['/']): DesiredState {
  return { queries, folders, scope };
}
const header = (...lines: string[]) => `-- ---\n${lines.map((l) => `-- ${l}\n`).join('')}-- ---\n`;

describe('reading a query file', () => {
  it('no header: a plain query named after its file', () => {
    expect(dq('reports/revenue.sql', 'SELECT 1;\n')).toEqual({
      name: 'revenue', file: 'reports/revenue.sql', folder: '/reports', displayName: 'revenue', materialized: false, schedule: null, sql: 'SELECT 1', from: null, checkSchemaExists: true,
    });
  });

  it('a header with every key', () => {
    const q = dq('daily.sql', `${header('displayName: Daily', 'materialized: true', 'cron: "0 2 * * *"', 'tz: Europe/Berlin', 'checkSchemaExists: false')}SELECT 2\n`);
    expect(q).toMatchObject({ displayName: 'Daily', materialized: true, schedule: { type: 'cron', cronExpression: '0 2 * * *', timezone: 'Europe/Berlin' }, checkSchemaExists: false, sql: 'SELECT 2' });
    expect(dq('d.sql', `${header('materialized: true', 'every: 90m')}SELECT 2`).schedule).toEqual({ type: 'interval', repeatDuration: 'PT90M' });
  });

  it('an ordinary leading comment is SQL, not a header', () => {
    expect(dq('a.sql', '-- Revenue by month\nSELECT 1').sql).toBe('-- Revenue by month\nSELECT 1');
    expect(dq('a.sql', '/* doc */ SELECT 1').sql).toBe('/* doc */ SELECT 1');
  });

  it('line numbers count from the top of the file, across CRLF and a BOM', () => {
    const text = `\uFEFF\r\n-- ---\r\n-- materialized: true\r\n-- every: soon\r\n-- ---\r\nSELECT 1`;
    expect(() => dq('a.sql', text)).toThrow(FileProblem);
    try {
      dq('a.sql', text);
    } catch (error) {
      expect((error as FileProblem).where('q/')).toBe('q/a.sql:4: every: "soon" is not a duration; use 30m, 6h, 1d or ISO 8601 such as PT6H or P1D');
    }
  });

  it('refuses values that are not plain scalars, and duplicate keys', () => {
    expect(() => dq('a.sql', `${header('displayName: [a]')}SELECT 1`)).toThrow(/displayName: give one plain value/);
    expect(() => dq('a.sql', `${header('materialized: true', 'materialized: false')}SELECT 1`)).toThrow(/not valid YAML: Map keys must be unique/);
    expect(() => dq('a.sql', `${header('just words')}SELECT 1`)).toThrow(/the header must be YAML "key: value" lines/);
    expect(() => dq('a.sql', `${header('displayName: true')}SELECT 1`)).toThrow(/displayName: expected text, got true/);
  });

  it('a header below other comments is refused, naming its line, not read as SQL', () => {
    const text = `-- Revenue by month\n\n${header('materialized: true')}SELECT 1`;
    expect(() => dq('a.sql', text)).toThrow(/opens a header below other comments/);
    try {
      dq('a.sql', text);
    } catch (error) {
      expect((error as FileProblem).line).toBe(3);
    }
    // Past the first statement line, a fence is a comment of the SQL.
    expect(dq('a.sql', 'SELECT 1\n-- ---\n-- x: 1\n-- ---\n').sql).toBe('SELECT 1\n-- ---\n-- x: 1\n-- ---');
  });

  it('one statement per file: a second one after a ; names its line', () => {
    expect(() => dq('a.sql', `${header('materialized: true')}SELECT 1;\n\nSELECT 2;\n`)).toThrow(/holds a second statement/);
    try {
      dq('a.sql', `${header('materialized: true')}SELECT 1;\n\nSELECT 2;\n`);
    } catch (error) {
      expect((error as FileProblem).line).toBe(6);
    }
    // Semicolons in literals, quoted names and comments, and trailing ones, end nothing.
    expect(dq('a.sql', `SELECT 'a;b' AS "c;d" /* ; */ -- ;\n;;\n-- after\n`).sql).toBe(`SELECT 'a;b' AS "c;d" /* ; */ -- ;\n;;\n-- after`);
  });

  it('every and cron together, tz alone', () => {
    expect(() => dq('a.sql', `${header('materialized: true', 'every: 6h', 'cron: "0 2 * * *"')}SELECT 1`)).toThrow(/every and cron cannot be used together/);
    expect(() => dq('a.sql', `${header('materialized: true', 'tz: UTC')}SELECT 1`)).toThrow(/tz only applies to cron/);
  });
});

describe('pull writes files that read back as the same query', () => {
  const kinds: ProjectQuery[] = [
    pq('plain'),
    pq('namedquotednotacomment', { displayName: 'Named: "quoted" # not a comment' }),
    pq('mat', { materialized: true }),
    pq('every6', { materialized: true, schedule: { type: 'interval', repeatDuration: 'PT6H' } }),
    pq('odd', { materialized: true, schedule: { type: 'interval', repeatDuration: 'P1DT12H' } }),
    pq('cron', { materialized: true, schedule: { type: 'cron', cronExpression: '*/5 * * * *', timezone: 'Europe/Istanbul' } }),
    pq('cronutc', { materialized: true, schedule: { type: 'cron', cronExpression: '0 0 * * *', timezone: 'UTC' } }),
    pq('nested', { folder: '/a/b/c' }),
    pq('fenced', { sql: '-- ---\nSELECT 1' }),
    pq('blockend', { sql: "SELECT '*/' AS x /* a */ -- */\n, 2 AS y" }),
    pq('latefence', { sql: '-- note\n-- ---\n-- materialized: true\n-- ---\nSELECT 1' }),
    pq('trailing', { sql: '  SELECT 1 ;\n\n' }),
  ];
  for (const q of kinds) {
    it(`${q.name}`, () => {
      const file = q.folder === '/' ? `${q.name}.sql` : `${q.folder.slice(1)}/${q.name}.sql`;
      const read = dq(file, renderQueryFile(q));
      const plan = diffStates(desired([read]), project([q]), { prune: true });
      expect(plan.changes).toEqual([]);
    });
  }

  it('intervals are written as a person would write them', () => {
    expect(['PT6H', 'P1D', 'PT90M', 'P1DT12H', 'PT30S', 'P2W'].map(everyText)).toEqual(['6h', '1d', '90m', '36h', '30s', '14d']);
    expect(renderQueryFile(pq('x', { materialized: true, schedule: { type: 'interval', repeatDuration: 'PT6H' } }))).toBe(
      "-- ---\n-- materialized: true\n-- every: 6h\n-- ---\nSELECT 'x'\n",
    );
    expect(renderQueryFile(pq('y'))).toBe("SELECT 'y'\n");
  });
});

describe('SQL text', () => {
  it('canonical form: LF, no BOM, no leading blanks, no trailing blanks or semicolons', () => {
    expect(canonicalSql('\uFEFF\r\n  SELECT 1;\r\n;  \n')).toBe('SELECT 1');
    expect(canonicalSql("SELECT ';'")).toBe("SELECT ';'");
  });

  it('blank SQL is comments, blanks and semicolons only', () => {
    expect(isBlankSql('-- a\n/* b */ ;\n')).toBe(true);
    expect(isBlankSql("SELECT '--'")).toBe(false);
  });

  it('finds the queries a statement reads, outside comments and literals', () => {
    const sql = `SELECT * FROM svc.query.a JOIN "svc"."mtquery"."b" ON 1=1 -- svc.query.c\nWHERE x = 'svc.query.d' /* svc.query.e */`;
    expect([...referencedQueryNames(sql)].sort()).toEqual(['a', 'b']);
  });

  it('schedules compare by what they do', () => {
    expect(sameRefresh({ type: 'interval', repeatDuration: 'PT6H' }, { type: 'interval', repeatDuration: 'PT360M' })).toBe(true);
    expect(sameRefresh({ type: 'cron', cronExpression: '0  2 * * mon' }, { type: 'cron', cronExpression: '0 2 * * MON', timezone: 'UTC' })).toBe(true);
    expect(sameRefresh({ type: 'cron', cronExpression: '0 2 * * *', timezone: 'Europe/Berlin' }, { type: 'cron', cronExpression: '0 2 * * *' })).toBe(false);
    expect(sameRefresh(null, { type: 'interval', repeatDuration: 'PT6H' })).toBe(false);
  });
});

describe('diffStates', () => {
  it('create, update, move, convert, reschedule; unmanaged left alone', () => {
    const p = project([
      pq('same', { sql: 'SELECT 1' }),
      pq('edited', { sql: 'SELECT 1' }),
      pq('moved', { sql: 'SELECT 1', folder: '/old' }),
      pq('conv', { sql: 'SELECT 1' }),
      pq('unsched', { sql: 'SELECT 1', materialized: true, schedule: { type: 'interval', repeatDuration: 'PT1H' } }),
      pq('handmade', { folder: '/x' }),
    ]);
    const plan = diffStates(
      desired([
        dq('same.sql', 'SELECT 1'),
        dq('edited.sql', 'SELECT 2'),
        dq('new/moved.sql', 'SELECT 1'),
        dq('conv.sql', `${header('materialized: true', 'every: 1d')}SELECT 1`),
        dq('unsched.sql', `${header('materialized: true')}SELECT 1`),
        dq('fresh.sql', 'SELECT 3'),
      ]),
      p,
      { prune: false },
    );
    const brief = plan.changes.map((c) => (c.action === 'update' ? `${c.name}: ${c.fields.join(',')}` : `${c.action} ${'name' in c ? c.name : c.folder}`));
    expect(brief).toEqual(['createFolder /new', 'conv: materialized,schedule', 'edited: sql', 'create fresh', 'moved: folder', 'unsched: schedule']);
    expect(plan.unmanaged).toEqual({ queries: [{ name: 'handmade', id: expect.any(String), folder: '/x' }], folders: ['/old', '/x'] });
  });

  it('--prune plans the deletions instead', () => {
    const plan = diffStates(desired([]), project([pq('a', { folder: '/x' })]), { prune: true });
    expect(plan.changes.map((c) => c.action)).toEqual(['delete', 'deleteFolder']);
    expect(plan.unmanaged).toEqual({ queries: [], folders: [] });
  });

  it('a folder chain 1,000 deep that no file holds is listed whole as unmanaged (each folder judged once, not once per folder above it)', () => {
    const deep = Array.from({ length: 1000 }, (_, i) => `/${Array.from({ length: i + 1 }, (_, j) => `e${j}`).join('/')}`);
    const plan = diffStates(desired([]), project([], [deep.at(-1)!]), { prune: false });
    expect(plan.unmanaged.folders).toEqual([...deep].sort());
    expect(plan.skipped).toEqual([]);
  });

  it('a query outside the managed folders whose name a file holds is moved in; the rest outside is not touched', () => {
    const plan = diffStates(desired([dq('reports/a.sql', "SELECT 'a'")], ['/reports'], ['/reports']), project([pq('a', { folder: '/else' }), pq('b', { folder: '/else' })]), { prune: true });
    expect(plan.changes.map((c) => c.action)).toEqual(['createFolder', 'update']);
  });

  it('folders the layout cannot hold are skipped, never pruned', () => {
    const plan = diffStates(desired([]), project([pq('h', { folder: '/.hidden' })]), { prune: true });
    expect(plan.changes).toEqual([]);
    expect(plan.skipped[0]).toMatch(/folder \/\.hidden: its folder name "\.hidden" starts with "\."/);
  });

  it('folders differing only in letter case: the first keeps its directory, the other is left alone, never pruned', () => {
    const p = project([pq('upper', { folder: '/Reports' }), pq('lower', { folder: '/reports/deep' })]);
    const plan = diffStates(desired([dq('Reports/upper.sql', "SELECT 'upper'")], ['/Reports']), p, { prune: true });
    expect(plan.changes).toEqual([]);
    expect(plan.skipped).toEqual([
      'folder /reports: its path /reports differs from /Reports only in letter case, and macOS and Windows would keep both in one directory, so it has no directory; it and what it holds are left alone',
    ]);
    const pulled = planPull({ files: [], folders: [], markers: [], unsafe: [], holdOthers: [] }, p, ['/']);
    expect(pulled.write.map((w) => w.file)).toEqual(['Reports/upper.sql']);
    expect(pulled.skipped).toHaveLength(1);
  });

  it('a query whose name can have no file is left alone, never pruned: a name the service would not derive, a device name on Windows', () => {
    const p = project([pq('Odd-Name'), pq('nul'), pq('fine')]);
    const plan = diffStates(desired([]), p, { prune: true, platform: 'win32' });
    expect(plan.changes.map((c) => ('name' in c ? c.name : c.folder))).toEqual(['fine']);
    expect(plan.skipped).toEqual([
      'query "Odd-Name" in /: its name is not a SQL name: use lower-case letters, digits and _ only (the service derives names that way), so it has no file; it is left alone',
      'query "nul" in /: its name is a device name on Windows, where its file would not be a file, so it has no file; it is left alone',
    ]);
    expect(planPull({ files: [], folders: [], markers: [], unsafe: [], holdOthers: [] }, p, ['/'], 'win32').write.map((w) => w.file)).toEqual(['fine.sql']);
    expect(diffStates(desired([]), p, { prune: true, platform: 'linux' }).changes.map((c) => ('name' in c ? c.name : c.folder))).toEqual(['nul', 'fine']);
  });

  it('a pruned folder holding a query that can have no file is not deleted: its forced delete would take the query with it', () => {
    const p = project([pq('nul', { folder: '/old' }), pq('gone', { folder: '/old' })], ['/old/sub']);
    const plan = diffStates(desired([]), p, { prune: true, platform: 'win32' });
    expect(orderSteps(plan, p).map((s) => `${s.op} ${'name' in s ? s.name : s.folder}`)).toEqual(['deleteQuery gone', 'deleteFolder /old/sub']);
    expect(plan.skipped).toContain('folder /old: it holds a folder or query the layout cannot hold, so it is not deleted');
  });

  it('on Windows, names Windows cannot hold are skipped the same way', () => {
    const p = project([pq('a', { folder: '/q:1' }), pq('b', { folder: '/con' }), pq('c', { folder: '/dot.' }), pq('d', { folder: '/fine' })]);
    const windows = diffStates(desired([]), p, { prune: true, platform: 'win32' });
    expect(windows.changes.map((c) => ('name' in c ? c.name : c.folder))).toEqual(['d', '/fine']);
    expect(windows.skipped.join('\n')).toMatch(/\/q:1: its folder name "q:1" contains one of < > : " \| \? \*/);
    expect(planPull({ files: [], folders: [], markers: [], unsafe: [], holdOthers: [] }, p, ['/'], 'win32').write.map((w) => w.file)).toEqual(['fine/d.sql']);
    // Elsewhere they are ordinary directories.
    expect(diffStates(desired([]), p, { prune: true, platform: 'linux' }).skipped).toEqual([]);
  });

  it('from: the source is a file (followed through its own from) or a project query', () => {
    const p = project([pq('src', { sql: 'SELECT 9' })]);
    const copy = dq('copy.sql', `${header('materialized: true', 'from: src')}`);
    const copy2 = dq('copy2.sql', `${header('materialized: true', 'from: copy')}`);
    const plan = diffStates(desired([copy, copy2]), p, { prune: false });
    expect(plan.changes.map((c) => (c.action === 'create' ? c.after.sql : ''))).toEqual(['SELECT 9', 'SELECT 9']);
    expect(() => diffStates(desired([dq('c.sql', header('materialized: true', 'from: nowhere'))]), p, { prune: false })).toThrow(NotFoundError);
    const loop = [dq('x.sql', header('materialized: true', 'from: y')), dq('y.sql', header('materialized: true', 'from: x'))];
    expect(() => diffStates(desired(loop), p, { prune: false })).toThrow(UsageError);
  });

  it('from: a project query that --prune would delete is refused before any change, naming both', () => {
    const p = project([pq('src', { sql: 'SELECT 9' }), pq('copy', { materialized: true, sql: 'SELECT 9' })]);
    const copy = dq('copy.sql', `${header('materialized: true', 'from: src')}`);
    // Without --prune src stays, unmanaged, and the copy reads it.
    expect(diffStates(desired([copy]), p, { prune: false }).unmanaged.queries.map((q) => q.name)).toEqual(['src']);
    expect(() => diffStates(desired([copy]), p, { prune: true })).toThrow(/copy\.sql: from: src, which this plan deletes/);
  });

  it('--prune of a query another one\'s SQL reads is refused, naming both (it would fail at its next run); both pruned is fine', () => {
    const p = project([pq('src', { sql: 'SELECT 9' }), pq('rep', { materialized: true, sql: 'SELECT * FROM svc.query.src' }), pq('other', { folder: '/elsewhere', sql: 'SELECT * FROM svc.mtquery.src2' }), pq('src2', { sql: 'SELECT 2' })]);
    const rep = dq('rep.sql', `${header('materialized: true')}SELECT * FROM svc.query.src`);
    expect(() => diffStates(desired([rep, dq('src2.sql', 'SELECT 2')]), p, { prune: true })).toThrow(/rep\.sql reads src, which this plan deletes/);
    // A reader outside the managed folders counts too.
    const outside = project([pq('gone', { folder: '/managed' }), pq('kept', { folder: '/managed' }), pq('other', { folder: '/elsewhere', sql: 'SELECT * FROM svc.query.gone' })]);
    expect(() => diffStates(desired([dq('managed/kept.sql', "SELECT 'kept'")], [], ['/managed']), outside, { prune: true })).toThrow(/^query other \(outside the managed folders\) reads gone, which this plan deletes/);
    // A name in a string or comment is no read; and a reader pruned with what it reads is no problem.
    const quoted = dq('rep.sql', `${header('materialized: true')}SELECT 'svc.query.src' AS s -- svc.query.src`);
    expect(diffStates(desired([quoted, dq('src2.sql', 'SELECT 2'), dq('elsewhere/other.sql', 'SELECT * FROM svc.mtquery.src2')]), p, { prune: true }).changes.filter((c) => c.action === 'delete').map((c) => c.name)).toEqual(['src']);
    expect(diffStates(desired([dq('src2.sql', 'SELECT 2'), dq('elsewhere/other.sql', 'SELECT * FROM svc.mtquery.src2')]), p, { prune: true }).changes.filter((c) => c.action === 'delete').map((c) => c.name).sort()).toEqual(['rep', 'src']);
  });

  it('converting a query is refused while another reads the SQL name the conversion ends; a reader moved to the new name in the same plan is fine', () => {
    const p = project([pq('m1', { materialized: true, sql: 'SELECT 1' }), pq('r1', { sql: 'SELECT * FROM svc.mtquery.m1' }), pq('r2', { folder: '/elsewhere', sql: 'SELECT * FROM svc.query.p1' }), pq('p1', { sql: 'SELECT 2' })]);
    const files = (r1: string) => [dq('m1.sql', 'SELECT 1'), dq('r1.sql', r1), dq('p1.sql', 'SELECT 2')];
    const r2 = dq('elsewhere/r2.sql', 'SELECT * FROM svc.query.p1');
    expect(() => diffStates(desired([...files('SELECT * FROM svc.mtquery.m1'), r2]), p, { prune: false })).toThrow(/^r1\.sql reads svc\.mtquery\.m1, which this plan ends by converting m1 to a plain query/);
    const moved = diffStates(desired([...files('SELECT * FROM svc.query.m1'), r2]), p, { prune: false });
    expect(moved.changes.map((c) => c.action === 'update' && `${c.name}:${c.fields.join(',')}`)).toEqual(['m1:materialized', 'r1:sql']);
    // Plain to materialized ends svc.query.p1, which r2 (outside the managed folders) reads.
    const outside = project([pq('p1', { folder: '/managed', sql: 'SELECT 2' }), pq('r2', { folder: '/elsewhere', sql: 'SELECT * FROM svc.query.p1' })]);
    expect(() => diffStates(desired([dq('managed/p1.sql', `${header('materialized: true')}SELECT 2`)], [], ['/managed']), outside, { prune: false })).toThrow(/^query r2 \(outside the managed folders\) reads svc\.query\.p1, which this plan ends by converting p1 to a materialized query/);
  });
});

describe('orderSteps', () => {
  it('a folder is created only where no create makes it, once for its deepest new folder', () => {
    const p = project([pq('m', { sql: 'SELECT 1' })]);
    const plan = diffStates(desired([dq('x/y/m.sql', 'SELECT 1'), dq('made/by/create/n.sql', 'SELECT 2')], ['/e1', '/e1/e2']), p, { prune: false });
    expect(orderSteps(plan, p).map((s) => `${s.op} ${'name' in s ? s.name : s.folder}`)).toEqual(['createFolder /e1/e2', 'createFolder /x/y', 'createQuery n', 'moveQuery m']);
  });

  it('sources before copies, and a query before one whose SQL reads it', () => {
    const p = project([]);
    const plan = diffStates(
      desired([
        dq('a_reader.sql', 'SELECT * FROM svc.query.z_base'),
        dq('b_copy.sql', header('materialized: true', 'from: z_base')),
        dq('z_base.sql', 'SELECT 1'),
      ]),
      p,
      { prune: false },
    );
    expect(orderSteps(plan, p).map((s) => ('name' in s ? s.name : ''))).toEqual(['z_base', 'a_reader', 'b_copy']);
  });

  it('a hard order wins over a cycle of reads', () => {
    const order = dependencyOrder(['a', 'b'], (x) => x, (x) => (x === 'a' ? { hard: ['b'], soft: [] } : { hard: [], soft: ['a'] }));
    expect(order).toEqual(['b', 'a']);
  });

  it('a pruned folder goes in one forced request with what is in it; other deletes one each, readers first', () => {
    const p = project([pq('in1', { folder: '/old' }), pq('in2', { folder: '/old/deeper' }), pq('base'), pq('reader', { sql: 'SELECT * FROM svc.query.base' })]);
    const steps = orderSteps(diffStates(desired([]), p, { prune: true }), p);
    expect(steps.map((s) => `${s.op} ${'name' in s ? s.name : s.folder}`)).toEqual(['deleteQuery reader', 'deleteQuery base', 'deleteFolder /old']);
    expect(steps[2]).toMatchObject({ force: true, queries: ['in1', 'in2'] });
    const empty = project([], ['/void']);
    expect(orderSteps(diffStates(desired([]), empty, { prune: true }), empty)).toEqual([{ op: 'deleteFolder', folder: '/void', id: 'f0', force: false, queries: [] }]);
  });

  it('a pruned folder the files move whole elsewhere is one move (or rename), after its new parent is made', () => {
    const p = project([pq('a', { folder: '/reports' }), pq('b', { folder: '/reports/monthly' }), pq('c', { folder: '/reports/monthly' })]);
    const moved = (to: string, extra: DesiredQuery[] = []) =>
      desired([dq(`${to}/a.sql`, "SELECT 'a'"), dq(`${to}/monthly/b.sql`, "SELECT 'b'"), dq(`${to}/monthly/c.sql`, "SELECT 'changed'"), ...extra]);
    const brief = (steps: ReturnType<typeof orderSteps>) => steps.map((s) => `${s.op} ${'to' in s ? `${s.folder}>${s.to}` : 'name' in s ? s.name : s.folder}`);

    const intoArchive = diffStates(moved('archive/reports'), p, { prune: true });
    expect(brief(orderSteps(intoArchive, p))).toEqual(['createFolder /archive', 'moveFolder /reports>/archive/reports', 'updateQuery c']);
    expect(orderSteps(intoArchive, p)[1]).toMatchObject({ how: 'move', queries: ['a', 'b', 'c'] });
    // The plan's changes still say what happens to each query and folder.
    expect(intoArchive.changes.filter((c) => c.action === 'update').length).toBe(3);

    const renamed = diffStates(moved('old_reports', [dq('old_reports/fresh.sql', 'SELECT 9')]), p, { prune: true });
    expect(brief(orderSteps(renamed, p))).toEqual(['moveFolder /reports>/old_reports', 'createQuery fresh', 'updateQuery c']);
    expect(orderSteps(renamed, p)[0]).toMatchObject({ how: 'rename' });

    // Not a whole-folder move: one query goes elsewhere, or one is deleted, or no --prune, or both name and parent change.
    const split = diffStates(desired([dq('archive/reports/a.sql', "SELECT 'a'"), dq('archive/reports/monthly/b.sql', "SELECT 'b'"), dq('c.sql', "SELECT 'c'")]), p, { prune: true });
    expect(orderSteps(split, p).some((s) => s.op === 'moveFolder')).toBe(false);
    const partial = diffStates(desired([dq('archive/reports/a.sql', "SELECT 'a'"), dq('archive/reports/monthly/b.sql', "SELECT 'b'")]), p, { prune: true });
    expect(orderSteps(partial, p).some((s) => s.op === 'moveFolder')).toBe(false);
    expect(orderSteps(diffStates(moved('archive/reports'), p, { prune: false }), p).some((s) => s.op === 'moveFolder')).toBe(false);
    expect(orderSteps(diffStates(moved('archive/old'), p, { prune: true }), p).some((s) => s.op === 'moveFolder')).toBe(false);
  });

  it('a query moved out of a pruned folder is moved before the folder goes', () => {
    const p = project([pq('keep', { folder: '/old' })]);
    const steps = orderSteps(diffStates(desired([dq("keep.sql", "SELECT 'keep'")]), p, { prune: true }), p);
    expect(steps.map((s) => s.op)).toEqual(['moveQuery', 'deleteFolder']);
    expect(steps[1]).toMatchObject({ force: false });
  });
});

describe('planPull', () => {
  const scanOf = (files: Array<[string, string]>, folders: string[] = [], markers: string[] = []): Scan => ({
    files: files.map(([file, text]) => {
      try {
        return { file, query: parseQueryFile(file, text) };
      } catch (error) {
        return { file, problem: error as FileProblem };
      }
    }),
    folders,
    markers,
    unsafe: [],
    holdOthers: [],
  });

  it('writes what is missing, keeps what says the same, and marks what it would replace or remove', () => {
    const p = project(
      [pq('kept', { sql: 'SELECT 1' }), pq('commented', { sql: 'SELECT 1' }), pq('changed', { sql: 'SELECT 2' }), pq('missing', { folder: '/r' }), pq('copy', { materialized: true, sql: 'SELECT 1' })],
      ['/emptyfolder'],
    );
    const scan = scanOf(
      [
        ['kept.sql', 'SELECT 1;\r\n'],
        ['commented.sql', '-- the comment is SQL the project does not hold\nSELECT 1'],
        ['changed.sql', 'SELECT 3'],
        ['copy.sql', header('materialized: true', 'from: kept')],
        ['gone.sql', 'SELECT 4'],
        ['broken.sql', ''],
      ],
      ['/stray'],
    );
    const plan = planPull(scan, p, ['/']);
    expect(plan.unchanged).toEqual(['kept.sql', 'copy.sql']);
    expect(plan.write.map((w) => [w.file, w.overwrite])).toEqual([
      ['commented.sql', true],
      ['changed.sql', true],
      ['r/missing.sql', false],
    ]);
    expect(plan.remove).toEqual(['gone.sql', 'broken.sql']);
    expect(plan.mkdirs).toEqual(['emptyfolder', 'r']);
    // git keeps no empty directory: the folder with no query gets a marker file, so a clone has it too.
    expect(plan.markers).toEqual(['emptyfolder']);
    expect(plan.rmdirs).toEqual(['stray']);
  });

  it('marks only the deepest folders with no query below them, and none that has its marker already', () => {
    const p = project([pq('q', { folder: '/a/full' })], ['/a', '/a/full', '/a/empty', '/b', '/b/c', '/b/c/d', '/kept']);
    const plan = planPull(scanOf([], ['/kept'], ['/kept']), p, ['/']);
    expect(plan.markers).toEqual(['a/empty', 'b/c/d']);
  });
});
