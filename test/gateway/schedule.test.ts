import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler, type SchedulerClock } from '../../src/gateway/scheduler.js';
import { nextFireTime } from '../../src/gateway/schedule.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_ORGANIZATION, LOCAL_WORKSPACE } from '../../src/gateway/routes/organizations.js';
import { openGateway, P, tempDir, waitFor, type TestGateway } from './helpers.js';

// When schedules fire: ISO 8601 intervals from the last run, cron on the wall clock of its zone.

const at = (iso: string) => Date.parse(iso);
const iso = (t: number | undefined) => (t === undefined ? undefined : new Date(t).toISOString());

describe('next fire time', () => {
  it('adds an ISO 8601 interval to the last run', () => {
    expect(iso(nextFireTime({ type: 'interval', repeatDuration: 'PT6H' }, at('2024-03-01T10:00:00Z')))).toBe('2024-03-01T16:00:00.000Z');
    expect(iso(nextFireTime({ type: 'interval', repeatDuration: 'P1DT12H' }, at('2024-03-01T10:00:00Z')))).toBe('2024-03-02T22:00:00.000Z');
  });

  it('has none for no schedule', () => {
    expect(nextFireTime({ type: 'none' }, 0)).toBeUndefined();
    expect(nextFireTime(null, 0)).toBeUndefined();
  });

  it('evaluates cron in UTC by default and strictly after the given time', () => {
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '0 6 * * *' }, at('2024-03-01T05:59:00Z')))).toBe('2024-03-01T06:00:00.000Z');
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '0 6 * * *' }, at('2024-03-01T06:00:00Z')))).toBe('2024-03-02T06:00:00.000Z');
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '*/15 * * * *' }, at('2024-03-01T06:07:30Z')))).toBe('2024-03-01T06:15:00.000Z');
  });

  it('evaluates cron on the wall clock of its IANA time zone, across DST changes', () => {
    // 06:00 in Berlin is 05:00 UTC in winter and 04:00 UTC in summer (DST began 2024-03-31).
    const berlin = { type: 'cron', cronExpression: '0 6 * * *', timezone: 'Europe/Berlin' } as const;
    expect(iso(nextFireTime(berlin, at('2024-03-29T12:00:00Z')))).toBe('2024-03-30T05:00:00.000Z');
    expect(iso(nextFireTime(berlin, at('2024-03-30T12:00:00Z')))).toBe('2024-03-31T04:00:00.000Z');
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '30 9 * * 1', timezone: 'America/New_York' }, at('2024-07-03T00:00:00Z')))).toBe('2024-07-08T13:30:00.000Z');
  });

  it('midnight after a 23-hour day is not skipped (a monthly, weekly or yearly run at 00:xx was lost)', () => {
    const at0 = (cronExpression: string, timezone: string, after: string) => iso(nextFireTime({ type: 'cron', cronExpression, timezone }, at(after)));
    expect(at0('0 0 29 3 *', 'Europe/Berlin', '2026-11-29T18:00:00Z')).toBe('2027-03-28T22:00:00.000Z');
    expect(at0('0 0 15 3 *', 'America/New_York', '2026-11-29T18:00:00Z')).toBe('2027-03-15T04:00:00.000Z');
    expect(at0('0 0 1 * *', 'Europe/Berlin', '2024-03-01T00:00:00Z')).toBe('2024-03-31T22:00:00.000Z');
    expect(at0('0 0 * * 1', 'Europe/Berlin', '2025-03-29T12:00:00Z')).toBe('2025-03-30T22:00:00.000Z');
  });

  it('a time the clocks skip fires as they jump; one they repeat fires once, or at both for an hourly *', () => {
    const at0 = (cronExpression: string, after: string) => iso(nextFireTime({ type: 'cron', cronExpression, timezone: 'Europe/Berlin' }, at(after)));
    // 2025-03-30: 02:00 CET becomes 03:00 CEST (01:00 UTC), so 02:30 never comes.
    expect(at0('30 2 * * *', '2025-03-29T12:00:00Z')).toBe('2025-03-30T01:00:00.000Z');
    expect(at0('30 2 * * *', '2025-03-30T01:00:00Z')).toBe('2025-03-31T00:30:00.000Z');
    // 2025-10-26: 03:00 CEST becomes 02:00 CET (01:00 UTC), so 02:30 comes twice.
    expect(at0('30 2 * * *', '2025-10-25T12:00:00Z')).toBe('2025-10-26T00:30:00.000Z');
    expect(at0('30 2 * * *', '2025-10-26T00:30:00Z')).toBe('2025-10-27T01:30:00.000Z');
    const halfHours: string[] = [];
    for (let t = at('2025-10-26T00:15:00Z'); halfHours.length < 4; ) {
      t = nextFireTime({ type: 'cron', cronExpression: '*/30 * * * *', timezone: 'Europe/Berlin' }, t)!;
      halfHours.push(iso(t)!);
    }
    expect(halfHours).toEqual(['2025-10-26T00:30:00.000Z', '2025-10-26T01:00:00.000Z', '2025-10-26T01:30:00.000Z', '2025-10-26T02:00:00.000Z']);
  });

  it('a cron expression no day can match (30 February) is refused: 400, and exit 2 before sending; one stored before never fires', async () => {
    const g = await openGateway();
    try {
      for (const cronExpression of ['0 0 30 2 *', '0 0 31 4,6,9,11 *']) {
        const r = await g.call('POST', `${P}/queries`, { body: { displayName: 'Never', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'cron', cronExpression } } });
        expect(r.status, cronExpression).toBe(400);
        expect(r.body.message).toMatch(/never fires: no month it names has the days it names/);
      }
      // With a weekday as well, cron ORs the two: Mondays in February.
      expect((await g.call('POST', `${P}/queries`, { body: { displayName: 'Feb Mondays', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'cron', cronExpression: '0 0 30 2 1' } } })).status).toBe(200);
    } finally {
      await g.close();
    }
    expect(nextFireTime({ type: 'cron', cronExpression: '0 0 30 2 *' }, 0)).toBeUndefined();
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '0 0 29 2 *' }, at('2096-03-01T00:00:00Z')))).toBe('2104-02-29T00:00:00.000Z');
  });

  it('ORs day-of-month and day-of-week when both are restricted, as cron does', () => {
    // The 13th or any Friday (2024-09-13 is both); the 1st or any Wednesday (the 11th comes first).
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '0 0 13 * 5' }, at('2024-09-09T00:00:00Z')))).toBe('2024-09-13T00:00:00.000Z');
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '0 0 1 * 3' }, at('2024-09-09T00:00:00Z')))).toBe('2024-09-11T00:00:00.000Z');
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '0 0 29 2 *' }, at('2024-03-01T00:00:00Z')))).toBe('2028-02-29T00:00:00.000Z');
  });

  it('ANDs the day fields when either starts with * (a step such as */2 too), as cron does', () => {
    // Odd days that are Mondays: 2026-12-01 is an odd Tuesday, 2026-12-07 an odd Monday.
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '0 0 */2 * 1' }, at('2026-11-30T12:00:00Z')))).toBe('2026-12-07T00:00:00.000Z');
    // The 1st when it is an even weekday (Sun, Tue, Thu, Sat): after 2026-12-01: 2027-01-01 is a Friday, Feb and Mar Mondays, 2027-04-01 a Thursday.
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '0 0 1 * */2' }, at('2026-12-01T12:00:00Z')))).toBe('2027-04-01T00:00:00.000Z');
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '0 0 ?/2 * 1' }, at('2026-11-30T12:00:00Z')))).toBe('2026-12-07T00:00:00.000Z');
    expect(iso(nextFireTime({ type: 'cron', cronExpression: '0 0 */2 * *' }, at('2026-11-30T12:00:00Z')))).toBe('2026-12-01T00:00:00.000Z');
  });
});

