import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoreData } from '../src/config/store.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';

// `dgw config set project` changes the profile's project without a new login: the key stays,
// and the flag, environment and project file still win over it.
const KEY = 'set-project-secret-key-1234abcd';
let home: ReturnType<typeof tempDir>;
const storePath = () => path.join(home.dir, 'config.json');
const store = (): StoreData => JSON.parse(fs.readFileSync(storePath(), 'utf8'));
const dgw = (args: string[], env: Record<string, string> = {}) =>
  runInProcess(args, { cwd: home.dir, env: { DGW_CONFIG_DIR: home.dir, ...env } });

beforeEach(() => {
  home = tempDir('dgw-set-project-');
  const data: StoreData = {
    currentProfile: 'work',
    profiles: { work: { zone: 'default', baseUrl: 'http://127.0.0.1:9', projectId: 'p1', apiKey: KEY, keyType: 'partner' } },
  };
  fs.writeFileSync(storePath(), JSON.stringify(data), { mode: 0o600 });
});
afterEach(() => home.remove());

describe('dgw config set project', () => {
  it('stores the project in the profile in use and keeps its key', async () => {
    const set = await dgw(['config', 'set', 'project', 'p2']);
    expect(set.code).toBe(0);
    expect(set.stderr).toContain('profile work: project = p2');
    expect(store().profiles.work).toMatchObject({ projectId: 'p2', apiKey: KEY, zone: 'default' });
    const explained = JSON.parse((await dgw(['config', 'explain', '--json'])).stdout);
    expect(explained.projectId).toEqual({ value: 'p2', source: 'profile', origin: 'profile work' });
    const flagWins = JSON.parse((await dgw(['config', 'explain', '--json'], { DGW_PROJECT: 'p3' })).stdout);
    expect(flagWins.projectId.value).toBe('p3');
  });

  it('refuses a blank id, or one that cannot be a path segment, before writing anything (exit 2)', async () => {
    const before = fs.readFileSync(storePath(), 'utf8');
    for (const bad of ['', ' ', '..', 'a\u0007b']) {
      const r = await dgw(['config', 'set', 'project', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr, bad).toMatch(/project/);
    }
    expect(fs.readFileSync(storePath(), 'utf8')).toBe(before);
  });

  it('on the local gateway, refuses an id that could not name its file', async () => {
    const local = await dgw(['config', 'set', 'project', '../x'], { DGW_ZONE: 'local' });
    expect(local.code).toBe(2);
    expect(local.stderr).toContain('can name no project of the local gateway');
    expect(store().profiles.work.projectId).toBe('p1');
    expect((await dgw(['config', 'set', 'project', 'my-project_2'], { DGW_ZONE: 'local' })).code).toBe(0);
  });

  it('config unset project removes it, and the key stays', async () => {
    expect((await dgw(['config', 'unset', 'project'])).code).toBe(0);
    expect(store().profiles.work.projectId).toBeUndefined();
    expect(store().profiles.work.apiKey).toBe(KEY);
  });

  it('config unset of a setting the profile does not hold says there was nothing to remove', async () => {
    expect((await dgw(['config', 'unset', 'project'])).stderr).toContain('removed project from profile work');
    const again = await dgw(['config', 'unset', 'project']);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain('removed');
    expect(again.stderr).toContain('profile work has no project stored; nothing to do');
  });

  it('a profile the store does not hold is a typo: exit 2 with a suggestion, and no profile of that name is made', async () => {
    for (const [args, env] of [
      [['--profile', 'wrok', 'config', 'set', 'project', 'p-77'], {}],
      [['config', 'unset', 'project'], { DGW_PROFILE: 'wrk' }],
    ] as const) {
      const r = await dgw([...args], env);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/unknown profile "wr[a-z]*" \((flag --profile|env DGW_PROFILE)\)/);
    }
    expect(Object.keys(store().profiles)).toEqual(['work']);
    expect(store().profiles.work.projectId).toBe('p1');
  });

  it('a profile another dgw removed after this one read the settings is not made again: exit 2', async () => {
    // `profile rm work` ends just as config set goes to take the settings lock.
    const link = vi.spyOn(fs, 'linkSync').mockImplementationOnce((from, to) => {
      fs.writeFileSync(storePath(), JSON.stringify({ profiles: {} }), { mode: 0o600 });
      link.mockRestore();
      fs.linkSync(from, to);
    });
    const r = await dgw(['config', 'set', 'project', 'p-2']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('unknown profile "work"');
    expect(store().profiles).toEqual({});
  });
});

describe('a new user with nothing configured', () => {
  it('is told how to log in and that --zone local needs no account, and the hint works', async () => {
    const empty = tempDir('dgw-newcomer-');
    try {
      const env = { DGW_CONFIG_DIR: empty.dir, DGW_LOCAL_DIR: path.join(empty.dir, 'local') };
      const first = await runInProcess(['query', 'list'], { cwd: empty.dir, env });
      // No key is exit 3, as the exit-code table says, whatever else is missing.
      expect(first.code).toBe(3);
      expect(first.stderr).toMatch(/no project id and no API key: log in with `dgw auth login`/);
      expect(first.stderr).toContain('--zone local');
      const local = await runInProcess(['--zone', 'local', 'query', 'list'], { cwd: empty.dir, env });
      expect(local.stderr).toBe('');
      expect(local.code).toBe(0);
    } finally {
      empty.remove();
    }
  });
});

describe('dgw config set output', () => {
  it('takes a format in any case, as --format and DGW_OUTPUT do, and stores it in lower case', async () => {
    const set = await dgw(['config', 'set', 'output', 'YAML']);
    expect([set.code, set.stderr]).toEqual([0, '✓ profile work: output = yaml\n']);
    expect(store().profiles.work.output).toBe('yaml');
    expect((await dgw(['config', 'set', 'output', 'XML'])).code).toBe(2);
  });
});
