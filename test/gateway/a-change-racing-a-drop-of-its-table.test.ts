import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, raceBehindWriter, type TestGateway } from './helpers.js';

// A cache, relation or description was checked against its table, then saved in a later
// transaction; a run-SQL DROP TABLE or `table rm` that committed in between left it on a table that
// is gone: a cache whose every refresh failed, notes the next table of that name inherited. And a
// run-SQL DROP, outside the gateway's write lock, could miss a cache saved after its transaction
// began. Whatever the order, one of the two must lose.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openGateway();
});
afterAll(() => gw.close());

const execute = (statement: string) => gw.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement } });

it('a cache create racing a DROP TABLE or table rm of its table: either the cache stands on the table, or there is no cache', async () => {
  const drops = [(t: string) => execute(`DROP TABLE svc.table.${t}`), (t: string) => gw.call('DELETE', `${P}/table/${t}`)];
  for (let i = 0; i < 20; i += 1) {
    const t = `raced${i}`;
    expect((await execute(`CREATE TABLE svc.table.${t} AS SELECT * FROM range(3) r(i)`)).status).toBe(200);
    const create = () => gw.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: t } });
    const drop = () => drops[i % 2](t);
    const project = await gw.gateway.project('demo', { create: false });
    const [cache, dropped] = await raceBehindWriter(project, create, drop, i % 4 >= 2);
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

it('a relation or a description added racing a drop of its table: either it stands on the table, or it is refused and the next table of that name starts clean', async () => {
  const metadata = P.replace('/data/projects/', '/metadata/');
  const drops = [(t: string) => execute(`DROP TABLE svc.table.${t}`), (t: string) => gw.call('DELETE', `${P}/table/${t}`)];
  const adds = [
    (t: string) => gw.call('POST', `${metadata}/relations/1/table/${t}/i`, { body: { targetCatalogId: '1', targetSchemaName: 'table', targetTableName: t, targetColumnName: 'i', type: 'ONE_TO_ONE' } }),
    (t: string) => gw.call('PUT', `${metadata}/1/table/${t}`, { body: { tableDescription: `made for the first ${t}` } }),
  ];
  for (let i = 0; i < 20; i += 1) {
    const t = `noted${i}`;
    expect((await execute(`CREATE TABLE svc.table.${t} AS SELECT * FROM range(3) r(i)`)).status).toBe(200);
    const add = () => adds[i % 2](t);
    const drop = () => drops[Math.floor(i / 2) % 2](t);
    const project = await gw.gateway.project('demo', { create: false });
    const [added, dropped] = await raceBehindWriter(project, add, drop, i % 8 >= 4);
    expect(dropped.status, `${t}: the drop`).toBeLessThan(300);
    expect([200, 400, 404], `${t}: the add`).toContain(added.status);
    // Whatever the order, the table that takes the name next has no relation and no description.
    expect((await execute(`CREATE TABLE svc.table.${t} AS SELECT 1 AS i`)).status).toBe(200);
    expect((await gw.call('GET', `${metadata}/relations/1`)).body.relations.filter((r: { tableName: string }) => r.tableName === t), `${t}: relations`).toEqual([]);
    const described = (await gw.call('GET', `${metadata}?catalogId=1&schemaName=table`)).body;
    expect(JSON.stringify(described), `${t}: description`).not.toContain(`made for the first ${t}"`);
  }
});
