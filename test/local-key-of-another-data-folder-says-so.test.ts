import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// A key stored for the local gateway is a key of the data folder that made it. With another
// DGW_LOCAL_DIR it is refused (401), and the hint said only to log in again or check DGW_API_KEY,
// which names neither the profile nor the folder. It now says whose key it is and what to do.
const tmp = tempDir('dgw-local-key-folder-');
afterAll(() => tmp.remove());
const env = (folder: string) => ({ DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, folder), DGW_PAGER: '' });
const dgw = (folder: string, argv: string[], input?: string) => runInProcess(argv, { env: env(folder), cwd: tmp.dir, input });

it("another data folder refuses a profile's local key, and the hint names the profile, the folder and the way out", async () => {
  const key = await dgw('first', ['--zone', 'local', 'key', 'create', 'k1']);
  expect(key.code, key.stderr).toBe(0);
  expect((await dgw('first', ['--profile', 'work', 'auth', 'login', '--zone', 'local', '--with-token', '--insecure-storage'], key.stdout)).code).toBe(0);
  expect((await dgw('first', ['--profile', 'work', 'query', 'list'])).code).toBe(0);
  const other = await dgw('second', ['--profile', 'work', 'query', 'list']);
  expect(other.code).toBe(3);
  expect(other.stderr).toContain(`hint: profile work's key (stored for the local gateway) may be another data folder's: each folder makes its own keys, and this one is ${path.join(tmp.dir, 'second')}; use a profile that stores no key, and dgw uses this folder's own key`);
});

it('a key in DGW_API_KEY that is not the folder\'s says to leave it unset', async () => {
  const r = await runInProcess(['--zone', 'local', 'query', 'list'], { env: { ...env('third'), DGW_API_KEY: 'dgw_project_notthisfolders' }, cwd: tmp.dir });
  expect(r.code).toBe(3);
  expect(r.stderr).toContain('hint: the key in DGW_API_KEY may be another data folder');
  expect(r.stderr).toContain('leave DGW_API_KEY unset');
});
