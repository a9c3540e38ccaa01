import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreData } from '../src/config/store.js';
import { processStartTime } from '../src/process-identity.js';
import { startDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { RecordingServer } from './support/recording-server.js';
import { holderProof } from '../src/gateway/holder-proof.js';

// The edges of "a stored key goes only to the base URL it was stored for" (key-bound-to-host
// covers the main rule): spellings of the same URL and of other ones, redirects, the commands
// that send requests of their own (dgw api, completion), the login prompt, and the local
// gateway's key, which never leaves loopback. Two recording servers on 127.0.0.1: A, where the
// profile logged in, and B.
const KEY_A = 'key-for-host-a-1111aaaa';
const LOCAL_PARTNER = 'local-partner-key-4444dddd';
const ZONE = 'https://partner.peaka.studio/api/v1';

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
  config = tempDir('dgw-edge-config-');
  repo = tempDir('dgw-edge-repo-');
  data = tempDir('dgw-edge-data-');
  for (const server of [A, B]) server.on('GET', '/data/projects/p/catalogs', { json: [] });
});
afterEach(() => {
  A.reset();
  B.reset();
  config.remove();
  repo.remove();
  data.remove();
});

const env = (extra: Record<string, string> = {}) => ({ DGW_CONFIG_DIR: config.dir, DGW_LOCAL_DIR: data.dir, DGW_LOCAL_PARTNER_KEY: LOCAL_PARTNER, XDG_CACHE_HOME: path.join(config.dir, 'cache'), ...extra });
// In-process: what is proved is what was sent where, and the exit code main returns. Only the
// login prompt, which needs a real terminal and Ctrl-C, is a process of its own.
const dgw = (args: string[], extra: Record<string, string> = {}, input?: string) => runAsBinaryWould(args, { cwd: repo.dir, input, env: env(extra) });
const projectFile = (content: object) => fs.writeFileSync(path.join(repo.dir, '.dgwrc.json'), JSON.stringify(content));
const seed = (store: StoreData) => fs.writeFileSync(path.join(config.dir, 'config.json'), JSON.stringify(store), { mode: 0o600 });
const sent = (server: RecordingServer) => server.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? '(none)'}`);

async function loginToA(): Promise<void> {
  // The key goes to the file, as where no keychain answers: in this process the keychain library would use the runner's own D-Bus session.
  const r = await dgw(['--profile', 'lp', 'auth', 'login', '--base-url', A.baseUrl, '--project', 'p', '--with-token', '--insecure-storage'], {}, KEY_A);
  expect(r.code, r.stderr).toBe(0);
  A.requests.length = 0;
}

describe('a redirect is never followed', () => {
  it("A's 302 to B: B sees nothing, A's answer is exit 8 naming where it pointed", async () => {
    await loginToA();
    A.on('GET', '/data/projects/p/catalogs', { status: 302, headers: { location: `${B.baseUrl}/data/projects/p/catalogs` } });
    const r = await dgw(['--profile', 'lp', 'catalog', 'list']);
    expect(r.code).toBe(8);
    expect(r.stderr).toContain(`error: the service answered GET /data/projects/p/catalogs with a redirect (HTTP 302) to ${B.baseUrl}/data/projects/p/catalogs; dgw follows no redirect`);
    expect(r.stdout).toBe('');
    expect(B.requests).toEqual([]);
    expect(sent(A)).toEqual([`GET /data/projects/p/catalogs Bearer ${KEY_A}`]);
  });

  it('a 307 of a POST, even to a path of the same host, is not repeated with the key', async () => {
    await loginToA();
    A.on('GET', '/data/projects/p/queries/folders', { json: [] });
    A.on('POST', '/data/projects/p/queries/folders', { status: 307, headers: { location: '/elsewhere/folders' } });
    const r = await dgw(['--profile', 'lp', 'folder', 'create', '/x']);
    expect(r.code).toBe(8);
    expect(r.stderr).toContain(`redirect (HTTP 307) to ${A.origin}/elsewhere/folders`);
    expect(sent(A)).toEqual([`GET /data/projects/p/queries/folders Bearer ${KEY_A}`, `POST /data/projects/p/queries/folders Bearer ${KEY_A}`]);
  });
});

describe('one base URL, however it is spelled', () => {
  it('trailing slashes, scheme and host in capitals, 127.1, dot segments: the same URL, the key is sent', async () => {
    await loginToA();
    const port = new URL(A.origin).port;
    for (const spelled of [`${A.baseUrl}/`, `${A.baseUrl}//`, `HTTP://127.0.0.1:${port}/api/v1`, `http://127.1:${port}/api/v1`, `http://127.0.0.1:${port}/api/x/../v1`]) {
      const r = await dgw(['--profile', 'lp', '--base-url', spelled, 'catalog', 'list']);
      expect(r.code, `${spelled}: ${r.stderr}`).toBe(0);
    }
    expect(sent(A)).toEqual(Array(5).fill(`GET /data/projects/p/catalogs Bearer ${KEY_A}`));
  });

  it('another path, another case of the path, https, localhost and [::1] are other URLs: nothing sent, exit 3', async () => {
    await loginToA();
    const port = new URL(A.origin).port;
    for (const other of [
      `http://127.0.0.1:${port}/api`,
      `http://127.0.0.1:${port}/api/v1/data`,
      `http://127.0.0.1:${port}/API/v1`,
      `http://127.0.0.1:${port}`,
      `https://127.0.0.1:${port}/api/v1`,
      `http://localhost:${port}/api/v1`,
      `http://[::1]:${port}/api/v1`,
      B.baseUrl,
    ]) {
      const r = await dgw(['--profile', 'lp', '--base-url', other, 'catalog', 'list']);
      expect(r.code, other).toBe(3);
      expect(r.stderr).toContain(`error: profile lp holds a key for ${A.baseUrl}, not for `);
      expect(r.stdout + r.stderr).not.toContain(KEY_A);
    }
    expect(A.requests).toEqual([]);
    expect(B.requests).toEqual([]);
  });

  it("a zone's key: the explicit default port and capitals are the zone's URL; a look-alike host or path is not", async () => {
    seed({ currentProfile: 'z', profiles: { z: { zone: 'default', projectId: 'p', apiKey: KEY_A, keyBoundTo: ZONE } } });
    // --dry-run shows the header it would send (masked) and sends nothing: no network needed.
    for (const same of ['https://partner.peaka.studio:443/api/v1', 'HTTPS://Partner.Peaka.Studio/api/v1/']) {
      const r = await dgw(['--base-url', same, 'folder', 'create', '/x', '--dry-run']);
      expect(r.code, `${same}: ${r.stderr}`).toBe(0);
      expect(r.stdout).toContain(`POST ${ZONE}/data/projects/p/queries/folders\nAuthorization: Bearer ****aaaa`);
    }
    for (const other of ['https://partner.peaka.studio.example.com/api/v1', 'https://example.com/partner.peaka.studio/api/v1', 'https://partner.peaka.studio:8443/api/v1', 'https://partner.eu.peaka.studio/api/v1']) {
      const r = await dgw(['--base-url', other, 'folder', 'create', '/x', '--dry-run']);
      expect(r.code, other).toBe(3);
      expect(r.stderr).toContain(`error: profile z holds a key for ${ZONE}, not for `);
    }
    const http = await dgw(['--base-url', 'http://partner.peaka.studio/api/v1', 'folder', 'create', '/x', '--dry-run']);
    expect(http.code).toBe(2);
    expect(http.stderr).toContain('plain http is only allowed for loopback addresses');
  });

  it('a base URL with credentials, a query or a fragment is refused (exit 2) before anything is sent', async () => {
    await loginToA();
    const withUser = A.baseUrl.replace('http://', 'http://lp@');
    for (const [url, message] of [
      [withUser, 'credentials do not belong in the URL'],
      [`${A.baseUrl}?x=1`, 'a base URL has no query (?) or fragment (#)'],
      [`${A.baseUrl}#top`, 'a base URL has no query (?) or fragment (#)'],
      [`${A.baseUrl}?`, 'a base URL has no query (?) or fragment (#)'],
    ]) {
      const r = await dgw(['--profile', 'lp', '--base-url', url, 'catalog', 'list']);
      expect(r.code, url).toBe(2);
      expect(r.stderr).toContain(message);
    }
    projectFile({ baseUrl: `${B.baseUrl}#x` });
    const fromFile = await dgw(['--profile', 'lp', 'catalog', 'list']);
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toMatch(/^error: .*\.dgwrc\.json: a base URL has no query/m);
    expect(A.requests).toEqual([]);
    expect(B.requests).toEqual([]);
  });
});

