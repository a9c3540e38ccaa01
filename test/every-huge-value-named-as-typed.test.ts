import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// A too-long --every is named with the digits typed, not as the number they overflow to (P1e+23D, PTInfinityS).
const tmp = tempDir('dgw-every-huge-');
afterAll(() => tmp.remove());
const { run, json } = localCli(tmp.dir, 'spec');

it.each([['99999999999999999999999d', 'P99999999999999999999999D'], [`${'9'.repeat(400)}s`, `PT${'9'.repeat(400)}S`]])('--every %s is exit 2 naming it as typed', async (every, iso) => {
  const r = await run('mtquery', 'create', 'Slow', '--sql', 'SELECT 1 AS n', '--every', every);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(`--every: ${iso} is longer than the longest interval`);
});

it('leading zeros still go: --every 010m is sent as PT10M', async () => {
  expect((await json('mtquery', 'create', 'Tens', '--sql', 'SELECT 1 AS n', '--every', '010m', '--dry-run')).body.schedule).toEqual({ type: 'interval', repeatDuration: 'PT10M' });
});
