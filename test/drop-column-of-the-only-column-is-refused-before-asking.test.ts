import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// The local gateway keeps a table's last column; the check before asking (and --dry-run --with-reads) says so, rather than
// "This would delete column a" or a refusal only after the name was typed back.

const tmp = tempDir('dgw-drop-only-column-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

it('drop-column of the only column --dry-run --with-reads exits 14 naming it, and the column stays', async () => {
  await dgw('table', 'create', 'solo', '--column', 'a:BIGINT');
  const dry = await run('table', 'drop-column', 'solo', 'A', '--dry-run', '--with-reads');
  expect(dry.code, dry.stderr).toBe(14);
  expect(dry.stderr).toContain('a is the only column of solo');
  expect(dry.stdout).not.toContain('This would');
  expect(await dgw('table', 'list', 'solo', '--json', 'name')).toContain('"a"');
});
