import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/gateway/project/index.js';
import { openGateway, P, waitFor, type TestGateway } from './helpers.js';

// Each behaviour the local gateway issue lists under "Semantics", on an in-memory database.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(async () => {
  await g.close();
});

const create = (body: Record<string, unknown>, query = '') => g.call('POST', `${P}/queries${query}`, { body });
const run = async (statement: string) => {
  const r = await g.call('POST', `${P}/queries/execute?format=SIMPLE`, { body: { statement } });
  return r;
};
const rowsOf = async (statement: string) => {
  const r = await run(statement);
  expect(r.status, r.text).toBe(200);
  return r.body.data as Array<Record<string, unknown>>;
};
const status = async (id: string) => (await g.call('GET', `${P}/materialized-queries/${id}/status`)).body;

describe('names', () => {
  it('derives name from displayName: lower-cased, only [a-z0-9_] kept', async () => {
    expect((await create({ displayName: 'Revenue Report', inputQuery: 'SELECT 1 AS x' })).body.name).toBe('revenuereport');
    expect((await create({ displayName: 'dailyRevenueMaterialized', inputQuery: 'SELECT 1 AS x' })).body.name).toBe('dailyrevenuematerialized');
    expect((await create({ displayName: 'Top-10 "customers"; 2024_Q1!', inputQuery: 'SELECT 1 AS x' })).body.name).toBe('top10customers2024_q1');
  });

  it('refuses a displayName that leaves an empty name (400) and a duplicate name (409)', async () => {
    expect((await create({ displayName: '!!! ---', inputQuery: 'SELECT 1' })).status).toBe(400);
    expect((await create({ displayName: 'REVENUE report', inputQuery: 'SELECT 2' })).status).toBe(409);
  });

  it('makes a plain query readable as svc.query.<name>', async () => {
    await create({ displayName: 'Paid Orders', inputQuery: "SELECT * FROM svc.table.orders WHERE status = 'paid'" });
    const [{ n }] = await rowsOf('SELECT count(*) AS n FROM svc.query.paidorders');
    expect(n).toBe('36');
  });
});

