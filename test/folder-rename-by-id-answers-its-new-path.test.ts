import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { localCli } from './support/local-cli.js';

// folder rename given a folder id read the folder list, so it knew the folder's path, yet answered
// "path": null and "renamed folder ID to NAME" wherever the service's answer carries no path.

const tmp = tempDir('dgw-folder-rename-by-id-');
afterAll(() => tmp.remove());
const { run, json } = localCli(tmp.dir, 'spec');

it('folder rename by id answers the folder\'s new path, as by path', async () => {
  const { id } = await json('folder', 'create', '/ren/old');
  const r = await run('folder', 'rename', id, 'new', '--json');
  expect(r.code, r.stderr).toBe(0);
  expect(JSON.parse(r.stdout)).toEqual({ id, name: 'new', path: '/ren/new' });
  const line = await run('folder', 'rename', id, 'newer');
  expect(line.stderr).toContain(`renamed folder ${id} to /ren/newer`);
});
