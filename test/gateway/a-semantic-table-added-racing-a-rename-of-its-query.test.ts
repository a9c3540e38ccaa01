import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, raceBehindWriter, type TestGateway } from './helpers.js';

// A semantic table was recorded in one transaction and its view made in the next over the query's
// name as read in the first: a rename of the query committed in between made the view read a name
// that was gone, and the create answered 500 "Catalog Error: Table with name ... does not exist".
// Whatever the order, the table is made and reads its query under the query's name now.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openGateway();
});
afterAll(() => gw.close());

const S = `${P}/semantic-catalogs`;

it('a semantic table added racing a rename of its query is made, and reads the query by its new name', async () => {
  const catalogId = String((await gw.call('POST', S, { body: { name: 'sem' } })).body.id);
  for (let i = 0; i < 8; i += 1) {
    const query = await gw.call('POST', `${P}/queries`, { body: { displayName: `base ${i}`, inputQuery: `SELECT ${i} AS n`, queryType: i % 4 < 2 ? 'PLAIN' : 'MATERIALIZED' } });
    const queryId = String(query.body.id);
    const add = () => gw.call('POST', `${S}/${catalogId}`, { body: { schemaName: 'main', tableName: `t${i}`, queryId } });
    const rename = () => gw.call('PUT', `${P}/queries/${queryId}`, { body: { displayName: `renamed ${i}` } });
    // Both wait for the held writer; odd rounds send the rename first.
    const project = await gw.gateway.project('demo', { create: false });
    const [added, renamed] = await raceBehindWriter(project, add, rename, i % 2 === 1);
    expect([added.status, renamed.status], `${i}: ${added.text} ${renamed.text}`).toEqual([200, 200]);
    const read = await gw.call('POST', `${P}/queries/execute?format=COMPACT`, { body: { statement: `SELECT n FROM sem.main.t${i}` } });
    expect([read.status, read.body?.data], `${i}: ${read.text}`).toEqual([200, [[i]]]);
    const listed = (await gw.call('GET', `${P}/catalogs/${catalogId}/schemas/main/tables`)).body as Array<{ tableName: string }> | { content: Array<{ tableName: string }> };
    expect(JSON.stringify(listed), `${i}: the catalog lists t${i}`).toContain(`"t${i}"`);
  }
});
