import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rows } from '../../src/gateway/project/store.js';
import { openGateway, P, raceBehindWriter, tempDir, type TestGateway } from './helpers.js';

// A cache, a relation, a parametric table or a description made on a connection's catalog while the connection is
// removed: whatever the order, nothing may be left on a catalog that is gone (a cache whose every
// refresh fails, which the removal would have refused).

const work = tempDir('dgw-conn-race-');
const csv = join(work.dir, 'visits.csv');
let gw: TestGateway;
beforeAll(async () => {
  writeFileSync(csv, 'i,page\n1,/a\n2,/b\n');
  gw = await openGateway({ dataDir: join(work.dir, 'data'), seed: false });
});
afterAll(async () => {
  await gw.close();
  work.remove();
});

it('a cache, relation, parametric table or description made racing a connection rm: either it stands with its connection, or neither is left', async () => {
  const adds = [
    (catalogId: string) => gw.call('POST', `${P}/cache`, { body: { catalogId, schemaName: 'main', tableName: 'visits' } }),
    (catalogId: string) => gw.call('POST', `/metadata/demo/relations/${catalogId}/main/visits/i`, { body: { targetCatalogId: catalogId, targetSchemaName: 'main', targetTableName: 'visits', targetColumnName: 'i', type: 'ONE_TO_ONE' } }),
    (catalogId: string) => gw.call('POST', `${P}/catalogs/${catalogId}/parametricTables`, { body: { fromSchema: 'main', fromTable: 'visits', toSchema: 'main', toTable: 'first', paramValues: [{ key: 'i', value: 1 }] } }),
    (catalogId: string) => gw.call('PUT', `/metadata/demo/${catalogId}/main/visits`, { body: { tableDescription: 'visits to the site' } }),
    (catalogId: string) => gw.call('PUT', `/metadata/demo/${catalogId}`, { body: { useWithAI: false } }),
  ];
  for (let i = 0; i < 30; i += 1) {
    const made = await gw.call('POST', '/connections/demo', { body: { name: `files${i}`, type: 'csv', credential: { path: csv } } });
    expect(made.status, made.text).toBe(200);
    const catalogId = String((await gw.call('GET', `${P}/catalogs`)).body.find((c: { connectionId: string | null }) => c.connectionId === made.body.id).id);
    // Both check first and queue for the held writer; the add starts after 0 to 2 reads, so the removal's turn may come first.
    const add = async () => {
      for (let k = 0; k < Math.floor(i / 5) % 3; k += 1) await gw.call('GET', `${P}/catalogs/${catalogId}`);
      return adds[i % 5](catalogId);
    };
    const rm = () => (i % 2 === 0 ? gw.call('DELETE', `/connections/demo/${String(made.body.id)}`) : gw.call('DELETE', `${P}/catalogs/${catalogId}`));
    const [added, removed] = await raceBehindWriter(await gw.gateway.project('demo', { create: false }), add, rm);
    const project = await gw.gateway.project('demo', { create: false });
    const left = await project.withConnection(async (conn) => {
      const known = "(SELECT catalog_id FROM svc._dgw.connections UNION ALL SELECT '1' UNION ALL SELECT '2')";
      return rows(conn, `SELECT 'cache' AS what, catalog_id FROM svc._dgw.caches WHERE catalog_id NOT IN ${known}
        UNION ALL SELECT 'relation', catalog_id FROM svc._dgw.relations WHERE catalog_id NOT IN ${known}
        UNION ALL SELECT 'parametric table', catalog_id FROM svc._dgw.parametric_tables WHERE catalog_id NOT IN ${known}
        UNION ALL SELECT 'note', catalog_id FROM svc._dgw.metadata_notes WHERE catalog_id NOT IN ${known}`);
    });
    expect(left, `${i}: the add answered ${added.status} ${added.text}, the rm ${removed.status} ${removed.text}`).toEqual([]);
    // A cache stands in the way of the removal; the rest go with it.
    if (removed.status === 409) {
      expect(i % 5, `${i}: the rm was refused: ${removed.text}`).toBe(0);
      expect((await gw.call('DELETE', `${P}/cache/${String(added.body.id)}`)).status).toBe(200);
      expect((await gw.call('DELETE', `/connections/demo/${String(made.body.id)}`)).status).toBe(200);
    } else {
      expect(removed.status, `${i}: the rm: ${removed.text}`).toBe(200);
    }
  }
});
