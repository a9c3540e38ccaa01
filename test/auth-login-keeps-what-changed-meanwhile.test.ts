import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import type { StoreData } from '../src/config/store.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `auth login` writes the profile under the settings lock from the store as it is then: a setting
// another dgw stored while the key was being checked stays.

const tmp = tempDir('dgw-login-meanwhile-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_LOCAL_DIR: path.join(tmp.dir, 'local'), DGW_ZONE: 'local' };
const file = path.join(env.DGW_CONFIG_DIR, 'config.json');

it('a `config set output` made while login checked the key is kept', async () => {
  expect((await runInProcess(['query', 'list'], { env })).code).toBe(0);
  const partnerKey = (JSON.parse(fs.readFileSync(path.join(env.DGW_LOCAL_DIR, 'keys.json'), 'utf8')) as { partnerKey: string }).partnerKey;
  const login = () => runInProcess(['--profile', 'work', 'auth', 'login', '--with-token', '--insecure-storage'], { env, input: `${partnerKey}\n` });
  expect((await login()).code).toBe(0);
  // Another dgw's `config set output json` ends just as the second login goes to take the settings lock.
  const link = vi.spyOn(fs, 'linkSync').mockImplementationOnce((from, to) => {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as StoreData;
    fs.writeFileSync(file, JSON.stringify({ ...data, profiles: { work: { ...data.profiles.work, output: 'json' } } }), { mode: 0o600 });
    link.mockRestore();
    fs.linkSync(from, to);
  });
  const r = await login();
  expect(r.code, r.stderr).toBe(0);
  expect((JSON.parse(fs.readFileSync(file, 'utf8')) as StoreData).profiles.work.output).toBe('json');
});
