import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreData } from '../src/config/store.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `dgw config set zone local` makes the local gateway a profile's default, as `config set project`
// changes its project: no new login, the key stays bound to its host, and a flag, the environment
// or a project file still win.
const KEY = 'set-zone-secret-key-1234abcd';
let home: ReturnType<typeof tempDir>;
const storePath = () => path.join(home.dir, 'config', 'config.json');
const store = (): StoreData => JSON.parse(fs.readFileSync(storePath(), 'utf8'));
const dgw = (args: string[], env: Record<string, string> = {}) =>
  runInProcess(args, { cwd: home.dir, env: { DGW_CONFIG_DIR: path.join(home.dir, 'config'), DGW_LOCAL_DIR: path.join(home.dir, 'data'), ...env } });

beforeEach(() => {
  home = tempDir('dgw-set-zone-');
  fs.mkdirSync(path.join(home.dir, 'config'));
  const data: StoreData = { currentProfile: 'work', profiles: { work: { zone: 'default', apiKey: KEY, keyBoundTo: 'https://partner.peaka.studio/api/v1', keyType: 'partner' } } };
  fs.writeFileSync(storePath(), JSON.stringify(data), { mode: 0o600 });
});
afterEach(() => home.remove());

describe('dgw config set zone', () => {
  it('sends the profile\'s commands to the local gateway, in any case of the name, and keeps the hosted key for its host', async () => {
    const set = await dgw(['config', 'set', 'zone', 'LOCAL']);
    expect([set.code, set.stderr]).toEqual([0, expect.stringContaining('profile work: zone = local')]);
    expect(store().profiles.work).toMatchObject({ zone: 'local', apiKey: KEY, keyBoundTo: 'https://partner.peaka.studio/api/v1' });
    const explained = JSON.parse((await dgw(['config', 'explain', '--json'])).stdout);
    expect(explained.zone).toEqual({ value: 'local', source: 'profile', origin: 'profile work' });
    const tables = await dgw(['table', 'list', '--json']);
    expect(tables.code, tables.stderr).toBe(0);
    expect(JSON.parse(tables.stdout).map((t: { tableName: string }) => t.tableName).sort()).toEqual(['customers', 'orders']);
  });

  it('says when the environment, a flag or a project file wins over what it stored', async () => {
    expect((await dgw(['config', 'set', 'zone', 'local'], { DGW_ZONE: 'eu' })).stderr).toContain('env DGW_ZONE wins over the profile\'s zone while it is given');
    expect((await dgw(['--zone', 'default', 'config', 'set', 'zone', 'eu'])).stderr).toContain('flag --zone wins over');
    expect((await dgw(['config', 'set', 'zone', 'eu'])).stderr).not.toContain('wins over');
    expect(store().profiles.work.zone).toBe('eu');
  });

  it('refuses a zone dgw does not know, and a profile whose own base URL would ignore it, changing nothing (exit 2)', async () => {
    const before = fs.readFileSync(storePath(), 'utf8');
    const moon = await dgw(['config', 'set', 'zone', 'moon']);
    expect([moon.code, moon.stderr]).toEqual([2, expect.stringContaining('zone: "moon" is not default, eu or local')]);
    const own: StoreData = { currentProfile: 'gw', profiles: { gw: { zone: 'default', baseUrl: 'https://gw.example.com/api/v1' } } };
    fs.writeFileSync(storePath(), JSON.stringify(own), { mode: 0o600 });
    const ignored = await dgw(['config', 'set', 'zone', 'local']);
    expect([ignored.code, ignored.stderr]).toEqual([2, expect.stringContaining('profile gw has a base URL of its own (https://gw.example.com/api/v1)')]);
    expect(ignored.stderr).toContain('DGW_ZONE=local');
    expect(store()).toEqual(own);
    fs.writeFileSync(storePath(), before, { mode: 0o600 });
  });

  it('config unset zone goes back to the default zone', async () => {
    await dgw(['config', 'set', 'zone', 'local']);
    expect((await dgw(['config', 'unset', 'zone'])).stderr).toContain('removed zone from profile work');
    expect(store().profiles.work.zone).toBeUndefined();
    expect(JSON.parse((await dgw(['config', 'explain', '--json'])).stdout).zone).toEqual({ value: 'default', source: 'default', origin: null });
  });

  it('is named where a command finds no key and nobody chose a hosted zone, and not where someone did', async () => {
    fs.writeFileSync(storePath(), JSON.stringify({ currentProfile: 'default', profiles: {} }), { mode: 0o600 });
    const unchosen = await dgw(['table', 'list', '--project', 'p1']);
    expect([unchosen.code, unchosen.stderr]).toEqual([3, expect.stringContaining('or work offline on the local gateway: --zone local (`dgw config set zone local` keeps it)')]);
    const chosen = await dgw(['table', 'list', '--project', 'p1'], { DGW_ZONE: 'eu' });
    expect([chosen.code, chosen.stderr]).toEqual([3, expect.not.stringContaining('offline')]);
  });
});
