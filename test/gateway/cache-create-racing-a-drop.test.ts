import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// A cache create checked that its table exists, then saved the cache in a later transaction; a
// run-SQL DROP TABLE or `table rm` that committed in between left a cache of a table that is gone,
// whose every refresh then failed. And a run-SQL DROP, outside the gateway's write lock, could
// miss a cache saved after its transaction began. Whatever the order, one of the two must lose.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openGateway();
});
afterAll(() => gw.close());

const execute = (statement: string) => gw.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });

it('a cache create racing a DROP TABLE or table rm of its table: either the cache stands on the table, or there is no cache', async () => {
  const drops = [(t: string) => execute(`DROP TABLE svc.table.${t}`), (t: string) => gw.call('DELETE', `${P}/table/${t}`)];
  for (let i = 0; i < 40; i += 1) {
    const t = `raced${i}`;
    expect((await execute(`CREATE TABLE svc.table.${t} AS SELECT * FROM range(3) r(i)`)).status).toBe(200);
    const create = () => gw.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: t } });
    const drop = () => drops[i % 2](t);
    const [cache, dropped] = i % 4 < 2 ? await Promise.all([create(), drop()]) : (await Promise.all([drop(), create()])).reverse();
    const stands = (await gw.call('GET', `${P}/table/${t}/columns`)).status === 200;
    if (cache.status === 200) {
      expect([dropped.status, stands], `${t}: the cache was made, so the drop must be refused`).toEqual([409, true]);
    } else {
      expect([cache.status, dropped.status < 300, stands], `${t}: the drop went first, so the cache must be refused`).toEqual([400, true, false]);
    }
  }
  const caches = (await gw.call('GET', `${P}/cache/status`)).body as { tableName: string }[];
  for (const c of caches) expect((await gw.call('GET', `${P}/table/${c.tableName}/columns`)).status, `cache of ${c.tableName}`).toBe(200);
});
