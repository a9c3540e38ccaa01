import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreData } from '../src/config/store.js';
import { tempDir, type DgwResult } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { RecordingServer } from './support/recording-server.js';

// A stored key is sent only to the base URL it was stored for. Two recording servers on
// 127.0.0.1: A, where the user logged in, and B, which a command line, the environment or a
// committed project file names. B must never see A's key; the command exits 3 and says how to log in.
const KEY_A = 'key-for-host-a-1111aaaa';
const KEY_B = 'key-for-host-b-2222bbbb';
const ENV_KEY = 'key-from-env-3333cccc';
const LOCAL_PARTNER = 'local-partner-key-4444dddd';
const EU = 'https://partner.eu.peaka.studio/api/v1';

const A = new RecordingServer();
const B = new RecordingServer();
let config: ReturnType<typeof tempDir>;
let repo: ReturnType<typeof tempDir>;
let data: ReturnType<typeof tempDir>;

beforeAll(async () => {
  await Promise.all([A.start(), B.start()]);
});
afterAll(async () => {
  await Promise.all([A.close(), B.close()]);
});
beforeEach(() => {
  config = tempDir('dgw-bind-config-');
  repo = tempDir('dgw-bind-repo-');
  data = tempDir('dgw-bind-data-');
  for (const server of [A, B]) {
    server.on('GET', '/info', { json: { userId: 'u', email: 'ann@example.com' } });
    server.on('GET', '/data/projects/p/catalogs', { json: [] });
  }
});
afterEach(() => {
  A.reset();
  B.reset();
  config.remove();
  repo.remove();
  data.remove();
});

const env = (extra: Record<string, string> = {}) => ({ DGW_CONFIG_DIR: config.dir, DGW_LOCAL_DIR: data.dir, DGW_LOCAL_PARTNER_KEY: LOCAL_PARTNER, ...extra });
const dgw = (args: string[], extra: Record<string, string> = {}, input?: string) => runAsBinaryWould(args, { cwd: repo.dir, input, env: env(extra) });
const projectFile = (content: object) => fs.writeFileSync(path.join(repo.dir, '.dgwrc.json'), JSON.stringify(content));
const seed = (store: StoreData) => fs.writeFileSync(path.join(config.dir, 'config.json'), JSON.stringify(store), { mode: 0o600 });
const authHeaders = (server: RecordingServer) => server.requests.map((r) => r.headers.authorization ?? '(none)');

async function loginToA(profile = 'lp'): Promise<void> {
  const r = await dgw(['--profile', profile, 'auth', 'login', '--base-url', A.baseUrl, '--project', 'p', '--with-token'], {}, KEY_A);
  expect(r.code, r.stderr).toBe(0);
  A.reset();
  A.on('GET', '/info', { json: { userId: 'u', email: 'ann@example.com' } });
  A.on('GET', '/data/projects/p/catalogs', { json: [] });
}

function expectRefusedFor(r: DgwResult, target: string, login: string) {
  expect(r.code).toBe(3);
  expect(r.stderr).toContain(`error: profile lp holds a key for ${A.baseUrl}, not for ${target}`);
  expect(r.stderr).toContain(`dgw --profile NAME auth login ${login}`);
  expect(r.stdout + r.stderr).not.toContain(KEY_A);
}