describe('materialized queries', () => {
  it('has its result in svc.mtquery.<name> as soon as create returns', async () => {
    const r = await create({ displayName: 'Revenue by customer', queryType: 'MATERIALIZED', inputQuery: 'SELECT customer_id, sum(amount) AS revenue FROM svc.table.orders GROUP BY 1' });
    expect(r.status).toBe(200);
    const rows = await rowsOf('SELECT count(*) AS n, sum(revenue) AS total FROM svc.mtquery.revenuebycustomer');
    const [{ total }] = await rowsOf('SELECT sum(amount) AS total FROM svc.table.orders');
    expect(rows[0].n).toBe('20');
    expect(rows[0].total).toBe(total);
  });

  it('keeps the snapshot of a referenced query when the source changes, and never returns the reference', async () => {
    const source = (await create({ displayName: 'Ref Source', inputQuery: 'SELECT 1 AS v' })).body;
    const copy = await create({ displayName: 'Ref Copy', queryType: 'MATERIALIZED', inputQueryRefId: source.id });
    expect(copy.status).toBe(200);
    expect(copy.body.inputQuery).toBe('SELECT 1 AS v');
    expect(copy.text).not.toContain(source.id);
    expect(copy.body).not.toHaveProperty('inputQueryRefId');
    await g.call('PUT', `${P}/queries/${source.id}`, { body: { inputQuery: 'SELECT 2 AS v' } });
    const again = await g.call('GET', `${P}/queries/${copy.body.id}`);
    expect(again.body.inputQuery).toBe('SELECT 1 AS v');
    expect(again.text).not.toContain(source.id);
    expect((await g.call('GET', `${P}/queries`)).text).not.toContain('inputQueryRefId');
    expect(await rowsOf('SELECT v FROM svc.mtquery.refcopy')).toEqual([{ v: 1 }]);
    // The source itself is left untouched by the copy.
    expect((await g.call('GET', `${P}/queries/${source.id}`)).body.inputQuery).toBe('SELECT 2 AS v');

    // An update that carries the reference again re-resolves the SQL from the source (and re-materializes).
    const updated = await g.call('PUT', `${P}/queries/${copy.body.id}`, { body: { inputQueryRefId: source.id } });
    expect(updated.status).toBe(200);
    expect(updated.body.inputQuery).toBe('SELECT 2 AS v');
    expect(updated.text).not.toContain(source.id);
    expect(await rowsOf('SELECT v FROM svc.mtquery.refcopy')).toEqual([{ v: 2 }]);
  });

  it('accepts inputQueryRefId only for MATERIALIZED queries', async () => {
    const source = (await create({ displayName: 'Ref Only Mat', inputQuery: 'SELECT 1 AS v' })).body;
    expect((await create({ displayName: 'Ref Plain', inputQueryRefId: source.id })).status).toBe(400);
  });

  it('checkSchemaExists=true (default) refuses SQL reading a missing table; false stores it', async () => {
    const missing = 'SELECT * FROM svc.table.not_there_yet';
    const refused = await create({ displayName: 'Missing Default', inputQuery: missing });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/not_there_yet/);
    expect((await create({ displayName: 'Missing True', inputQuery: missing }, '?checkSchemaExists=true')).status).toBe(400);
    expect((await g.call('GET', `${P}/queries`)).body.map((q: { name: string }) => q.name)).not.toContain('missingdefault');

    const stored = await create({ displayName: 'Missing False', inputQuery: missing }, '?checkSchemaExists=false');
    expect(stored.status).toBe(200);
    expect((await g.call('GET', `${P}/queries/${stored.body.id}`)).body.inputQuery).toBe(missing);
    expect((await run('SELECT * FROM svc.query.missingfalse')).status).toBe(400);
    // Once the table exists, the stored query works.
    await g.call('POST', `${P}/table/not_there_yet`, { body: { columns: [{ name: 'a', dataType: 'BIGINT' }] } });
    await run('INSERT INTO svc.table.not_there_yet VALUES (7)');
    expect(await rowsOf('SELECT a FROM svc.query.missingfalse')).toEqual([{ a: '7' }]);

    const mat = await create({ displayName: 'Missing Mat False', queryType: 'MATERIALIZED', inputQuery: 'SELECT * FROM svc.table.later_table' }, '?checkSchemaExists=false');
    expect(mat.status).toBe(200);
    expect(await status(mat.body.id)).toMatchObject({ status: 'FAILED', message: expect.stringMatching(/later_table/) });
  });

  it('converts a PLAIN query to MATERIALIZED in place and removes a schedule with type none', async () => {
    const q = (await create({ displayName: 'Convert Me', inputQuery: 'SELECT 5 AS five' })).body;
    const converted = await g.call('PUT', `${P}/queries/${q.id}`, { body: { queryType: 'MATERIALIZED', schedule: { type: 'interval', repeatDuration: 'PT1H' } } });
    expect(converted.body).toMatchObject({ id: q.id, queryType: 'MATERIALIZED', schedule: { type: 'interval', repeatDuration: 'PT1H' }, displayName: 'Convert Me' });
    expect(await rowsOf('SELECT five FROM svc.mtquery.convertme')).toEqual([{ five: 5 }]);
    expect((await run('SELECT * FROM svc.query.convertme')).status).toBe(400);
    const unscheduled = await g.call('PUT', `${P}/queries/${q.id}`, { body: { schedule: { type: 'none' } } });
    expect(unscheduled.body.schedule).toEqual({ type: 'none' });
    expect((await status(q.id)).nextExecutionStartTime).toBeNull();
  });

  it('renames the view or table when displayName changes', async () => {
    const q = (await create({ displayName: 'Old Name Mat', queryType: 'MATERIALIZED', inputQuery: 'SELECT 3 AS three' })).body;
    const renamed = await g.call('PUT', `${P}/queries/${q.id}`, { body: { displayName: 'New Name Mat' } });
    expect(renamed.body.name).toBe('newnamemat');
    expect(await rowsOf('SELECT three FROM svc.mtquery.newnamemat')).toEqual([{ three: 3 }]);
    expect((await run('SELECT * FROM svc.mtquery.oldnamemat')).status).toBe(400);
  });
});

