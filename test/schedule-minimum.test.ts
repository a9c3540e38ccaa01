import { afterAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';
import { queryJson, useStandIn } from './support/stand-in.js';
import { openGateway, P, spawnServe } from './gateway/helpers.js';
import { runAsBinaryWould } from './support/in-process.js';

// Materialized queries refresh at most once a minute: `--every` below one minute is refused
// before anything is sent, and the local gateway answers 400 to such an interval.
// DGW_LOCAL_MIN_INTERVAL lowers the local gateway's minimum (and the CLI's, for zone local); a CLI
// reaching a dgw serve checks against the minimum that server announces.

describe('the CLI', () => {
  const { server, dgw } = useStandIn();

  it.each([
    ['query create', ['query', 'create', 'Fast', '--materialized', '--sql', 'SELECT 1', '--every', '1s']],
    ['mtquery create', ['mtquery', 'create', 'Fast', '--sql', 'SELECT 1', '--every', 'PT59S']],
    ['query update', ['query', 'update', '3f2b8c1e-0000-4000-8000-000000000001', '--every', '30s']],
  ])('%s --every below a minute exits 2 naming the minimum, and sends nothing', async (_name, args) => {
    const r = await dgw(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --every: PT\d+S is shorter than the minimum interval between refreshes, PT1M$/m);
    expect(server.requests).toHaveLength(0);
  });

  it('--every over a year and a day exits 2 naming the longest, and sends nothing (the next run would be a date no client reads)', async () => {
    for (const every of ['400d', 'PT999999999H', 'P53W']) {
      const r = await dgw(['mtquery', 'create', 'Slow', '--sql', 'SELECT 1', '--every', every]);
      expect(r.code, every).toBe(2);
      expect(r.stderr).toMatch(/is longer than the longest interval between refreshes, P366D/);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('one minute is accepted and sent', async () => {
    server.on('POST', /\/queries$/, { json: queryJson({ queryType: 'MATERIALIZED' }) });
    const r = await dgw(['mtquery', 'create', 'Minutely', '--sql', 'SELECT 1', '--every', '1m']);
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests[0].json).toMatchObject({ schedule: { type: 'interval', repeatDuration: 'PT1M' } });
  });

  it('DGW_LOCAL_MIN_INTERVAL does not lower the minimum for a hosted target', async () => {
    const r = await dgw(['mtquery', 'create', 'Fast', '--sql', 'SELECT 1', '--every', '5s'], { env: { DGW_LOCAL_MIN_INTERVAL: '1s' } });
    expect(r.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});

describe('the local gateway', () => {
  it('answers 400 to an interval below one minute, on create and on update', async () => {
    const g = await openGateway();
    try {
      const tooFast = await g.call('POST', `${P}/queries`, { body: { displayName: 'Fast', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'interval', repeatDuration: 'PT30S' } } });
      expect(tooFast.status).toBe(400);
      expect(tooFast.body.message).toMatch(/PT30S is shorter than the minimum interval between refreshes, PT1M/);
      const ok = await g.call('POST', `${P}/queries`, { body: { displayName: 'Minutely', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'interval', repeatDuration: 'PT1M' } } });
      expect(ok.status).toBe(200);
      const update = await g.call('PUT', `${P}/queries/${ok.body.id}`, { body: { schedule: { type: 'interval', repeatDuration: 'PT10S' } } });
      expect(update.status).toBe(400);
      expect((await g.call('GET', `${P}/queries/${ok.body.id}`)).body.schedule).toMatchObject({ repeatDuration: 'PT1M' });
    } finally {
      await g.close();
    }
  });

  it('answers 400 to an interval over a year and a day, for queries and caches; a year is taken', async () => {
    const g = await openGateway();
    try {
      const body = (repeatDuration: string) => ({ displayName: `Slow ${repeatDuration}`, queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'interval', repeatDuration } });
      const huge = await g.call('POST', `${P}/queries`, { body: body('PT999999999H') });
      expect(huge.status).toBe(400);
      expect(huge.body.message).toMatch(/PT999999999H is longer than the longest interval between refreshes, P366D/);
      expect((await g.call('POST', `${P}/queries`, { body: body('P365D') })).status).toBe(200);
      const cache = await g.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: 'orders', fullRefreshCacheSchedule: { type: 'BASIC', expression: 'P400D' } } });
      expect(cache.status).toBe(400);
    } finally {
      await g.close();
    }
  });

  it('answers 400 to a duration that is not ISO 8601 (dgw\'s own 6h), for queries and caches, as the service would', async () => {
    const g = await openGateway();
    try {
      for (const repeatDuration of ['6h', '1d', '90m']) {
        const r = await g.call('POST', `${P}/queries`, { body: { displayName: `Short ${repeatDuration}`, queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'interval', repeatDuration } } });
        expect(r.status, repeatDuration).toBe(400);
        expect(r.body.message).toMatch(/is not an ISO 8601 duration/);
      }
      const cache = await g.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: 'orders', fullRefreshCacheSchedule: { type: 'BASIC', expression: '6h' } } });
      expect(cache.status).toBe(400);
      expect((await g.call('POST', `${P}/queries`, { body: { displayName: 'Lower case', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'interval', repeatDuration: 'pt6h' } } })).status).toBe(200);
    } finally {
      await g.close();
    }
  });

  it('takes a lower minimum when opened with one', async () => {
    const g = await openGateway({ minInterval: { iso: 'PT1S', ms: 1000 } });
    try {
      const r = await g.call('POST', `${P}/queries`, { body: { displayName: 'Fast', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'interval', repeatDuration: 'PT2S' } } });
      expect(r.status).toBe(200);
    } finally {
      await g.close();
    }
  });
});

