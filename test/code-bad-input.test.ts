import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { FakeProject } from './support/fake-project.js';
import { useStandIn } from './support/stand-in.js';

// Bad query files: each is a clear error naming the file (and the line where it helps), exit 2,
// found before any request (the stand-in records none). Then the files a stranger could leave
// in the directory: links out of it, pipes, binary and huge files, odd line ends.

const { server, dgw } = useStandIn('proj-1');
let work: ReturnType<typeof tempDir>;

const q = (rel: string) => path.join(work.dir, 'queries', rel);
function write(rel: string, text: string | Buffer) {
  fs.mkdirSync(path.dirname(q(rel)), { recursive: true });
  fs.writeFileSync(q(rel), text);
}

beforeEach(() => {
  work = tempDir('dgw-code-bad-');
  fs.mkdirSync(path.join(work.dir, 'queries'));
});
afterEach(() => work.remove());

async function refused(args: string[] = ['plan']): Promise<string> {
  const r = await dgw(args, { cwd: work.dir });
  expect(r.code, r.stderr).toBe(2);
  expect(server.requests, 'requests sent before the error').toEqual([]);
  expect(r.stdout).toBe('');
  return r.stderr;
}

describe('bad input is exit 2, naming the file, before any request', () => {
  it('a header that is not YAML names the file and line', async () => {
    write('reports/daily.sql', '-- ---\n-- displayName: Daily\n-- materialized: [true\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/^error: queries\/reports\/daily\.sql:3: the header is not valid YAML: /m);
    write('reports/daily.sql', '-- ---\n-- displayName: "Daily\n-- materialized: true\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/^error: queries\/reports\/daily\.sql:2: the header is not valid YAML: /m);
  });

  it('an unquoted cron expression starting with * says to quote it', async () => {
    write('a.sql', '-- ---\n-- materialized: true\n-- cron: */5 * * * *\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/a\.sql:3: the header is not valid YAML: .*quoted, e\.g\. cron: "\*\/5 \* \* \* \*"/);
  });

  it('a header that never closes', async () => {
    write('a.sql', '-- ---\n-- materialized: true\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/a\.sql:3: the header opened on line 1 is not closed: each header line starts with --, and a line -- --- ends it/);
    write('a.sql', '-- ---\n-- materialized: true\n');
    expect(await refused()).toMatch(/queries\/a\.sql:1: the header is not closed: end it with a line -- ---/);
  });

  it('an unknown header key, with a suggestion', async () => {
    write('a.sql', '-- ---\n-- displayName: a\n-- materialised: true\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/a\.sql:3: unknown header key "materialised" \(did you mean materialized\?\); the keys are displayName, materialized, every, cron, tz, from, checkSchemaExists/);
  });

  it('a schedule that does not parse (interval, cron, time zone)', async () => {
    write('a.sql', '-- ---\n-- materialized: true\n-- every: often\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/a\.sql:3: every: "often" is not a duration; use 30m, 6h, 1d or ISO 8601/);
    write('a.sql', '-- ---\n-- materialized: true\n-- cron: "0 25 * * *"\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/a\.sql:3: cron: hour field "25": 25 is outside 0-23/);
    write('a.sql', '-- ---\n-- materialized: true\n-- cron: "0 2 * * *"\n-- tz: Mars/Olympus\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/a\.sql:4: tz: "Mars\/Olympus" is not an IANA time zone/);
    write('a.sql', '-- ---\n-- materialized: true\n-- every: 30s\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/a\.sql:3: every: PT30S is shorter than the minimum interval between refreshes, PT1M/);
    write('a.sql', '-- ---\n-- every: 6h\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/a\.sql:2: every: a schedule applies to materialized queries; add "materialized: true"/);
    write('a.sql', '-- ---\n-- materialized: yes\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/a\.sql:2: materialized: expected true or false, got "yes"/);
  });

  it('two files with the same name in different folders', async () => {
    write('reports/revenue.sql', 'SELECT 1\n');
    write('archive/revenue.sql', 'SELECT 2\n');
    expect(await refused()).toMatch(/queries\/reports\/revenue\.sql: the name revenue is also used by archive\/revenue\.sql; a SQL name is unique in a project/);
  });

  it('a file name that is not a valid SQL name', async () => {
    write('Revenue Report.sql', 'SELECT 1\n');
    expect(await refused()).toMatch(/queries\/Revenue Report\.sql: the file name "Revenue Report\.sql" is not a SQL name: use lower-case letters, digits and _ only/);
  });

  it('a display name that gives another SQL name than the file\'s', async () => {
    write('revenue.sql', '-- ---\n-- displayName: Revenue Report\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/revenue\.sql:2: displayName "Revenue Report" gives the SQL name "revenuereport", but the file is named revenue\.sql/);
  });

  it('a header value YAML reads as a number other than as written (007, 0x1F, 1e3) says to quote it; 2024 stays 2024', async () => {
    write('007.sql', '-- ---\n-- displayName: 007\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/007\.sql:2: displayName: YAML reads 007 as the number 7; quote it \("007"\) to keep the text as written/);
    fs.rmSync(q('007.sql'));
    write('2024.sql', '-- ---\n-- displayName: 2024\n-- ---\nSELECT 1\n');
    server.on('GET', /\/queries$/, { json: [] });
    server.on('GET', /\/folders$/, { json: { items: [] } });
    const r = await dgw(['plan'], { cwd: work.dir });
    expect(r.stderr).not.toContain('YAML reads');
  });

  it('an empty SQL file, and one of comments only', async () => {
    write('empty.sql', '');
    expect(await refused()).toMatch(/queries\/empty\.sql: the SQL is empty/);
    write('empty.sql', '-- ---\n-- materialized: true\n-- ---\n-- nothing yet\n/* later */ ;\n');
    expect(await refused()).toMatch(/queries\/empty\.sql: the SQL is empty/);
  });

  it('a header below a comment, where it would be read as SQL', async () => {
    write('a.sql', '-- Revenue, by month\n-- ---\n-- materialized: true\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/^error: queries\/a\.sql:2: this -- --- line opens a header below other comments, where it would be read as SQL/m);
  });

  it('two statements in one file', async () => {
    write('a.sql', 'SELECT 1;\r\nSELECT 2;\r\n');
    expect(await refused()).toMatch(/^error: queries\/a\.sql:2: holds a second statement after a ;/m);
  });

  it('from with SQL as well, or on a plain query', async () => {
    write('a.sql', '-- ---\n-- materialized: true\n-- from: b\n-- ---\nSELECT 1\n');
    expect(await refused()).toMatch(/queries\/a\.sql:3: from: the file also holds SQL/);
    write('a.sql', '-- ---\n-- from: b\n-- ---\n');
    expect(await refused()).toMatch(/queries\/a\.sql:2: from: copying another query's SQL makes a materialized query/);
  });

  it('from chains that come back to where they began (a cycle), known from the files alone', async () => {
    write('cyc1.sql', '-- ---\n-- materialized: true\n-- from: cyc2\n-- ---\n');
    write('cyc2.sql', '-- ---\n-- materialized: true\n-- from: cyc3\n-- ---\n');
    write('cyc3.sql', '-- ---\n-- materialized: true\n-- from: cyc1\n-- ---\n');
    expect(await refused()).toMatch(/queries\/cyc1\.sql: from: cyc1 → cyc2 → cyc3 → cyc1 is a cycle; one of them must hold SQL/);
  });

  it('from a query that is in no file and not in the project: exit 4 naming the file, after the two reads, nothing changed', async () => {
    new FakeProject(server, 'proj-1').serve();
    write('reports/copy.sql', '-- ---\n-- materialized: true\n-- from: nowhere\n-- ---\n');
    const r = await dgw(['apply', '--yes'], { cwd: work.dir });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: queries\/reports\/copy\.sql: from: no query named nowhere, neither in a file nor in the project/m);
    expect(server.requests.map((q) => q.method)).toEqual(['GET', 'GET']);
  });

  it('lists every problem, one error line each', async () => {
    write('a.sql', '');
    write('B.sql', 'SELECT 1');
    write('c.sql', '-- ---\n-- nope: 1\n-- ---\nSELECT 1');
    const err = await refused();
    expect(err.match(/^error: /gm)).toHaveLength(3);
    expect(err).toMatch(/queries\/B\.sql/);
    expect(err).toMatch(/queries\/a\.sql/);
    expect(err).toMatch(/queries\/c\.sql:2/);
    expect(err).toMatch(/hint: nothing was sent; fix the files/);
  });

  it('apply refuses the same way, sending nothing', async () => {
    write('a.sql', '');
    expect(await refused(['apply', '--yes'])).toMatch(/queries\/a\.sql: the SQL is empty/);
  });

  it('a directory that does not exist is not "no queries"', async () => {
    expect(await refused(['plan', '--dir', 'nowhere', '--prune'])).toMatch(/the directory nowhere does not exist/);
  });

  it('a --dir that is a file, or empty (the current folder, whatever .sql files it holds), for pull, plan and apply', async () => {
    fs.writeFileSync(path.join(work.dir, 'afile'), 'SELECT 1\n');
    for (const verb of ['pull', 'plan', 'apply']) {
      expect(await refused([verb, '--dir', 'afile'])).toMatch(/^error: afile is not a directory/m);
      expect(await refused([verb, '--dir', ''])).toMatch(/^error: --dir is empty/m);
    }
  });
});

describe('what a stranger could leave in the directory', () => {
  it('a symbolic link out of the directory is refused, never followed', async () => {
    fs.writeFileSync(path.join(work.dir, 'secret.txt'), 'SELECT \'secret\'');
    fs.symlinkSync(path.join(work.dir, 'secret.txt'), q('leak.sql'));
    expect(await refused()).toMatch(/queries\/leak\.sql: is a symbolic link; dgw reads only files and folders inside the directory/);
    fs.rmSync(q('leak.sql'));
    fs.mkdirSync(path.join(work.dir, 'outside'));
    fs.symlinkSync(path.join(work.dir, 'outside'), q('elsewhere'));
    expect(await refused()).toMatch(/queries\/elsewhere: is a symbolic link/);
    // pull neither writes through a link nor replaces it, forced or not.
    expect(await refused(['pull', '--force'])).toMatch(/queries\/elsewhere: is a symbolic link/);
  });

  it('a query file ending in .SQL is refused before any request, not planned where pull could never match it', async () => {
    fs.writeFileSync(q('up.SQL'), 'SELECT 9 AS z\n');
    expect(await refused()).toMatch(/queries\/up\.SQL: ends in \.SQL; query files end in \.sql, as pull writes them: rename it/);
    fs.rmSync(q('up.SQL'));
  });

  it('a named pipe does not block the read', async () => {
    const made = spawnSync('mkfifo', [q('pipe.sql')]);
    expect(made.status).toBe(0);
    expect(await refused()).toMatch(/queries\/pipe\.sql: is not a regular file/);
  });

  it('a file that is not UTF-8, or binary, names the line', async () => {
    write('latin.sql', Buffer.concat([Buffer.from('SELECT 1\n-- caf'), Buffer.from([0xe9]), Buffer.from('\n')]));
    expect(await refused()).toMatch(/queries\/latin\.sql:2: is not UTF-8 text; save it as UTF-8/);
    fs.rmSync(q('latin.sql'));
    write('bin.sql', Buffer.from([0x53, 0x45, 0x4c, 0x0a, 0x00, 0x01]));
    expect(await refused()).toMatch(/queries\/bin\.sql:2: holds a NUL byte/);
  });

  it('a huge file is refused before it is read whole', async () => {
    write('huge.sql', Buffer.alloc(1024 * 1024 + 1, 0x20));
    expect(await refused()).toMatch(/queries\/huge\.sql: is 1048577 bytes; a query file may hold at most 1048576 bytes/);
  });

  it('two directories whose names differ only in letter case (one directory on macOS and Windows)', async () => {
    write('Reports/a.sql', 'SELECT 1\n');
    write('reports/b.sql', 'SELECT 2\n');
    expect(await refused()).toMatch(/queries\/(Reports|reports): is a directory whose name differs from (reports|Reports)\/ only in letter case/);
  });

  it('a directory named like a query file', async () => {
    fs.mkdirSync(q('looks.sql'));
    expect(await refused()).toMatch(/queries\/looks\.sql: is a directory, but its name ends in \.sql, which would read as a query; rename it/);
  });

  it('a file named ".." or starting with a dot is skipped, like .git', async () => {
    fs.mkdirSync(q('.git'));
    fs.writeFileSync(q('.git/x.sql'), 'not even sql');
    fs.writeFileSync(q('..sql'), '');
    new FakeProject(server, 'proj-1').serve();
    const r = await dgw(['plan', '--json'], { cwd: work.dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).desired.queries).toEqual([]);
  });
});

describe('a service that sends names no file could safely have', () => {
  it('pull writes nothing outside the directory, and says what it skipped', async () => {
    const project = new FakeProject(server, 'proj-1').serve();
    project.add({ name: '../../escape', inputQuery: 'SELECT 1' });
    // In a folder named "..", by its folder id: a query's own path with a ".." is a malformed answer (exit 8).
    project.add({ name: 'fine', inputQuery: 'SELECT 2', path: '/../up' }).path = null;
    project.add({ name: 'hidden', inputQuery: 'SELECT 3', path: '/.git' });
    project.add({ name: 'ok', inputQuery: 'SELECT 4', path: '/reports' });
    const r = await dgw(['pull'], { cwd: work.dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: skipped query "\.\.\/\.\.\/escape" in \/: its name is not a SQL name/);
    expect(r.stderr).toMatch(/warning: skipped folder \/\.\.: its folder name "\.\." is not a folder name/);
    expect(r.stderr).toMatch(/warning: skipped folder \/\.git: its folder name "\.git" starts with "\."/);
    const files = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.relative(work.dir, path.join(dir, e.name))]));
    expect(files(work.dir).sort()).toEqual(['queries/reports/ok.sql']);
  });
});

describe('line ends and byte-order marks are not changes', () => {
  it('CRLF, a BOM, trailing semicolons and blank lines match the project\'s SQL', async () => {
    const project = new FakeProject(server, 'proj-1').serve();
    project.add({ name: 'crlf', displayName: 'CRLF', inputQuery: 'SELECT 1\nFROM t' });
    project.add({ name: 'bom', inputQuery: 'SELECT 2' });
    write('crlf.sql', '-- ---\r\n-- displayName: CRLF\r\n-- ---\r\nSELECT 1\r\nFROM t;\r\n\r\n');
    write('bom.sql', '\uFEFF\n\nSELECT 2;;  \n');
    const r = await dgw(['plan', '--exit-code'], { cwd: work.dir });
    expect(r.stdout).toContain('No changes');
    expect(r.code).toBe(0);
  });
});