describe('commands that send requests of their own follow the same rule', () => {
  it('dgw api: a raw request to a project file\'s host is refused; its path cannot leave the base URL', async () => {
    await loginToA();
    projectFile({ baseUrl: B.baseUrl, project: 'p' });
    const r = await dgw(['--profile', 'lp', 'api', 'GET', '/data/projects/{projectId}/catalogs']);
    expect(r.code).toBe(3);
    expect(B.requests).toEqual([]);
    fs.rmSync(path.join(repo.dir, '.dgwrc.json'));
    // A path that looks like a host stays a path below A's base URL.
    A.on('GET', /.*/, { json: {} });
    const port = new URL(B.origin).port;
    for (const trick of [`//127.0.0.1:${port}/api/v1/info`, `@127.0.0.1:${port}/api/v1/info`, `.evil/x`]) {
      const t = await dgw(['--profile', 'lp', 'api', 'GET', trick]);
      expect(t.code, `${trick}: ${t.stderr}`).toBe(0);
    }
    expect(A.requests).toHaveLength(3);
    expect(B.requests).toEqual([]);
    expect((await dgw(['--profile', 'lp', 'api', 'GET', `http://127.0.0.1:${port}/api/v1/info`])).code).toBe(2);
    expect(B.requests).toEqual([]);
  });

  it('live completion: a project file naming B gets no request and no key; Tab prints nothing', async () => {
    await loginToA();
    B.on('GET', '/data/projects/p/queries', { json: [{ id: '1', name: 'leaked', displayName: 'Leaked' }] });
    projectFile({ baseUrl: B.baseUrl, project: 'p' });
    const r = await dgw(['__complete', '--', '--profile', 'lp', 'query', 'get', '']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(B.requests).toEqual([]);
  });

  it('the login prompt names the host the key is about to go to, and the project file that chose it', async () => {
    projectFile({ baseUrl: B.baseUrl, project: 'p' });
    const run = startDgw(['auth', 'login'], { cwd: repo.dir, env: env(), terminal: true });
    await run.waitForOutput('(input is hidden)');
    expect(run.stdout()).toMatch(new RegExp(`Paste your API key for ${B.baseUrl.replace(/[./]/g, '\\$&')} \\(project file [^)]*\\.dgwrc\\.json\\) \\(input is hidden\\)`));
    run.child.stdin!.write('\x03');
    expect((await run.exited).code).toBe(130);
    expect(B.requests).toEqual([]);
  });
});

describe("the local gateway's key never leaves loopback", () => {
  const lock = (url: string) => {
    // Named by this process's id and start time, as a live dgw serve names itself (a bare id of a non-dgw process is a foreign lock),
    // with the proof a dgw serve holding the folder writes.
    const held = { pid: process.pid, mode: 'serve', url, startedAt: new Date().toISOString(), processStart: processStartTime(process.pid) };
    fs.writeFileSync(path.join(data.dir, 'gateway.lock'), JSON.stringify({ ...held, proof: holderProof(LOCAL_PARTNER, held, undefined) }));
  };

  it('a lock file announcing a dgw serve off loopback gets no key: exit 3, nothing sent', async () => {
    lock('http://192.0.2.1:8787/api/v1');
    for (const args of [['catalog', 'list'], ['folder', 'create', '/x', '--dry-run']]) {
      const r = await dgw(['--zone', 'local', ...args]);
      expect(r.code, args.join(' ')).toBe(3);
      expect(r.stderr).toContain('announces "http://192.0.2.1:8787/api/v1", which is not a loopback address');
      expect(r.stdout + r.stderr).not.toContain(LOCAL_PARTNER);
    }
  });

  it('a dgw serve on a wildcard address is reached on loopback', async () => {
    // The stand-in holds the folder as a dgw serve would: its lock carries a proof made with the folder's partner key.
    fs.writeFileSync(path.join(data.dir, 'keys.json'), JSON.stringify({ partnerKey: LOCAL_PARTNER, projectKeys: [], initialProjectKeys: {} }), { mode: 0o600 });
    B.on('GET', '/data/projects/demo/catalogs', { json: [] });
    lock(B.baseUrl.replace('127.0.0.1', '0.0.0.0'));
    const r = await dgw(['--zone', 'local', 'catalog', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent(B)).toEqual([`GET /data/projects/demo/catalogs Bearer ${LOCAL_PARTNER}`]);
  });
});
