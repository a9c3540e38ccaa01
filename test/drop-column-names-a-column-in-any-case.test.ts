import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// The gateway drops `STATUS` as `status` (SQL names compare in any case), so the check made before
// asking, and a dry run with --with-reads, must find it too rather than answer exit 4.

const tmp = tempDir('dgw-drop-column-case-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

it('drop-column STATUS --dry-run --with-reads checks and names the readers of status, as --yes drops it', async () => {
  await dgw('query', 'create', 'Status reader', '--sql', 'SELECT status FROM svc.table.orders');
  const dry = await run('table', 'drop-column', 'orders', 'STATUS', '--dry-run', '--with-reads');
  expect(dry.code, dry.stderr).toBe(0);
  expect(dry.stdout).toContain('statusreader (plain): names STATUS');
  expect((await run('table', 'drop-column', 'orders', 'STATUS', '--yes')).code).toBe(0);
  expect(await dgw('table', 'list', 'orders', '--json', 'name')).not.toContain('status');
});