describe('refresh', () => {
  it('answers at once with RUNNING, ends COMPLETED, and readers see the old or the new result, never a partial one', async () => {
    await run('CREATE TABLE svc.table.events AS SELECT range AS id, range % 1000 AS k FROM range(200000)');
    const q = (await create({ displayName: 'Events Agg', queryType: 'MATERIALIZED', inputQuery: 'SELECT k, count(*) AS c, sum(e.id * r.range) AS s FROM svc.table.events e, range(20) r GROUP BY k' })).body;
    expect(await rowsOf('SELECT count(*) AS n FROM svc.mtquery.eventsagg')).toEqual([{ n: '1000' }]);
    // New data: twice the groups after the refresh.
    await run('INSERT INTO svc.table.events SELECT range + 200000, 1000 + range % 1000 FROM range(200000)');
    const refresh = await g.call('POST', `${P}/materialized-queries/${q.id}/refresh`);
    expect(refresh.status).toBe(200);
    expect(refresh.body.status).toBe('RUNNING');
    // The status changed as the run began: lastUpdateTime says when.
    expect(refresh.body.lastUpdateTime).toBe(refresh.body.lastExecutionStartTime);
    const seen = new Set<string>();
    const statuses = new Set<string>();
    let readsWhileRunning = 0;
    for (;;) {
      const s = (await status(q.id)).status;
      statuses.add(s);
      const [{ n }] = await rowsOf('SELECT count(*) AS n FROM svc.mtquery.eventsagg');
      seen.add(n as string);
      if (s !== 'RUNNING') break;
      readsWhileRunning += 1;
    }
    // Answered at once: the refresh was still running when its answer came, and for reads after it.
    expect(readsWhileRunning).toBeGreaterThan(0);
    expect([...seen].every((n) => n === '1000' || n === '2000'), `row counts seen: ${[...seen]}`).toBe(true);
    expect(statuses.has('COMPLETED')).toBe(true);
    expect(await rowsOf('SELECT count(*) AS n FROM svc.mtquery.eventsagg')).toEqual([{ n: '2000' }]);
    const final = await status(q.id);
    expect(final).toMatchObject({ status: 'COMPLETED', message: null });
    expect(Date.parse(final.lastUpdateTime)).toBeGreaterThanOrEqual(Date.parse(final.lastExecutionStartTime));
  });

  it('ends FAILED with a message when the SQL no longer runs', async () => {
    await g.call('POST', `${P}/table/fragile`, { body: { columns: [{ name: 'a', dataType: 'BIGINT' }, { name: 'b', dataType: 'BIGINT' }] } });
    await run('INSERT INTO svc.table.fragile VALUES (1, 10), (2, 20)');
    const q = (await create({ displayName: 'Needs B', queryType: 'MATERIALIZED', inputQuery: 'SELECT sum(b) AS total FROM svc.table.fragile' })).body;
    expect(await rowsOf('SELECT total FROM svc.mtquery.needsb')).toEqual([{ total: '30' }]);

    // Dropping the column removes it and its data for good...
    const dropped = await g.call('DELETE', `${P}/table/fragile/columns/b`);
    expect(dropped.status).toBe(200);
    expect((await g.call('GET', `${P}/table/fragile/columns`)).body).toEqual([{ name: 'a', dataType: 'bigint', displayName: 'a', defaultValue: null, isNotNull: false, isUnique: false }]);
    expect(await rowsOf('SELECT * FROM svc.table.fragile ORDER BY a')).toEqual([{ a: '1' }, { a: '2' }]);
    const gone = await run('SELECT b FROM svc.table.fragile');
    expect(gone.status).toBe(400);
    // ...re-adding a column of the same name does not bring the data back.
    await g.call('POST', `${P}/table/fragile/columns`, { body: [{ name: 'c', dataType: 'BIGINT' }] });
    expect(await rowsOf('SELECT count(c) AS n FROM svc.table.fragile')).toEqual([{ n: '0' }]);

    // ...and the materialized query that needed it fails its next refresh, keeping its old result.
    await g.call('POST', `${P}/materialized-queries/${q.id}/refresh`);
    const s = await waitFor(async () => {
      const v = await status(q.id);
      return v.status !== 'RUNNING' ? v : undefined;
    });
    expect(s.status).toBe('FAILED');
    expect(s.message).toMatch(/b/);
    expect(await rowsOf('SELECT total FROM svc.mtquery.needsb')).toEqual([{ total: '30' }]);
  });

  it('refuses to refresh a plain query', async () => {
    const q = (await create({ displayName: 'Plain No Refresh', inputQuery: 'SELECT 1' })).body;
    const r = await g.call('POST', `${P}/materialized-queries/${q.id}/refresh`);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/PLAIN/);
  });

  it('cancels a running refresh: status CANCELLED, old result kept', async () => {
    await run('CREATE TABLE svc.table.slow AS SELECT range AS id FROM range(3000)');
    const q = (await create({ displayName: 'Slow Cancel', queryType: 'MATERIALIZED', inputQuery: 'SELECT count(*) AS n FROM svc.table.slow a, svc.table.slow b WHERE (a.id * 7 + b.id) % 1000003 = 1' })).body;
    const before = await rowsOf('SELECT n FROM svc.mtquery.slowcancel');
    await run('INSERT INTO svc.table.slow SELECT range FROM range(3000, 100000)');
    expect((await g.call('POST', `${P}/materialized-queries/${q.id}/refresh`)).body.status).toBe('RUNNING');
    await new Promise((r) => setTimeout(r, 100));
    const cancelled = await g.call('POST', `${P}/materialized-queries/${q.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', message: expect.any(String) });
    expect(await rowsOf('SELECT n FROM svc.mtquery.slowcancel')).toEqual(before);
  });
});

describe('deleting', () => {
  it('removes the view of a plain query and the table of a materialized one', async () => {
    const plain = (await create({ displayName: 'Delete Plain', inputQuery: 'SELECT 1 AS x' })).body;
    const mat = (await create({ displayName: 'Delete Mat', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x' })).body;
    expect((await run('SELECT * FROM svc.query.deleteplain')).status).toBe(200);
    expect((await run('SELECT * FROM svc.mtquery.deletemat')).status).toBe(200);
    await g.call('DELETE', `${P}/queries/${plain.id}`);
    await g.call('DELETE', `${P}/queries/${mat.id}`);
    expect((await run('SELECT * FROM svc.query.deleteplain')).status).toBe(400);
    expect((await run('SELECT * FROM svc.mtquery.deletemat')).status).toBe(400);
    // DuckDB's catalog is out of reach of run-SQL: asked directly, as the gateway itself would.
    const project = await g.gateway.project('demo', { create: false });
    const left = await project.withConnection((c) =>
      rows(c, "SELECT (SELECT count(*) FROM duckdb_tables() WHERE table_name IN ('deleteplain', 'deletemat')) + (SELECT count(*) FROM duckdb_views() WHERE view_name IN ('deleteplain', 'deletemat')) AS n"),
    );
    expect(Number(left[0].n)).toBe(0);
    expect((await g.call('GET', `${P}/materialized-queries/${mat.id}/status`)).status).toBe(404);
  });
});