describe('scheduler with an injected clock', () => {
  let g: TestGateway;
  let now = Date.parse('2030-01-01T00:00:00Z');
  const clock: SchedulerClock = { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined };
  beforeAll(async () => {
    g = await openGateway({ now: () => now });
  });
  afterAll(async () => {
    await g.close();
  });

  it('starts a refresh when an interval is due, and not before', async () => {
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Hourly', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'interval', repeatDuration: 'PT1H' } } })).body;
    await g.call('POST', `${P}/queries`, { body: { displayName: 'Unscheduled', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x' } });
    const scheduler = new Scheduler(g.gateway, clock);
    const status = async () => (await g.call('GET', `${P}/materialized-queries/${q.id}/status`)).body;
    expect((await status()).nextExecutionStartTime).toBe('2030-01-01T01:00:00.000Z');
    now += 59 * 60_000;
    expect(await scheduler.tick()).toEqual([]);
    now += 60_000;
    expect(await scheduler.tick()).toEqual([q.id]);
    await waitFor(async () => (await status()).status === 'COMPLETED');
    expect(await status()).toMatchObject({ lastExecutionStartTime: '2030-01-01T01:00:00.000Z', nextExecutionStartTime: '2030-01-01T02:00:00.000Z' });
    expect(await scheduler.tick()).toEqual([]);
  });

  it('fires a cron schedule at its minute in its time zone', async () => {
    now = Date.parse('2030-01-01T05:00:00Z');
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Tokyo Nine', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'cron', cronExpression: '0 9 * * *', timezone: 'Asia/Tokyo' } } })).body;
    const scheduler = new Scheduler(g.gateway, clock);
    // 09:00 in Tokyo is 00:00 UTC.
    now = Date.parse('2030-01-01T23:59:00Z');
    expect(await scheduler.tick()).not.toContain(q.id);
    now = Date.parse('2030-01-02T00:00:00Z');
    expect(await scheduler.tick()).toContain(q.id);
  });

  it('the same schedule sent again keeps its time: a missed run stays due; a new one counts from its change', async () => {
    now = Date.parse('2030-03-01T00:00:00Z');
    const every = (d: string) => ({ schedule: { type: 'interval', repeatDuration: d } });
    const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Sent Again', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', ...every('PT1H') } })).body;
    const next = async () => (await g.call('GET', `${P}/materialized-queries/${q.id}/status`)).body.nextExecutionStartTime;
    now = Date.parse('2030-03-01T03:00:00Z');
    expect((await g.call('PUT', `${P}/queries/${q.id}`, { body: every('PT1H') })).status).toBe(200);
    expect(await next()).toBe('2030-03-01T01:00:00.000Z');
    expect((await g.call('PUT', `${P}/queries/${q.id}`, { body: every('PT2H') })).status).toBe(200);
    expect(await next()).toBe('2030-03-01T05:00:00.000Z');
  });
});

