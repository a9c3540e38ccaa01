import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoreData } from '../src/config/store.js';
import { runDgw } from './support/dgw.js';
import { useServerAndFreshConfig } from './support/stand-in.js';

// `dgw auth status` and `dgw auth logout` end to end, on a user store seeded in a temporary folder.
const KEY = 'status-secret-key-0a1b2c3d';
const ENV_KEY = 'env-secret-key-9z8y7x6w';
const { server, configDir } = useServerAndFreshConfig('dgw-status-');

const file = () => path.join(configDir(), 'config.json');
const seed = (data: StoreData) => fs.writeFileSync(file(), JSON.stringify(data), { mode: 0o600 });
const stored = (): StoreData => JSON.parse(fs.readFileSync(file(), 'utf8'));
const dgw = (args: string[], extra: Record<string, string> = {}) => runDgw(args, { env: { DGW_CONFIG_DIR: configDir(), ...extra } });
const work = () => ({ zone: 'default' as const, baseUrl: server.baseUrl, projectId: 'p-1', apiKey: KEY, keyType: 'project' as const });

describe('dgw auth status', () => {
  it('shows the profile, base URL, project and masked key from the profile, verified with GET /info', async () => {
    seed({ currentProfile: 'work', profiles: { work: work() } });
    server.on('GET', '/info', { json: { projectId: 'p-1', projectName: 'Shop', userId: 'u1', email: 'ann@example.com' } });
    const r = await dgw(['auth', 'status', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      profile: 'work',
      zone: 'default',
      baseUrl: server.baseUrl,
      projectId: 'p-1',
      key: '****2c3d',
      keySource: 'profile work',
      keyType: 'project',
      verified: true,
      email: 'ann@example.com',
      projectName: 'Shop',
    });
    expect(server.requests.map((q) => `${q.method} ${q.path} ${q.headers.authorization}`)).toEqual([`GET /info Bearer ${KEY}`]);
    expect(r.stderr).not.toContain(KEY);
  });

  it('says the key came from DGW_API_KEY when that is set, in plain output too', async () => {
    seed({ currentProfile: 'work', profiles: { work: work() } });
    server.on('GET', '/info', { json: { userId: 'u1', email: 'ann@example.com' } });
    const r = await dgw(['auth', 'status'], { DGW_API_KEY: ENV_KEY });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^key\t\*\*\*\*7x6w from env DGW_API_KEY$/m);
    expect(r.stdout).toMatch(/^user\tann@example\.com$/m);
    expect(r.stdout + r.stderr).not.toContain(ENV_KEY);
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${ENV_KEY}`);
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

  it('exits 3 when the service refuses the key', async () => {
    seed({ currentProfile: 'work', profiles: { work: work() } });
    server.on('GET', '/info', { status: 401, json: { errorCode: 401, message: 'revoked key' } });
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

  it('warns that DGW_API_KEY still applies', async () => {
    seed({ currentProfile: 'work', profiles: { work: work() } });
    const r = await dgw(['auth', 'logout'], { DGW_API_KEY: ENV_KEY });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: DGW_API_KEY is still set/);
    expect(r.stderr).not.toContain(ENV_KEY);
  });
});