describe('zone local through the binary', () => {
  const tmp = tempDir('dgw-minimum-');
  afterAll(() => tmp.remove());
  const local = (args: string[], extra: Record<string, string> = {}) =>
    runDgw(['--zone', 'local', ...args], { env: { DGW_CONFIG_DIR: `${tmp.dir}/config`, DGW_LOCAL_DIR: `${tmp.dir}/data`, ...extra } });

  it('refuses --every 1s, and accepts it with DGW_LOCAL_MIN_INTERVAL=1s', async () => {
    const refused = await local(['mtquery', 'create', 'Fast', '--sql', 'SELECT 1 AS x', '--every', '1s']);
    expect(refused.code).toBe(2);
    const allowed = await local(['mtquery', 'create', 'Fast', '--sql', 'SELECT 1 AS x', '--every', '1s', '--json'], { DGW_LOCAL_MIN_INTERVAL: '1s' });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(JSON.parse(allowed.stdout).schedule).toMatchObject({ type: 'interval', repeatDuration: 'PT1S' });
  });

  it('a DGW_LOCAL_MIN_INTERVAL that is not a duration is exit 2 naming it', async () => {
    const r = await local(['mtquery', 'create', 'Odd', '--sql', 'SELECT 1 AS x', '--every', '1h'], { DGW_LOCAL_MIN_INTERVAL: 'soon' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/DGW_LOCAL_MIN_INTERVAL: "soon" is not a duration/);
  });
});

describe('zone local held by dgw serve: its minimum, not the CLI environment', () => {
  const tmp = tempDir('dgw-served-minimum-');
  afterAll(() => tmp.remove());
  const cli = (dataDir: string, args: string[], extra: Record<string, string> = {}) =>
    runAsBinaryWould(['--zone', 'local', ...args], { env: { DGW_CONFIG_DIR: `${tmp.dir}/cli-config`, DGW_LOCAL_DIR: dataDir, ...extra } });

  it('takes --every 2s when the dgw serve holding the folder was started with DGW_LOCAL_MIN_INTERVAL=1s', async () => {
    const data = `${tmp.dir}/low`;
    const server = await spawnServe(data, `${tmp.dir}/low-config`, [], { DGW_LOCAL_MIN_INTERVAL: '1s' });
    try {
      const r = await cli(data, ['mtquery', 'create', 'Fast', '--sql', 'SELECT 1 AS x', '--every', '2s', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).schedule).toMatchObject({ type: 'interval', repeatDuration: 'PT2S' });
    } finally {
      await server.stop();
    }
  });

  it('refuses --every 2s before sending when that dgw serve keeps the one-minute minimum, whatever the CLI environment says', async () => {
    const data = `${tmp.dir}/default`;
    const server = await spawnServe(data, `${tmp.dir}/default-config`);
    try {
      const r = await cli(data, ['mtquery', 'create', 'Fast', '--sql', 'SELECT 1 AS x', '--every', '2s'], { DGW_LOCAL_MIN_INTERVAL: '1s' });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('PT2S is shorter than the minimum interval between refreshes, PT1M');
      const list = await server.call('GET', `${P}/queries`);
      expect(JSON.stringify(list.body)).not.toContain('Fast');
    } finally {
      await server.stop();
    }
  });
});
