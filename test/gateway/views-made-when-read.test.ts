import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, waitFor, type TestGateway } from './helpers.js';

// A plain query's view `svc.query.<name>` is not made when the query is saved (DuckDB loads every
// view of a file on each open): the first statement that reads it makes it, whichever way the
// statement comes (run SQL, another query's definition, a refresh, an export, a CSV answer), with
// the views its own SQL reads; a change to the query drops it, to be made again as it is now.

let g: TestGateway;

beforeAll(async () => {
  g = await openGateway();
});
afterAll(async () => {
  await g.close();
});

async function create(body: Record<string, unknown>, query = ''): Promise<{ id: string; name: string }> {
  const r = await g.call('POST', `${P}/queries${query}`, { body });
  expect(r.status, r.text).toBe(200);
  return r.body;
}

async function rows(statement: string): Promise<unknown[][]> {
  const r = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });
  expect(r.status, r.text).toBe(200);
  return r.body.data;
}

async function views(): Promise<string[]> {
  const project = await g.gateway.project('demo', { create: false });
  return project.withConnection(async (conn) =>
    (await conn.runAndReadAll("SELECT view_name FROM duckdb_views() WHERE database_name = 'svc' AND schema_name = 'query' ORDER BY 1")).getRows().map((r) => String(r[0])),
  );
}

