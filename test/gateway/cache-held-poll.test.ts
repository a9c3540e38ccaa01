import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsBinaryWould } from '../support/in-process.js';
import { useStandIn } from '../support/stand-in.js';
import { openGateway, P, tempDir, type TestGateway } from './helpers.js';

// A cache's status read with `waitMs` (the local gateway's own parameter) is held while a refresh
// runs and answered when it ends: `cache refresh --wait` waits this way on the local gateway, so
// its wait ends with the refresh and no poll competes with the copy. The hold has a bound, and a
// cache with no refresh running is answered at once. The hosted service is never sent it.

/** A source whose copy takes about a second on this machine. */
const SOURCE = 'CREATE TABLE svc.table.wide AS SELECT i AS id, hash(i) AS h, md5(i::VARCHAR) AS m FROM range(3000000) t(i)';

let g: TestGateway;
let cacheId: string;
// Three million rows made, then copied by a refresh: minutes on a busy machine, and none of it is timed.
beforeAll(async () => {
  g = await openGateway();
  const made = await g.call('POST', `${P}/queries/execute`, { body: { statement: SOURCE } });
  expect(made.status, made.text).toBe(200);
  const cache = await g.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: 'wide' } });
  expect(cache.status, cache.text).toBe(200);
  cacheId = cache.body.id;
}, 300_000);
afterAll(() => g.close());

const refresh = async () => {
  const r = await g.call('POST', `${P}/cache/${cacheId}/fullRefreshUpdate`);
  expect(r.status, r.text).toBe(200);
};
const status = (query: string) => g.call('GET', `${P}/cache/${cacheId}/status?excludeLogs=true${query}`);

describe('GET .../cache/{id}/status?waitMs=', () => {
  it('holds the read while a refresh runs and answers when it ends, with the run COMPLETED', async () => {
    await refresh();
    const held = await status('&waitMs=30000');
    expect(held.status, held.text).toBe(200);
    expect(held.body.lastFullRefreshCacheExecution ?? held.body.lastFullRefresh).toMatchObject({ status: 'COMPLETED' });
  }, 60_000);

  it('answers a refresh still running after waitMs at the most, RUNNING; without a refresh, at once', async () => {
    await refresh();
    const before = Date.now();
    const held = await status('&waitMs=100');
    expect(held.status, held.text).toBe(200);
    expect(Date.now() - before).toBeGreaterThanOrEqual(90);
    const run = held.body.lastFullRefreshCacheExecution ?? held.body.lastFullRefresh;
    if (run.status !== 'COMPLETED') expect(run.status).toBe('RUNNING');
    await status('&waitMs=30000');
    // Nothing running: the same read is answered as it would be without waitMs.
    expect((await status('&waitMs=30000')).body).toEqual((await status('')).body);
  }, 60_000);

  it('a held read of a refresh stopped by deleting its cache says the cache was deleted, not that the previous copy was kept', async () => {
    expect((await g.call('POST', `${P}/queries/execute`, { body: { statement: 'CREATE TABLE svc.table.doomed AS FROM svc.table.wide' } })).status).toBe(200);
    const doomed = (await g.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: 'doomed' } })).body.id;
    await g.call('GET', `${P}/cache/${doomed}/status?waitMs=30000`);
    expect((await g.call('POST', `${P}/cache/${doomed}/fullRefreshUpdate`)).status).toBe(200);
    const held = g.call('GET', `${P}/cache/${doomed}/status?excludeLogs=true&waitMs=30000`);
    expect((await g.call('DELETE', `${P}/cache/${doomed}`)).status).toBe(200);
    const answer = await held;
    // Read before the delete commits, the run says why it ended; after, the cache is not found.
    if (answer.status === 404) return;
    const run = answer.body.lastFullRefreshCacheExecution ?? answer.body.lastFullRefresh;
    // On a busy machine the copy may commit before the delete stops it, or the read land as the runs go: then there is nothing to tell.
    if (!run || run.status === 'COMPLETED') return;
    expect(run).toMatchObject({ status: 'CANCELLED' });
    expect(JSON.stringify(run)).toContain('the cache was deleted');
  }, 60_000);

  it('a first copy cancelled says there is no copy yet, not that a previous one was kept', async () => {
    expect((await g.call('POST', `${P}/queries/execute`, { body: { statement: 'CREATE TABLE svc.table.fresh AS FROM svc.table.wide' } })).status).toBe(200);
    const fresh = (await g.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: 'fresh' } })).body.id;
    expect((await g.call('POST', `${P}/cache/${fresh}/cancelFullRefreshUpdate`)).status).toBe(200);
    const answer = await g.call('GET', `${P}/cache/${fresh}/status?excludeLogs=true`);
    const run = answer.body.lastFullRefreshCacheExecution ?? answer.body.lastFullRefresh;
    expect(run).toMatchObject({ status: 'CANCELLED' });
    expect(JSON.stringify(run)).toContain('there is no copy yet');
  }, 60_000);

  it('refuses a waitMs that is not a whole number from 0 to 30000', async () => {
    for (const bad of ['-1', '30001', 'soon', '1.5']) {
      const r = await status(`&waitMs=${bad}`);
      expect([r.status, r.body.errorCode], bad).toEqual([400, 'BAD_REQUEST']);
    }
  });
});

