import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// The document lets a project key make catalogs and parametric tables. Here a project key may do
// what reads no new file (name a catalog, make or drop a parametric table); what removes a
// connection or makes one in another project stays the partner key's, as connections are.

describe('a project key on catalogs and parametric tables', () => {
  const work = tempDir('dgw-project-key-');
  let g: TestGateway;
  let catalogId: string;
  beforeAll(async () => {
    writeFileSync(join(work.dir, 'visits.csv'), 'visitor,page\n7,/pricing\n8,/docs\n');
    g = await openGateway({ dataDir: join(work.dir, 'data') });
    const conn = await g.call('POST', '/connections/demo', { body: { name: 'web', type: 'csv', credential: { path: join(work.dir, 'visits.csv') } } });
    expect(conn.status, conn.text).toBe(200);
    catalogId = (await g.call('GET', `${P}/catalogs`)).body.find((c: { connectionId: string | null }) => c.connectionId === conn.body.id).id;
  });
  afterAll(async () => {
    await g.close();
    work.remove();
  });
  const asProject = (method: string, path: string, body?: unknown) => g.call(method, path, { key: g.demoKey, ...(body === undefined ? {} : { body }) });

  it('names the catalog, and makes and drops a parametric table', async () => {
    expect((await asProject('POST', `${P}/catalogs`, { name: 'Site', connectionId: (await g.call('GET', '/connections/demo')).body[0].id })).status).toBe(200);
    const made = await asProject('POST', `${P}/catalogs/${catalogId}/parametricTables`, { fromSchema: 'main', fromTable: 'visits', toSchema: 'main', toTable: 'pricing', paramValues: [{ key: 'page', value: '/pricing' }] });
    expect(made.status, made.text).toBe(200);
    const read = await asProject('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT visitor FROM site.main.pricing' });
    expect(read.body.data).toEqual([['7']]);
    expect((await asProject('DELETE', `${P}/catalogs/${catalogId}/parametricTables?toSchema=main&toTable=pricing`)).status).toBe(204);
  });

  it('may not delete the catalog (its connection goes with it) nor share it with another project', async () => {
    expect((await asProject('DELETE', `${P}/catalogs/${catalogId}`)).status).toBe(403);
    expect((await asProject('POST', `${P}/catalogs/${catalogId}/share`, { targetProjectId: 'demo' })).status).toBe(403);
    expect((await g.call('GET', `${P}/catalogs/${catalogId}`)).status).toBe(200);
  });
});
