import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openGateway, P, tempDir, waitFor, type TestGateway } from './helpers.js';

// A connection made, changed or removed on a gateway that stays open reopens the project and stops
// what runs in it; a cache refresh stopped so ended CANCELLED saying only "the refresh was
// cancelled", as if someone had cancelled it, where a request stopped so is told why and to run again.

const tmp = tempDir('dgw-refresh-reopened-');
let g: TestGateway;
beforeAll(async () => {
  writeFileSync(join(tmp.dir, 'codes.csv'), 'id\n1\n');
  g = await openGateway({ dataDir: join(tmp.dir, 'data') });
});
afterAll(async () => {
  await g.close();
  tmp.remove();
});

it('a cache refresh stopped by a connection change says the project reopened for it, and to run it again', async () => {
  const query = await g.call('POST', `${P}/queries`, { body: { displayName: 'slow', queryType: 'PLAIN', inputQuery: 'SELECT sum(range) AS s FROM range(1000000000000)' } });
  expect(query.status).toBe(200);
  const cache = await g.call('POST', `${P}/cache`, { body: { catalogId: '2', schemaName: 'query', tableName: 'slow' } });
  expect(cache.status).toBe(200);
  expect((await g.call('POST', '/connections/demo', { body: { name: 'codes', type: 'csv', credential: { path: join(tmp.dir, 'codes.csv') } } })).status).toBe(200);
  const run = await waitFor(async () => {
    const r = (await g.call('GET', `${P}/cache/${cache.body.id}/status`)).body.lastFullRefreshCacheExecution;
    return r?.status === 'RUNNING' ? undefined : r;
  }, 'the stopped refresh');
  expect(run).toMatchObject({ status: 'CANCELLED', error: { message: expect.stringContaining('project demo reopened while this request ran, to attach a change to its connections: its statement was stopped; run it again') } });
});
