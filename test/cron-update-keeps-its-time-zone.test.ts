import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `--cron` without `--tz` on an update changes the cron expression only: the time zone the schedule had stays.
const tmp = tempDir('dgw-cron-tz-');
afterAll(() => tmp.remove());
const { json } = localCli(tmp.dir, 'spec');

it('cache update --cron without --tz keeps the time zone of the cache\'s schedule', async () => {
  await json('cache', 'create', 'orders', '--cron', '0 3 * * *', '--tz', 'Europe/Berlin');
  const cache = await json('cache', 'update', 'orders', '--cron', '0 4 * * *');
  expect(cache.fullRefreshSchedule).toEqual({ type: 'cron', cronExpression: '0 4 * * *', timezone: 'Europe/Berlin' });
  expect((await json('cache', 'update', 'orders', '--cron', '0 5 * * *', '--tz', 'UTC')).fullRefreshSchedule.timezone).toBe('UTC');
});

it('query update --cron without --tz keeps the time zone of the query\'s schedule', async () => {
  await json('mtquery', 'create', 'Nightly', '--sql', 'SELECT 1 AS n', '--cron', '0 6 * * *', '--tz', 'America/New_York');
  const query = await json('query', 'update', 'nightly', '--cron', '0 7 * * *');
  expect(query.schedule).toEqual({ type: 'cron', cronExpression: '0 7 * * *', timezone: 'America/New_York' });
});

it('a plain --dry-run of an update with --cron and no --tz shows the kept time zone as a placeholder, not a request that resets it to UTC', async () => {
  await json('cache', 'create', 'customers', '--cron', '0 3 * * *', '--tz', 'Europe/Berlin');
  const cache = await json('cache', 'update', 'customers', '--cron', '0 4 * * *', '--dry-run');
  expect(cache.body.fullRefreshCacheSchedule.expression).toBe('CRON_TZ={time zone of the schedule of cache customers} 0 4 * * *');
  await json('mtquery', 'create', 'Early', '--sql', 'SELECT 1 AS n', '--cron', '0 6 * * *', '--tz', 'America/New_York');
  const query = await json('query', 'update', 'early', '--cron', '0 7 * * *', '--dry-run');
  expect(query.body.schedule).toEqual({ type: 'cron', cronExpression: '0 7 * * *', timezone: '{time zone of the schedule of early}' });
});
