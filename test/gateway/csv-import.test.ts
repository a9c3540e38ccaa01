import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../../src/gateway/app.js';
import { createTableSql } from '../../src/gateway/project/tables.js';
import { openGateway, P, type TestGateway } from './helpers.js';

// The local gateway's CSV import (POST .../table/{name}/import, multipart), on DuckDB's own CSV
// reader, all or nothing: a bad line refuses the whole file with a 400 naming the line as the file
// counts it, and the table stays exactly as it was.

let g: TestGateway;
let app: ReturnType<typeof createGatewayApp>;

beforeAll(async () => {
  g = await openGateway();
  app = createGatewayApp(g.gateway);
  await g.call('POST', `${P}/table/people`, { body: [{ name: 'id', dataType: 'BIGINT' }, { name: 'name', dataType: 'VARCHAR' }, { name: 'amount', dataType: 'DECIMAL' }, { name: 'born', dataType: 'DATE' }] });
});
afterAll(() => g.close());

type Mapping = { name: string; csvColumnName?: string; csvColumnIndex?: number };

async function upload(table: string, file: string | Uint8Array, request: { mappings: Mapping[]; containsHeader: boolean } | string | undefined, options: { withFile?: boolean } = {}) {
  const form = new FormData();
  if (request !== undefined) form.set('request', typeof request === 'string' ? request : JSON.stringify(request));
  if (options.withFile !== false) form.set('file', new Blob([file as BlobPart], { type: 'text/csv' }), 'data.csv');
  const res = await app.request(`/api/v1${P}/table/${table}/import`, { method: 'POST', headers: { authorization: `Bearer ${g.partnerKey}` }, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const byName: Mapping[] = ['id', 'name', 'amount', 'born'].map((n) => ({ name: n, csvColumnName: n }));
const rows = async () => (await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT id, name, amount::VARCHAR, born::VARCHAR FROM svc.table.people ORDER BY id' } })).body.data;

describe('CSV import on the local gateway', () => {
  it('imports a file with a header, mapped by name in any order, and answers an ImportJob with the row count', async () => {
    const r = await upload('people', 'born,amount,name,id\n2000-01-31,1.50,"Smith, Jo",1\n1999-12-01,,"quoted ""x""\nline two",2\n', { mappings: byName, containsHeader: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'SUCCEEDED', progress: 100, result: { rowCount: 2 } });
    expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await rows()).toEqual([
      ['1', 'Smith, Jo', '1.500', '2000-01-31'],
      ['2', 'quoted "x"\nline two', null, '1999-12-01'],
    ]);
  });

  it('maps by position without a header; CRLF line ends and a byte order mark are read; an empty quoted field is the empty string', async () => {
    const r = await upload('people', '\uFEFF3,"",2.25,2001-02-03\r\n4,Ann,-7,2001-02-04\r\n', {
      mappings: [{ name: 'id', csvColumnIndex: 0 }, { name: 'name', csvColumnIndex: 1 }, { name: 'amount', csvColumnIndex: 2 }, { name: 'born', csvColumnIndex: 3 }],
      containsHeader: false,
    });
    expect(r.status).toBe(200);
    expect(r.body.result.rowCount).toBe(2);
    expect((await rows()).slice(2)).toEqual([
      ['3', '', '2.250', '2001-02-03'],
      ['4', 'Ann', '-7.000', '2001-02-04'],
    ]);
  });

  it('a header line alone imports nothing, and succeeds', async () => {
    const r = await upload('people', 'id,name,amount,born\n', { mappings: byName, containsHeader: true });
    expect(r.status).toBe(200);
    expect(r.body.result.rowCount).toBe(0);
  });

  const bad: Array<[string, string | Uint8Array, RegExp]> = [
    ['a ragged row', 'id,name,amount,born\n5,a,1,2000-01-01\n6,b\n7,c,1,2000-01-01\n', /line 3: it has 2 fields, where the file's first line has 4 \(the line: 6,b\)/],
    ['a row with too many fields', 'id,name,amount,born\n5,a,1,2000-01-01,extra\n', /line 2: it has 5 fields/],
    ['a wrong type', 'id,name,amount,born\n5,a,1,2000-01-01\n6,b,lots,2000-01-01\n', /line 3: "lots" in column "amount" is not a DECIMAL\(18,3\)/],
    ['a bad date after a quoted line break', 'id,name,amount,born\n5,"a\nb",1,2000-01-01\n6,b,1,2000-13-45\n', /line 4: "2000-13-45" in column "born" is not a DATE/],
    ['Latin-1 bytes', Uint8Array.from([...Buffer.from('id,name,amount,born\n5,'), 0xe9, 0x74, 0xe9, ...Buffer.from(',1,2000-01-01\n')]), /line 2: it is not UTF-8 text/],
    ['Latin-1 bytes in the header', Uint8Array.from([...Buffer.from('id,n'), 0xe9, ...Buffer.from(',amount,born\n')]), /line 1 is not UTF-8 text/],
    ['an empty file', '', /the file is empty/],
  ];
  for (const [what, file, message] of bad) {
    it(`${what}: 400 naming it, and the table exactly as before`, async () => {
      const before = await rows();
      const r = await upload('people', file, { mappings: byName, containsHeader: true });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.message).toMatch(message);
      expect(await rows()).toEqual(before);
    });
  }

  it('refuses mappings that name nothing, and a request that is not the documented one, with 400', async () => {
    const file = 'id,name\n1,a\n';
    const cases: Array<[unknown, RegExp]> = [
      [{ mappings: [{ name: 'nope', csvColumnName: 'id' }], containsHeader: true }, /the table has no column nope/],
      [{ mappings: [{ name: 'id', csvColumnName: 'nope' }], containsHeader: true }, /header has no column "nope"/],
      [{ mappings: [{ name: 'id', csvColumnIndex: 5 }], containsHeader: true }, /csvColumnIndex 5 of id: the file's first line has 2 columns/],
      [{ mappings: [{ name: 'id', csvColumnName: 'id' }], containsHeader: false }, /needs a header line/],
      [{ mappings: [{ name: 'id', csvColumnName: 'id', csvColumnIndex: 0 }], containsHeader: true }, /exactly one of csvColumnName and csvColumnIndex/],
      [{ mappings: [], containsHeader: true }, /at least one column/],
      [{ mappings: [{ name: 'id', csvColumnIndex: 0 }] }, /containsHeader must be true or false/],
      ['{not json', /not JSON/],
    ];
    for (const [request, message] of cases) {
      const r = await upload('people', file, request as string);
      expect(r.status, JSON.stringify(request)).toBe(400);
      expect(r.body.message).toMatch(message);
    }
    expect((await upload('people', file, undefined)).body.message).toMatch(/needs a "request" part/);
    expect((await upload('people', file, { mappings: byName, containsHeader: true }, { withFile: false })).body.message).toMatch(/needs a "file" part/);
    const notForm = await g.call('POST', `${P}/table/people/import`, { body: { mappings: [] } });
    expect([notForm.status, notForm.body.message]).toEqual([400, expect.stringMatching(/multipart\/form-data/)]);
  });

  it('a csvColumnName the header line holds twice is 400 naming both places, never the first of the two taken', async () => {
    const before = await rows();
    const r = await upload('people', 'id,name,id\n1,a,2\n', { mappings: [{ name: 'id', csvColumnName: 'id' }], containsHeader: true });
    expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(/the file's header names "id" twice \(columns 1 and 3\)/)]);
    expect(await rows()).toEqual(before);
  });

  it('a line longer than the reader takes is refused naming the line, at any length (past 32 MB DuckDB said only "Parallel CSV Reader")', async () => {
    for (const size of [3 << 20, 33 << 20]) {
      const before = await rows();
      const r = await upload('people', `id,name,amount,born\n1,a,1,2000-01-01\n2,${'x'.repeat(size)},2,2000-01-02\n`, { mappings: byName, containsHeader: true });
      expect(r.status, String(size)).toBe(400);
      expect(r.body.errorCode).toBe('CSV_ERROR');
      expect(r.body.message).toMatch(/line 3: (it is longer than 2,000,000 bytes, the most a line may hold|Maximum line size of 2000000 bytes exceeded)/);
      expect(r.body.message).not.toMatch(/Parallel CSV Reader/);
      expect(await rows()).toEqual(before);
    }
  });

  it('--create of a table another request is making: 409 naming the race, not DuckDB\'s write-write conflict', async () => {
    // The other request's CREATE, made and not yet committed: the import's own CREATE meets it.
    const other = await (await g.gateway.project('demo', { create: false })).connect();
    await other.run('BEGIN');
    await other.run(createTableSql('racing', [{ name: 'id', dataType: 'BIGINT', notNull: false, unique: false, defaultValue: null }]));
    try {
      const r = await upload('racing', 'id\n1\n', JSON.stringify({ mappings: [{ name: 'id', csvColumnName: 'id' }], containsHeader: true, create: [{ name: 'id', dataType: 'BIGINT' }] }));
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body.message).toBe('table racing was made by another request while the import ran; nothing was imported');
    } finally {
      await other.run('ROLLBACK');
      other.closeSync();
    }
  });

  it('a table that does not exist is 404', async () => {
    const r = await upload('nosuchtable', 'id\n1\n', { mappings: [{ name: 'id', csvColumnIndex: 0 }], containsHeader: true });
    expect(r.status).toBe(404);
  });

  it('the sample CSV: the header and the first rows, or made-up values for an empty table', async () => {
    const res = await app.request(`/api/v1${P}/table/people/sample`, { headers: { authorization: `Bearer ${g.partnerKey}` } });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await res.text()).toBe('id,name,amount,born\n1,"Smith, Jo",1.500,2000-01-31\n2,"quoted ""x""\nline two",,1999-12-01\n3,"",2.250,2001-02-03\n');
    await g.call('POST', `${P}/table/fresh`, { body: [{ name: 'k', dataType: 'UUID' }, { name: 'ok', dataType: 'BOOLEAN' }, { name: 'at', dataType: 'TIMESTAMP' }] });
    const fresh = await app.request(`/api/v1${P}/table/fresh/sample`, { headers: { authorization: `Bearer ${g.partnerKey}` } });
    expect((await fresh.text()).split('\n')).toEqual([
      'k,ok,at',
      '00000000-0000-4000-8000-000000000001,true,2026-01-01 12:30:00',
      '00000000-0000-4000-8000-000000000002,false,2026-01-02 12:30:00',
      '00000000-0000-4000-8000-000000000003,true,2026-01-03 12:30:00',
      '',
    ]);
  });
});
