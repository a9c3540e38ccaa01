import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// Zone ids are case-sensitive to the service: `--tz utc` is sent, and kept, as UTC.
const tmp = tempDir('dgw-tz-case-');
afterAll(() => tmp.remove());
const { json } = localCli(tmp.dir, 'spec');

it('mtquery create --tz europe/berlin saves Europe/Berlin', async () => {
  const query = await json('mtquery', 'create', 'Nightly', '--sql', 'SELECT 1 AS n', '--cron', '30 2 * * *', '--tz', 'europe/berlin');
  expect(query.schedule).toEqual({ type: 'cron', cronExpression: '30 2 * * *', timezone: 'Europe/Berlin' });
});

it('cache create --tz utc sends UTC', async () => {
  const sent = await json('cache', 'create', 'orders', '--cron', '0 3 * * *', '--tz', 'utc', '--dry-run');
  expect(sent.body.fullRefreshCacheSchedule.expression).toBe('CRON_TZ=UTC 0 3 * * *');
});
