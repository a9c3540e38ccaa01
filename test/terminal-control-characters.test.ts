import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './gateway/helpers.js';
import { queryJson, useStandIn } from './support/stand-in.js';

// Item 17: a query's display name (and any text a server sends) can never rewrite the terminal
// of whoever lists it. Display names with control characters are refused where folder names
// already were (the CLI before sending, the gateway with 400); what a hostile server sends is
// shown with its control characters escaped wherever it is drawn for a person, and is kept byte
// for byte in a pipe, where it is data.

const HOSTILE = 'e\x1b]0;pwned\x07\x1b[2J';
const C1 = 'c\u009b2J';
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('the CLI refuses control characters in a display name before sending', () => {
  const { server, dgw } = useStandIn();

  it.each([
    ['an OSC title and a screen clear', HOSTILE],
    ['a C1 control sequence introducer', C1],
    ['a carriage return', 'a\rb'],
  ])('%s: query create and query update --name exit 2 naming the argument, nothing sent (item 17: created, then printed raw)', async (_what, name) => {
    const create = await dgw(['query', 'create', name, '--sql', 'SELECT 1']);
    expect(create.code, create.stderr).toBe(2);
    expect(create.stderr).toMatch(/DISPLAY_NAME contains a control character/);
    const update = await dgw(['query', 'update', '3f2b8c1e-0000-4000-8000-000000000001', '--name', name]);
    expect(update.code, update.stderr).toBe(2);
    expect(update.stderr).toMatch(/--name contains a control character/);
    const mt = await dgw(['mtquery', 'create', name, '--sql', 'SELECT 1']);
    expect(mt.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});

describe('the local gateway refuses them with 400', () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await openGateway();
  });
  afterAll(() => g.close());

  it.each([HOSTILE, C1, 'tab\there'])('displayName %j on create and on update (item 17)', async (displayName) => {
    const create = await g.call('POST', `${P}/queries`, { body: { displayName, inputQuery: 'SELECT 1 AS one' } });
    expect(create.status).toBe(400);
    expect(create.body.message).toMatch(/displayName contains a control character/);
    const made = await g.call('POST', `${P}/queries`, { body: { displayName: `Clean ${Math.random().toString(36).slice(2, 8)}`, inputQuery: 'SELECT 1 AS one' } });
    const update = await g.call('PUT', `${P}/queries/${made.body.id}`, { body: { displayName } });
    expect(update.status).toBe(400);
    expect(update.body.message).toMatch(/displayName contains a control character/);
  });
});

describe('what a hostile server sends is shown, never obeyed', () => {
  const { server, dgw, dgwInTerminal } = useStandIn();
  const hostileQuery = queryJson({ displayName: HOSTILE, name: `n${C1}`, inputQuery: `SELECT '${HOSTILE}'` });
  const listed = () => server.on('GET', '/data/projects/proj-1/queries', { json: [hostileQuery] });

  it('a table, even into a pipe, escapes them: \\x1b, \\x07, \\x9b are printed as text (item 17)', async () => {
    listed();
    const r = await dgw(['query', 'list', '--format', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toContain('e\\x1b]0;pwned\\x07\\x1b[2J');
    expect(r.stdout).toContain('nc\\x9b2J');
  });

  it('on a terminal every output form escapes them: the default table, --format tsv, -q, --jq (item 17)', async () => {
    for (const args of [['query', 'list'], ['query', 'list', '--format', 'tsv'], ['query', 'list', '--format', 'csv'], ['query', 'list', '--jq', '.[].displayName'], ['query', 'list', '--format', 'yaml']]) {
      listed();
      // Wide enough that no value is shortened: what is checked is how it is escaped.
      const r = await dgwInTerminal(args, { env: { NO_COLOR: '1', COLUMNS: '200' } });
      expect(r.code, `${args.join(' ')}: ${r.stdout}`).toBe(0);
      // The terminal's own line ends are \r\n; nothing else may be a control character.
      expect(r.stdout.replace(/\r\n/g, '\n'), args.join(' ')).not.toMatch(RAW_CONTROL);
      expect(r.stdout, args.join(' ')).toMatch(/e\\{1,2}x1b\]0;pwned|e\\e\]0;pwned/);
    }
  });

  it('a message the server sends with an error is escaped on stderr (item 17)', async () => {
    server.on('GET', '/data/projects/proj-1/queries', { status: 400, json: { errorCode: 'BAD', message: `no ${HOSTILE} here` } });
    const r = await dgw(['query', 'list']);
    expect(r.code).toBe(6);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain('error: no e\\x1b]0;pwned\\x07\\x1b[2J here');
  });

  it('into a pipe, TSV and JSON keep the exact text: data stays data', async () => {
    listed();
    const tsv = await dgw(['query', 'list']);
    expect(tsv.stdout).toContain(HOSTILE);
    listed();
    const json = await dgw(['query', 'list', '--json']);
    // DEL and C1, which JSON.stringify leaves raw, are written as \u escapes: the same JSON value.
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(json.stdout)[0]).toMatchObject({ displayName: HOSTILE, name: `n${C1}` });
  });
});

describe('a plan (queries as code) shows the project\'s SQL and names escaped', () => {
  it('a control character in SQL text is shown as \\x1b in the diff, a tab stays a tab (item 17)', async () => {
    const { sqlDiff } = await import('../src/code/render.js');
    const { Chalk } = await import('chalk');
    const lines = sqlDiff(`SELECT '${HOSTILE}' AS a`, "SELECT '\tb' AS a", new Chalk({ level: 0 }));
    expect(lines.join('\n')).not.toMatch(RAW_CONTROL);
    expect(lines).toContain(`-SELECT 'e\\x1b]0;pwned\\x07\\x1b[2J' AS a`);
    expect(lines).toContain("+SELECT '\tb' AS a");
  });
});
