import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreData } from '../src/config/store.js';
import { runDgw, tempDir, type DgwResult } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { useServerAndFreshConfig } from './support/stand-in.js';

// Settings precedence end to end: a profile in the user store, a project file in the working
// folder, the environment and a flag, each shown by `dgw config explain` to win over the next.
const KEY = 'explain-secret-key-77aa88bb';
const { server, configDir } = useServerAndFreshConfig('dgw-explain-config-', { conformance: false }) // its requests are dgw api's, raw by design;
let repo: ReturnType<typeof tempDir>;

beforeEach(() => {
  repo = tempDir('dgw-explain-repo-');
  const data: StoreData = {
    currentProfile: 'work',
    profiles: { work: { zone: 'default', baseUrl: server.baseUrl, projectId: 'from-profile', apiKey: KEY, keyType: 'partner' } },
  };
  fs.writeFileSync(path.join(configDir(), 'config.json'), JSON.stringify(data), { mode: 0o600 });
});
afterEach(() => {
  repo.remove();
});

const projectFile = (content: object) => fs.writeFileSync(path.join(repo.dir, '.dgwrc.json'), JSON.stringify(content));
const dgw = (args: string[], extra: Record<string, string> = {}, input?: string) =>
  runAsBinaryWould(args, { cwd: repo.dir, input, env: { DGW_CONFIG_DIR: configDir(), ...extra } });

type Explained = Record<string, { value: unknown; source: string; origin: string | null }>;
async function explain(args: string[] = [], extra: Record<string, string> = {}): Promise<Explained> {
  const r = await dgw(['config', 'explain', '--json', ...args], extra);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expectNoKey(r);
  return JSON.parse(r.stdout);
}

function expectNoKey(r: DgwResult) {
  expect(r.stdout).not.toContain(KEY);
  expect(r.stderr).not.toContain(KEY);
}

describe('settings precedence, shown by dgw config explain', () => {
  it('profile < project file < environment < flag, for the project', async () => {
    expect((await explain()).projectId).toEqual({ value: 'from-profile', source: 'profile', origin: 'profile work' });

    projectFile({ project: 'from-file' });
    const filePath = fs.realpathSync(path.join(repo.dir, '.dgwrc.json'));
    expect((await explain()).projectId).toEqual({ value: 'from-file', source: 'project file', origin: filePath });

    expect((await explain([], { DGW_PROJECT: 'from-env' })).projectId).toEqual({ value: 'from-env', source: 'env', origin: 'DGW_PROJECT' });

    expect((await explain(['--project', 'from-flag'], { DGW_PROJECT: 'from-env' })).projectId).toEqual({ value: 'from-flag', source: 'flag', origin: '--project' });
  });

  it('defaults apply with an empty store, and the project actually sent follows the same order', async () => {
    const empty = tempDir('dgw-explain-empty-');
    try {
      const r = await runDgw(['config', 'explain', '--json'], { cwd: repo.dir, env: { DGW_CONFIG_DIR: empty.dir } });
      const json: Explained = JSON.parse(r.stdout);
      expect(json.profile).toEqual({ value: 'default', source: 'default', origin: null });
      expect(json.zone).toEqual({ value: 'default', source: 'default', origin: null });
      expect(json.baseUrl).toEqual({ value: 'https://partner.peaka.studio/api/v1', source: 'default', origin: 'zone default' });
      expect(json.apiKey).toEqual({ value: null, source: 'default', origin: null });
      expect(json.timeout).toEqual({ value: 30_000, source: 'default', origin: null });
    } finally {
      empty.remove();
    }
    projectFile({ project: 'from-file' });
    server.on('GET', /^\/data\/projects\/[^/]+\/catalogs$/, { json: [] });
    expect((await dgw(['catalog', 'list'], { DGW_PROJECT: 'from-env' })).code).toBe(0);
    expect((await dgw(['catalog', 'list'])).code).toBe(0);
    expect(server.requests.map((q) => q.path)).toEqual(['/data/projects/from-env/catalogs', '/data/projects/from-file/catalogs']);
  });

  it('the table names each source; a key bound to another host is not used', async () => {
    projectFile({ project: 'from-file' });
    const r = await dgw(['config', 'explain', '--timeout', '45s'], { DGW_ZONE: 'eu' });
    expect(r.code).toBe(0);
    const rows = Object.fromEntries(r.stdout.trim().split('\n').map((l) => [l.split('\t')[0], l.split('\t').slice(1)]));
    expect(rows.profile).toEqual(['work', 'profile store (current profile)']);
    expect(rows.zone).toEqual(['eu', 'env DGW_ZONE']);
    expect(rows.baseUrl).toEqual(['https://partner.eu.peaka.studio/api/v1', 'zone eu from env']);
    expect(rows.projectId[1]).toMatch(/^project file \/.*\.dgwrc\.json$/);
    // The profile's key is bound to its own base URL, not to the EU zone that DGW_ZONE names.
    // No key: NULL, which TSV writes as \N.
    expect(rows.apiKey).toEqual(['\\N', 'default']);
    expect(r.stderr).toBe(`profile work's key is bound to ${server.baseUrl}; it is not sent to https://partner.eu.peaka.studio/api/v1\n`);
    expect(rows.timeout).toEqual(['45s', 'flag --timeout']);
    expectNoKey(r);

    const own = await dgw(['config', 'explain']);
    const ownRows = Object.fromEntries(own.stdout.trim().split('\n').map((l) => [l.split('\t')[0], l.split('\t').slice(1)]));
    expect(ownRows.apiKey).toEqual(['****88bb', 'profile work']);
    expect(ownRows.keyBoundTo).toEqual([server.baseUrl, 'profile work']);
    expect(own.stderr).toBe('');
  });

  it('keyBoundTo of a key stored for the local gateway is "local", as auth status and profile list give it', async () => {
    fs.writeFileSync(path.join(configDir(), 'config.json'), JSON.stringify({ currentProfile: 'lp', profiles: { lp: { zone: 'local', apiKey: KEY, keyBoundTo: 'local' } } }), { mode: 0o600 });
    const r = await dgw(['config', 'explain', '--json', 'keyBoundTo']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ keyBoundTo: { value: 'local', source: 'profile', origin: 'profile lp' } });
  });

  it('says why DGW_API_KEY is not the key when only a project file names the base URL', async () => {
    projectFile({ baseUrl: 'https://gw.example.com/api/v1' });
    const r = await dgw(['config', 'explain'], { DGW_API_KEY: 'env-key-12345678' });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`DGW_API_KEY is not sent to https://gw.example.com/api/v1: that base URL comes from the project file ${path.join(repo.dir, '.dgwrc.json')}`);
  });

  it('-q gives each value as the table shows it (timeout=30s, not timeout=30000)', async () => {
    const r = await dgw(['config', 'explain', '-q']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')).toContain('timeout=30s');
  });

  it('DGW_API_KEY wins over the stored key', async () => {
    const json = await explain([], { DGW_API_KEY: 'env-key-abcdefgh-1234' });
    expect(json.apiKey).toEqual({ value: '****1234', source: 'env', origin: 'DGW_API_KEY' });
  });
});

