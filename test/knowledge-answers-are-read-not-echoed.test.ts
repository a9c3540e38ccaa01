import { describe, expect, it } from 'vitest';
import { useStandIn } from './support/stand-in.js';

// golden-sql add and relation add/update print the record the service answered (the document types it as an open object), never what was sent over an answer that is not one.
// An add answered without its record (`{}`, or nothing) printed what was sent with an empty id; it prints the record the service lists now.
const { server, dgw } = useStandIn();
const GOLDEN = '/metadata/proj-1/golden-sqls';
const rel = { id: 'r1', catalogId: '1', schemaName: 's', tableName: 't', columnName: 'c', targetCatalogId: '1', targetSchemaName: 's', targetTableName: 't', targetColumnName: 'd', type: 'MANY_TO_ONE' };
const catalogs = () => server.on('GET', '/data/projects/proj-1/catalogs', { json: [{ id: '1', name: 'one', catalogType: 'GOOGLE_SHEETS' }] });
const asJson = (body: string) => ({ body, headers: { 'content-type': 'application/json' } });

describe('knowledge answers are read, not echoed', () => {
  it.each([
    ['null', 'null where a golden SQL was expected'],
    ['[]', 'a list where a golden SQL was expected'],
    ['"ok"', 'a string where a golden SQL was expected'],
    ['{"errorCode":"BOOM","message":"it broke"}', 'a golden SQL without an id'],
    ['{"id":1234567890123456789,"prompt":"Q","sql":"SELECT 1"}', 'a number too long to read exactly'],
  ])('golden-sql add answered 200 %s is exit 8, not "✓ added golden SQL"', async (body, said) => {
    server.on('POST', GOLDEN, asJson(body));
    const r = await dgw(['golden-sql', 'add', 'Q', '--sql', 'SELECT 1']);
    expect(r.code).toBe(8);
    expect(r.stderr).toContain(`error: the service sent ${said}`);
    expect(r.stdout).toBe('');
  });

  it('golden-sql add prints the id the service gave, as a number or inside a member', async () => {
    server.on('POST', GOLDEN, { json: { id: 42, prompt: 'Q', sql: 'SELECT 1' } }, { json: { goldenSql: { id: 'g-7', prompt: 'Q', sql: 'SELECT 1' } } });
    expect((await dgw(['golden-sql', 'add', 'Q', '--sql', 'SELECT 1', '-q'])).stdout).toBe('42\n');
    expect((await dgw(['golden-sql', 'add', 'Q', '--sql', 'SELECT 1', '-q'])).stdout).toBe('g-7\n');
  });

  it.each([['{}'], ['']])('golden-sql add answered 200 %j prints the golden SQL the service lists, with its id', async (body) => {
    const stored = { id: 'g-9', prompt: 'Q', sql: 'SELECT 1', createdAt: '2026-11-30T18:00:00Z' };
    server.on('POST', GOLDEN, asJson(body));
    server.on('GET', GOLDEN, { json: { goldenSqls: [{ ...stored, id: 'g-1', prompt: 'Other' }, stored] } });
    const r = await dgw(['golden-sql', 'add', 'Q', '--sql', 'SELECT 1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ...stored, score: null });
  });

  it('golden-sql add answered 200 {} when the service lists no such golden SQL is exit 8, saying where to look', async () => {
    server.on('POST', GOLDEN, asJson('{}'));
    server.on('GET', GOLDEN, { json: { goldenSqls: [] } });
    const r = await dgw(['golden-sql', 'add', 'Q', '--sql', 'SELECT 1']);
    expect([r.code, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toContain('error: the service answered without the golden SQL and lists none with this prompt and SQL: see `dgw golden-sql list`');
  });

  it.each([['{}'], ['']])('relation add answered 200 %j prints the relation the service lists, with its id', async (body) => {
    catalogs();
    server.on('POST', '/metadata/proj-1/relations/1/s/t/c', asJson(body));
    server.on('GET', '/metadata/proj-1/relations/1', { json: { relations: [{ ...rel, id: 'r0', targetColumnName: 'e' }, rel] } });
    const r = await dgw(['relation', 'add', '1.s.t.c', '1.s.t.d', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ...rel, createdAt: null });
    server.on('POST', '/metadata/proj-1/relations/1/s/t/c', asJson(body));
    server.on('GET', '/metadata/proj-1/relations/1', { json: { relations: [] } });
    const none = await dgw(['relation', 'add', '1.s.t.c', '1.s.t.d']);
    expect([none.code, none.stdout]).toEqual([8, '']);
    expect(none.stderr).toContain('error: the service answered without the relation and lists none from 1.s.t.c to 1.s.t.d');
  });

  it.each([['null'], ['"ok"'], ['{"errorCode":"BOOM","message":"it broke"}']])('relation add and update answered 200 %s are exit 8, not a success line', async (body) => {
    catalogs();
    server.on('GET', '/metadata/proj-1/relations/1', { json: { relations: [rel] } });
    server.on('POST', '/metadata/proj-1/relations/1/s/t/c', asJson(body));
    server.on('PUT', '/metadata/proj-1/relations/1/s/t/r1', asJson(body));
    for (const args of [['relation', 'add', '1.s.t.c', '1.s.t.d'], ['relation', 'update', '1', 'r1', '--type', 'ONE_TO_ONE']]) {
      const r = await dgw(args);
      expect(r.code, args.join(' ')).toBe(8);
      expect(r.stderr).toMatch(/^error: the service sent (null|a string) where a relation was expected|^error: the service sent a relation without an id/);
      expect(r.stderr).not.toContain('✓');
    }
  });

  it.each([['{}'], ['']])('relation update answered 200 %j prints the relation listed, of its new type, as --json promises', async (body) => {
    catalogs();
    server.on('GET', '/metadata/proj-1/relations/1', { json: { relations: [rel] } });
    server.on('PUT', '/metadata/proj-1/relations/1/s/t/r1', asJson(body));
    const r = await dgw(['relation', 'update', '1', 'r1', '--type', 'ONE_TO_ONE', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ...rel, type: 'ONE_TO_ONE', createdAt: null });
  });

  it.each([
    ['"ok"', 'a string where a list of golden SQLs'],
    ['42', 'a number where a list of golden SQLs'],
    ['{"errorCode":"BOOM","message":"it broke"}', 'an object holding no list where a list of golden SQLs'],
  ])('golden-sql list answered 200 %s is exit 8, not an empty list', async (body, said) => {
    server.on('GET', GOLDEN, asJson(body));
    const r = await dgw(['golden-sql', 'list']);
    expect(r.code).toBe(8);
    expect(r.stderr).toContain(`error: the service sent ${said} was expected`);
  });

  it('relation list answered an error-shaped 200 is exit 8; {} and null are lists of none', async () => {
    catalogs();
    server.on('GET', '/metadata/proj-1/relations/1', asJson('{"errorCode":"BOOM","message":"it broke"}'), asJson('{}'), asJson('null'));
    const r = await dgw(['relation', 'list', '1']);
    expect(r.code).toBe(8);
    expect(r.stderr).toContain('error: the service sent an object holding no list where a list of relations was expected');
    expect((await dgw(['relation', 'list', '1', '--json'])).stdout).toBe('[]\n');
    expect((await dgw(['relation', 'list', '1', '--json'])).stdout).toBe('[]\n');
  });
});
