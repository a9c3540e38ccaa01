import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// `folder rename /b/x x` said "renamed"; like `folder move` onto itself, it now says nothing changed and sends nothing.

const tmp = tempDir('dgw-folder-rename-same-');
afterAll(() => tmp.remove());
const { run, json } = localCli(tmp.dir, 'spec');

it('renaming a folder, by path or id, to the name it has exits 0 with a note and no success line', async () => {
  const made = await json('folder', 'create', '/b/x', '--parents');
  for (const ref of ['/b/x', made.id as string]) {
    const r = await run('folder', 'rename', ref, 'x');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('folder /b/x is named x already');
    expect(r.stderr).not.toContain('renamed');
  }
  const r = await run('folder', 'rename', '/b/x', 'x', '--json');
  expect(JSON.parse(r.stdout)).toEqual({ id: made.id, name: 'x', path: '/b/x' });
});
