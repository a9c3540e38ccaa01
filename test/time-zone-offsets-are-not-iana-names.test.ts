import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// The service evaluates cron in an IANA zone; an offset such as +02:00, which newer runtimes accept, is refused before any request.
const tmp = tempDir('dgw-tz-offset-');
afterAll(() => tmp.remove());
const { run } = localCli(tmp.dir, 'spec');

it.each(['+02:00', '-0500', '+02'])('--tz %s is exit 2 naming the zone, and nothing is created', async (zone) => {
  const r = await run('mtquery', 'create', 'Offset', '--sql', 'SELECT 1 AS n', '--cron', '0 0 * * *', '--tz', zone);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(`--tz: "${zone}" is not an IANA time zone`);
  expect((await run('cache', 'create', 'orders', '--cron', '0 0 * * *', '--tz', zone)).code).toBe(2);
  expect((await run('query', 'list', '--json')).stdout).not.toContain('offset');
});

it('Etc/GMT+1, an IANA name with a sign inside, is still a zone', async () => {
  expect((await run('mtquery', 'create', 'Atlantic', '--sql', 'SELECT 1 AS n', '--cron', '0 0 * * *', '--tz', 'Etc/GMT+1')).code).toBe(0);
});
