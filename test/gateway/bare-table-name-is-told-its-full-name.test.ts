import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// `SELECT * FROM orders` is a newcomer's first statement; the table is svc.table.orders, which is
// not in DuckDB's search path, and DuckDB suggested nothing. The gateway names the objects of that name.

let g: TestGateway;
const files = tempDir('dgw-bare-name-');
const data = tempDir('dgw-bare-name-data-');
beforeAll(async () => {
  g = await openGateway({ dataDir: data.dir });
  const csv = join(files.dir, 'orders.csv');
  writeFileSync(csv, 'a\n1\n');
  const made = await g.call('POST', '/connections/demo', { body: { name: 'Files', type: 'csv', credential: { path: csv } } });
  expect(made.status, made.text).toBe(200);
  for (const [displayName, queryType] of [['Paid', 'PLAIN'], ['Totals', 'MATERIALIZED']]) {
    const made = await g.call('POST', `${P}/queries`, { body: { displayName, queryType, inputQuery: 'SELECT customer_id, amount FROM svc.table.orders' } });
    expect(made.status, made.text).toBe(200);
  }
});
afterAll(async () => {
  await g.close();
  files.remove();
  data.remove();
});

const run = async (statement: string) => (await g.call('POST', `${P}/queries/execute`, { body: { statement } })).body.message as string;

describe('a table named without its catalog and schema', () => {
  it('is answered with the full names of the objects of that name, the catalog of a connection included', async () => {
    expect(await run('SELECT * FROM orders')).toMatch(/^Catalog Error: Table with name orders does not exist!\nDid you mean "files\.main\.orders" or "svc\.table\.orders"\?/);
    expect(await run('SELECT * FROM CUSTOMERS')).toMatch(/Did you mean "svc\.table\.customers"\?/);
  });

  it('names a materialized query and a plain query whose view was never made', async () => {
    expect(await run('SELECT * FROM totals')).toMatch(/Did you mean "svc\.mtquery\.totals"\?/);
    expect(await run('SELECT * FROM paid')).toMatch(/Did you mean "svc\.query\.paid"\?/);
    // The same statement again, now that the view exists.
    expect(await run('SELECT * FROM paid')).toMatch(/Did you mean "svc\.query\.paid"\?/);
  });

  it('in the wrong schema is told the same', async () => {
    expect(await run('SELECT * FROM svc.query.orders')).toMatch(/Did you mean "files\.main\.orders" or "svc\.table\.orders"\?/);
  });

  it("is told so when a query's SQL is saved and when it is streamed as CSV", async () => {
    const saved = await g.call('POST', `${P}/queries`, { body: { displayName: 'Bare', inputQuery: 'SELECT * FROM customers' } });
    expect([saved.status, saved.body.message]).toEqual([400, expect.stringMatching(/Did you mean "svc\.table\.customers"\?/)]);
    const csv = await g.call('POST', `${P}/queries/execute`, { body: { statement: 'SELECT * FROM customers' }, headers: { accept: 'text/csv' } });
    expect([csv.status, csv.body.message]).toEqual([400, expect.stringMatching(/Did you mean "svc\.table\.customers"\?/)]);
  });

  it("keeps DuckDB's own near name, and suggests nothing for a name nothing has", async () => {
    expect(await run('SELECT * FROM svc.table.order')).toMatch(/Did you mean "(svc\.table\.)?orders"\?$/);
    expect(await run('SELECT * FROM nosuch')).toBe('Catalog Error: Table with name nosuch does not exist!');
  });

  it("never names the gateway's own metadata", async () => {
    for (const statement of ['SELECT * FROM query_rows', 'SELECT * FROM folders', 'SELECT * FROM refresh_log']) {
      expect(await run(statement)).toBe(`Catalog Error: Table with name ${statement.split(' ').at(-1)} does not exist!`);
    }
  });
});
