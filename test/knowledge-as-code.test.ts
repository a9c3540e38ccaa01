import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/gateway/server.js';
import { runAsBinaryWould } from './support/in-process.js';
import { localCli } from './support/local-cli.js';
import { walkShapes, describeOnce } from './support/walk-shapes.js';

// Golden SQLs and relations as code: `pull` writes golden-sqls.yaml and relations.yaml beside the
// query files, `plan` shows every difference, `apply` makes the project match, `--prune` deletes
// only with confirmation, and a kind whose file is absent is left alone.

const dir = mkdtempSync(join(tmpdir(), 'dgw-knowledge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const QUESTION = 'How many orders per day?';
const SQL = 'SELECT order_date, count(*) AS n FROM svc.table.orders GROUP BY 1';

describe.each(walkShapes)('knowledge as code (%s shape)', (shape) => {
  const cli = localCli(dir, shape);
  const code = join(dir, `code-${shape}`);
  const file = (name: string) => join(code, name);
  const plan = async (...args: string[]) => cli.json('plan', '--dir', code, ...args);

  it('pull writes both files; plan then shows no change', async () => {
    await cli.dgw('golden-sql', 'add', QUESTION, '--sql', SQL);
    await cli.dgw('relation', 'add', '1.table.orders.customer_id', '1.table.customers.customer_id');
    const pulled = await cli.json('pull', '--dir', code);
    expect(pulled.written).toEqual(['golden-sqls.yaml', 'relations.yaml']);
    // The summary counts the knowledge files with the query files: here both are unchanged.
    expect((await cli.run('pull', '--dir', code)).stderr).toMatch(/pulled 0 queries and golden-sqls\.yaml, relations\.yaml into .* \(0 files written, 2 unchanged, 0 removed\)/);
    expect(readFileSync(file('golden-sqls.yaml'), 'utf8')).toContain(`- question: ${QUESTION}\n  sql: |\n    ${SQL}\n`);
    // Both built-in catalogs are named svc, so the file names the catalog by id.
    expect(readFileSync(file('relations.yaml'), 'utf8')).toContain('- from: 1.table.orders.customer_id\n  to: 1.table.customers.customer_id\n  type: MANY_TO_ONE\n');
    const doc = await plan('--prune');
    expect(doc.hasChanges).toBe(false);
    expect(doc.knowledge.files).toEqual(['golden-sqls.yaml', 'relations.yaml']);
    expect((await cli.run('plan', '--dir', code, '--prune', '--exit-code')).code).toBe(0);
  });

  it('plan -q prints one line per change, and plan -q and apply -q nothing at all when there is none', async () => {
    expect((await cli.run('plan', '--dir', code, '-q')).stdout).toBe('');
    expect((await cli.run('apply', '--dir', code, '-q')).stdout).toBe('');
    writeFileSync(file('relations.yaml'), '- from: 1.table.orders.customer_id\n  to: 1.table.customers.customer_id\n  type: ONE_TO_ONE\n');
    expect((await cli.run('plan', '--dir', code, '-q')).stdout).toBe('1.table.orders.customer_id → 1.table.customers.customer_id\n');
    writeFileSync(file('relations.yaml'), '- from: 1.table.orders.customer_id\n  to: 1.table.customers.customer_id\n  type: MANY_TO_ONE\n');
  });

  it('an edit shows in plan (exit 11 with --exit-code), apply makes it, and the files are then the project', async () => {
    writeFileSync(
      file('golden-sqls.yaml'),
      `- question: ${QUESTION}\n  sql: ${SQL} ORDER BY 1;\n- question: Top customers?\n  sql: SELECT customer_id FROM svc.table.orders GROUP BY 1 ORDER BY sum(amount) DESC LIMIT 5\n`,
    );
    writeFileSync(file('relations.yaml'), '- from: 1.table.orders.customer_id\n  to: 1.table.customers.customer_id\n  type: ONE_TO_ONE\n');
    const shown = await cli.run('plan', '--dir', code, '--exit-code');
    expect(shown.code).toBe(11);
    expect(shown.stdout).toContain(`~ replace golden SQL "${QUESTION}"`);
    expect(shown.stdout).toContain('+ add golden SQL "Top customers?"');
    expect(shown.stdout).toMatch(/~ retype relation 1\.table\.orders\.customer_id → 1\.table\.customers\.customer_id\n\s+type: MANY_TO_ONE → ONE_TO_ONE/);
    expect(shown.stdout).toContain('Plan: 1 golden SQL to add, 1 golden SQL to replace, 1 relation to retype (4 requests).');

    const applied = await cli.json('apply', '--dir', code);
    // The new SQL goes in before the old one goes, so the question is never without an answer.
    expect(applied.applied).toEqual([
      `add golden SQL "${QUESTION}"`,
      expect.stringMatching(/^delete golden SQL "How many orders per day\?" \(\w+\)$/),
      'add golden SQL "Top customers?"',
      'update relation 1.table.orders.customer_id → 1.table.customers.customer_id (type ONE_TO_ONE)',
    ]);
    expect((await plan()).hasChanges).toBe(false);
    const goldens = await cli.json('golden-sql', 'list');
    expect(goldens.map((g: { prompt: string; sql: string }) => [g.prompt, g.sql]).sort()).toEqual([[QUESTION, `${SQL} ORDER BY 1`], ['Top customers?', 'SELECT customer_id FROM svc.table.orders GROUP BY 1 ORDER BY sum(amount) DESC LIMIT 5']]);
    expect((await cli.json('relation', 'list', '1')).map((r: { type: string }) => r.type)).toEqual(['ONE_TO_ONE']);
  });

  it('what no entry stands for is unmanaged; --prune plans its deletion, which apply does only when confirmed', async () => {
    await cli.dgw('golden-sql', 'add', 'Made by hand?', '--sql', 'SELECT 1');
    const unmanaged = await plan();
    expect(unmanaged.hasChanges).toBe(false);
    expect(unmanaged.knowledge.unmanaged.goldenSqls).toEqual(['Made by hand?']);

    writeFileSync(file('relations.yaml'), '[]\n');
    const pruned = await plan('--prune');
    expect(pruned.knowledge.changes.map((c: { action: string }) => c.action)).toEqual(['deleteGoldenSql', 'deleteRelation']);
    const refused = await cli.run('apply', '--dir', code, '--prune');
    expect(refused.code).toBe(14);
    expect(refused.stderr).toMatch(/deletes 1 golden SQL and deletes 1 relation/);
    expect((await cli.json('golden-sql', 'list')).length).toBe(3);

    await cli.dgw('apply', '--dir', code, '--prune', '--yes');
    expect((await cli.json('golden-sql', 'list')).map((g: { prompt: string }) => g.prompt).sort()).toEqual([QUESTION, 'Top customers?']);
    expect(await cli.json('relation', 'list', '1')).toEqual([]);
  });

  it('a kind whose file is absent is not managed: nothing of it is read, planned or pruned', async () => {
    await cli.dgw('relation', 'add', '1.table.orders.customer_id', '1.table.customers.customer_id');
    unlinkSync(file('relations.yaml'));
    const doc = await plan('--prune');
    expect(doc.knowledge.files).toEqual(['golden-sqls.yaml']);
    expect(doc.knowledge.changes).toEqual([]);
    expect(doc.requests).toEqual([]);
  });

  it('a saved plan applies once; after the project changed it is refused, exit 5, nothing changed', async () => {
    writeFileSync(file('golden-sqls.yaml'), `${readFileSync(file('golden-sqls.yaml'), 'utf8')}- question: Saved?\n  sql: SELECT 2\n`);
    const saved = join(dir, `plan-${shape}.json`);
    writeFileSync(saved, JSON.stringify(await plan()));
    await cli.dgw('golden-sql', 'add', 'Sneaked in?', '--sql', 'SELECT 3');
    const stale = await cli.run('apply', '--plan', saved);
    expect(stale.code).toBe(5);
    expect((await cli.json('golden-sql', 'list')).map((g: { prompt: string }) => g.prompt)).not.toContain('Saved?');

    writeFileSync(saved, JSON.stringify(await plan()));
    await cli.dgw('apply', '--plan', saved);
    expect((await cli.json('golden-sql', 'list')).map((g: { prompt: string }) => g.prompt)).toContain('Saved?');
  });

  it('pull refuses to replace a file that differs without --force, and takes the project with it', async () => {
    writeFileSync(file('golden-sqls.yaml'), '# mine\n[]\n');
    const refused = await cli.run('pull', '--dir', code);
    expect(refused.code).toBe(14);
    expect(refused.stderr).toContain('golden-sqls.yaml (differs from the project)');
    expect(readFileSync(file('golden-sqls.yaml'), 'utf8')).toBe('# mine\n[]\n');
    await cli.dgw('pull', '--dir', code, '--force');
    expect(readFileSync(file('golden-sqls.yaml'), 'utf8')).toContain('- question: Saved?');
    expect(existsSync(file('relations.yaml'))).toBe(true);
  });

  it('pull refuses a knowledge file that is a link, --force too (exit 2, nothing read), as it does a query file; the link is kept', async () => {
    const target = join(dir, 'elsewhere-relations.yaml');
    writeFileSync(target, readFileSync(file('relations.yaml'), 'utf8'));
    unlinkSync(file('relations.yaml'));
    symlinkSync(target, file('relations.yaml'));
    try {
      for (const args of [['pull', '--dir', code], ['pull', '--dir', code, '--force']]) {
        const r = await cli.run(...args);
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr).toContain('relations.yaml: is a symbolic link; dgw neither follows nor replaces links');
      }
      expect(lstatSync(file('relations.yaml')).isSymbolicLink()).toBe(true);
    } finally {
      unlinkSync(file('relations.yaml'));
      writeFileSync(file('relations.yaml'), readFileSync(target, 'utf8'));
    }
  });
});

describeOnce('a question with several answers', () => {
  const cli = localCli(join(dir, 'answers'), 'spec');
  const code = join(dir, 'code-answers');
  const answers = (list: Array<{ prompt: string; sql: string }>) => list.map((g) => g.sql).sort();

  it('pull writes each answer, plan --prune then deletes none, and an edited answer replaces only itself', async () => {
    await cli.dgw('golden-sql', 'add', 'Top customers?', '--sql', 'SELECT customer_id FROM svc.table.orders');
    await cli.dgw('golden-sql', 'add', 'Top customers?', '--sql', 'SELECT customer_id, sum(amount) FROM svc.table.orders GROUP BY 1');
    await cli.dgw('pull', '--dir', code);
    expect(readFileSync(join(code, 'golden-sqls.yaml'), 'utf8').match(/- question: Top customers\?/g)).toHaveLength(2);
    expect((await cli.run('plan', '--dir', code, '--prune', '--exit-code')).code).toBe(0);

    const file = readFileSync(join(code, 'golden-sqls.yaml'), 'utf8');
    writeFileSync(join(code, 'golden-sqls.yaml'), file.replace('SELECT customer_id FROM svc.table.orders\n', 'SELECT DISTINCT customer_id FROM svc.table.orders\n'));
    const doc = await cli.json('plan', '--dir', code, '--prune');
    expect(doc.knowledge.changes).toEqual([expect.objectContaining({ action: 'replaceGoldenSql', before: 'SELECT customer_id FROM svc.table.orders', sql: 'SELECT DISTINCT customer_id FROM svc.table.orders' })]);
    await cli.dgw('apply', '--dir', code, '--prune', '--yes');
    expect(answers(await cli.json('golden-sql', 'list'))).toEqual(['SELECT DISTINCT customer_id FROM svc.table.orders', 'SELECT customer_id, sum(amount) FROM svc.table.orders GROUP BY 1']);
    expect((await cli.run('plan', '--dir', code, '--prune', '--exit-code')).code).toBe(0);
  });
});

describeOnce('the same question and SQL twice in the project', () => {
  const cli = localCli(join(dir, 'twins'), 'spec');
  const code = join(dir, 'code-twins');

  it('pull writes it once, and plan --prune then shows no change and deletes neither', async () => {
    await cli.dgw('golden-sql', 'add', 'How many orders?', '--sql', 'SELECT count(*) FROM svc.table.orders');
    await cli.dgw('golden-sql', 'add', 'How many orders?', '--sql', 'SELECT count(*) FROM svc.table.orders');
    await cli.dgw('pull', '--dir', code);
    expect(readFileSync(join(code, 'golden-sqls.yaml'), 'utf8').match(/- question: How many orders\?/g)).toHaveLength(1);
    expect((await cli.run('plan', '--dir', code, '--prune', '--exit-code')).code).toBe(0);
    await cli.dgw('apply', '--dir', code, '--prune', '--yes');
    expect(await cli.json('golden-sql', 'list')).toHaveLength(2);
  });
});

describeOnce('a relation type in lower case', () => {
  const cli = localCli(join(dir, 'types'), 'spec');
  const code = join(dir, 'code-types');

  it('is applied once: plan after apply shows no change', async () => {
    mkdirSync(code, { recursive: true });
    writeFileSync(join(code, 'relations.yaml'), '- from: 1.table.orders.customer_id\n  to: 1.table.customers.customer_id\n  type: one_to_one\n');
    await cli.dgw('apply', '--dir', code, '--yes');
    expect((await cli.json('relation', 'list', '1')).map((r: { type: string }) => r.type)).toEqual(['ONE_TO_ONE']);
    expect((await cli.run('plan', '--dir', code, '--exit-code')).code).toBe(0);
  });
});

describeOnce('bad knowledge files', () => {
  const cli = localCli(join(dir, 'bad'), 'spec');
  const code = join(dir, 'code-bad');
  mkdirSync(code, { recursive: true });

  it.each([
    ['golden-sqls.yaml', '- question: x\n', /golden-sqls\.yaml:1: "sql" must be non-empty text/],
    ['golden-sqls.yaml', '- question: x\n  sql: SELECT 1\n- question: x\n  sql: SELECT 1;\n', /golden-sqls\.yaml:3: the question "x" with the same SQL is also on line 1/],
    ['golden-sqls.yaml', 'question: x\n', /golden-sqls\.yaml:1: must be a YAML list/],
    // The service refuses a question with a tab or a line break, after the requests before it: refused first.
    ['golden-sqls.yaml', '- question: "two\\tcolumns"\n  sql: SELECT 1\n', /golden-sqls\.yaml:1: "question" holds a tab or a line break/],
    // Empty or comments only (truncated, a bad merge): read as no entries, --prune would delete every one.
    ['golden-sqls.yaml', '', /golden-sqls\.yaml:1: holds no list: write \[\] for none/],
    ['relations.yaml', '# only a comment\n', /relations\.yaml:1: holds no list: write \[\] for none/],
    ['golden-sqls.yaml', '- question: x\n  sql: SELECT 1\n  answer: 2\n', /unknown key "answer"/],
    ['relations.yaml', '- from: a.b.c\n  to: 1.table.orders.id\n', /relations\.yaml:1: "from" must be catalog\.schema\.table\.column/],
    ['relations.yaml', '- from: [1\n', /relations\.yaml:\d+: is not YAML/],
    ['golden-sqls.yaml', '- question: &q x\n  sql: SELECT 1\n- question: *q\n  sql: SELECT 2\n', /golden-sqls\.yaml:3: uses a YAML alias \(\*q\); write the value out/],
  ])('%s holding %j is exit 2, naming the file and line, before any request', async (name, text, message) => {
    writeFileSync(join(code, name), text);
    try {
      const r = await cli.run('plan', '--dir', code);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain('nothing was sent');
    } finally {
      unlinkSync(join(code, name));
    }
  });

  it('a catalog the project does not have is exit 4 naming it; a name two catalogs share asks for the id (exit 14: the catalogs were read)', async () => {
    // The line of the entry that names it: the second here.
    writeFileSync(join(code, 'relations.yaml'), '- from: 1.table.orders.customer_id\n  to: 1.table.customers.customer_id\n- from: nosuch.main.t.c\n  to: 1.table.orders.customer_id\n');
    const unknown = await cli.run('plan', '--dir', code);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('relations.yaml:3: the project has no catalog nosuch (`dgw --zone local catalog list` shows them)');
    writeFileSync(join(code, 'relations.yaml'), '- from: svc.table.orders.customer_id\n  to: 1.table.customers.customer_id\n');
    const shared = await cli.run('plan', '--dir', code);
    expect(shared.code).toBe(14);
    expect(shared.stderr).toContain('the catalog name svc stands for catalogs 1, 2: write the id');
  });
});

describe.each(walkShapes)('knowledge as code through dgw serve (%s shape)', (shape) => {
  let server: RunningServer;
  const dataDir = join(dir, `served-${shape}`);
  const code = join(dir, `served-code-${shape}`);
  const env = { DGW_CONFIG_DIR: join(dir, `served-config-${shape}`), DGW_LOCAL_DIR: dataDir };
  const dgw = async (...args: string[]) => {
    const r = await runAsBinaryWould(['--zone', 'local', ...args], { env });
    expect(r.code, `dgw ${args.join(' ')}\n${r.stderr}`).toBe(0);
    return r.stdout;
  };
  beforeAll(async () => {
    server = await startServer({ dataDir, port: 0, apiShape: shape });
  });
  afterAll(() => server.close());

  it('pull, plan (no change), edit, apply, plan (no change)', async () => {
    await dgw('golden-sql', 'add', QUESTION, '--sql', SQL);
    await dgw('relation', 'add', '1.table.orders.customer_id', '1.table.customers.customer_id');
    await dgw('pull', '--dir', code);
    expect(JSON.parse(await dgw('plan', '--dir', code, '--prune', '--json')).hasChanges).toBe(false);
    writeFileSync(join(code, 'golden-sqls.yaml'), `- question: Served?\n  sql: SELECT 1\n`);
    writeFileSync(join(code, 'relations.yaml'), '- from: 1.table.orders.customer_id\n  to: 1.table.customers.customer_id\n  type: ONE_TO_ONE\n');
    const applied = JSON.parse(await dgw('apply', '--dir', code, '--prune', '--yes', '--json'));
    expect(applied.applied).toEqual(['add golden SQL "Served?"', 'update relation 1.table.orders.customer_id → 1.table.customers.customer_id (type ONE_TO_ONE)', expect.stringMatching(/^delete golden SQL "How many orders per day\?"/)]);
    expect(JSON.parse(await dgw('plan', '--dir', code, '--prune', '--json')).hasChanges).toBe(false);
  });
});
