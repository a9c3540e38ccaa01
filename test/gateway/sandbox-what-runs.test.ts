import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, tempDir, waitFor, type TestGateway } from './helpers.js';
import { transferFolder } from '../support/transfer-folder.js';

// What runs is what was judged. `query()` and `query_table()` read SQL or a table name that is
// worked out when the statement is bound, so a statement whose argument is decided by chance or by
// the clock (random(), now(), uuid(), the connection's id, ...) can bind to one thing when judged
// and to another when it runs. Each attempt below judges safe half the time and runs the forbidden
// branch half of those; 24 attempts all missing is a chance of 1 in 1,000. Whatever the draw, no
// row of svc._dgw and no host fact may come back, be copied into a stored table, a materialized
// result or an export's file, or shape a profile.

let data: ReturnType<typeof tempDir>;
let g: TestGateway;
beforeAll(async () => {
  data = tempDir('dgw-what-runs-');
  g = await openGateway({ dataDir: data.dir });
});
afterAll(async () => {
  await g.close();
  data.remove();
});

const ATTEMPTS = 24;
const run = (statement: string) => g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });

/** A `query()` that reads `forbidden` or `harmless` (same columns), chosen by `chance` when bound. */
const coinFlip = (forbidden: string, harmless: string, chance = 'random() < 0.5') =>
  `query(CASE WHEN ${chance} THEN '${forbidden.replace(/'/g, "''")}' ELSE '${harmless.replace(/'/g, "''")}' END)`;

const DGW_ROWS = coinFlip('SELECT key AS k, value AS v FROM svc._dgw.settings', "SELECT 'k' AS k, 'v' AS v");
const HOST_PATH = coinFlip('SELECT path::VARCHAR AS k, type AS v FROM duckdb_databases()', "SELECT 'k' AS k, 'v' AS v");
const SETTINGS = coinFlip('SELECT name AS k, value AS v FROM duckdb_settings()', "SELECT 'k' AS k, 'v' AS v");

/** Fails when `text` holds anything only svc._dgw or DuckDB's own catalog could have told. */
function expectNothingLeaked(text: string, what: string): void {
  expect(text, what).not.toContain('seeded');
  expect(text, what).not.toContain(data.dir);
  expect(text, what).not.toMatch(/memory_limit|temp_directory|threads/);
}

