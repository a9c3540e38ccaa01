import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DGW_BIN, shellQuote, type DgwResult } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { useServerAndFreshConfig } from './support/stand-in.js';

// `dgw auth login` end to end: a recording server on 127.0.0.1, a temporary config folder. The key
// must work (GET /info) before anything is stored, and never be shown. In-process, with the key in
// the file as where no keychain answers (the keychain library would use this process's own D-Bus
// session; test/keychain.test.ts tests the keychain); only the terminal's prompt is a process.
const KEY = 'login-secret-key-5e4d3c2b1a';
const { server, configDir } = useServerAndFreshConfig('dgw-auth-', { allowInfo: true });

const env = (extra: Record<string, string> = {}) => ({ DGW_CONFIG_DIR: configDir(), ...extra });
const dgw = runAsBinaryWould;
const login = (args: string[], input = `${KEY}\n`, extra: Record<string, string> = {}) =>
  dgw(['auth', 'login', '--base-url', server.baseUrl, '--with-token', '--insecure-storage', ...args], { input, env: env(extra) });
const stored = () => JSON.parse(fs.readFileSync(path.join(configDir(), 'config.json'), 'utf8'));

/**
 * Runs dgw in a pseudo-terminal (util-linux `script`) and types the key only once the prompt is
 * shown, as a person would: typed earlier, the terminal itself would echo it before dgw hides input.
 */
