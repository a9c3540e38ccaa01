import { afterAll, beforeAll, expect, it } from 'vitest';
import { rows } from '../../src/gateway/project/store.js';
import { openGateway, P, raceBehindWriter, type TestGateway } from './helpers.js';

// A table put in a semantic catalog while its query or its catalog is removed: whatever the order,
// no semantic table may be left reading a query or in a catalog that is gone.

let gw: TestGateway;
beforeAll(async () => {
  gw = await openGateway();
});
afterAll(() => gw.close());

const S = `${P}/semantic-catalogs`;

it('a semantic table added racing a query rm or a catalog rm: either it stands with both, or it is refused', async () => {
  const project = await gw.gateway.project('demo', { create: false });
  for (let i = 0; i < 18; i += 1) {
    const catalog = await gw.call('POST', S, { body: { name: `sem${i}` } });
    expect(catalog.status).toBe(200);
    const catalogId = String(catalog.body.id);
    const query = await gw.call('POST', `${P}/queries`, { body: { displayName: `read ${i}`, inputQuery: 'SELECT 1 AS one', queryType: i % 4 < 2 ? 'PLAIN' : 'MATERIALIZED' } });
    expect(query.status).toBe(200);
    // Both check first and queue for the held writer; the add starts after 0 to 2 reads, so the removal's turn may come first.
    const add = async () => {
      for (let k = 0; k < Math.floor(i / 2) % 3; k += 1) await gw.call('GET', `${P}/queries/${String(query.body.id)}`);
      return gw.call('POST', `${S}/${catalogId}`, { body: { schemaName: 'main', tableName: `t${i}`, queryId: String(query.body.id) } });
    };
    const rm = () => (i % 2 === 0 ? gw.call('DELETE', `${P}/queries/${String(query.body.id)}`) : gw.call('DELETE', `${P}/catalogs/${catalogId}`));
    const [added, removed] = await raceBehindWriter(project, add, rm);
    expect([200, 409], `${i}: the rm`).toContain(removed.status);
    const lost = await project.withConnection((conn) =>
      rows(conn, 'SELECT id, table_name FROM svc._dgw.semantic_tables WHERE query_id NOT IN (SELECT id FROM svc._dgw.query_rows) OR catalog_id NOT IN (SELECT id FROM svc._dgw.semantic_catalogs)'),
    );
    expect(lost, `${i}: semantic tables of a query or catalog that is gone`).toEqual([]);
    expect([200, 404], `${i}: the add was answered ${added.text}`).toContain(added.status);
    // Made first, the table holds its query (409) and goes with its catalog; else the add is refused as if the query or catalog had never been.
    expect(removed.status, `${i}: the rm`).toBe(added.status === 200 && i % 2 === 0 ? 409 : 200);
  }
});

it('whether the agent may use a semantic catalog, or a description of its table, set racing the removal of the catalog: no note outlives it', async () => {
  const project = await gw.gateway.project('demo', { create: false });
  const query = await gw.call('POST', `${P}/queries`, { body: { displayName: 'noted base', inputQuery: 'SELECT 1 AS one' } });
  for (let i = 0; i < 12; i += 1) {
    const catalogId = String((await gw.call('POST', S, { body: { name: `noted${i}` } })).body.id);
    expect((await gw.call('POST', `${S}/${catalogId}`, { body: { schemaName: 'main', tableName: 't', queryId: String(query.body.id) } })).status).toBe(200);
    const add = async () => {
      for (let k = 0; k < Math.floor(i / 2) % 3; k += 1) await gw.call('GET', `${P}/catalogs/${catalogId}`);
      return i % 2 === 0 ? gw.call('PUT', `/metadata/demo/${catalogId}`, { body: { useWithAI: false } }) : gw.call('PUT', `/metadata/demo/${catalogId}/main/t`, { body: { tableDescription: 'noted' } });
    };
    const [added, removed] = await raceBehindWriter(project, add, () => gw.call('DELETE', `${P}/catalogs/${catalogId}`));
    expect(removed.status, `${i}: the rm`).toBe(200);
    expect([200, 404], `${i}: the change was answered ${added.text}`).toContain(added.status);
    const left = await project.withConnection((conn) => rows(conn, "SELECT catalog_id FROM svc._dgw.metadata_notes WHERE catalog_id NOT IN (SELECT id FROM svc._dgw.semantic_catalogs) AND catalog_id NOT IN ('1', '2')"));
    expect(left, `${i}: notes of a catalog that is gone`).toEqual([]);
  }
});
