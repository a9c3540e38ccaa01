import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// `query mv /reports /archive` (a folder where a query goes) said only 'no query named "/reports"';
// `folder mv` said the same and pointed to `folder move`, which moves a folder, though without the
// --zone the command was given.

const tmp = tempDir('dgw-query-mv-folder-');
afterAll(() => tmp.remove());
const { run, dgw } = localCli(tmp.dir, 'spec');

it('query mv given a folder path where a query goes is exit 4, pointing to folder move', async () => {
  await dgw('folder', 'create', '/reports');
  await dgw('folder', 'create', '/archive');
  const r = await run('query', 'mv', '/reports', '/archive');
  expect(r.code).toBe(4);
  expect(r.stderr).toContain('error: no query named "/reports"');
  expect(r.stderr).toContain('hint: /reports is a folder; to move it: `dgw --zone local folder move /reports /archive`');
  // folder mv's hint is the same command, now quoted, so it carries --zone as every quoted command does.
  expect((await run('folder', 'mv', '/reports', '/archive')).stderr).toContain('hint: /reports is a folder; to move it: `dgw --zone local folder move /reports /archive`');
});