describe('a statement that binds by chance is run as it was judged', () => {
  it.each([
    ['svc._dgw rows through query()', `SELECT * FROM ${DGW_ROWS}`],
    ['the project file path through query()', `SELECT * FROM ${HOST_PATH}`],
    ['duckdb_settings() through query()', `SELECT * FROM ${SETTINGS}`],
    ['a choice by the clock', `SELECT * FROM ${coinFlip('SELECT key AS k, value AS v FROM svc._dgw.settings', "SELECT 'k' AS k, 'v' AS v", 'epoch_us(get_current_timestamp()) % 2 = 0')}`],
    ['a choice by uuid()', `SELECT * FROM ${coinFlip('SELECT key AS k, value AS v FROM svc._dgw.settings', "SELECT 'k' AS k, 'v' AS v", "uuid()::VARCHAR < '8'")}`],
    ['query_table() with a name chosen by chance', "SELECT * FROM query_table(CASE WHEN random() < 0.5 THEN 'svc._dgw.settings' ELSE 'svc.table.pairs' END)"],
    ['a scalar subquery over query()', `SELECT (SELECT max(k || v) FROM ${DGW_ROWS}) AS kv`],
  ])('a SELECT: %s', async (_label, statement) => {
    await run("CREATE TABLE IF NOT EXISTS svc.table.pairs AS SELECT 'k' AS key, 'v' AS value");
    for (let i = 0; i < ATTEMPTS; i++) {
      const r = await run(statement);
      expect([200, 400], r.text).toContain(r.status);
      expectNothingLeaked(r.text, statement);
    }
  });

  it.each([
    ['INSERT ... SELECT into a stored table', `INSERT INTO svc.table.sink SELECT * FROM ${DGW_ROWS}`],
    ['INSERT ... SELECT of the project path', `INSERT INTO svc.table.sink SELECT * FROM ${HOST_PATH}`],
    ['UPDATE from it', `UPDATE svc.table.sink SET v = (SELECT max(k || v) FROM ${DGW_ROWS})`],
  ])('a write: %s', async (_label, statement) => {
    await run("CREATE OR REPLACE TABLE svc.table.sink (k VARCHAR, v VARCHAR)");
    for (let i = 0; i < ATTEMPTS; i++) {
      await run("INSERT INTO svc.table.sink VALUES ('a', 'b')");
      const r = await run(statement);
      expectNothingLeaked(r.text, statement);
    }
    expectNothingLeaked((await run('SELECT * FROM svc.table.sink')).text, `svc.table.sink after ${statement}`);
  });

  it('DELETE: which rows it removes cannot depend on what it may not read', async () => {
    // The one key of svc._dgw.settings, as a guess: removed only if the forbidden branch ran.
    await run("CREATE OR REPLACE TABLE svc.table.guesses AS SELECT 'seed' || 'ed' AS k");
    for (let i = 0; i < ATTEMPTS; i++) await run(`DELETE FROM svc.table.guesses WHERE k IN (SELECT k FROM ${DGW_ROWS})`);
    expect((await run('SELECT count(*) FROM svc.table.guesses')).body.data).toEqual([['1']]);
  });

  it('CREATE TABLE ... AS: nothing forbidden is copied into a stored table', async () => {
    for (let i = 0; i < ATTEMPTS; i++) {
      const r = await run(`CREATE OR REPLACE TABLE svc.table.copied AS SELECT * FROM ${DGW_ROWS}`);
      expectNothingLeaked(r.text, 'CREATE TABLE AS');
      const back = await run('SELECT * FROM svc.table.copied');
      expectNothingLeaked(back.text, 'svc.table.copied');
    }
  });

  it('EXPLAIN ANALYZE: the profile of a run cannot count what it read', async () => {
    // A settings row whose value starts with '/' exists only on the forbidden branch.
    const statement = `EXPLAIN ANALYZE SELECT * FROM ${coinFlip("SELECT name AS k FROM duckdb_settings() WHERE value LIKE '/%'", "SELECT 'k' AS k WHERE false")}`;
    for (let i = 0; i < ATTEMPTS; i++) {
      const r = await run(statement);
      expectNothingLeaked(r.text, statement);
      if (r.status === 200) expect(r.text).not.toMatch(/DUCKDB_SETTINGS/i);
    }
  });

  it('a materialized definition: neither its build nor its refreshes copy anything forbidden', async () => {
    const ids: string[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      const r = await g.call('POST', `${P}/queries`, { body: { displayName: `Chance ${i}`, queryType: 'MATERIALIZED', inputQuery: `SELECT * FROM ${DGW_ROWS}` } });
      expectNothingLeaked(r.text, 'a create');
      if (r.status === 200) ids.push(r.body.id);
    }
    for (const id of ids) await g.call('POST', `${P}/materialized-queries/${id}/refresh`);
    for (const id of ids) {
      await waitFor(async () => (await g.call('GET', `${P}/materialized-queries/${id}/status`)).body.status !== 'RUNNING', 'the refresh');
      const rows = await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { id } });
      expectNothingLeaked(rows.text, `the result of ${id}`);
    }
  });

  it('an update of a materialized definition: its rebuild copies nothing forbidden', async () => {
    const made = await g.call('POST', `${P}/queries`, { body: { displayName: 'Updated by chance', queryType: 'MATERIALIZED', inputQuery: "SELECT 'k' AS k, 'v' AS v" } });
    expect(made.status, made.text).toBe(200);
    for (let i = 0; i < ATTEMPTS; i++) {
      // A new comment each time, so that every update rebuilds the result.
      const r = await g.call('PUT', `${P}/queries/${made.body.id}`, { body: { inputQuery: `SELECT * FROM ${DGW_ROWS} -- ${i}` } });
      expect([200, 400], r.text).toContain(r.status);
      if (r.status === 400) expect(r.body.errorCode).toBe('SQL_NOT_ALLOWED');
      expectNothingLeaked((await run('SELECT * FROM svc.mtquery.updatedbychance')).text, 'the rebuilt result');
    }
  });

  it('a plain definition: reading its view runs it as judged', async () => {
    // Saved once the check happened to bind the harmless branch.
    let id = '';
    for (let i = 0; i < ATTEMPTS && !id; i++) {
      const made = await g.call('POST', `${P}/queries`, { body: { displayName: 'Chance view', inputQuery: `SELECT * FROM ${HOST_PATH}` } });
      if (made.status === 200) id = made.body.id;
    }
    expect(id, 'saved within 24 attempts').not.toBe('');
    for (let i = 0; i < ATTEMPTS; i++) {
      expectNothingLeaked((await run('SELECT * FROM svc.query.chanceview')).text, 'the view');
      expectNothingLeaked((await g.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { id } })).text, 'run by id');
    }
  });

  it('an export of a definition: the file it writes holds nothing forbidden', async () => {
    let id = '';
    for (let i = 0; i < ATTEMPTS && !id; i++) {
      const made = await g.call('POST', `${P}/queries`, { body: { displayName: `Chance export ${i}`, inputQuery: `SELECT * FROM ${DGW_ROWS}` } });
      if (made.status === 200) id = made.body.id;
    }
    expect(id, 'saved within 24 attempts').not.toBe('');
    for (let i = 0; i < ATTEMPTS; i++) {
      const started = await g.call('POST', `${P}/queries/${id}/exports`, { body: { format: 'CSV' } });
      expect(started.status, started.text).toBe(202);
      const job = await waitFor(async () => {
        const read = await g.call('GET', `${P}/exports/${started.body.id}`);
        return ['SUCCEEDED', 'FAILED'].includes(read.body.status) ? read.body : undefined;
      }, 'the export');
      expectNothingLeaked(JSON.stringify(job), 'the export job');
      if (job.status === 'FAILED') expect(job.error).toMatch(/svc\._dgw/);
      // Whatever the draw, no file of the export (the finished one, a partial one, its job) holds a forbidden row.
      const folder = join(transferFolder(data.dir), 'exports', started.body.id);
      for (const f of readdirSync(folder)) expectNothingLeaked(readFileSync(join(folder, f), 'utf8'), `the export's ${f}`);
    }
  });
});

