import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// `folder mv /b/x /archive` puts queries into a folder; given a folder's path where a query belongs it said only
// "no query named /b/x": it now points at `folder move`.

const tmp = tempDir('dgw-folder-mv-folder-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

it('a folder path given as the QUERY exits 4 with a hint naming folder move', async () => {
  await dgw('folder', 'create', '/b/my x', '--parents');
  await dgw('folder', 'create', '/archive');
  const r = await run('folder', 'mv', '/b/my x', '/archive');
  expect(r.code).toBe(4);
  expect(r.stderr).toMatch(/^hint: \/b\/my x is a folder; to move it: `dgw (--zone local )?folder move '\/b\/my x' \/archive`$/m);
  const missing = await run('folder', 'mv', '/b/nothere', '/archive');
  expect(missing.code).toBe(4);
  expect(missing.stderr).not.toContain('folder move');
});
