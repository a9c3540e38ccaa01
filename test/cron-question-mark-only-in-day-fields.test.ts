import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `?` means "no particular day" in the day-of-month and day-of-week fields; in any other field it is no cron at all.
const tmp = tempDir('dgw-cron-question-');
afterAll(() => tmp.remove());
const { run, json } = localCli(tmp.dir, 'spec');

it.each([['? * * * *', 'minute'], ['0 ? * * *', 'hour'], ['0 0 1 ? *', 'month'], ['?/5 * * * *', 'minute']])('--cron "%s" is exit 2 naming the %s field, nothing sent', async (cron, field) => {
  const r = await run('mtquery', 'create', 'Odd', '--sql', 'SELECT 1 AS n', '--cron', cron);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(`${field} field`);
});

it('? in a day field is still any day', async () => {
  const query = await json('mtquery', 'create', 'Mondays', '--sql', 'SELECT 1 AS n', '--cron', '0 6 ? * MON');
  expect(query.schedule.cronExpression).toBe('0 6 ? * MON');
});
