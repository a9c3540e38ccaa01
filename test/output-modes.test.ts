import { describe, expect, it } from 'vitest';
import { queryJson, useStandIn } from './support/stand-in.js';

// --json prints only JSON on stdout; a terminal gets a table, a pipe TSV without colour; --quiet ids.
const { server, dgw, dgwInTerminal } = useStandIn();
const QUERIES = '/data/projects/proj-1/queries';
const rows = [
  queryJson(),
  queryJson({ id: '3f2b8c1e-0000-4000-8000-000000000002', name: 'daily', displayName: 'Daily', queryType: 'MATERIALIZED', path: '/reports', schedule: { type: 'interval', repeatDuration: 'P1D' } }),
];

describe('output modes', () => {
  it('--json prints valid JSON on stdout and nothing else', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(rows);
  });

  it('--json with fields keeps only those fields', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--json', 'id,queryType']);
    expect(JSON.parse(r.stdout)).toEqual(rows.map((q) => ({ id: q.id, queryType: q.queryType })));
  });

  it('--json before the command name still works', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['--json', 'query', 'list']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
  });

  it('an unknown --json field is a usage error, before any request', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--json', 'id,nope']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const { error } = JSON.parse(r.stderr) as { error: { message: string; hint: string } };
    expect(error.message).toBe('--json: dgw query list has no field nope; did you mean name?');
    expect(error.hint).toMatch(/^its fields: id, displayName/);
    expect(server.requests).toEqual([]);
  });

  it('a pipe gets tab-separated rows, no header, no colour, even with FORCE_COLOR', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list'], { env: { FORCE_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b[');
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      // No schedule is null, which TSV writes \N (docs/output.md), not an empty string.
      [rows[0].id, 'revenuereport', 'Revenue Report', 'PLAIN', '/', '\\N'].join('\t'),
      [rows[1].id, 'daily', 'Daily', 'MATERIALIZED', '/reports', 'every P1D'].join('\t'),
    ]);
  });

  it('CSV writes no schedule as an empty field, as every null, not as the empty string ""', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--format', 'csv']);
    expect(r.stdout.trimEnd().split('\n')[1]).toBe([rows[0].id, 'revenuereport', 'Revenue Report', 'PLAIN', '/', ''].join(','));
  });

  it('--type filters on the client; --folder by path too (one request)', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--type', 'materialized', '--folder', '/reports/', '-q']);
    expect(r.stdout).toBe(`${rows[1].id}\n`);
    expect(server.requests).toHaveLength(1);
  });

  it('--quiet prints ids only', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgw(['query', 'list', '--quiet']);
    expect(r.stdout).toBe(`${rows[0].id}\n${rows[1].id}\n`);
  });

  it('a terminal gets a table with headers, and colour unless NO_COLOR', async () => {
    server.on('GET', QUERIES, { json: rows });
    const r = await dgwInTerminal(['query', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ID.* {2}.*NAME/);
    expect(r.stdout).toContain('revenuereport');
    expect(r.stdout).toContain('\u001b[1m');
    const plain = await dgwInTerminal(['query', 'list'], { env: { NO_COLOR: '1' } });
    expect(plain.stdout).toMatch(/^ID +NAME +DISPLAY/m);
    expect(plain.stdout).not.toContain('\u001b[1m');
    const flag = await dgwInTerminal(['query', 'list', '--no-color']);
    expect(flag.stdout).not.toContain('\u001b[1m');
  });

  it('query get on a pipe prints field<TAB>value lines', async () => {
    server.on('GET', `${QUERIES}/${rows[0].id}`, { json: rows[0] });
    const r = await dgw(['query', 'get', rows[0].id]);
    expect(r.stdout).toContain('NAME\trevenuereport\n');
    expect(r.stdout).toContain('INPUT QUERY\tSELECT 1\n');
  });

  it('success notes go to stderr, never stdout', async () => {
    server.on('POST', QUERIES, { json: rows[0] });
    const r = await dgw(['query', 'create', 'Revenue Report', '--sql', 'SELECT 1', '-q']);
    expect(r.stdout).toBe(`${rows[0].id}\n`);
    const loud = await dgw(['query', 'create', 'Revenue Report', '--sql', 'SELECT 1']);
    expect(loud.stderr).toContain('created query svc.query.revenuereport');
    expect(loud.stdout).not.toContain('created');
  });
});