describe('other ways round the plan', () => {
  it("current_query() is refused: in a stored table's default it would keep the gateway's own statements", async () => {
    expect((await run('SELECT current_query() AS q')).body.message).toMatch(/current_query\(\) is not available/);
    await run('CREATE OR REPLACE TABLE svc.table.cq (a VARCHAR, q VARCHAR DEFAULT current_query())');
    const r = await run("INSERT INTO svc.table.cq (a) VALUES ('x')");
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/current_query\(\) is not available/);
  });

  it.each([
    ["json_serialize_plan() plans SQL it is given while the statement runs", "SELECT json_serialize_plan('SELECT * FROM svc._dgw.settings') AS p"],
    ['json_serialize_plan() with options', "SELECT json_serialize_plan('SELECT * FROM duckdb_settings()', true, true) AS p"],
    ['json_serialize_plan() in a stored table default', "CREATE TABLE svc.table.planned (p VARCHAR DEFAULT json_serialize_plan('SELECT * FROM svc._dgw.query_rows'))"],
  ])('%s', async (_label, statement) => {
    const r = await run(statement);
    expect(r.status, r.text).toBe(400);
    expect(r.body.message).toMatch(/json_serialize_plan\(\) is not available/);
  });

  it("an internal error of DuckDB's names no file of the host", async () => {
    // DuckDB dereferences a null pointer when current_query() is folded at bind time.
    const r = await run("SELECT * FROM query('SELECT ''' || current_query() || ''' AS x')");
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.text).not.toMatch(/Stack Trace|\.so|node_modules|\/work\/|\/home\//);
    expect((await run('SELECT 1 AS still_works')).status).toBe(200);
  });
});
