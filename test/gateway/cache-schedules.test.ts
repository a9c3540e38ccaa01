import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTableCached } from '../../src/gateway/project/cache-rows.js';
import { cacheStates, nextRuns } from '../../src/gateway/project/caches.js';
import { Scheduler, type SchedulerClock } from '../../src/gateway/scheduler.js';
import { openGateway, P, waitFor, type TestGateway } from './helpers.js';

// Caches' schedules run as materialized queries' do: an interval from the last run of that mode
// (or from when the schedule was set), cron on the wall clock of its zone; a scheduled run says so.
describe('cache schedules with an injected clock', () => {
  let g: TestGateway;
  let now = Date.parse('2030-01-01T00:00:00Z');
  const clock: SchedulerClock = { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined };
  beforeAll(async () => {
    g = await openGateway({ now: () => now });
  });
  afterAll(async () => {
    await g.close();
  });
  interface Run {
    createdAt: string;
  }
  const status = async (id: string) => (await g.call('GET', `${P}/cache/${id}/status`)).body as { status: string; lastIncrementalCacheExecution: Run; cacheActionLogs: Array<{ isScheduled: boolean; cacheType: string }> };

  it('an incremental update every hour fires at the hour after the first copy, as a scheduled run', async () => {
    const cache = (await g.call('POST', `${P}/cache?incrementalColumn=order_id`, { body: { catalogId: '1', schemaName: 'table', tableName: 'orders', incrementalCacheSchedule: { type: 'BASIC', expression: 'PT1H' } } })).body as { id: string };
    await waitFor(async () => (await status(cache.id)).status === 'COMPLETED');
    // Only an incremental schedule: the first run is incremental, as the document says.
    expect((await status(cache.id)).lastIncrementalCacheExecution.createdAt).toBe('2030-01-01T00:00:00.000Z');
    const scheduler = new Scheduler(g.gateway, clock);
    now += 59 * 60_000;
    expect(await scheduler.tick()).toEqual([]);
    now += 60_000;
    expect(await scheduler.tick()).toEqual([cache.id]);
    await waitFor(async () => (await status(cache.id)).status === 'COMPLETED');
    const after = await status(cache.id);
    expect(after.lastIncrementalCacheExecution.createdAt).toBe('2030-01-01T01:00:00.000Z');
    expect(after.cacheActionLogs.map((l) => [l.cacheType, l.isScheduled])).toEqual([['INCREMENTAL', true], ['INCREMENTAL', false]]);
    expect(await scheduler.tick()).toEqual([]);
  });

  it('a full refresh on cron fires at its minute in its time zone (CRON_TZ=)', async () => {
    now = Date.parse('2030-01-01T05:00:00Z');
    const made = await g.call('POST', `${P}/cache`, { body: { catalogId: '1', schemaName: 'table', tableName: 'customers', fullRefreshCacheSchedule: { type: 'CRON', expression: 'CRON_TZ=Asia/Tokyo 0 9 * * *' } } });
    expect(made.body).toMatchObject({ fullRefreshCacheSchedule: { type: 'CRON', expression: 'CRON_TZ=Asia/Tokyo 0 9 * * *' } });
    const { id } = made.body as { id: string };
    await waitFor(async () => (await status(id)).status === 'COMPLETED');
    const scheduler = new Scheduler(g.gateway, clock);
    // 09:00 in Tokyo is 00:00 UTC.
    now = Date.parse('2030-01-01T23:59:00Z');
    expect(await scheduler.tick()).not.toContain(id);
    now = Date.parse('2030-01-02T00:00:00Z');
    expect(await scheduler.tick()).toContain(id);
  });

  it('refuses a schedule that is not BASIC, CRON or NONE, and a bad zone, with 400', async () => {
    for (const schedule of [{ type: 'WEEKLY', expression: 'x' }, { type: 'CRON', expression: 'CRON_TZ=Mars/Base 0 9 * * *' }, { type: 'BASIC', expression: 'PT1S' }]) {
      const r = await g.call('PUT', `${P}/cache/${(await g.call('GET', `${P}/cache/status`)).body[0].id}`, { body: { fullRefreshCacheSchedule: schedule } });
      expect(r.status, JSON.stringify(schedule)).toBe(400);
    }
  });

  it('one run at a time: asking again for the running mode answers that run; the other mode is 409 until it ends', async () => {
    await g.call('POST', `${P}/queries`, { body: { displayName: 'Endless', inputQuery: 'SELECT max(range) AS n FROM range(1000000000000)' } });
    const { id } = (await g.call('POST', `${P}/cache?incrementalColumn=n`, { body: { catalogId: '2', schemaName: 'query', tableName: 'endless' } })).body as { id: string };
    const first = (await status(id)) as unknown as { lastFullRefreshCacheExecution: { id: string; status: string } };
    expect(first.lastFullRefreshCacheExecution.status).toBe('RUNNING');
    const again = await g.call('POST', `${P}/cache/${id}/fullRefreshUpdate`);
    expect((again.body as { execution: { id: string } }).execution.id).toBe(first.lastFullRefreshCacheExecution.id);
    const other = await g.call('POST', `${P}/cache/${id}/incrementalUpdate`);
    expect([other.status, (other.body as { message: string }).message]).toEqual([409, expect.stringMatching(/a full refresh of cache .* is running/)]);
    expect((await g.call('POST', `${P}/cache/${id}/cancelIncrementalUpdate`)).status).toBe(404);
    expect((await g.call('POST', `${P}/cache/${id}/cancelFullRefreshUpdate`)).status).toBe(200);
    expect((await g.call('DELETE', `${P}/cache/${id}`)).status).toBe(200);
  });

  it('an incremental schedule without an incremental column is never due (only full refreshes run), not tried and refused at every tick', async () => {
    await g.call('POST', `${P}/queries`, { body: { displayName: 'Tiny', inputQuery: 'SELECT 1 AS n' } });
    const { id } = (await g.call('POST', `${P}/cache`, { body: { catalogId: '2', schemaName: 'query', tableName: 'tiny', incrementalCacheSchedule: { type: 'BASIC', expression: 'PT1H' } } })).body as { id: string };
    await waitFor(async () => (await status(id)).status === 'COMPLETED');
    now += 2 * 60 * 60_000;
    const [project] = await g.gateway.openProjects();
    const state = (await cacheStates(project)).find((s) => s.cache.id === id)!;
    expect(nextRuns(state.cache, state)).toEqual([]);
  });

  it("changing one mode's schedule leaves the other's next run where it was, a missed one too", async () => {
    now = Date.parse('2030-02-01T00:00:00Z');
    await g.call('POST', `${P}/queries`, { body: { displayName: 'Both modes', inputQuery: 'SELECT 1 AS n' } });
    const body = { catalogId: '2', schemaName: 'query', tableName: 'bothmodes', fullRefreshCacheSchedule: { type: 'BASIC', expression: 'P1D' }, incrementalCacheSchedule: { type: 'BASIC', expression: 'PT1H' } };
    const { id } = (await g.call('POST', `${P}/cache?incrementalColumn=n`, { body })).body as { id: string };
    await waitFor(async () => (await status(id)).status === 'COMPLETED');
    const [project] = await g.gateway.openProjects();
    const due = async () => {
      const state = (await cacheStates(project)).find((s) => s.cache.id === id)!;
      return nextRuns(state.cache, state).map((d) => [d.mode, new Date(d.at).toISOString()]);
    };
    now = Date.parse('2030-02-01T03:00:00Z');
    expect((await g.call('PUT', `${P}/cache/${id}`, { body: { fullRefreshCacheSchedule: { type: 'BASIC', expression: 'P2D' } } })).status).toBe(200);
    // The incremental run missed at 01:00 is still due; the full refresh counts from its change.
    expect(await due()).toEqual([['FULL_REFRESH', '2030-02-03T03:00:00.000Z'], ['INCREMENTAL', '2030-02-01T01:00:00.000Z']]);
    expect((await g.call('PUT', `${P}/cache/${id}`, { body: { incrementalCacheSchedule: { type: 'BASIC', expression: 'PT2H' } } })).status).toBe(200);
    expect(await due()).toEqual([['FULL_REFRESH', '2030-02-03T03:00:00.000Z'], ['INCREMENTAL', '2030-02-01T05:00:00.000Z']]);
    // The same schedules sent again (`cache update --every 2d` on a cache that has it) keep both times, a missed run too.
    now = Date.parse('2030-02-01T09:00:00Z');
    expect((await g.call('PUT', `${P}/cache/${id}`, { body: { fullRefreshCacheSchedule: { type: 'BASIC', expression: 'P2D' }, incrementalCacheSchedule: { type: 'BASIC', expression: 'PT2H' } } })).status).toBe(200);
    expect(await due()).toEqual([['FULL_REFRESH', '2030-02-03T03:00:00.000Z'], ['INCREMENTAL', '2030-02-01T05:00:00.000Z']]);
  });

  it('isTableCached answers for the catalog helper: a cached table is, another is not', async () => {
    const [project] = await g.gateway.openProjects();
    expect(await isTableCached(project, '1', 'table', 'orders')).toBe(true);
    expect(await isTableCached(project, '1', 'table', 'nope')).toBe(false);
    expect(await isTableCached(project, '2', 'table', 'orders')).toBe(false);
  });
});
