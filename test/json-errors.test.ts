import { describe, expect, it } from 'vitest';
import { queryJson, useStandIn } from './support/stand-in.js';

// With structured output (--json, --jq, --format json|yaml) stderr on failure is exactly one JSON
// object, the hint a field of it: a script can `2>&1 >/dev/null | jq .`. Warnings said before the
// failure are fields of it too; after a success each is a JSON line. With --debug every trace
// line is a JSON line before the error.

const { server, dgw } = useStandIn();
const QUERIES = '/data/projects/proj-1/queries';
const QID = '709922802836177297';

interface ErrorObject {
  kind: string;
  status: number | null;
  message: string;
  errorCode: string | number | null;
  hint: string | null;
  sent: { reads: number; changes: number };
  warnings: string[];
}

/** stderr as exactly one JSON object (JSON.parse fails on any other line). */
function onlyError(stderr: string): ErrorObject {
  return (JSON.parse(stderr) as { error: ErrorObject }).error;
}

describe('stderr on failure is exactly one JSON object', () => {
  it.each([
    ['--json', ['--json']],
    ['--json FIELDS', ['--json', 'id,name']],
    ['--jq', ['--jq', '.name']],
    ['--format json', ['--format', 'json']],
    ['--format yaml', ['--format', 'yaml']],
  ])('query get nosuch %s: not found, the hint a field', async (_name, flags) => {
    server.on('GET', QUERIES, { json: [] });
    const r = await dgw(['query', 'get', 'nosuch', ...flags]);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(onlyError(r.stderr)).toEqual({
      kind: 'not_found',
      status: null,
      message: 'no query named "nosuch" (nor with that id)',
      errorCode: null,
      hint: null,
      sent: { reads: 1, changes: 0 },
      warnings: [],
    });
  });

  it('an error from the service carries its status, code and hint', async () => {
    server.on('GET', QUERIES, { status: 401, json: { errorCode: 'UNAUTHORIZED', message: 'bad key' } });
    const r = await dgw(['query', 'list', '--json']);
    expect(r.code).toBe(3);
    expect(onlyError(r.stderr)).toMatchObject({ kind: 'auth', status: 401, errorCode: 'UNAUTHORIZED', hint: 'run `dgw auth login`, or check DGW_API_KEY' });
  });

  it('a command-line mistake commander finds (a missing argument) is one JSON object too, pointing to --help', async () => {
    const r = await dgw(['query', 'get', '--json']);
    expect(r.code).toBe(2);
    expect(onlyError(r.stderr)).toMatchObject({ kind: 'usage', message: "missing required argument 'query'", hint: 'dgw query get takes QUERY: see `dgw query get --help`' });
    const option = await dgw(['query', 'list', '--nope', '--jq', '.']);
    expect(option.code).toBe(2);
    expect(onlyError(option.stderr)).toMatchObject({ kind: 'usage', message: "unknown option '--nope' (Did you mean one of --type, --zone?)", hint: 'see `dgw query list --help`' });
  });

  it('an argument typed after --json, which --json takes for its fields, is said to be so', async () => {
    const r = await dgw(['query', 'get', '--json', 'revenuereport']);
    expect(r.code).toBe(2);
    expect(onlyError(r.stderr)).toMatchObject({ message: "missing required argument 'query'", hint: '--json took "revenuereport" for the fields to print: put --json after the arguments; dgw query get takes QUERY: see `dgw query get --help`' });
    // Before the command's name, --json takes nothing from it.
    expect(onlyError((await dgw(['--json', 'query', 'get'])).stderr).hint).toBe('dgw query get takes QUERY: see `dgw query get --help`');
  });

  it('an optional argument --json took for its fields is said to be so too', async () => {
    expect(onlyError((await dgw(['sql', '--json', 'SELECT 1'])).stderr)).toMatchObject({ message: expect.stringMatching(/^no SQL statement/), hint: '--json took "SELECT 1" for the fields to print: put --json after the arguments; see `dgw sql --help`' });
    expect(onlyError((await dgw(['table', 'list', '--json', 'orders'])).stderr).hint).toMatch(/^--json took "orders" for the fields to print: put --json after the arguments; its fields: catalogId/);
    // A list of fields is fields, not an argument.
    expect(onlyError((await dgw(['table', 'list', '--json', 'tableName,orders'])).stderr).hint).toMatch(/^its fields: /);
  });

  it('--json "" (an unset $FIELDS) is exit 2 saying it is empty, not every field', async () => {
    for (const argv of [['query', 'list', '--json', ''], ['query', 'list', '--json=', '--format', 'yaml']]) {
      const r = await dgw(argv);
      expect([r.code, r.stdout, onlyError(r.stderr).message], argv.join(' ')).toEqual([2, '', '--json is empty (an unset variable?); leave out its value to print every field']);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a warning said before the failure is in the object, not a line of its own', async () => {
    server.on('GET', QUERIES, { json: [queryJson({ id: QID, name: 'a' }), queryJson({ id: '709922802836177298', name: 'b' })] });
    server.on('DELETE', `${QUERIES}/${QID}`, { status: 200 });
    server.on('DELETE', `${QUERIES}/709922802836177298`, { status: 500, json: { errorCode: 'BOOM', message: 'no' } });
    const r = await dgw(['query', 'rm', 'a', 'b', '--yes', '--json']);
    expect(r.code).toBe(8);
    expect(onlyError(r.stderr)).toMatchObject({ kind: 'service', status: 500, warnings: [`deleted before the failure: a (${QID})`], sent: { reads: 1, changes: 2 } });
  });

  it('with --debug, every line of stderr is JSON: the trace lines, then the error', async () => {
    server.on('GET', QUERIES, { json: [] });
    const r = await dgw(['query', 'get', 'nosuch', '--json', '--debug']);
    expect(r.code).toBe(4);
    const lines = r.stderr.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(0, -1).every((l) => typeof l.debug === 'string')).toBe(true);
    expect(lines.some((l) => String(l.debug).startsWith('→ GET '))).toBe(true);
    expect((lines.at(-1) as { error: ErrorObject }).error.kind).toBe('not_found');
  });

  it('without structured output the error stays two lines of text', async () => {
    server.on('GET', QUERIES, { json: [] });
    const r = await dgw(['query', 'get', 'nosuch']);
    expect(r.stderr).toBe('error: no query named "nosuch" (nor with that id)\n');
    const missing = await dgw(['query', 'get']);
    expect(missing.stderr).toBe("error: missing required argument 'query'\nhint: dgw query get takes QUERY: see `dgw query get --help`\n");
  });
});

describe('warnings of a command that succeeds', () => {
  it('are JSON lines on stderr after it, with structured output; text without', async () => {
    server.on('GET', QUERIES, { json: [queryJson({ id: QID, name: 'rev' }), queryJson({ id: 'q2', name: 'reader', inputQuery: 'SELECT * FROM svc.query.rev' })] });
    server.on('PUT', `${QUERIES}/${QID}`, { json: queryJson({ id: QID, name: 'revenue', displayName: 'Revenue' }) });
    const r = await dgw(['query', 'update', 'rev', '--name', 'Revenue', '--yes', '--json', 'id,name']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: QID, name: 'revenue' });
    const lines = r.stderr.trim().split('\n').map((l) => JSON.parse(l) as { warning: string });
    expect(lines.map((l) => l.warning)).toEqual([
      'the SQL name changes: svc.query.rev becomes svc.query.revenue, and svc.query.rev stops existing',
      '1 saved query reads svc.query.rev and will fail when next run or refreshed:',
      '  reader (plain)',
    ]);
  });
});
