import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';
import { useStandIn } from './support/stand-in.js';

// SQL of several statements (a script from --file or stdin) was refused whole by the run-SQL
// endpoint, "run one statement at a time". dgw now runs each in order, as its SQL shell does: each
// its own request, results one after another, the first failure stopping the rest and named.
const tmp = tempDir('dgw-sql-script-');
afterAll(() => tmp.remove());
const script = (name: string, text: string) => {
  const file = path.join(tmp.dir, name);
  fs.writeFileSync(file, text);
  return file;
};

describe('dgw sql given several statements', () => {
  it('runs them in order and prints each result, a trailing comment making none', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const r = await run('sql', '--file', script('two.sql', 'SELECT 1 AS a;\nSELECT 2 AS b, 3 AS c;\n-- the end\n'), '--header');
    expect([r.code, r.stdout]).toEqual([0, 'a\n1\nb\tc\n2\t3\n']);
  });

  it('stops at the first that fails, naming it and what ran before it', async () => {
    const { run, dgw } = localCli(tmp.dir, 'spec');
    const file = script('etl.sql', 'CREATE TABLE svc.table.t AS SELECT 1 AS x;\nINSERT INTO svc.table.t VALUES (2);\nSELECT nope FROM svc.table.t;\nINSERT INTO svc.table.t VALUES (3);\n');
    const r = await run('sql', '--file', file);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^error: statement 3 of 4: Binder Error: Referenced column "nope" not found/m);
    expect(r.stderr).toMatch(/^hint: statements 1 to 2 ran \(each is its own request, not one transaction\); the rest did not$/m);
    expect(await dgw('sql', 'SELECT list(x ORDER BY x) FROM svc.table.t')).toBe('[1,2]\n');
  });

  it('says nothing ran when the first fails', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const r = await run('sql', 'SELECT nope; INSERT INTO svc.table.t VALUES (4)');
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^error: statement 1 of 2: /m);
    expect(r.stderr).toMatch(/^hint: it was the first: nothing ran$/m);
  });

  it('with --json is refused before anything is sent', async () => {
    const { run, dgw } = localCli(tmp.dir, 'spec');
    const r = await run('sql', '--file', script('json.sql', 'INSERT INTO svc.table.t VALUES (9); SELECT 1;'), '--json');
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).error).toMatchObject({ message: 'the SQL holds 2 statements, and --json, --jq, --quiet and --format json print the result of one', sent: { reads: 0, changes: 0 } });
    expect(await dgw('sql', 'SELECT count(*) FROM svc.table.t WHERE x = 9')).toBe('0\n');
  });

  it('does not cut at a ; inside a string, a $$ string, a quoted name or a comment', async () => {
    const { dgw } = localCli(tmp.dir, 'spec');
    expect(await dgw('sql', `SELECT 'a;b' AS "x;y", $$c;d$$ /* e;f */; -- g;h`)).toBe('a;b\tc;d\n');
  });

  it('sends SQL that ends inside a comment whole, for the service to judge', async () => {
    const { run } = localCli(tmp.dir, 'spec');
    const r = await run('sql', 'SELECT 1; /* never closed');
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^error: Parser Error: unterminated \/\* comment/m);
  });
});

describe('dgw sql given several statements, on the hosted service', () => {
  const { server, dgw } = useStandIn('p');
  it('sends one run-SQL request a statement, in order', async () => {
    server.on('POST', '/data/projects/p/queries/execute', (req) => ({ body: JSON.stringify({ columns: [{ columnName: 's', dataType: 'VARCHAR' }], data: [[(JSON.parse(req.body) as { statement: string }).statement]] }), headers: { 'content-type': 'application/json' } }));
    const r = await dgw(['sql', 'SELECT 1;\nSELECT 2']);
    expect([r.code, r.stdout]).toEqual([0, 'SELECT 1\nSELECT 2\n']);
    expect(server.requests.map((q) => (JSON.parse(q.body) as { statement: string }).statement)).toEqual(['SELECT 1', 'SELECT 2']);
  });
});
