import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// svc._dgw is out of reach of SQL, and so are its names: DuckDB's "Did you mean" and "Candidate
// bindings" named its tables and columns (`svc._dgw.nosuch` was answered with `refresh_log`).

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(() => g.close());

const INTERNAL = /query_rows|refresh_log|empty_tables|query_aliases|folder_id|"doc"|"tail"|\bseq\b/;
const run = (statement: string) => g.call('POST', `${P}/queries/execute`, { body: { statement } });

describe('names SQL may not reach are not told', () => {
  it.each([
    'SELECT * FROM svc._dgw.nosuch',
    'SELECT * FROM svc._dgw.refresh_lo',
    'SELECT * FROM _dgw.query_row',
    'SELECT nosuch FROM svc._dgw.query_rows',
    'SELECT * FROM svc._dgw.query_rows WHERE nosuch = 1',
    'SELECT * FROM svc."_DGW".nosuch',
    "SELECT * FROM query('SELECT nosuch FROM svc.' || '_d' || 'gw.query_rows')",
    "SELECT * FROM query_table('svc.' || '_d' || 'gw.refresh_lo')",
    'EXPLAIN SELECT nosuch FROM svc._dgw.folders',
  ])('%s: refused, naming nothing inside', async (statement) => {
    const r = await run(statement);
    expect(r.status).toBe(400);
    expect(r.body.message).not.toMatch(INTERNAL);
  });

  it('a statement that names svc._dgw is told only that it is out of reach', async () => {
    for (const statement of ['SELECT * FROM svc._dgw.nosuch', 'SELECT nosuch FROM svc._dgw.query_rows']) {
      expect((await run(statement)).body.message).toBe("the gateway's own metadata (svc._dgw) is out of reach of SQL");
    }
  });

  it('a saved query\'s SQL that names it is told the same', async () => {
    const r = await g.call('POST', `${P}/queries`, { body: { displayName: 'peek', inputQuery: 'SELECT nosuch FROM svc._dgw.query_rows' } });
    expect(r.status).toBe(400);
    expect(r.text).not.toMatch(INTERNAL);
  });

  it('SQL stored unchecked (checkSchemaExists=false) that names svc._dgw is refused: read later, its errors named the columns', async () => {
    const create = (displayName: string, inputQuery: string) => g.call('POST', `${P}/queries?checkSchemaExists=false`, { body: { displayName, inputQuery } });
    const r = await create('Later Peek', 'SELECT * FROM svc.table.later, svc._dgw.settings');
    expect([r.status, r.body.message]).toEqual([400, "the gateway's own metadata (svc._dgw) is out of reach of SQL"]);
    const flags = await create('Flags', "SELECT _dgw_flag, '_dgw' AS s FROM svc.table.later -- _dgw");
    expect([flags.status, flags.body.message]).toEqual([200, undefined]);
  });

  it("a user's own mistakes keep DuckDB's suggestions", async () => {
    expect((await run('SELECT * FROM svc.table.order')).body.message).toMatch(/Did you mean "svc.table.orders"|Did you mean "orders"/);
    expect((await run('SELECT amount_x FROM svc.table.orders')).body.message).toMatch(/Candidate bindings: .*amount/);
  });

  it("a stored table whose name ends in _dgw gets DuckDB's message for a mistake, not the metadata's refusal", async () => {
    expect((await run('CREATE TABLE svc.table.sales_dgw AS SELECT 1 AS amount')).status).toBe(200);
    expect((await run('SELECT amount_x FROM svc.table.sales_dgw')).body.message).toMatch(/Candidate bindings: .*amount/);
    expect((await run('SELECT * FROM svc.table.orders_dgw')).body.message).toMatch(/^Catalog Error: Table with name orders_dgw does not exist!/);
    expect((await run('SELECT _dgw_flag FROM svc.table.orders')).body.message).toMatch(/^Binder Error: Referenced column "_dgw_flag" not found/);
  });

  it("DuckDB's own catalog views are not offered for a mistyped table: none is within reach", async () => {
    for (const statement of ['SELECT * FROM nope', 'SELECT * FROM pg_enu', 'SELECT * FROM duckdb_tablez']) {
      const r = await run(statement);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^Catalog Error: Table with name \w+ does not exist!/);
      expect(r.body.message, statement).not.toMatch(/Did you mean "(pg_|duckdb_|information_schema)/);
    }
    const saved = await g.call('POST', `${P}/queries`, { body: { displayName: 'Mistyped', inputQuery: 'SELECT * FROM nope' } });
    expect(saved.body.message).not.toMatch(/pg_enum/);
  });
});
