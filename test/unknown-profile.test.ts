import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreData } from '../src/config/store.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { useServerAndFreshConfig } from './support/stand-in.js';

// A profile name the user store does not hold is a usage error (exit 2) with a suggestion,
// wherever it came from, before anything is sent; only "default" may be absent.
const { server, configDir } = useServerAndFreshConfig('dgw-unknown-profile-');
let repo: ReturnType<typeof tempDir>;
beforeEach(() => {
  repo = tempDir('dgw-unknown-profile-repo-');
  server.on('GET', '/data/projects/p/catalogs', { json: [] });
  server.on('GET', '/info', { json: { userId: 'u', email: 'ann@example.com' } });
});
afterEach(() => repo.remove());

const seed = (store: StoreData) => fs.writeFileSync(path.join(configDir(), 'config.json'), JSON.stringify(store), { mode: 0o600 });
const dgw = (args: string[], env: Record<string, string> = {}, input?: string) =>
  runAsBinaryWould(args, { cwd: repo.dir, input, env: { DGW_CONFIG_DIR: configDir(), DGW_BASE_URL: server.baseUrl, DGW_PROJECT: 'p', ...env } });
const stored = (): StoreData => ({
  currentProfile: 'work',
  profiles: {
    work: { zone: 'default', baseUrl: server.baseUrl, projectId: 'p', apiKey: 'work-key-1234', keyBoundTo: server.baseUrl, keyType: 'partner' },
    staging: { zone: 'default' },
  },
});

describe('an unknown profile', () => {
  it('--profile defualt (a typo) with nothing stored: exit 2, "did you mean default", nothing sent', async () => {
    const r = await dgw(['--profile', 'defualt', 'catalog', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: unknown profile "defualt" \(flag --profile\); did you mean "default"\?$/m);
    expect(r.stderr).not.toMatch(/API key/);
    expect(server.requests).toHaveLength(0);
  });

  it('DGW_PROFILE=nope is refused, naming the variable and the stored profiles', async () => {
    seed(stored());
    const r = await dgw(['catalog', 'list'], { DGW_PROFILE: 'nope' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown profile "nope" \(env DGW_PROFILE\)/);
    expect(r.stderr).toMatch(/^hint: stored profiles: staging, work; /m);
    expect(server.requests).toHaveLength(0);
  });

  it('a project file naming a mistyped profile is refused, naming the file', async () => {
    seed(stored());
    fs.writeFileSync(path.join(repo.dir, '.dgwrc.json'), JSON.stringify({ profile: 'wrok' }));
    const r = await dgw(['catalog', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`unknown profile "wrok" (project file ${path.join(fs.realpathSync(repo.dir), '.dgwrc.json')}); did you mean "work"?`);
    expect(server.requests).toHaveLength(0);
  });

  it('a current profile the store no longer holds is refused', async () => {
    seed({ ...stored(), currentProfile: 'gone' });
    const r = await dgw(['catalog', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown profile "gone" \(profile store \(current profile\)\)/);
  });

  it('also for commands that read settings without sending anything', async () => {
    const r = await dgw(['--profile', 'nope', 'config', 'explain']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown profile "nope"/);
  });
});

describe('an empty or unsafe profile name', () => {
  it('--profile "" (an unset variable) is exit 2, not the current profile; so are --base-url "" and --project "", also in config explain', async () => {
    seed(stored());
    for (const args of [['--profile', '', 'catalog', 'list'], ['--base-url', '', 'catalog', 'list'], ['--project', '', 'config', 'explain']]) {
      const r = await dgw(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^error: --(profile|base-url|project) is empty \(an unset variable\?\)/m);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('profile use and rm suggest the closest name (exit 4); names of the object prototype are no profiles', async () => {
    seed(stored());
    const typo = await dgw(['profile', 'use', 'wrok']);
    expect(typo.code).toBe(4);
    expect(typo.stderr).toContain('error: no profile named "wrok"; did you mean "work"? (known profiles: work, staging)');
    for (const args of [['profile', 'use', 'constructor'], ['profile', 'rm', 'toString', '--yes'], ['profile', 'use', '__proto__']]) {
      const r = await dgw(args);
      expect(r.code, args.join(' ')).toBe(4);
    }
    expect(JSON.parse(fs.readFileSync(path.join(configDir(), 'config.json'), 'utf8'))).toEqual(stored());
  });

  it('auth login will not make a profile whose name has spaces, a slash, a line break or a leading _', async () => {
    for (const name of ['a b', 'x/y', 'two\nlines', '__proto__', '-x', 'x'.repeat(65)]) {
      const r = await dgw([`--profile=${name}`, 'auth', 'login', '--with-token'], {}, 'some-key-1234');
      expect(r.code, JSON.stringify(name)).toBe(2);
      expect(r.stderr).toContain(`${JSON.stringify(name)} (flag --profile) cannot name a new profile`);
    }
    expect(server.requests).toHaveLength(0);
    expect(fs.existsSync(path.join(configDir(), 'config.json'))).toBe(false);
    const fine = await dgw(['--profile', 'eu-work.2@ann', 'auth', 'login', '--with-token'], {}, 'some-key-1234');
    expect(fine.code, fine.stderr).toBe(0);
  });
});

describe('profiles that may be used', () => {
  it('"default" may be absent: --profile default with DGW_API_KEY runs', async () => {
    const r = await dgw(['--profile', 'default', 'catalog', 'list'], { DGW_API_KEY: 'env-key-5678' });
    expect(r.code, r.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
  });

  it('a stored profile runs as before', async () => {
    seed(stored());
    const r = await dgw(['--profile', 'work', 'catalog', 'list']);
    expect(r.code, r.stderr).toBe(0);
  });

  it('auth login creates a profile that does not exist yet', async () => {
    const r = await dgw(['--profile', 'fresh', 'auth', 'login', '--with-token'], {}, 'fresh-key-9999');
    expect(r.code, r.stderr).toBe(0);
    const after = JSON.parse(fs.readFileSync(path.join(configDir(), 'config.json'), 'utf8')) as StoreData;
    expect(after.profiles.fresh).toMatchObject({ apiKey: 'fresh-key-9999' });
  });
});
