import { afterAll, expect, it } from 'vitest';
import { localCli } from './support/local-cli.js';
import { tempDir } from './gateway/helpers.js';

// A hint is a command to paste: a folder path with a space or a quote in it is one shell word there.

const tmp = tempDir('dgw-folder-hint-quotes-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

it('the hints of folder rm, folder mv, folder move and query mv quote the folder path', async () => {
  await dgw('query', 'create', 'In space', '--sql', 'SELECT 1', '--path', '/my reports', '--parents');
  expect((await run('folder', 'rm', '/my reports', '--yes')).stderr).toContain("query list --folder '/my reports' --recursive` lists the queries");
  expect((await run('query', 'mv', 'inspace', "/it's here")).stderr).toContain("folder create '/it'\\''s here'`");
  expect((await run('folder', 'mv', 'inspace', '/new place')).stderr).toContain("folder create '/new place'`");
  expect((await run('folder', 'move', '/my reports', '/x y/z')).stderr).toContain("folder create '/x y'`");
});
