import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// Bad input never yields a 500: hostile names, paths and bodies get 4xx, and nothing is injected.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway({ maxBodyBytes: 32 * 1024 });
});
afterAll(async () => {
  await g.close();
});

const HOSTILE = [
  `it's "quoted"`,
  'semi; DROP TABLE svc.table.orders; --',
  '..',
  '../../etc/passwd',
  'select',
  'TABLE',
  'DROP',
  '"); DROP TABLE orders; --',
  "'; DELETE FROM svc.table.orders; --",
  '%00null',
  'ünïcödé ✓',
  '   ',
  'a'.repeat(300),
];

async function ordersIntact() {
  const r = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT count(*) FROM svc.table.orders' } });
  // count(*) is a BIGINT: a string (one JSON type per column, docs/output.md).
  expect(r.body.data).toEqual([['60']]);
}

describe('hostile names and paths never cause a 500 or an injection', () => {
  it.each(HOSTILE)('display name %j', async (name) => {
    const r = await g.call('POST', `${P}/queries`, { body: { displayName: name, inputQuery: 'SELECT 1 AS x' } });
    expect(r.status).toBeLessThan(500);
    expect([200, 400, 409]).toContain(r.status);
    const m = await g.call('POST', `${P}/queries`, { body: { displayName: `${name} mat`, queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x' } });
    expect([200, 400, 409]).toContain(m.status);
    await ordersIntact();
  });

  it.each(HOSTILE)('folder name and path %j', async (name) => {
    const f = await g.call('POST', `${P}/queries/folders`, { body: { folderName: name } });
    expect([201, 400, 409]).toContain(f.status);
    const q = await g.call('POST', `${P}/queries`, { body: { displayName: `in path ${Math.random()}`, inputQuery: 'SELECT 1', path: `/x/${name}/y` } });
    expect([200, 400, 409]).toContain(q.status);
    await ordersIntact();
  });

  it.each(HOSTILE)('table, column, query, folder and key ids in URLs %j', async (name) => {
    const seg = encodeURIComponent(name);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `${P}/queries/${seg}`],
      ['PUT', `${P}/queries/${seg}`, { inputQuery: 'SELECT 1' }],
      ['DELETE', `${P}/queries/${seg}`],
      ['PATCH', `${P}/queries/${seg}/path`, { path: '/a' }],
      ['GET', `${P}/queries/folders/${seg}`],
      ['DELETE', `${P}/queries/folders/${seg}?force=true`],
      ['POST', `${P}/queries/folders/${seg}`, { folderName: 'x' }],
      ['POST', `${P}/materialized-queries/${seg}/refresh`],
      ['GET', `${P}/materialized-queries/${seg}/status`],
      ['GET', `${P}/table/${seg}/columns`],
      ['POST', `${P}/table/${seg}`, { columns: [{ name: 'a', dataType: 'BIGINT' }] }],
      ['POST', `${P}/table/orders/columns`, [{ name, dataType: 'VARCHAR' }]],
      ['DELETE', `${P}/table/${seg}/columns/${seg}`],
      ['DELETE', `${P}/table/orders/columns/${seg}`],
      ['GET', `/data/projects/${seg}/queries`],
      ['GET', `/projects/${seg}/apiKeys`],
      ['DELETE', `/projects/demo/apiKeys/${seg}`],
      ['GET', `/connections/config/${seg}`],
      ['POST', `${P}/queries/execute`, { qualifiedName: `svc.table.${name}` }],
      ['POST', `${P}/queries/execute`, { qualifiedName: name }],
    ];
    for (const [method, path, body] of calls) {
      const r = await g.call(method, path, body === undefined ? {} : { body });
      expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(500);
      expect(r.body, `${method} ${path}`).toBeTypeOf('object');
    }
    await ordersIntact();
  });

  it('stores a column with a quote in its name as exactly that name', async () => {
    const r = await g.call('POST', `${P}/table/quoted`, { body: { columns: [{ name: 'it\'s "x"; drop', dataType: 'VARCHAR' }, { name: 'id', dataType: 'BIGINT' }] } });
    expect(r.status).toBe(200);
    expect((await g.call('GET', `${P}/table/quoted/columns`)).body[0].name).toBe('it\'s "x"; drop');
    const d = await g.call('DELETE', `${P}/table/quoted/columns/${encodeURIComponent('it\'s "x"; drop')}`);
    expect(d.status).toBe(200);
    expect((await g.call('GET', `${P}/table/quoted/columns`)).body.map((c: { name: string }) => c.name)).toEqual(['id']);
  });

  it('refuses . and .. as a column\'s name (a URL reads them as steps: no request could change or drop the column), adding or renaming, in both schemas', async () => {
    for (const schema of ['table', 'bitable']) {
      expect((await g.call('POST', `${P}/${schema}/dots`, { body: { columns: [{ name: 'keep', dataType: 'VARCHAR' }] } })).status).toBe(200);
      for (const name of ['.', '..']) {
        const add = await g.call('POST', `${P}/${schema}/dots/columns`, { body: [{ name: 'other', dataType: 'VARCHAR' }, { name, dataType: 'VARCHAR' }] });
        expect(add.status, add.text).toBe(400);
        expect(add.body.message).toMatch(/cannot be a column's name/);
        const rename = await g.call('PUT', `${P}/${schema}/dots/columns/keep`, { body: { name } });
        expect(rename.status, rename.text).toBe(400);
        const made = await g.call('POST', `${P}/${schema}/dots2${name.length}`, { body: { columns: [{ name, dataType: 'VARCHAR' }] } });
        expect(made.status, made.text).toBe(400);
      }
      expect((await g.call('GET', `${P}/${schema}/dots/columns`)).body.map((c: { name: string }) => c.name)).toEqual(['keep']);
    }
  });
});

describe('an export\'s CSV options', () => {
  it('a NUL in any of them is 400 naming the field (they go into the COPY statement\'s text, which ends at a NUL), and no job is made', async () => {
    const q = await g.call('POST', `${P}/queries`, { body: { displayName: 'Nul options', inputQuery: 'SELECT 1 AS x' } });
    const before = (await g.call('GET', `${P}/exports`)).body.length;
    for (const [field, csvOptions] of [
      ['nullValue', { nullValue: 'ab\u0000cd' }],
      ['delimiter', { delimiter: '\u0000' }],
      ['quoteChar', { quoteChar: '\u0000' }],
    ] as const) {
      const r = await g.call('POST', `${P}/queries/${q.body.id}/exports`, { body: { format: 'CSV', csvOptions } });
      expect(r.status, r.text).toBe(400);
      expect(r.body.message).toContain(`csvOptions.${field} contains a NUL character`);
    }
    expect((await g.call('GET', `${P}/exports`)).body.length).toBe(before);
  });
});

describe('a body that is not UTF-8', () => {
  it('is 400, and nothing is stored (its bytes were U+FFFD in the name before)', async () => {
    const before = (await g.call('GET', `${P}/queries`)).body.length;
    for (const bytes of [Buffer.from('{"displayName":"bad\xff\xfeutf","inputQuery":"SELECT 1"}', 'latin1'), Buffer.from('{"displayName":"caf\xe9x","inputQuery":"SELECT 1"}', 'latin1')]) {
      const r = await g.app.request(`/api/v1${P}/queries`, { method: 'POST', headers: { authorization: `Bearer ${g.partnerKey}`, 'content-type': 'application/json' }, body: bytes });
      expect(r.status).toBe(400);
      expect(((await r.json()) as { message: string }).message).toBe('the request body is not UTF-8 text');
    }
    expect((await g.call('GET', `${P}/queries`)).body.length).toBe(before);
    // A byte order mark before the JSON is no harm.
    const bom = await g.call('POST', `${P}/queries`, { raw: '\ufeff{"displayName":"With bom","inputQuery":"SELECT 1"}' });
    expect(bom.status, bom.text).toBe(200);
  });
});

describe('a method a path does not take', () => {
  it('is 405 naming the methods it takes (Allow), not 404 "no such endpoint": the path exists', async () => {
    for (const [method, path, allow] of [
      ['PATCH', `${P}/queries`, 'GET, HEAD, POST'],
      ['DELETE', `${P}/catalogs`, 'GET, HEAD, POST'],
      ['GET', `${P}/materialized-queries/123/refresh`, 'POST'],
    ]) {
      const r = await g.call(method, path);
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(405);
      expect(r.headers.get('allow')).toBe(allow);
      expect(r.body).toEqual({ errorCode: 'METHOD_NOT_ALLOWED', message: expect.stringContaining(`it takes ${allow}`) });
    }
    expect((await g.call('GET', `${P}/no-such-thing`)).status).toBe(404);
  });
});

describe('malformed and wrongly typed bodies get 400, oversized ones 413', () => {
  const BODIES = ['{', 'null', '42', '"text"', '[', '{"displayName": }', '\u0000', 'true'];
  const ENDPOINTS: Array<[string, string]> = [
    ['POST', `${P}/queries`],
    ['PUT', `${P}/queries/x`],
    ['POST', `${P}/queries/execute`],
    ['POST', `${P}/queries/folders`],
    ['PATCH', `${P}/queries/x/path`],
    ['POST', `${P}/table/newt`],
    ['POST', `${P}/table/orders/columns`],
    ['POST', '/projects/demo/apiKeys'],
  ];
  it.each(ENDPOINTS)('%s %s', async (method, path) => {
    for (const raw of BODIES) {
      const r = await g.call(method, path, { raw });
      expect([400, 404], `${raw}: ${r.text}`).toContain(r.status);
      expect(typeof r.body.message).toBe('string');
    }
    const big = await g.call(method, path, { raw: JSON.stringify({ displayName: 'x'.repeat(40 * 1024) }) });
    expect(big.status).toBe(413);
  });

  // The document declares these bodies application/json only: a script that sends a form or text here would not be sending what the hosted service is documented to read.
  it.each(ENDPOINTS)('%s %s with a body said to be another type is 415, and nothing is made', async (method, path) => {
    const body = JSON.stringify({ displayName: 'Typed wrongly', inputQuery: 'SELECT 1', statement: 'SELECT 1', folderName: 'typedwrongly', name: 'typedwrongly', path: '/typedwrongly' });
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'text/json', undefined]) {
      const r = await g.call(method, path, { raw: body, headers: { 'content-type': type as string } });
      expect(r.status, `${type}: ${r.text}`).toBe(415);
      expect(r.body.message).toContain('Content-Type: application/json');
    }
    for (const type of ['application/json; charset=utf-8', 'APPLICATION/JSON', 'application/merge-patch+json']) {
      expect((await g.call(method, path, { raw: '{', headers: { 'content-type': type } })).status, type).toBe(400);
    }
    const listed = await g.call('GET', `${P}/queries`);
    expect(listed.text).not.toContain('Typed wrongly');
  });

  it('answers 400 for every wrongly typed query field', async () => {
    const base = { displayName: 'typed', inputQuery: 'SELECT 1' };
    for (const [field, value] of Object.entries({ displayName: 1, inputQuery: {}, queryType: 3, schedule: [1], inputQueryRefId: 9, path: false })) {
      const r = await g.call('POST', `${P}/queries`, { body: { ...base, [field]: value } });
      expect(r.status, field).toBe(400);
    }
    for (const schedule of [{ type: 'weekly' }, { type: 'interval' }, { type: 'interval', repeatDuration: 5 }, { type: 'cron', cronExpression: 60 }, { type: 'cron', cronExpression: '0 0 * * *', timezone: 5 }]) {
      const r = await g.call('POST', `${P}/queries`, { body: { ...base, queryType: 'MATERIALIZED', schedule } });
      expect(r.status, JSON.stringify(schedule)).toBe(400);
    }
  });

  it('refuses SQL that is not one SELECT with the same answer for both query types, changing nothing', async () => {
    const cases: Array<[string, number, string]> = [
      ['DROP TABLE svc.table.orders', 400, 'inputQuery must be a single SELECT statement'],
      ['DELETE FROM svc.table.orders', 400, 'inputQuery must be a single SELECT statement'],
      ['PRAGMA version', 400, 'inputQuery must be a single SELECT statement'],
      ['CREATE TABLE svc.table.x AS SELECT 1', 400, 'inputQuery must be a single SELECT statement'],
      ['SELEC 1', 400, 'syntax error at or near "SELEC"'],
      ['SELECT 1 /* open', 400, 'unterminated /* comment'],
      ["SELECT 'a", 400, 'unterminated quoted string'],
      // Valid after CREATE TABLE ... AS, but not a SELECT: it must not empty a materialized table.
      ['SELECT 1 AS x WITH NO DATA', 400, 'syntax error at or near "WITH"'],
    ];
    for (const [inputQuery, status, message] of cases) {
      for (const queryType of ['PLAIN', 'MATERIALIZED']) {
        const r = await g.call('POST', `${P}/queries`, { body: { displayName: `not select ${Math.random()}`, queryType, inputQuery } });
        expect([inputQuery, queryType, r.status], r.text).toEqual([inputQuery, queryType, status]);
        expect(r.body.message).toContain(message);
      }
    }
    const names = (await g.call('GET', `${P}/queries`)).body.map((q: { displayName: string }) => q.displayName);
    expect(names.filter((n: string) => n.startsWith('not select'))).toEqual([]);
    await ordersIntact();
  });

  it('never runs more than one statement hidden in a query\'s SQL', async () => {
    for (const inputQuery of ['SELECT 1; DROP TABLE svc.table.orders', 'SELECT 1 -- \n; DELETE FROM svc.table.orders', "SELECT ');' AS x; DROP TABLE svc.table.orders"]) {
      const r = await g.call('POST', `${P}/queries`, { body: { displayName: `multi ${Math.random()}`, queryType: 'MATERIALIZED', inputQuery } });
      expect(r.status).toBe(400);
    }
    const comment = await g.call('POST', `${P}/queries`, { body: { displayName: 'trailing comment', inputQuery: 'SELECT 1 AS x -- note' } });
    expect(comment.status).toBe(200);
    const read = await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement: 'SELECT * FROM svc.query.trailingcomment' } });
    expect(read.body.data).toEqual([{ x: 1 }]);
    await ordersIntact();
  });
});

describe('run SQL that holds no statement', () => {
  it.each([
    ['-- only a comment', 'statement holds only comments'],
    ['/* c */ ;', 'statement holds only comments'],
    [' ; ', 'statement must not be empty'],
  ])('%j is 400 saying so, not DuckDB\'s "Error in native callback"', async (statement, message) => {
    const r = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(message);
  });

  it('a comment beside a statement, or -- inside a literal, still runs', async () => {
    for (const statement of ['SELECT 1 AS x -- why', "SELECT '--' AS x"]) {
      expect((await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } })).status).toBe(200);
    }
  });
});
