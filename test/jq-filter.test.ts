import { describe, expect, it } from 'vitest';
import { queryJson, useStandIn } from './support/stand-in.js';

// --jq EXPRESSION: jq's own language on the JSON a command prints, strings raw as `jq -r` prints
// them; a bad expression is exit 2 with jq's message before any request is sent.
const { server, dgw } = useStandIn();
const QUERIES = '/data/projects/proj-1/queries';
const rows = [
  queryJson({ id: '709922802836177297', name: 'revenue', displayName: 'Revenue', queryType: 'MATERIALIZED' }),
  queryJson({ id: '709922802836177298', name: 'plain_one', displayName: 'Plain one', queryType: 'PLAIN' }),
  queryJson({ id: '709922802836177299', name: 'daily', displayName: 'Daily\tcount', queryType: 'MATERIALIZED', path: '/reports' }),
];

describe('--jq', () => {
  it('prints the names of the materialized queries, one per line, raw', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--jq', '.[] | select(.queryType == "MATERIALIZED") | .name']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('revenue\ndaily\n');
  });

  it('prints non-string results as compact JSON in a pipe (jq -c), as every JSON of dgw off a terminal', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--jq', 'map(.name)']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('["revenue","plain_one","daily"]\n');
  });

  it('@tsv, length, keys, objects built in the filter, and filters on a single record', async () => {
    server.on('GET', QUERIES, { json: rows });
    const tsv = await dgw(['query', 'list', '--jq', '.[] | [.id, .displayName] | @tsv']);
    // jq's @tsv escapes the tab inside a value as \t.
    expect(tsv.stdout).toBe('709922802836177297\tRevenue\n709922802836177298\tPlain one\n709922802836177299\tDaily\\tcount\n');
    server.on('GET', QUERIES, { json: rows });
    expect((await dgw(['query', 'list', '--jq', 'length'])).stdout).toBe('3\n');
    server.on('GET', QUERIES, { json: rows });
    const built = await dgw(['query', 'list', '--jq', '[.[] | {(.name): .queryType}] | add']);
    expect(JSON.parse(built.stdout)).toEqual({ revenue: 'MATERIALIZED', plain_one: 'PLAIN', daily: 'MATERIALIZED' });
    server.on('GET', `${QUERIES}/709922802836177297`, { json: rows[0] });
    const one = await dgw(['query', 'get', '709922802836177297', '--jq', '.path // "/"']);
    expect(one.stdout).toBe('/\n');
  });

  it('keeps whitespace and empty strings of raw output exactly', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--jq', '"  padded  ", "", .[0].name']);
    expect(r.stdout).toBe('  padded  \n\nrevenue\n');
  });

  it('applies after --json FIELDS, and before the command name as well as after it', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['--jq', 'map(keys)', 'query', 'list', '--json', 'id,name']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([['id', 'name'], ['id', 'name'], ['id', 'name']]);
  });

  it('$ENV and env are the environment dgw runs in, as with jq (a CI step passes values that way)', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--jq', '.[] | select(.name == $ENV.WANTED) | .id, env.WANTED'], { env: { WANTED: 'daily' } });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('709922802836177299\ndaily\n');
  });

  it('a filter producing nothing prints nothing', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--jq', '.[] | select(.queryType == "NONE")']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });

  it('a bad expression is exit 2 with jq\'s message, before any request', async () => {
    server.on('GET', QUERIES, { json: rows });
    for (const expression of ['.[', '.[] | select(.queryType ==', 'foo(1)', '$undefined_variable', '']) {
      const r = await dgw(['query', 'list', '--jq', expression]);
      expect(r.code, expression).toBe(2);
      expect(r.stdout).toBe('');
      // --jq is machine output: the error is one JSON object.
      expect((JSON.parse(r.stderr) as { error: { message: string } }).error.message).toMatch(/^--jq: /);
    }
    const syntax = await dgw(['query', 'list', '--jq', '.[']);
    expect(syntax.stderr).toContain('"message":"--jq: syntax error, unexpected end of file at <top-level>, line 1, column 2"');
    const unknown = await dgw(['query', 'list', '--jq', 'foo(1)']);
    expect(unknown.stderr).toContain('foo/1 is not defined');
    expect(server.requests).toEqual([]);
  });

  it('a filter that loops on null is only compiled before the request, never run', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--jq', 'if type == "array" then .[0].name else repeat(.) end'], { timeoutMs: 10_000 });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('revenue\n');
  });

  it('a filter failing on the data is exit 14 (the request was sent) with jq\'s message, after what it printed; in the JSON error form', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--jq', '.[] | .name, (.path | .[])']);
    expect(r.code).toBe(14);
    expect(r.stdout).toBe('revenue\n');
    // --jq is machine output: the error is one JSON object on stderr, as with --json.
    const { error } = JSON.parse(r.stderr) as { error: { kind: string; message: string; hint: string } };
    expect(error.kind).toBe('usage_after_send');
    expect(error.message).toMatch(/^--jq: Cannot iterate over null/);
    expect(error.hint).toContain('only reads were sent');
  });

  it('jq running out of memory (a huge result, or a filter building a huge value) is exit 14 saying so, not a crash', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--jq', '[range(1e9)] | length'], { timeoutMs: 60_000 });
    expect(r.code).toBe(14);
    const { error } = JSON.parse(r.stderr.slice(r.stderr.indexOf('{'))) as { error: { message: string; hint: string } };
    expect(error.message).toBe('--jq: jq ran out of memory on this JSON or filter');
    expect(error.hint).toContain('--format jsonl');
  }, 60_000);

  it('applies to a dry run\'s JSON and to plain values', async () => {
    const r = await dgw(['query', 'rm', '709922802836177297', '--dry-run', '--jq', '.method + " " + .url']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`DELETE ${server.baseUrl}/data/projects/proj-1/queries/709922802836177297\n`);
  });

  it('cannot be combined with another output', async () => {
    for (const args of [['--format', 'csv'], ['--format', 'yaml'], ['-q']]) {
      const r = await dgw(['query', 'list', '--jq', '.', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--jq/);
    }
    expect(server.requests).toEqual([]);
  });
});
