import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { useServerAndFreshConfig } from './support/stand-in.js';

// API keys in the OS keychain: a Secret Service (GNOME Keyring on a D-Bus session of the test's
// own) where it can be started, and the 0600 file where no keychain answers. A command that may
// reach the keychain is a process of its own: the keychain library takes the D-Bus session from
// its process's environment, so in this process it would reach the runner's (a desktop's) keychain.
// `auth status` of a key in the file runs in-process.
const KEY = 'keychain-secret-key-7a6b5c4d3e';
const { server, configDir } = useServerAndFreshConfig('dgw-keychain-');
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((c) => !has(c));

const stored = () => JSON.parse(fs.readFileSync(path.join(configDir(), 'config.json'), 'utf8')) as { profiles: Record<string, Record<string, string>> };
/** Every file under the config folder, read: a key held by the keychain must be in none of them. */
function configFilesText(): string {
  const dir = configDir();
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}
function routes() {
  server.on('GET', '/data/projects/p-1/catalogs', { json: [] });
}
const bearer = () => server.requests.map((r) => r.headers.authorization);

describe('where no keychain answers (no D-Bus session): the 0600 file', () => {
  const env = () => ({ DGW_CONFIG_DIR: configDir(), DGW_BASE_URL: server.baseUrl });

  it('auth login stores the key in the file and says why; status says where it lives', async () => {
    routes();
    const r = await runDgw(['auth', 'login', '--project', 'p-1', '--with-token'], { input: `${KEY}\n`, env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/no OS keychain answered \(.+\)/);
    expect(r.stderr).toMatch(/the key is in .*config\.json \(readable by you only\)/);
    expect(stored().profiles.default).toMatchObject({ apiKey: KEY });
    expect(stored().profiles.default.keychain).toBeUndefined();
    expect(fs.statSync(path.join(configDir(), 'config.json')).mode & 0o777).toBe(0o600);
    const status = await runAsBinaryWould(['auth', 'status', '--json'], { env: env() });
    expect(JSON.parse(status.stdout)).toMatchObject({ keyStorage: 'file', key: '****4d3e' });
    const text = await runAsBinaryWould(['auth', 'status'], { env: env() });
    expect(text.stdout).toMatch(/KEY STORAGE\s+.*config\.json \(mode 0600\)/);
    expect(bearer().every((b) => b === `Bearer ${KEY}`)).toBe(true);
  });

  it('a profile whose key is in a keychain that does not answer here is exit 3, and nothing is sent', async () => {
    fs.mkdirSync(configDir(), { recursive: true });
    fs.writeFileSync(path.join(configDir(), 'config.json'), JSON.stringify({ currentProfile: 'work', profiles: { work: { baseUrl: server.baseUrl, projectId: 'p-1', keychain: 'work:0123456789ab', keyBoundTo: server.baseUrl } } }));
    routes();
    const r = await runDgw(['catalog', 'list'], { env: { DGW_CONFIG_DIR: configDir() } });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/profile work keeps its API key in the OS keychain, which did not give it/);
    expect(r.stderr).toMatch(/--insecure-storage/);
    expect(server.requests).toEqual([]);
    // Reading the settings alone needs no key: explain says where it is without reading it.
    // A process: were explain to read the key after all, in this process it would ask the runner's keychain.
    const explain = await runDgw(['config', 'explain', '--json'], { env: { DGW_CONFIG_DIR: configDir() } });
    expect(explain.code).toBe(0);
    expect(JSON.parse(explain.stdout).apiKey).toEqual({ value: '(in the OS keychain)', source: 'profile', origin: 'profile work' });
  });
});

