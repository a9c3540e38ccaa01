import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `query update --tz` alone keeps the cron expression and changes only its time zone.
const tmp = tempDir('dgw-tz-alone-');
afterAll(() => tmp.remove());
const { json, run } = localCli(tmp.dir, 'spec');

it('query update --tz alone moves the cron schedule to the new zone and keeps its expression', async () => {
  await json('mtquery', 'create', 'Morning', '--sql', 'SELECT 1 AS n', '--cron', '0 6 * * 1-5', '--tz', 'Europe/Berlin');
  const query = await json('query', 'update', 'morning', '--tz', 'America/New_York');
  expect(query.schedule).toEqual({ type: 'cron', cronExpression: '0 6 * * 1-5', timezone: 'America/New_York' });
  const dry = await json('query', 'update', 'morning', '--tz', 'UTC', '--dry-run');
  expect(dry.body.schedule).toEqual({ type: 'cron', cronExpression: '{cron expression of the schedule of morning}', timezone: 'UTC' });
});

it('query update --tz alone is refused, naming the schedule, when the query has no cron schedule', async () => {
  await json('mtquery', 'create', 'Hourly', '--sql', 'SELECT 1 AS n', '--every', '1h');
  await json('query', 'create', 'Plainq', '--sql', 'SELECT 1 AS n');
  const interval = await run('query', 'update', 'hourly', '--tz', 'UTC');
  expect(interval.stderr).toContain('hourly has an --every schedule; --tz sets the time zone of a --cron schedule: give --cron too');
  const plain = await run('query', 'update', 'plainq', '--tz', 'UTC');
  expect(plain.stderr).toContain('plainq has no schedule');
  expect((await json('query', 'get', 'hourly')).schedule.type).toBe('interval');
});

it('query update --tz with a zone that does not exist is refused before anything is sent', async () => {
  const bad = await run('query', 'update', 'morning', '--tz', 'Mars/Base');
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('"Mars/Base" is not an IANA time zone');
});
