import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreData } from '../src/config/store.js';
import { startDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// `dgw profile list | use | rm` on a user store seeded in a temporary folder; nothing is sent.
const KEY_A = 'profile-key-aaaa-1111';
const KEY_B = 'profile-key-bbbb-2222';
let config: ReturnType<typeof tempDir>;

beforeEach(() => {
  config = tempDir('dgw-profile-');
  seed({
    currentProfile: 'work',
    profiles: {
      work: { zone: 'default', projectId: 'p-1', apiKey: KEY_A, keyType: 'project' },
      eu: { zone: 'eu', baseUrl: 'https://gw.example.com/api/v1', apiKey: KEY_B, keyType: 'partner' },
      bare: { zone: 'local' },
    },
  });
});
afterEach(() => config.remove());

const file = () => path.join(config.dir, 'config.json');
const seed = (data: StoreData) => fs.writeFileSync(file(), JSON.stringify(data), { mode: 0o600 });
const stored = (): StoreData => JSON.parse(fs.readFileSync(file(), 'utf8'));
const dgw = (args: string[], extra: Record<string, string> = {}) => runAsBinaryWould(args, { env: { DGW_CONFIG_DIR: config.dir, ...extra } });
/** On a terminal a person answers with `input`: `screen` is what it shows. */
const answering = async (args: string[], input: string) => {
  const r = await runAsBinaryWould(args, { env: { DGW_CONFIG_DIR: config.dir }, input, interactive: true, terminalColumns: 80 });
  return { ...r, screen: r.stdout + r.stderr };
};

describe('dgw profile list', () => {
  it('prints one row per profile, keys masked, the current one marked', async () => {
    const r = await dgw(['profile', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      // No project, no key: NULL, written \N in TSV.
      // The current one: a boolean, true or false in TSV (a terminal's table marks it *).
      'bare\tlocal\t\\N\t\\N\tfalse',
      'eu\teu (https://gw.example.com/api/v1)\t\\N\t****2222 (partner)\tfalse',
      'work\tdefault\tp-1\t****1111 (project)\ttrue',
    ]);
    expect(r.stdout + r.stderr).not.toMatch(/profile-key-/);
  });

  it('with no config folder, lists nothing and does not make one (it only reads)', async () => {
    const absent = path.join(config.dir, 'none');
    const r = await dgw(['profile', 'list'], { DGW_CONFIG_DIR: absent });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(fs.existsSync(absent)).toBe(false);
  });

  it('--json gives every field, the key masked; --quiet the names', async () => {
    const json = await dgw(['profile', 'list', '--json']);
    expect(JSON.parse(json.stdout)).toContainEqual({ name: 'work', zone: 'default', baseUrl: null, projectId: 'p-1', key: '****1111', keyStorage: 'file', keyBoundTo: 'https://partner.peaka.studio/api/v1', keyType: 'project', current: true });
    expect(json.stdout).not.toMatch(/profile-key-/);
    const quiet = await dgw(['profile', 'list', '-q']);
    expect(quiet.stdout).toBe('bare\neu\nwork\n');
  });
});

describe('dgw profile use', () => {
  it('makes a stored profile current', async () => {
    const r = await dgw(['profile', 'use', 'eu']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/now using profile eu/);
    expect(stored().currentProfile).toBe('eu');
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
  });

  it('an empty name (an unset variable) is a usage error (exit 2), as for every other command, in use and rm', async () => {
    for (const args of [['profile', 'use', ''], ['profile', 'rm', '', '--yes']]) {
      const r = await dgw(args);
      expect([r.code, r.stderr], args.join(' ')).toEqual([2, 'error: NAME must not be empty\n']);
    }
    expect(stored().currentProfile).toBe('work');
  });

  it('an unknown profile is not found (exit 4) and changes nothing', async () => {
    const r = await dgw(['profile', 'use', 'nope']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: no profile named "nope"; known profiles: work, eu, bare$/m);
    expect(stored().currentProfile).toBe('work');
  });

  it('warns when DGW_PROFILE still overrides the choice', async () => {
    const r = await dgw(['profile', 'use', 'eu'], { DGW_PROFILE: 'work' });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: DGW_PROFILE still takes precedence/);
  });

  it("warns when a project file's profile still overrides the choice", async () => {
    const repo = tempDir('dgw-profile-repo-');
    try {
      fs.writeFileSync(path.join(repo.dir, '.dgwrc.json'), JSON.stringify({ profile: 'work' }));
      const r = await runAsBinaryWould(['profile', 'use', 'eu'], { env: { DGW_CONFIG_DIR: config.dir }, cwd: repo.dir });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`warning: the project file ${path.join(repo.dir, '.dgwrc.json')} still takes precedence`);
    } finally {
      repo.remove();
    }
  });
});

describe('dgw profile rm', () => {
  it('removes a profile that is not current', async () => {
    const r = await dgw(['profile', 'rm', 'eu', '--json', '--yes']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ profile: 'eu', removed: true, wasCurrent: false });
    expect(Object.keys(stored().profiles).sort()).toEqual(['bare', 'work']);
    expect(stored().currentProfile).toBe('work');
  });

  it('removing the current profile leaves none current', async () => {
    const r = await dgw(['profile', 'rm', 'work', '--yes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/no profile is current now/);
    expect(stored().currentProfile).toBeUndefined();
    expect(JSON.stringify(stored())).not.toContain(KEY_A);
  });

  it('removed by another dgw while this one asked: exit 4, not a second "removed"', async () => {
    const asking = startDgw(['profile', 'rm', 'eu'], { env: { DGW_CONFIG_DIR: config.dir }, terminal: true });
    await asking.waitForOutput('[y/N]', 30_000);
    expect((await dgw(['profile', 'rm', 'eu', '--yes'])).code).toBe(0);
    asking.child.stdin!.write('y\r');
    expect((await asking.exited).code, asking.stdout()).toBe(4);
    expect(asking.stdout()).toContain('no profile named "eu"');
    expect(asking.stdout()).not.toContain('removed profile eu');
  }, 60_000);

  it('an unknown profile is not found (exit 4)', async () => {
    const r = await dgw(['profile', 'rm', 'nope']);
    expect(r.code).toBe(4);
    expect(Object.keys(stored().profiles)).toHaveLength(3);
  });

  it('is destructive: without a terminal and without --yes it exits 2 and removes nothing', async () => {
    const before = fs.readFileSync(file(), 'utf8');
    const r = await dgw(['profile', 'rm', 'eu']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: refusing to remove profile eu and its key \*\*\*\*2222 for https:\/\/gw\.example\.com\/api\/v1 without confirmation: pass --yes/m);
    expect(fs.readFileSync(file(), 'utf8')).toBe(before);
  });

  it('on a terminal it asks, naming the key it removes; "n" keeps the profile, "y" removes it', async () => {
    const no = await answering(['profile', 'rm', 'work'], 'n\n');
    expect(no.screen).toMatch(/Remove profile work and its key \*\*\*\*1111 for https:\/\/partner\.peaka\.studio\/api\/v1\? \[y\/N\]/);
    expect(no.code).toBe(2);
    expect(Object.keys(stored().profiles)).toContain('work');
    const yes = await answering(['profile', 'rm', 'work'], 'y\n');
    expect(yes.code).toBe(0);
    expect(Object.keys(stored().profiles)).not.toContain('work');
  });

  it('says when a profile holds no key', async () => {
    const r = await answering(['profile', 'rm', 'bare'], 'n\n');
    expect(r.screen).toMatch(/Remove profile bare \(it holds no key\)\? \[y\/N\]/);
  });
});
