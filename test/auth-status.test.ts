import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { StoreData } from '../src/config/store.js';
import { runAsBinaryWould } from './support/in-process.js';
import { useServerAndFreshConfig } from './support/stand-in.js';

// `dgw auth status` and `dgw auth logout` end to end, on a user store seeded in a temporary folder.
const KEY = 'status-secret-key-0a1b2c3d';
const ENV_KEY = 'env-secret-key-9z8y7x6w';
const { server, configDir } = useServerAndFreshConfig('dgw-status-', { allowInfo: true });

const file = () => path.join(configDir(), 'config.json');
const seed = (data: StoreData) => fs.writeFileSync(file(), JSON.stringify(data), { mode: 0o600 });
const stored = (): StoreData => JSON.parse(fs.readFileSync(file(), 'utf8'));
const dgw = (args: string[], extra: Record<string, string> = {}) => runAsBinaryWould(args, { env: { DGW_CONFIG_DIR: configDir(), ...extra } });
const work = () => ({ zone: 'default' as const, baseUrl: server.baseUrl, projectId: 'p-1', apiKey: KEY, keyType: 'project' as const });

describe('dgw auth status', () => {
  it('shows the profile, base URL, project and masked key from the profile, verified on the project (no GET /info)', async () => {
    seed({ currentProfile: 'work', profiles: { work: work() } });
    server.on('GET', '/data/projects/p-1/catalogs', { json: [] });
    const r = await dgw(['auth', 'status', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      profile: 'work',
      zone: 'default',
      baseUrl: server.baseUrl,
      projectId: 'p-1',
      key: '****2c3d',
      keySource: 'profile work',
      keyBoundTo: server.baseUrl,
      keyType: 'project',
      keyStorage: 'file',
      verified: true,
      email: null,
      projectName: null,
    });
    expect(server.requests.map((q) => `${q.method} ${q.path} ${q.headers.authorization}`)).toEqual([`GET /data/projects/p-1/catalogs Bearer ${KEY}`]);
    expect(r.stderr).not.toContain(KEY);
  });

  it('says the key came from DGW_API_KEY when that is set, in plain output too', async () => {
    seed({ currentProfile: 'work', profiles: { work: work() } });
    server.on('GET', '/data/projects/p-1/catalogs', { json: [] });
    const r = await dgw(['auth', 'status'], { DGW_API_KEY: ENV_KEY });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^KEY\t\*\*\*\*7x6w from env DGW_API_KEY$/m);
    expect(r.stdout).toMatch(/^VERIFIED\ttrue$/m);
    expect(r.stdout + r.stderr).not.toContain(ENV_KEY);
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${ENV_KEY}`);
  });

  it('without a project, GET /info tells a project key\'s project; a service without /info checks the key on the connection types', async () => {
    seed({ currentProfile: 'work', profiles: { work: { ...work(), projectId: undefined } } });
    server.on('GET', '/info', { json: { projectId: 'p-42', projectName: 'Shop', userId: 'u1', email: 'ann@example.com' } });
    const found = await dgw(['auth', 'status', '--json', 'projectId,projectName,email,verified']);
    expect(JSON.parse(found.stdout)).toEqual({ projectId: 'p-42', projectName: 'Shop', email: 'ann@example.com', verified: true });
    server.reset();
    server.on('GET', '/connections/config', { json: [] });
    const without = await dgw(['auth', 'status', '--json', 'projectId,verified']);
    expect(without.code).toBe(0);
    expect(JSON.parse(without.stdout)).toEqual({ projectId: null, verified: true });
    expect(server.requests.map((q) => q.path)).toEqual(['/info', '/connections/config']);
  });

  it('a command with a key in DGW_API_KEY and no project sends nothing and points to auth status, which names a project key\'s project', async () => {
    const env = { DGW_API_KEY: ENV_KEY, DGW_BASE_URL: server.baseUrl };
    const r = await dgw(['query', 'list'], env);
    expect([r.code, server.requests]).toEqual([2, []]);
    expect(r.stderr).toMatch(/^error: no project id: pass --project, set DGW_PROJECT, or run `dgw config set project ID`\nhint: a project key in DGW_API_KEY belongs to one project: `dgw auth status` names it$/m);
    server.on('GET', '/info', { json: { projectId: 'p-42', projectName: 'Shop', userId: 'u1', email: 'ann@example.com' } });
    const status = await dgw(['auth', 'status', '--json', 'projectId,keySource'], env);
    expect(JSON.parse(status.stdout)).toEqual({ projectId: 'p-42', keySource: 'env DGW_API_KEY' });
    // A stored key without a project was a partner key at login (which warned then): no hint about project keys.
    seed({ currentProfile: 'work', profiles: { work: { ...work(), projectId: undefined, keyType: 'partner' } } });
    const stored = await dgw(['query', 'list']);
    expect([stored.code, stored.stderr]).toEqual([2, expect.not.stringContaining('hint:')]);
  });

  it('a key that cannot reach the project in use is exit 3, naming it', async () => {
    seed({ currentProfile: 'work', profiles: { work: work() } });
    server.on('GET', '/data/projects/p-1/catalogs', { status: 403, json: { errorCode: 403, message: 'forbidden' } });
    const r = await dgw(['auth', 'status']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: the key cannot reach project p-1 \(HTTP 403\)/m);
  });

  it('--no-verify sends nothing', async () => {
    seed({ currentProfile: 'work', profiles: { work: work() } });
    const r = await dgw(['auth', 'status', '--no-verify', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ verified: false, email: null, key: '****2c3d' });
    expect(server.requests).toHaveLength(0);
  });

  it('exits 3 with a hint when there is no key at all', async () => {
    const r = await dgw(['auth', 'status'], { DGW_BASE_URL: server.baseUrl });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: not logged in: profile default holds no API key/m);
    expect(r.stderr).toMatch(/^hint: run `dgw auth login`/m);
    expect(server.requests).toHaveLength(0);
  });

  it('with DGW_API_KEY held back from a base URL only a project file names, says so instead of "DGW_API_KEY is not set"', async () => {
    const repo = fs.mkdtempSync(path.join(configDir(), 'repo-'));
    fs.writeFileSync(path.join(repo, '.dgwrc.json'), JSON.stringify({ baseUrl: server.baseUrl }));
    const r = await runAsBinaryWould(['auth', 'status'], { env: { DGW_CONFIG_DIR: configDir(), DGW_API_KEY: ENV_KEY }, cwd: repo });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: DGW_API_KEY is not sent to /m);
    expect(r.stderr).not.toMatch(/DGW_API_KEY is not set/);
    expect(server.requests).toHaveLength(0);
  });

  it('exits 3 when the service refuses the key', async () => {
    seed({ currentProfile: 'work', profiles: { work: work() } });
    server.on('GET', '/data/projects/p-1/catalogs', { status: 401, json: { errorCode: 401, message: 'revoked key' } });
    const r = await dgw(['auth', 'status']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: revoked key \(HTTP 401\)/m);
  });
});

describe('dgw auth logout', () => {
  it('removes the key of the profile in use and keeps its other settings', async () => {
    seed({ currentProfile: 'work', profiles: { work: work(), other: { ...work(), projectId: 'p-2' } } });
    const r = await dgw(['auth', 'logout']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/removed the API key of profile work/);
    const data = stored();
    expect(data.profiles.work).toEqual({ zone: 'default', baseUrl: server.baseUrl, projectId: 'p-1' });
    expect(data.profiles.other.apiKey).toBe(KEY);
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
  });

  it('--profile picks the profile; a profile without a key is not an error', async () => {
    seed({ currentProfile: 'work', profiles: { work: work(), bare: { zone: 'eu' } } });
    const r = await dgw(['--profile', 'bare', 'auth', 'logout', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ profile: 'bare', removed: false });
    expect(stored().profiles.work.apiKey).toBe(KEY);
  });

  it('a setting another dgw stored after logout read the profile is kept', async () => {
    seed({ currentProfile: 'work', profiles: { work: work() } });
    // Another dgw's `config set project p-2` ends just as logout goes to take the settings lock, after its read.
    const link = vi.spyOn(fs, 'linkSync').mockImplementationOnce((from, to) => {
      seed({ currentProfile: 'work', profiles: { work: { ...work(), projectId: 'p-2' } } });
      link.mockRestore();
      fs.linkSync(from, to);
    });
    const r = await dgw(['auth', 'logout']);
    expect(r.code).toBe(0);
    expect(stored().profiles.work).toEqual({ zone: 'default', baseUrl: server.baseUrl, projectId: 'p-2' });
  });

  it('warns that DGW_API_KEY still applies', async () => {
    seed({ currentProfile: 'work', profiles: { work: work() } });
    const r = await dgw(['auth', 'logout'], { DGW_API_KEY: ENV_KEY });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: DGW_API_KEY is still set/);
    expect(r.stderr).not.toContain(ENV_KEY);
  });
});