describe.skipIf(!has('dbus-run-session'))('a D-Bus session where no Secret Service answers (nothing to activate): the 0600 file, at once', () => {
  const home = tempDir('dgw-nobus-');
  let bus: { address: string; stop(): Promise<void> };
  beforeAll(async () => {
    // A session bus with no service folder: a call to the Secret Service gets "unknown service" at once.
    const config = path.join(home.dir, 'session.conf');
    fs.writeFileSync(
      config,
      '<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">\n' +
        `<busconfig><type>session</type><listen>unix:dir=${home.dir}</listen><auth>EXTERNAL</auth>` +
        '<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>\n',
    );
    const child = spawn('dbus-run-session', [`--config-file=${config}`, '--', 'sh', '-c', 'echo "BUS=$DBUS_SESSION_BUS_ADDRESS" && exec cat'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const address = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error('the D-Bus session did not start in 100 s')), 100_000);
      child.stdout!.setEncoding('utf8').on('data', (c: string) => {
        out += c;
        const m = /BUS=(\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    bus = { address, stop: () => new Promise((resolve) => (child.on('close', () => resolve()), child.stdin!.end())) };
  });
  afterAll(async () => {
    await bus?.stop();
    home.remove();
  });

  it('auth login falls back to the file without waiting, and status says the file', async () => {
    routes();
    const env = { DGW_CONFIG_DIR: configDir(), DGW_BASE_URL: server.baseUrl, DBUS_SESSION_BUS_ADDRESS: bus.address, HOME: home.dir };
    // A login that waited for the keychain would wait out its 60 s limit, and be stopped here first.
    const login = await runDgw(['auth', 'login', '--project', 'p-1', '--with-token'], { input: `${KEY}\n`, env, timeoutMs: 50_000 });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toMatch(/no OS keychain answered \(.+\)/);
    expect(stored().profiles.default).toMatchObject({ apiKey: KEY });
    const status = await runAsBinaryWould(['auth', 'status', '--json'], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({ keyStorage: 'file' });
  });
});

/** A Secret Service of the test's own: GNOME Keyring on a private D-Bus session, its login keyring unlocked. */
interface SecretService {
  env: Record<string, string>;
  stop(): Promise<void>;
}

async function startSecretService(home: string): Promise<SecretService> {
  const runtime = path.join(home, 'run');
  fs.mkdirSync(runtime, { recursive: true, mode: 0o700 });
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DBUS_SESSION_BUS_ADDRESS'));
  const env = { ...inherited, HOME: home, XDG_DATA_HOME: path.join(home, 'data'), XDG_RUNTIME_DIR: runtime };
  // The session lives as long as `cat` reads stdin: closing it ends the bus, and the keyring with it.
  const child: ChildProcess = spawn(
    'dbus-run-session',
    ['--', 'sh', '-c', 'printf test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null && echo "BUS=$DBUS_SESSION_BUS_ADDRESS" && exec cat'],
    { env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (err += c));
  const address = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the Secret Service did not start in 100 s: ${err}`)), 100_000);
    child.stdout!.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const m = /BUS=(\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`dbus-run-session exited (${code}) before the Secret Service started: ${err}`)));
  });
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: address, HOME: home, XDG_DATA_HOME: env.XDG_DATA_HOME!, XDG_RUNTIME_DIR: runtime },
    stop: () =>
      new Promise((resolve) => {
        child.on('close', () => resolve());
        child.stdin!.end();
      }),
  };
}

describe.skipIf(missing.length > 0)(`the OS keychain: a Secret Service (GNOME Keyring)${missing.length > 0 ? ` — skipped: ${missing.join(' and ')} not installed (.ci/run installs them)` : ''}`, () => {
  const home = tempDir('dgw-keyring-');
  let secrets: SecretService;
  beforeAll(async () => {
    secrets = await startSecretService(home.dir);
  });
  afterAll(async () => {
    await secrets?.stop();
    home.remove();
  });
  const env = () => ({ DGW_CONFIG_DIR: configDir(), DGW_BASE_URL: server.baseUrl, ...secrets.env });
  const lookup = (account: string) =>
    has('secret-tool') ? spawnSync('secret-tool', ['lookup', 'service', 'dgw', 'username', account], { env: { ...process.env, ...secrets.env }, encoding: 'utf8' }) : undefined;

  it('auth login puts the key in the keychain and in no file; commands send it; status says where it lives; logout removes it', async () => {
    routes();
    const login = await runDgw(['auth', 'login', '--project', 'p-1', '--with-token', '--json'], { input: `${KEY}\n`, env: env() });
    expect(login.code, login.stderr).toBe(0);
    expect(JSON.parse(login.stdout)).toMatchObject({ keyStorage: 'keychain' });
    const profile = stored().profiles.default;
    expect(profile.apiKey).toBeUndefined();
    expect(profile.keychain).toMatch(/^default:[0-9a-f]{12}$/);
    expect(configFilesText()).not.toContain(KEY);
    // The Secret Service holds it, as any of its clients sees it.
    const entry = lookup(profile.keychain);
    if (entry) expect(entry.stdout.trim()).toBe(KEY);

    server.reset();
    routes();
    const list = await runDgw(['catalog', 'list', '--json'], { env: env() });
    expect(list.code, list.stderr).toBe(0);
    expect(bearer()).toEqual([`Bearer ${KEY}`]);

    const status = await runDgw(['auth', 'status', '--json'], { env: env() });
    expect(JSON.parse(status.stdout)).toMatchObject({ keyStorage: 'keychain', key: '****4d3e', keySource: 'profile default', verified: true });
    const text = await runDgw(['auth', 'status'], { env: env() });
    expect(text.stdout).toMatch(/KEY STORAGE\s+the OS keychain \(Secret Service keyring\)/);
    expect(text.stdout).not.toContain(KEY);

    const logout = await runDgw(['auth', 'logout'], { env: env() });
    expect(logout.code, logout.stderr).toBe(0);
    expect(stored().profiles.default.keychain).toBeUndefined();
    const gone = lookup(profile.keychain);
    if (gone) expect(gone.status).not.toBe(0);
    const after = await runDgw(['catalog', 'list'], { env: env() });
    expect(after.code).toBe(3);
  });

  it('--insecure-storage keeps the key in the file and takes it out of the keychain; a later login moves it back', async () => {
    routes();
    expect((await runDgw(['auth', 'login', '--project', 'p-1', '--with-token'], { input: `${KEY}\n`, env: env() })).code).toBe(0);
    const account = stored().profiles.default.keychain;
    expect(account).toBeDefined();
    const insecure = await runDgw(['auth', 'login', '--project', 'p-1', '--with-token', '--insecure-storage'], { input: `${KEY}\n`, env: env() });
    expect(insecure.code, insecure.stderr).toBe(0);
    expect(stored().profiles.default).toMatchObject({ apiKey: KEY });
    expect(stored().profiles.default.keychain).toBeUndefined();
    const gone = lookup(account);
    if (gone) expect(gone.status).not.toBe(0);
    // A key stored in the file before keeps working, and a plain login moves it to the keychain.
    server.reset();
    routes();
    expect((await runDgw(['catalog', 'list'], { env: env() })).code).toBe(0);
    expect(bearer()).toEqual([`Bearer ${KEY}`]);
    expect((await runDgw(['auth', 'login', '--project', 'p-1', '--with-token'], { input: `${KEY}\n`, env: env() })).code).toBe(0);
    expect(stored().profiles.default.apiKey).toBeUndefined();
    expect(configFilesText()).not.toContain(KEY);
  });

  it('the key stays bound to its host whatever the storage: another base URL does not get it', async () => {
    routes();
    expect((await runDgw(['auth', 'login', '--project', 'p-1', '--with-token'], { input: `${KEY}\n`, env: env() })).code).toBe(0);
    expect(stored().profiles.default).toMatchObject({ keyBoundTo: server.baseUrl });
    const other = await runDgw(['catalog', 'list'], { env: { ...env(), DGW_BASE_URL: 'http://127.0.0.1:9/api/v1' } });
    expect(other.code).toBe(3);
    expect(other.stderr).toMatch(/holds a key for .*, not for http:\/\/127\.0\.0\.1:9\/api\/v1/);
  });
});