describe('a stored key goes only to the host it was stored for', () => {
  it('a committed project file naming host B: B receives nothing, exit 3 naming B and how to log in', async () => {
    await loginToA();
    projectFile({ baseUrl: B.baseUrl, project: 'p' });
    const r = await dgw(['--profile', 'lp', 'catalog', 'list']);
    expectRefusedFor(r, B.baseUrl, `--base-url ${B.baseUrl}`);
    expect(r.stderr).toMatch(/\(project file .*\.dgwrc\.json\)/);
    expect(B.requests).toEqual([]);
    expect(A.requests).toEqual([]);
  });

  it('--base-url and DGW_BASE_URL naming host B: the same', async () => {
    await loginToA();
    expectRefusedFor(await dgw(['--profile', 'lp', '--project', 'p', '--base-url', B.baseUrl, 'catalog', 'list']), `${B.baseUrl} (flag --base-url)`, `--base-url ${B.baseUrl}`);
    expectRefusedFor(await dgw(['--profile', 'lp', '--project', 'p', 'catalog', 'list'], { DGW_BASE_URL: B.baseUrl }), `${B.baseUrl} (env DGW_BASE_URL)`, `--base-url ${B.baseUrl}`);
    // --dry-run and --debug send nothing either, and show no key.
    const dry = await dgw(['--profile', 'lp', '--project', 'p', '--base-url', B.baseUrl, '--debug', 'folder', 'create', '/x', '--dry-run']);
    expectRefusedFor(dry, B.baseUrl, `--base-url ${B.baseUrl}`);
    expect(B.requests).toEqual([]);
  });

  it('the key stays usable on its own host, and the project file naming its host is fine', async () => {
    await loginToA();
    expect((await dgw(['--profile', 'lp', 'catalog', 'list'])).code).toBe(0);
    projectFile({ baseUrl: `${A.baseUrl}/`, project: 'p' });
    const debug = await dgw(['--profile', 'lp', '--debug', 'catalog', 'list']);
    expect(debug.code).toBe(0);
    expect(debug.stderr).toContain(`key ****aaaa (profile lp, bound to ${A.baseUrl})`);
    expect(authHeaders(A)).toEqual([`Bearer ${KEY_A}`, `Bearer ${KEY_A}`]);
  });

  it('another target needs its own key: DGW_API_KEY goes to B when the user names B, never the stored one', async () => {
    await loginToA();
    const r = await dgw(['--profile', 'lp', '--project', 'p', 'catalog', 'list'], { DGW_API_KEY: ENV_KEY, DGW_BASE_URL: B.baseUrl });
    expect(r.code, r.stderr).toBe(0);
    expect(authHeaders(B)).toEqual([`Bearer ${ENV_KEY}`]);
  });

  it('DGW_API_KEY is not sent to a host only a committed project file names (a pull request could): exit 3, nothing sent', async () => {
    projectFile({ baseUrl: B.baseUrl, project: 'p' });
    const r = await dgw(['catalog', 'list'], { DGW_API_KEY: ENV_KEY });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`error: DGW_API_KEY is not sent to ${B.baseUrl} (project file`);
    expect(r.stderr).toContain(`hint: to send it there, name the host yourself: DGW_BASE_URL=${B.baseUrl}`);
    expect(B.requests).toEqual([]);
    // Named by the user as well, it goes.
    expect((await dgw(['catalog', 'list'], { DGW_API_KEY: ENV_KEY, DGW_BASE_URL: B.baseUrl })).code).toBe(0);
    expect(authHeaders(B)).toEqual([`Bearer ${ENV_KEY}`]);
  });

  it('the hint for a host only a project file names offers DGW_API_KEY with DGW_BASE_URL, which works, not DGW_API_KEY alone, which is held back', async () => {
    projectFile({ baseUrl: B.baseUrl, project: 'p' });
    const none = [await dgw(['catalog', 'list']), await dgw(['auth', 'status'])];
    await loginToA();
    const withheld = [await dgw(['--profile', 'lp', 'catalog', 'list']), await dgw(['--profile', 'lp', 'auth', 'status'])];
    for (const r of [...none, ...withheld]) {
      expect(r.code).toBe(3);
      expect(r.stderr).toContain(`set DGW_API_KEY with DGW_BASE_URL=${B.baseUrl}`);
      expect(r.stderr).not.toMatch(/set DGW_API_KEY(,| for this command|$)/m);
    }
    expect(B.requests).toEqual([]);
    expect((await dgw(['--profile', 'lp', 'catalog', 'list'], { DGW_API_KEY: ENV_KEY, DGW_BASE_URL: B.baseUrl })).code).toBe(0);
  });

  it('auth login --with-token does not send a piped key to a host only a project file names: exit 2, nothing sent, nothing stored', async () => {
    projectFile({ baseUrl: B.baseUrl, project: 'p' });
    const r = await dgw(['auth', 'login', '--with-token'], {}, KEY_B);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the base URL ${B.baseUrl} comes from the project file`);
    expect(r.stderr).toContain(`--base-url ${B.baseUrl}`);
    expect(B.requests).toEqual([]);
    expect(fs.existsSync(path.join(config.dir, 'config.json'))).toBe(false);
    expect((await dgw(['auth', 'login', '--base-url', B.baseUrl, '--with-token'], {}, KEY_B)).code).toBe(0);
  });

  it('--zone eu does not carry a key stored for another host: exit 3 naming the zone, nothing sent', async () => {
    await loginToA();
    const r = await dgw(['--profile', 'lp', '--project', 'p', '--zone', 'eu', '--debug', 'catalog', 'list']);
    expectRefusedFor(r, `${EU} (zone eu from flag)`, '--zone eu');
    expect(r.stderr).not.toMatch(/^→/m);
    projectFile({ zone: 'eu' });
    expectRefusedFor(await dgw(['--profile', 'lp', '--project', 'p', 'catalog', 'list']), EU, '--zone eu');
  });

  it('two hosts, two profiles: the error names the profile that holds a key for the target, and it works', async () => {
    await loginToA();
    const b = await dgw(['--profile', 'lb', 'auth', 'login', '--base-url', B.baseUrl, '--project', 'p', '--with-token'], {}, KEY_B);
    expect(b.code, b.stderr).toBe(0);
    B.reset();
    B.on('GET', '/data/projects/p/catalogs', { json: [] });
    projectFile({ baseUrl: B.baseUrl, project: 'p' });
    const refused = await dgw(['--profile', 'lp', 'catalog', 'list']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('hint: use --profile lb, which holds a key for it;');
    const switched = await dgw(['--profile', 'lb', 'catalog', 'list']);
    expect(switched.code, switched.stderr).toBe(0);
    expect(authHeaders(B)).toEqual([`Bearer ${KEY_B}`]);
    expect(A.requests).toEqual([]);
  });

  it('logging in to another host under the same profile replaces the key, and says so', async () => {
    await loginToA();
    const r = await dgw(['--profile', 'lp', 'auth', 'login', '--base-url', B.baseUrl, '--project', 'p', '--with-token'], {}, KEY_B);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`warning: profile lp held a key for ${A.baseUrl}; it now holds this one, for ${B.baseUrl} only`);
    const back = await dgw(['--profile', 'lp', '--base-url', A.baseUrl, 'catalog', 'list']);
    expect(back.code).toBe(3);
    expect(A.requests).toEqual([]);
  });

  it('a profile stored before keys were bound is bound to the URL it resolves to on its own', async () => {
    seed({ currentProfile: 'lp', profiles: { lp: { zone: 'default', baseUrl: A.baseUrl, projectId: 'p', apiKey: KEY_A, keyType: 'partner' } } });
    projectFile({ baseUrl: B.baseUrl });
    expectRefusedFor(await dgw(['catalog', 'list']), B.baseUrl, `--base-url ${B.baseUrl}`);
    expect(B.requests).toEqual([]);
    fs.rmSync(path.join(repo.dir, '.dgwrc.json'));
    expect((await dgw(['catalog', 'list'])).code).toBe(0);
    expect(authHeaders(A)).toEqual([`Bearer ${KEY_A}`]);
  });

  it('auth status and config explain show the binding, and refuse to use the key elsewhere', async () => {
    await loginToA();
    const status = await dgw(['--profile', 'lp', 'auth', 'status', '--json']);
    expect(JSON.parse(status.stdout)).toMatchObject({ key: '****aaaa', keyBoundTo: A.baseUrl, verified: true });
    const plain = await dgw(['--profile', 'lp', 'auth', 'status', '--no-verify']);
    expect(plain.stdout).toMatch(new RegExp(`^KEY BOUND TO\\t${A.baseUrl.replace(/[./]/g, '\\$&')} only$`, 'm'));

    projectFile({ baseUrl: B.baseUrl });
    expectRefusedFor(await dgw(['--profile', 'lp', 'auth', 'status']), B.baseUrl, `--base-url ${B.baseUrl}`);
    const explain = await dgw(['--profile', 'lp', 'config', 'explain', '--json']);
    expect(explain.code).toBe(0);
    const json = JSON.parse(explain.stdout);
    expect(json.baseUrl.value).toBe(B.baseUrl);
    expect(json.apiKey).toEqual({ value: null, source: 'default', origin: null });
    expect(B.requests).toEqual([]);
  });
});

describe('the local zone and the local gateway key', () => {
  it('--zone local never receives a hosted key: the in-process gateway is reached with its own key', async () => {
    await loginToA();
    // Were lp's key sent, the local gateway would answer 401 (it knows no such key).
    const r = await dgw(['--profile', 'lp', '--zone', 'local', '--project', 'demo', '--debug', 'sql', 'SELECT 42 AS n', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ n: 42 }]);
    expect(r.stderr).toContain(`the local gateway's own; profile lp's key is bound to ${A.baseUrl} and not sent`);
  });

  it("a local gateway's key never leaves loopback: stored for zone local, refused for any URL", async () => {
    const login = await dgw(['--profile', 'lp', '--zone', 'local', 'auth', 'login', '--with-token'], {}, LOCAL_PARTNER);
    expect(login.code, login.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(config.dir, 'config.json'), 'utf8')).profiles.lp).toMatchObject({ zone: 'local', keyBoundTo: 'local' });
    const local = await dgw(['--profile', 'lp', '--zone', 'local', 'sql', 'SELECT 1 AS one', '--json']);
    expect(local.code, local.stderr).toBe(0);

    projectFile({ baseUrl: B.baseUrl, project: 'p' });
    const r = await dgw(['--profile', 'lp', 'catalog', 'list']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`error: profile lp holds a key for the local gateway, not for ${B.baseUrl}`);
    expect(r.stdout + r.stderr).not.toContain(LOCAL_PARTNER);
    expect(B.requests).toEqual([]);
  });
});
