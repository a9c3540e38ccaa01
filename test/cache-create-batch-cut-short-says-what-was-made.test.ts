import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// `cache create --batch` of 500 tables that ran out of --timeout said only "timed out" (exit 9),
// though the service had made 227 of them: which were made, and which were not, was left to be
// found. When the batch's answer never comes (the time limit, a dropped connection), dgw reads
// the project's caches and prints each table as the answer would have (made, with its id, or not),
// and the error counts both (still exit 9).

const P = '/data/projects/proj-1';
const status = (id: string, tableName: string) => ({ id, catalogId: '1', schemaName: 'table', tableName, status: 'COMPLETED' });
const { server, dgw } = useStandIn();

describe('cache create --batch whose answer never came', () => {
  it('past --timeout: each table is printed made (with its id) or not, and the error counts them', async () => {
    server.on('POST', `${P}/cache/batch`, { delayMs: 30_000, json: [] });
    // t2 and t1 were made before the time limit; a cache of another table was there before.
    server.on('GET', `${P}/cache/status`, { json: [status('c-2', 't2'), status('c-0', 'other'), status('c-1', 't1')] });
    const r = await dgw(['cache', 'create', '--batch', 't1', 't2', 't3', '--timeout', '1s', '--json']);
    expect(r.code, r.stderr).toBe(9);
    expect(JSON.parse(r.stdout)).toEqual([
      { table: 't1', success: true, id: 'c-1', error: null },
      { table: 't2', success: true, id: 'c-2', error: null },
      { table: 't3', success: false, id: null, error: 'not made when the answer failed' },
    ]);
    const error = JSON.parse(r.stderr.trim().split('\n').at(-1)!).error;
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/^POST \S+\/cache\/batch timed out after 1 s .*: of the 3 tables, 2 have a cache now and 1 has none \(each is listed\)$/);
    expect(error.hint).toContain('with a longer --timeout');
    expect(server.requests.map((q) => `${q.method} ${q.path.replace(/^\/api\/v1/, '')}`)).toEqual([`POST ${P}/cache/batch`, `GET ${P}/cache/status`]);
  });

  it('a dropped connection: the same account, without advice about --timeout', async () => {
    server.on('POST', `${P}/cache/batch`, { destroy: true });
    server.on('GET', `${P}/cache/status`, { json: [status('c-1', 't1')] });
    const r = await dgw(['cache', 'create', '--batch', 't1', 't2']);
    expect(r.code, r.stderr).toBe(9);
    expect(r.stdout).toBe('t1\ttrue\tc-1\t\\N\nt2\tfalse\t\\N\tnot made when the answer failed\n');
    expect(r.stderr).toMatch(/: of the 2 tables, 1 has a cache now and 1 has none \(each is listed\)\n/);
    expect(r.stderr).not.toContain('--timeout');
  });
});
