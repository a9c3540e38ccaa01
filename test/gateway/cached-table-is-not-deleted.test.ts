import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, waitFor, type TestGateway } from './helpers.js';

// `dgw table rm` of a table a cache copies deleted the table and left the cache, whose every
// refresh then failed ("Table with name ... does not exist"); a connection is refused the same way.
// Run-SQL's DROP TABLE and CREATE OR REPLACE TABLE went past that refusal: they answer the same 409.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openGateway();
});
afterAll(() => gw.close());

it('deleting a stored table a cache copies is 409 naming the cache; once the cache is gone it is deleted', async () => {
  expect((await gw.call('POST', `${P}/table/kept`, { body: { columns: [{ name: 'a', dataType: 'BIGINT' }] } })).status).toBe(200);
  const cache = (await gw.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: 'KEPT' } })).body as { id: string };
  await waitFor(async () => (await gw.call('GET', `${P}/cache/${cache.id}/status`)).body.status === 'COMPLETED');
  const refused = await gw.call('DELETE', `${P}/table/kept`);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(`table kept is copied by cache ${cache.id} (svc.cache.KEPT): remove the cache first`);
  expect((await gw.call('GET', `${P}/table/kept/columns`)).status).toBe(200);
  expect((await gw.call('DELETE', `${P}/cache/${cache.id}`)).status).toBeLessThan(300);
  expect((await gw.call('DELETE', `${P}/table/kept`)).status).toBeLessThan(300);
});

it('SQL that drops or replaces a stored or BI table a cache copies is the same 409, and changes nothing', async () => {
  const execute = (statement: string) => gw.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });
  for (const schema of ['table', 'bitable']) {
    expect((await execute(`CREATE TABLE svc.${schema}.src AS SELECT * FROM range(3) t(i)`)).status).toBe(200);
    const cache = (await gw.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: schema, tableName: 'src' } })).body as { id: string };
    await waitFor(async () => (await gw.call('GET', `${P}/cache/${cache.id}/status`)).body.status === 'COMPLETED');
    for (const statement of [`DROP TABLE svc.${schema}.src`, `CREATE OR REPLACE TABLE svc.${schema}.src AS SELECT 9 AS i`, `EXPLAIN ANALYZE DROP TABLE svc.${schema}.SRC`]) {
      const refused = await execute(statement);
      expect([refused.status, refused.body.message], statement).toEqual([409, expect.stringMatching(new RegExp(`^table src is copied by cache ${cache.id} \\(svc\\.cache\\.\\w+\\): remove the cache first$`))]);
    }
    expect((await execute(`SELECT sum(i) AS total FROM svc.${schema}.src`)).body.data).toEqual([['3']]);
    expect((await gw.call('DELETE', `${P}/cache/${cache.id}`)).status).toBeLessThan(300);
    expect((await execute(`DROP TABLE svc.${schema}.src`)).status).toBe(200);
  }
});
