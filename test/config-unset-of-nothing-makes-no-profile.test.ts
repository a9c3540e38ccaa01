import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { StoreData } from '../src/config/store.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// With no profile current and none named default, `config unset` has nothing to remove: it says so
// and writes nothing, rather than leaving an empty `default` profile that `profile list` marks current.
let home: ReturnType<typeof tempDir>;
const storePath = () => path.join(home.dir, 'config.json');
const store = (): StoreData => JSON.parse(fs.readFileSync(storePath(), 'utf8'));
const dgw = (args: string[]) => runInProcess(args, { cwd: home.dir, env: { DGW_CONFIG_DIR: home.dir } });

beforeEach(() => {
  home = tempDir('dgw-unset-nothing-');
  const data: StoreData = { profiles: { ci: { zone: 'local', projectId: 'demo', apiKey: 'unset-nothing-key-1234abcd' } } };
  fs.writeFileSync(storePath(), JSON.stringify(data), { mode: 0o600 });
});
afterEach(() => home.remove());

it.each(['project', 'output'])('config unset %s with no profile in use says nothing to do and makes no profile', async (setting) => {
  const r = await dgw(['config', 'unset', setting]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain(`profile default has no ${setting} stored; nothing to do`);
  expect(Object.keys(store().profiles)).toEqual(['ci']);
  const listed = JSON.parse((await dgw(['profile', 'list', '--json', 'name,current'])).stdout);
  expect(listed).toEqual([{ name: 'ci', current: false }]);
});