describe('cache refresh --wait', () => {
  const data = tempDir();
  afterAll(() => data.remove());
  const env = { DGW_LOCAL_DIR: path.join(data.dir, 'data'), DGW_CONFIG_DIR: path.join(data.dir, 'config') };
  const local = (...args: string[]) => runAsBinaryWould(['--zone', 'local', ...args], { env });

  it('on the local gateway, asks for held reads: the status after the start is held until the refresh ends', async () => {
    // A request time limit of its own: 3M rows may take more than the default 30 s on a busy machine, and this step is not what is tested.
    expect((await local('--timeout', '10m', 'sql', SOURCE)).code).toBe(0);
    expect((await local('cache', 'create', 'wide')).code).toBe(0);
    const r = await local('cache', 'refresh', 'wide', '--wait', '--debug', '--json', 'status,cachedRows');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ status: 'COMPLETED', cachedRows: 3_000_000 });
    const reads = r.stderr.split('\n').filter((l) => /→ GET .*\/cache\/[^/]+\/status/.test(l));
    // The first read after the start, then held ones only (a second or more each): never the dozens an interval of
    // milliseconds makes. How many depends on how long the refresh takes on this machine, so they are not counted.
    expect(reads.length).toBeGreaterThan(1);
    for (const read of reads.slice(1)) expect(Number(/[?&]waitMs=(\d+)/.exec(read)?.[1]), read).toBeGreaterThanOrEqual(1000);
  }, 300_000);

  const { server, dgw: remote } = useStandIn('proj-1');
  it('against the hosted service, polls without waitMs', async () => {
    const ID = '3f2b8c1e-0000-4000-8000-00000000ca02';
    const C = `/data/projects/proj-1/cache/${ID}`;
    const run = (s: string, id: string) => ({ id, executionMode: 'FULL_REFRESH', status: s, createdAt: '2026-01-01T00:00:00Z' });
    const body = (last: object) => ({ id: ID, status: 'COMPLETED', catalogId: '1', schemaName: 'table', tableName: 'orders', lastFullRefreshCacheExecution: last });
    server.on('GET', `${C}/status`, { json: body(run('COMPLETED', 'r1')) }, { json: body(run('RUNNING', 'r2')) }, { json: body(run('COMPLETED', 'r2')) });
    server.on('POST', `${C}/fullRefreshUpdate`, { json: {} });
    const r = await remote(['cache', 'refresh', ID, '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const reads = server.requests.filter((q) => q.path.endsWith('/status'));
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const q of reads) expect(q.query).not.toHaveProperty('waitMs');
  }, 60_000);
});