describe('settings that are refused', () => {
  it('an API key in a project file: exit 2 with a clear message, nothing sent', async () => {
    projectFile({ project: 'p', apiKey: 'committed-secret' });
    for (const args of [['config', 'explain'], ['catalog', 'list']]) {
      const r = await dgw(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: project file .*\.dgwrc\.json holds an API key \("apiKey"\); keys must not be committed$/m);
      expect(r.stderr).not.toContain('committed-secret');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('plain http to a non-loopback host: exit 2 from a flag or the environment; loopback http is accepted', async () => {
    const flag = await dgw(['config', 'explain', '--base-url', 'http://example.com/api/v1']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/^error: --base-url: plain http is only allowed for loopback addresses/m);
    const env = await dgw(['catalog', 'list', '--project', 'p'], { DGW_BASE_URL: 'http://example.com/api/v1' });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/^error: DGW_BASE_URL: plain http/m);

    server.on('GET', '/data/projects/p/catalogs', { json: [] });
    const loopback = await dgw(['catalog', 'list', '--project', 'p', '--base-url', server.baseUrl]);
    expect(loopback.code).toBe(0);
    expect(server.requests).toHaveLength(1);
  });
});

describe('the key never shows', () => {
  it('not in --debug traces nor in --dry-run output', async () => {
    server.on('GET', '/info', { json: { userId: 'u1', email: 'a@b.c', note: `echo ${KEY}` } });
    const debug = await dgw(['--debug', 'api', 'GET', '/info']);
    expect(debug.code).toBe(0);
    expect(debug.stderr).toMatch(/authorization: Bearer \*\*\*\*88bb/);
    expectNoKey(debug);

    const dry = await dgw(['api', 'POST', '/data/projects/{projectId}/queries', '-f', 'displayName=x', '--dry-run', '--debug']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^Authorization: Bearer \*\*\*\*88bb$/m);
    expectNoKey(dry);
    expect(server.requests.map((q) => q.method)).toEqual(['GET']);
  });
});