function loginOnTerminal(args: string[]): Promise<{ code: number | null; output: string }> {
  const command = `exec ${[process.execPath, DGW_BIN, ...args].map(shellQuote).join(' ')}`;
  // CI and the D-Bus session are cleared like in test/support/dgw.ts: dgw never prompts when CI is set.
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DGW_') && k !== 'CI' && k !== 'DBUS_SESSION_BUS_ADDRESS'));
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: { ...base, ...env() }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let typed = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (!typed && output.includes('Paste your API key')) {
        typed = true;
        child.stdin.write(`${KEY}\r`);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function expectNoKey(r: DgwResult) {
  expect(r.stdout).not.toContain(KEY);
  expect(r.stderr).not.toContain(KEY);
}

describe('dgw auth login', () => {
  it('verifies a project key with GET /info, discovers its project and stores the profile as current', async () => {
    server.on('GET', '/info', { json: { projectId: 'p-42', projectName: 'Shop', userId: 'u1', email: 'ann@example.com' } });
    const r = await login([]);
    expect(r.code).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.stderr).toMatch(/logged in .* as ann@example\.com: profile default \(current\), project key \*\*\*\*2b1a, project p-42/);
    expectNoKey(r);
    expect(stored()).toEqual({
      currentProfile: 'default',
      profiles: { default: { zone: 'default', baseUrl: server.baseUrl, projectId: 'p-42', apiKey: KEY, keyBoundTo: server.baseUrl, keyType: 'project' } },
    });
  });

  it('writes the config file 0600 inside a 0700 folder', async () => {
    server.on('GET', '/info', { json: { projectId: 'p-42', userId: 'u1', email: 'a@b.c' } });
    const dir = path.join(configDir(), 'nested', 'dgw');
    const r = await dgw(['auth', 'login', '--base-url', server.baseUrl, '--with-token', '--insecure-storage'], { input: KEY, env: { DGW_CONFIG_DIR: dir } });
    expect(r.code).toBe(0);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('--json prints the stored profile without the key', async () => {
    server.on('GET', '/info', { json: { projectId: 'p-42', userId: 'u1', email: 'a@b.c' } });
    const r = await login(['--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ profile: 'default', zone: 'default', baseUrl: server.baseUrl, keyBoundTo: server.baseUrl, projectId: 'p-42', keyType: 'project', keyStorage: 'file' });
    expectNoKey(r);
  });

  it('a partner key without --project is stored without a project, with a warning', async () => {
    server.on('GET', '/info', { json: { userId: 'u1', email: 'partner@example.com' } });
    const r = await login([]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: no project stored: pass --project/);
    expect(stored().profiles.default).toMatchObject({ keyType: 'partner', apiKey: KEY });
    expect(stored().profiles.default.projectId).toBeUndefined();
  });

  it('--key-type partner for a key GET /info says is of a project is refused (exit 14), naming both; nothing is stored', async () => {
    server.on('GET', '/info', { json: { projectId: 'p-42', userId: 'u1', email: 'a@b.c' } });
    const r = await login(['--key-type', 'partner']);
    expect(r.code, r.stderr).toBe(14);
    expect(r.stderr).toContain('error: --key-type partner, but the service says this key belongs to project p-42: it is a project key; nothing was stored');
    expect(r.stderr).toMatch(/^hint: leave --key-type out/m);
    expectNoKey(r);
    expect(fs.existsSync(path.join(configDir(), 'config.json'))).toBe(false);
    server.on('GET', '/info', { json: { projectId: 'p-42', userId: 'u1', email: 'a@b.c' } });
    expect((await login(['--key-type', 'project'])).code).toBe(0);
  });

  it('--profile, --project and --key-type are stored in the named profile, which becomes current', async () => {
    server.on('GET', '/data/projects/p-7/catalogs', { json: [] });
    const r = await login(['--profile', 'work', '--project', 'p-7', '--key-type', 'partner']);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/warning/);
    expect(stored().currentProfile).toBe('work');
    expect(stored().profiles.work).toEqual({ zone: 'default', baseUrl: server.baseUrl, projectId: 'p-7', apiKey: KEY, keyBoundTo: server.baseUrl, keyType: 'partner' });
  });

  it('refuses a key that cannot reach the project given (403, exit 3) and stores nothing', async () => {
    server.on('GET', '/data/projects/p-other/catalogs', { status: 403, json: { errorCode: 'FORBIDDEN', message: 'not your project' } });
    const r = await login(['--project', 'p-other']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: this key cannot reach project p-other \(HTTP 403\); nothing was stored/m);
    expect(r.stderr).toMatch(/^hint: .*--project/m);
    expect(fs.existsSync(path.join(configDir(), 'config.json')) ? stored().profiles : {}).toEqual({});
  });

  it('a key the service refuses (401) exits 3 and stores nothing', async () => {
    server.on('GET', '/info', { status: 401, json: { errorCode: 'UNAUTHORIZED', message: 'bad key' } });
    const r = await login([]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: the service refused this key \(HTTP 401\); nothing was stored$/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expectNoKey(r);
    expect(fs.existsSync(path.join(configDir(), 'config.json')) ? stored().profiles : {}).toEqual({});
  });

  it.each(['null', '"p-42"', '[]'])('a GET /info that answers %s, not an object, exits 8 and stores nothing', async (body) => {
    server.on('GET', '/info', { body, headers: { 'content-type': 'application/json' } });
    const r = await login([]);
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/^error: GET \/info answered .*, not an object; nothing was stored$/m);
    expect(fs.existsSync(path.join(configDir(), 'config.json')) ? stored().profiles : {}).toEqual({});
  });

  it('an empty stdin with --with-token exits 2 and sends nothing', async () => {
    const r = await login([], '  \n');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --with-token: stdin was empty/m);
    expect(server.requests).toHaveLength(0);
  });

  it('a key holding a control character or a character beyond ASCII exits 2 and sends nothing, as a key from DGW_API_KEY does', async () => {
    for (const key of [`${KEY}\x1b`, `${KEY}\u200b`, `${KEY}\u0430`]) {
      const r = await login([], `${key}\n`);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^error: the API key .*holds a space, a line break or another character no key has/m);
      expectNoKey(r);
    }
    expect(server.requests).toHaveLength(0);
    expect(fs.existsSync(path.join(configDir(), 'config.json'))).toBe(false);
  });

  it('without --with-token and without a terminal, exits 2 naming --with-token', async () => {
    const r = await dgw(['auth', 'login', '--base-url', server.baseUrl], { input: KEY, env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: no terminal .*--with-token/m);
    expect(server.requests).toHaveLength(0);
  });

  it('on a terminal, asks for the key without echoing it', async () => {
    server.on('GET', '/info', { json: { projectId: 'p-42', userId: 'u1', email: 'a@b.c' } });
    const r = await loginOnTerminal(['auth', 'login', '--base-url', server.baseUrl]);
    expect(r.code).toBe(0);
    // The prompt names where the key is about to go (a project file may have chosen it).
    expect(r.output).toContain(`Paste your API key for ${server.baseUrl} (flag --base-url) (input is hidden)`);
    expect(r.output).toMatch(/logged in/);
    expect(r.output).not.toContain(KEY);
    expect(stored().profiles.default.apiKey).toBe(KEY);
  });

  it('refuses plain http to a non-loopback host (exit 2) before reading the key or sending anything', async () => {
    const r = await dgw(['auth', 'login', '--base-url', 'http://example.com/api/v1', '--with-token'], { input: KEY, env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --base-url: plain http is only allowed for loopback addresses/m);
    expect(fs.existsSync(path.join(configDir(), 'config.json')) ? stored().profiles : {}).toEqual({});
  });

  it('--debug traces the request with the key masked', async () => {
    server.on('GET', '/info', { json: { projectId: 'p-42', userId: 'u1', email: 'a@b.c', echo: KEY } });
    const r = await login(['--debug']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/→ GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/info/);
    expect(r.stderr).toMatch(/authorization: Bearer \*\*\*\*2b1a/);
    expectNoKey(r);
  });

  it('logging in to another profile keeps the others; --zone with --base-url stores both', async () => {
    server.on('GET', '/info', { json: { projectId: 'p-42', userId: 'u1', email: 'a@b.c' } });
    expect((await login(['--profile', 'other'])).code).toBe(0);
    expect((await login(['--profile', 'eu-work', '--zone', 'eu'])).code).toBe(0);
    const data = stored();
    expect(data.currentProfile).toBe('eu-work');
    expect(data.profiles['eu-work']).toMatchObject({ zone: 'eu', baseUrl: server.baseUrl });
    expect(Object.keys(data.profiles).sort()).toEqual(['eu-work', 'other']);
  });

  it('logging in again with --project keeps the type stored for the same key, and drops it for another key', async () => {
    server.on('GET', '/info', { json: { projectId: 'p-42', userId: 'u1', email: 'a@b.c' } });
    server.on('GET', '/data/projects/p-42/catalogs', { json: [] });
    expect((await login([])).code).toBe(0);
    const again = await login(['--project', 'p-42']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('project key');
    expect(stored().profiles.default).toMatchObject({ keyType: 'project', apiKey: KEY });
    expect((await login(['--project', 'p-42'], 'another-key-0000000000\n')).code).toBe(0);
    expect(stored().profiles.default.keyType).toBeUndefined();
  });
});
