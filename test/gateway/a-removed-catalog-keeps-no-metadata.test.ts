import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rows } from '../../src/gateway/project/store.js';
import { openGateway, P, raceBehindWriter, tempDir, type TestGateway } from './helpers.js';

// A catalog's metadata refresh is stored per catalog id; removing the catalog (with its connection,
// or a semantic one) removes that too, as it does the catalog's notes and relations.

const work = tempDir('dgw-rm-metadata-');
let gw: TestGateway;
beforeAll(async () => {
  writeFileSync(join(work.dir, 'visits.csv'), 'i,page\n1,/a\n');
  gw = await openGateway({ dataDir: join(work.dir, 'data'), seed: false });
});
afterAll(async () => {
  await gw.close();
  work.remove();
});

const storedRefreshes = async () => {
  const project = await gw.gateway.project('demo', { create: false });
  return project.withConnection((conn) => rows(conn, 'SELECT catalog_id FROM svc._dgw.metadata_snapshots ORDER BY catalog_id'));
};

it('a connection rm, a catalog rm and a semantic catalog rm each take their catalog\'s stored metadata refresh', async () => {
  const catalogIds: string[] = [];
  const connectionIds: string[] = [];
  for (const name of ['first', 'second']) {
    const made = await gw.call('POST', '/connections/demo', { body: { name, type: 'csv', credential: { path: join(work.dir, 'visits.csv') } } });
    expect(made.status, made.text).toBe(200);
    connectionIds.push(String(made.body.id));
    catalogIds.push(String((await gw.call('GET', `${P}/catalogs`)).body.find((c: { connectionId: string | null }) => c.connectionId === made.body.id).id));
  }
  const semantic = await gw.call('POST', `${P}/semantic-catalogs`, { body: { name: 'sem' } });
  expect(semantic.status, semantic.text).toBe(200);
  catalogIds.push(String(semantic.body.id));
  // Reading a catalog's metadata refreshes it first, which stores the refresh.
  for (const catalogId of catalogIds) expect((await gw.call('GET', `/metadata/demo?catalogId=${catalogId}`)).status).toBe(200);
  expect((await storedRefreshes()).map((r) => r.catalog_id)).toEqual(expect.arrayContaining(catalogIds));

  for (const path of [`/connections/demo/${connectionIds[0]}`, `${P}/catalogs/${catalogIds[1]}`, `${P}/catalogs/${catalogIds[2]}`]) {
    const removed = await gw.call('DELETE', path);
    expect(removed.status, `${path}: ${removed.text}`).toBeLessThan(300);
  }
  expect((await storedRefreshes()).filter((r) => catalogIds.includes(String(r.catalog_id)))).toEqual([]);
});

it('a catalog removed while its metadata is read keeps no stored refresh, in either order', async () => {
  for (const rmFirst of [false, true]) {
    const made = await gw.call('POST', '/connections/demo', { body: { name: `racing${String(rmFirst)}`, type: 'csv', credential: { path: join(work.dir, 'visits.csv') } } });
    expect(made.status, made.text).toBe(200);
    const catalogId = String((await gw.call('GET', `${P}/catalogs`)).body.find((c: { connectionId: string | null }) => c.connectionId === made.body.id).id);
    // The read refreshes the catalog (never refreshed) and saves it as the removal commits.
    const project = await gw.gateway.project('demo', { create: false });
    const [read, removed] = await raceBehindWriter(project, () => gw.call('GET', `/metadata/demo?catalogId=${catalogId}`), () => gw.call('DELETE', `/connections/demo/${String(made.body.id)}`), rmFirst);
    expect(removed.status, removed.text).toBe(200);
    expect([200, 404], read.text).toContain(read.status);
    expect((await storedRefreshes()).map((r) => r.catalog_id), `removal sent ${rmFirst ? 'first' : 'second'}`).not.toContain(catalogId);
  }
});