describe('scheduler with a stored zone the runtime does not know', () => {
  it('skips only that query: the project\'s other schedules still fire', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const clock: SchedulerClock = { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined };
    const g = await openGateway({ now: () => now });
    try {
      await g.call('POST', `${P}/queries`, { body: { displayName: 'Bad Zone', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'cron', cronExpression: '0 * * * *', timezone: 'Asia/Tokyo' } } });
      const hourly = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Hourly', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'interval', repeatDuration: 'PT1H' } } })).body;
      // As old or moved data might hold: a zone this runtime has no rules for.
      const demo = (await g.gateway.openProjects()).find((p) => p.id === 'demo')!;
      await demo.withConnection((conn) => conn.run("UPDATE svc._dgw.query_rows SET doc = replace(doc, 'Asia/Tokyo', 'Mars/Olympus_Mons')"));
      now += 60 * 60_000;
      expect(await new Scheduler(g.gateway, clock).tick()).toEqual([hourly.id]);
      // Its status still answers (a 500 before): it has no next run.
      const bad = (await g.call('GET', `${P}/queries`)).body.find((q: { displayName: string }) => q.displayName === 'Bad Zone');
      const status = await g.call('GET', `${P}/materialized-queries/${bad.id}/status`);
      expect(status.status, status.text).toBe(200);
    } finally {
      await g.close();
    }
  });
});

describe('scheduler with one project busy', () => {
  it('a project whose lock a long change holds holds back neither another project\'s schedules nor the stop', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const timers: Array<() => void> = [];
    const clock: SchedulerClock = { now: () => now, setTimeout: (fn) => timers.push(fn), clearTimeout: () => undefined };
    const g = await openGateway({ now: () => now });
    let release = () => {};
    try {
      const made = await g.call('POST', `/organizations/${LOCAL_ORGANIZATION.id}/workspaces/${LOCAL_WORKSPACE.id}/projects`, { body: { name: 'other' } });
      expect(made.status, made.text).toBe(200);
      const hourly = { displayName: 'Hourly', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'interval', repeatDuration: 'PT1H' } };
      expect((await g.call('POST', `${P}/queries`, { body: hourly })).status).toBe(200);
      const other = (await g.call('POST', '/data/projects/other/queries', { body: hourly })).body;
      // The demo project's writer is taken, as a materialized build of minutes takes it.
      const demo = (await g.gateway.openProjects()).find((p) => p.id === 'demo')!;
      const writer = demo.mutex;
      void writer.run(() => new Promise<void>((resolve) => (release = resolve)));
      const scheduler = new Scheduler(g.gateway, clock);
      scheduler.start();
      now += 60 * 60_000;
      timers.shift()!();
      const status = async () => (await g.call('GET', `/data/projects/other/materialized-queries/${other.id}/status`)).body;
      // It ran once when made (at 00:00); the tick starts its 01:00 run.
      await waitFor(async () => (await status()).lastExecutionStartTime === '2030-01-01T01:00:00.000Z');
      // Later ticks go on; stopping does not wait for the pass held by the demo project's writer.
      timers.shift()!();
      expect(timers).toHaveLength(1);
      scheduler.stop();
    } finally {
      release();
      await g.close();
    }
  });
});

describe('scheduler after a change of connections', () => {
  it('goes on firing a project\'s schedules after a connection change closed it to attach the connection', async () => {
    const data = tempDir('dgw-schedule-reopen-');
    const source = tempDir('dgw-schedule-source-');
    let now = Date.parse('2030-01-01T00:00:00Z');
    const clock: SchedulerClock = { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined };
    const g = await openGateway({ dataDir: data.dir, now: () => now });
    try {
      const q = (await g.call('POST', `${P}/queries`, { body: { displayName: 'Hourly', queryType: 'MATERIALIZED', inputQuery: 'SELECT 1 AS x', schedule: { type: 'interval', repeatDuration: 'PT1H' } } })).body;
      const csv = join(source.dir, 'small.csv');
      writeFileSync(csv, 'a\n1\n');
      const made = await g.call('POST', '/connections/demo', { body: { name: 'Small', type: 'csv', credential: { path: csv } } });
      expect(made.status, made.text).toBe(200);
      const scheduler = new Scheduler(g.gateway, clock);
      now += 60 * 60_000;
      expect(await scheduler.tick()).toEqual([q.id]);
    } finally {
      await g.close();
      data.remove();
      source.remove();
    }
  });
});
