import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// The service reads repeatDuration as Java's Duration (PT15M, PT10H, P2D), which has no weeks: dgw sends weeks as days.
const tmp = tempDir('dgw-every-weeks-');
afterAll(() => tmp.remove());
const { json } = localCli(tmp.dir, 'spec');

it('mtquery create --every P2W sends P14D', async () => {
  const sent = await json('mtquery', 'create', 'Fortnightly', '--sql', 'SELECT 1 AS n', '--every', 'P2W', '--dry-run');
  expect(sent.body.schedule).toEqual({ type: 'interval', repeatDuration: 'P14D' });
});

it('cache create --every P1W2DT3H sends P9DT3H, and the gateway keeps it', async () => {
  const cache = await json('cache', 'create', 'orders', '--every', 'P1W2DT3H');
  expect(cache.fullRefreshSchedule).toEqual({ type: 'interval', repeatDuration: 'P9DT3H' });
});