describe('the view of a plain query', () => {
  it('is not made when the query is saved, and is made by the first statement that reads it', async () => {
    await create({ displayName: 'First Read', inputQuery: 'SELECT 41 + 1 AS answer' });
    expect(await views()).not.toContain('firstread');
    expect(await rows('SELECT answer FROM svc.query.firstread')).toEqual([[42]]);
    expect(await views()).toContain('firstread');
    expect(await rows('SELECT answer * 2 FROM query.FirstRead')).toEqual([[84]]);
  });

  it('comes with the views its own SQL reads, three deep, made again in turn when changes dropped them', async () => {
    const a = await create({ displayName: 'Deep A', inputQuery: 'SELECT 1 AS a' });
    // Checking a definition reads what it reads: saving B makes A's view, saving C makes B's.
    const b = await create({ displayName: 'Deep B', inputQuery: 'SELECT a + 1 AS b FROM svc.query.deepa' });
    const c = await create({ displayName: 'Deep C', inputQuery: 'SELECT b + 1 AS c FROM svc.query.deepb' });
    expect(await views()).toEqual(expect.arrayContaining(['deepa', 'deepb']));
    expect(await views()).not.toContain('deepc');
    const byId = async () => (await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { id: c.id } })).body.data;
    expect(await byId()).toEqual([[3]]);
    expect(await views()).toContain('deepc');
    // New SQL for A and for B drops their views: C's view, still there, binds only once B's is
    // made, which binds only once A's is.
    expect((await g.call('PUT', `${P}/queries/${a.id}`, { body: { inputQuery: 'SELECT 10 AS a' } })).status).toBe(200);
    expect((await g.call('PUT', `${P}/queries/${b.id}`, { body: { inputQuery: 'SELECT a + 2 AS b FROM svc.query.deepa' } })).status).toBe(200);
    const project = await g.gateway.project('demo', { create: false });
    await project.withConnection((conn) => conn.run('DROP VIEW svc.query.deepa'));
    expect(await views()).not.toContain('deepa');
    expect(await views()).not.toContain('deepb');
    expect(await byId()).toEqual([[13]]);
    expect(await views()).toEqual(expect.arrayContaining(['deepa', 'deepb', 'deepc']));
  });

  it('is made for a name SQL builds at run time, which no scan of the text could find', async () => {
    await create({ displayName: 'Built Name', inputQuery: 'SELECT 7 AS seven' });
    expect(await rows("SELECT seven FROM query_table('svc.query.built' || 'name')")).toEqual([[7]]);
  });

  it('is made for a materialized definition, its build and its refresh', async () => {
    await create({ displayName: 'Mat Source', inputQuery: 'SELECT 5 AS five' });
    const mat = await create({ displayName: 'Mat Reader', queryType: 'MATERIALIZED', inputQuery: 'SELECT five * 2 AS ten FROM svc.query.matsource' });
    expect(await rows('SELECT ten FROM svc.mtquery.matreader')).toEqual([[10]]);
    // Dropped with a change to the query it reads, the view is made again by the refresh.
    expect((await g.call('PUT', `${P}/queries/${(await g.call('GET', `${P}/queries`)).body.find((q: { name: string }) => q.name === 'matsource').id}`, { body: { inputQuery: 'SELECT 6 AS five' } })).status).toBe(200);
    expect(await views()).not.toContain('matsource');
    expect((await g.call('POST', `${P}/materialized-queries/${mat.id}/refresh`)).status).toBe(200);
    await waitFor(async () => (await g.call('GET', `${P}/materialized-queries/${mat.id}/status`)).body.status === 'COMPLETED', 'the refresh');
    expect(await rows('SELECT ten FROM svc.mtquery.matreader')).toEqual([[12]]);
  });

  it('is made for an export of the query', async () => {
    const q = await create({ displayName: 'Exported', inputQuery: 'SELECT 3 AS three' });
    const started = await g.call('POST', `${P}/queries/${q.id}/exports`, { body: { format: 'CSV' } });
    expect(started.status, started.text).toBe(202);
    const job = await waitFor(async () => {
      const read = await g.call('GET', `${P}/exports/${started.body.id}`);
      return ['SUCCEEDED', 'FAILED'].includes(read.body.status) ? read.body : undefined;
    }, 'the export');
    expect(job.status, JSON.stringify(job)).toBe('SUCCEEDED');
  });

  it('is made for a statement answered as CSV', async () => {
    await create({ displayName: 'As Csv', inputQuery: "SELECT 'x' AS letter" });
    const r = await g.call('POST', `${P}/queries/execute`, { body: { statement: 'SELECT letter FROM svc.query.ascsv' }, headers: { accept: 'text/csv' } });
    expect(r.status, r.text).toBe(200);
    expect(r.text).toBe('letter\nx\n');
  });

  it('follows its query: new SQL, a new name, a delete', async () => {
    const q = await create({ displayName: 'Changing', inputQuery: 'SELECT 1 AS v' });
    expect(await rows('SELECT v FROM svc.query.changing')).toEqual([[1]]);
    expect((await g.call('PUT', `${P}/queries/${q.id}`, { body: { inputQuery: 'SELECT 2 AS v' } })).status).toBe(200);
    expect(await rows('SELECT v FROM svc.query.changing')).toEqual([[2]]);
    expect((await g.call('PUT', `${P}/queries/${q.id}`, { body: { displayName: 'Changed' } })).status).toBe(200);
    expect(await views()).not.toContain('changing');
    const old = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT v FROM svc.query.changing' } });
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(/changing does not exist/);
    expect(await rows('SELECT v FROM svc.query.changed')).toEqual([[2]]);
    expect((await g.call('DELETE', `${P}/queries/${q.id}`)).status).toBe(200);
    expect(await views()).not.toContain('changed');
    expect((await g.call('POST', `${P}/queries/execute`, { body: { statement: 'SELECT v FROM svc.query.changed' } })).status).toBe(400);
  });

  it('of a query saved unchecked is made once what it reads exists; until then reading it says what is missing', async () => {
    await create({ displayName: 'Not Yet', inputQuery: 'SELECT n FROM svc.table.later_table' }, '?checkSchemaExists=false');
    const before = await g.call('POST', `${P}/queries/execute`, { body: { statement: 'SELECT * FROM svc.query.notyet' } });
    expect(before.status).toBe(400);
    expect(before.body.message).toMatch(/later_table does not exist/);
    await rows('CREATE TABLE svc.table.later_table AS SELECT 9 AS n');
    expect(await rows('SELECT n FROM svc.query.notyet')).toEqual([[9]]);
  });

  it('a query saved unchecked may read another saved unchecked, neither bound yet; both read once the table exists', async () => {
    await create({ displayName: 'Base Later', inputQuery: 'SELECT n FROM svc.table.base_later' }, '?checkSchemaExists=false');
    await create({ displayName: 'Over Later', inputQuery: 'SELECT n + 1 AS m FROM svc.query.baselater' }, '?checkSchemaExists=false');
    const checked = await g.call('POST', `${P}/queries`, { body: { displayName: 'Over Checked', inputQuery: 'SELECT n FROM svc.query.baselater' } });
    expect([checked.status, checked.body.message]).toEqual([400, expect.stringMatching(/base_later does not exist/)]);
    await rows('CREATE TABLE svc.table.base_later AS SELECT 1 AS n');
    expect(await rows('SELECT m FROM svc.query.overlater')).toEqual([[2]]);
  });

  it('is made once when many statements read it at the same time, and every one of them gets its rows', async () => {
    await create({ displayName: 'Crowd', inputQuery: 'SELECT 11 AS eleven' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: 'SELECT eleven FROM svc.query.crowd' } })));
    for (const a of answers) expect([a.status, a.body.data]).toEqual([200, [[11]]]);
  });
});
