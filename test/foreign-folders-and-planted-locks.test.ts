import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkOwnFolder } from '../src/config/safe-folder.js';
import { holderProof } from '../src/gateway/holder-proof.js';
import { folderIdentity } from '../src/gateway/lock.js';
import { processStartTime } from '../src/process-identity.js';
import { startServer } from '../src/gateway/server.js';
import { tempDir } from './support/dgw.js';
import { runInProcess } from './support/in-process.js';
import { RecordingServer } from './support/recording-server.js';

// Whoever can write a user's data or config folder could plant a gateway.lock naming a server of
// their own, and every `--zone local` command would send it the folder's partner key. dgw refuses
// such folders (exit 13, as ssh refuses a ~/.ssh others can write), and sends a key to a
// lock-announced server only once it proved it holds the folder.

const temps: Array<{ remove: () => void }> = [];
const fresh = () => {
  const t = tempDir('dgw-own-');
  temps.push(t);
  return t.dir;
};
afterEach(() => temps.splice(0).forEach((t) => t.remove()));
const isRoot = process.getuid?.() === 0;

function envFor(root: string, dataDir = path.join(root, 'local'), configDir = path.join(root, 'config')) {
  return { DGW_LOCAL_DIR: dataDir, DGW_CONFIG_DIR: configDir, DGW_ZONE: 'local' };
}

describe('a folder another user can change is refused, exit 13, named', () => {
  it('a data folder anyone can write (0777): refused before anything in it is read', async () => {
    const root = fresh();
    const data = path.join(root, 'local');
    fs.mkdirSync(data, { mode: 0o700 });
    fs.chmodSync(data, 0o777);
    const r = await runInProcess(['query', 'list'], { env: envFor(root) });
    expect(r.code).toBe(13);
    expect(r.stderr).toContain(`error: refusing the local gateway data folder ${data}: other users can write to it (mode 0777)`);
    expect(r.stderr).toContain(`hint: chmod go-w ${data}`);
    expect(fs.readdirSync(data)).toEqual([]);
  });

  it('a group-writable config folder (0770): refused for a command that reads settings', async () => {
    const root = fresh();
    const config = path.join(root, 'config');
    fs.mkdirSync(config);
    fs.chmodSync(config, 0o770);
    const r = await runInProcess(['config', 'explain'], { env: envFor(root) });
    expect(r.code).toBe(13);
    expect(r.stderr).toContain(`refusing the config folder ${config}: other users can write to it (mode 0770)`);
  });

  it('a folder inside a folder others can write without the sticky bit: refused, even before it exists', async () => {
    const root = fresh();
    const open = path.join(root, 'shared');
    fs.mkdirSync(open);
    fs.chmodSync(open, 0o777);
    const r = await runInProcess(['query', 'list'], { env: envFor(root, path.join(open, 'local')) });
    expect(r.code).toBe(13);
    expect(r.stderr).toContain(`other users can write to the folder above it, ${open} (mode 0777), and replace it`);
    expect(fs.existsSync(path.join(open, 'local'))).toBe(false);
  });

  it('a folder inside a sticky folder others can write (as /tmp): accepted', async () => {
    const root = fresh();
    const sticky = path.join(root, 'tmp');
    fs.mkdirSync(sticky);
    fs.chmodSync(sticky, 0o1777);
    const r = await runInProcess(['query', 'list', '--json', 'id'], { env: envFor(root, path.join(sticky, 'local')) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it.runIf(isRoot)('a data folder owned by another user: refused, even at mode 0700', async () => {
    const root = fresh();
    const data = path.join(root, 'local');
    fs.mkdirSync(data, { mode: 0o700 });
    fs.chownSync(data, 65534, 65534);
    const r = await runInProcess(['query', 'list'], { env: envFor(root) });
    expect(r.code).toBe(13);
    expect(r.stderr).toContain(`refusing the local gateway data folder ${data}: it belongs to user id 65534, not to you (0)`);
  });

  it('dgw serve refuses such a data folder too', async () => {
    const data = path.join(fresh(), 'local');
    fs.mkdirSync(data);
    fs.chmodSync(data, 0o757);
    const r = await runInProcess(['serve', '--data-dir', data, '--port', '0']);
    expect(r.code).toBe(13);
    expect(r.stderr).toContain(`refusing the local gateway data folder ${data}: other users can write to it (mode 0757)`);
  });

  it('the rule, as ssh has it: owner and mode of the folder, owner and mode of every folder above it', () => {
    const modes: Record<string, { uid: number; mode: number }> = {
      '/': { uid: 0, mode: 0o40755 },
      '/home': { uid: 0, mode: 0o40755 },
      '/home/me': { uid: 1000, mode: 0o40750 },
      '/home/me/dgw': { uid: 1000, mode: 0o40700 },
      '/home/other': { uid: 1001, mode: 0o40755 },
      '/home/other/dgw': { uid: 1000, mode: 0o40700 },
    };
    const as = (uid: number) => ({ uid, stat: (f: string) => modes[f] });
    expect(() => checkOwnFolder('/home/me/dgw', 'data folder', as(1000))).not.toThrow();
    expect(() => checkOwnFolder('/home/me/not-yet', 'data folder', as(1000))).not.toThrow();
    expect(() => checkOwnFolder('/home/me/dgw', 'data folder', as(1001))).toThrow(/belongs to user id 1000, not to you \(1001\)/);
    expect(() => checkOwnFolder('/home/other/dgw', 'data folder', as(1000))).toThrow(/the folder above it, \/home\/other, belongs to user id 1001/);
    expect(() => checkOwnFolder('/home/me/dgw', 'data folder', undefined)).not.toThrow();
  });

  it('a shared sticky folder (/tmp, which root owns) named as the folder itself: the hint is a folder of your own, never chmod go-w of a folder others share', () => {
    const modes: Record<string, { uid: number; mode: number }> = { '/': { uid: 0, mode: 0o40755 }, '/tmp': { uid: 0, mode: 0o41777 }, '/home/me/open': { uid: 0, mode: 0o40777 }, '/home': { uid: 0, mode: 0o40755 }, '/home/me': { uid: 0, mode: 0o40700 } };
    const root = { uid: 0, stat: (f: string) => modes[f] };
    const hint = (folder: string, what: string) => {
      try {
        checkOwnFolder(folder, what, root);
      } catch (error) {
        return (error as { hint?: string }).hint;
      }
      return undefined;
    };
    expect(hint('/tmp', 'config folder')).toBe('use a folder of your own (DGW_CONFIG_DIR), such as a new folder inside /tmp: others share /tmp by design');
    expect(hint('/tmp', 'local gateway data folder')).toContain('use a folder of your own (DGW_LOCAL_DIR or --data-dir)');
    expect(hint('/home/me/open', 'config folder')).toBe('chmod go-w /home/me/open');
  });
});

describe('a lock-announced server gets a key only after proving it holds the folder', () => {
  const impostor = new RecordingServer();
  beforeAll(() => impostor.start());
  afterAll(() => impostor.close());
  afterEach(() => impostor.reset());

  /** A data folder of the user's, made by a first in-process run, then a gateway.lock planted in it. */
  async function plantedLock(proofFor: (lock: { pid: number; processStart?: string; url: string }) => string | undefined): Promise<{ root: string; partnerKey: string }> {
    const root = fresh();
    expect((await runInProcess(['query', 'list', '--json', 'id'], { env: envFor(root) })).code).toBe(0);
    const partnerKey = (JSON.parse(fs.readFileSync(path.join(root, 'local', 'keys.json'), 'utf8')) as { partnerKey: string }).partnerKey;
    // The lock names a live process (this one, with its true start time) and the impostor's URL.
    const lock = { pid: process.pid, mode: 'serve', url: impostor.baseUrl, startedAt: new Date().toISOString(), processStart: processStartTime(process.pid) };
    fs.writeFileSync(path.join(root, 'local', 'gateway.lock'), JSON.stringify({ ...lock, proof: proofFor(lock) }));
    impostor.on('GET', /.*/, { json: { content: [] } });
    return { root, partnerKey };
  }

  it('a lock without the proof gets no request at all: exit 13, named', async () => {
    const { root, partnerKey } = await plantedLock(() => undefined);
    const r = await runInProcess(['query', 'list'], { env: envFor(root) });
    expect(r.code).toBe(13);
    expect(r.stderr).toContain(`names a server at ${impostor.baseUrl} that did not prove it holds the folder`);
    expect(r.stderr).toContain('no key was sent to it');
    expect(impostor.requests).toEqual([]);
    expect(r.stdout + r.stderr).not.toContain(partnerKey);
  });

  it('a lock without a proof, as a dgw serve older than this dgw writes it, says so and how to go on, not only to delete the lock', async () => {
    const { root } = await plantedLock(() => undefined);
    const r = await runInProcess(['query', 'list'], { env: envFor(root) });
    expect(r.code).toBe(13);
    expect(r.stderr).toContain(`it has no proof, as a dgw serve older than this dgw writes none: if the dgw serve of pid ${process.pid} is one, stop it and run this dgw's`);
    expect(impostor.requests).toEqual([]);
  });

  it('a proof made with another secret, or made up, is refused the same way', async () => {
    for (const proofFor of [(lock: Parameters<typeof holderProof>[1]) => holderProof('dgw_partner_guessed', lock, 'any'), () => 'made up']) {
      const { root } = await plantedLock(proofFor);
      const r = await runInProcess(['query', 'list'], { env: envFor(root) });
      expect(r.code).toBe(13);
      expect(impostor.requests).toEqual([]);
    }
  });

  it('a real lock copied with another address is refused: the proof names the address', async () => {
    const root = fresh();
    const dataDir = path.join(root, 'local');
    const server = await startServer({ dataDir, port: 0 });
    try {
      const real = JSON.parse(fs.readFileSync(path.join(dataDir, 'gateway.lock'), 'utf8')) as { url: string; proof: string };
      expect(real.url).toBe(server.baseUrl);
      fs.writeFileSync(path.join(dataDir, 'gateway.lock'), JSON.stringify({ ...real, url: impostor.baseUrl }));
      const r = await runInProcess(['query', 'list'], { env: envFor(root) });
      expect(r.code).toBe(13);
      expect(impostor.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('a copy of a folder a dgw serve holds (its keys and lock with it) opens on its own: its commands do not go to that server', async () => {
    const root = fresh();
    const dataDir = path.join(root, 'local');
    const server = await startServer({ dataDir, port: 0 });
    try {
      const copy = fresh();
      fs.cpSync(dataDir, path.join(copy, 'local'), { recursive: true });
      const r = await runInProcess(['query', 'create', 'Meant for the copy', '--sql', 'SELECT 1', '--debug'], { env: envFor(copy) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain(server.baseUrl);
      expect(JSON.parse((await runInProcess(['query', 'list', '--json', 'name'], { env: envFor(copy) })).stdout)).toEqual([{ name: 'meantforthecopy' }]);
      expect(JSON.parse((await runInProcess(['query', 'list', '--json', 'name'], { env: envFor(root) })).stdout)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('a copy of a folder a running command holds opens: that command holds the original only', async () => {
    const root = fresh();
    const dataDir = path.join(root, 'local');
    expect((await runInProcess(['query', 'list'], { env: envFor(root) })).code).toBe(0);
    const held = { pid: process.pid, mode: 'in-process', url: null, startedAt: new Date().toISOString(), processStart: processStartTime(process.pid), folder: folderIdentity(dataDir) };
    fs.writeFileSync(path.join(dataDir, 'gateway.lock'), JSON.stringify(held));
    const copy = fresh();
    fs.cpSync(dataDir, path.join(copy, 'local'), { recursive: true });
    // Before, the copy waited for the holder of the original, then was refused as busy (exit 12).
    expect((await runInProcess(['query', 'list'], { env: envFor(copy) })).code).toBe(0);
  });

  it('a lock of a dgw serve from before locks named their folder (no folder, its proof without one) still proves it', async () => {
    const root = fresh();
    const dataDir = path.join(root, 'local');
    const server = await startServer({ dataDir, port: 0 });
    try {
      const { folder, ...older } = JSON.parse(fs.readFileSync(path.join(dataDir, 'gateway.lock'), 'utf8'));
      expect(folder).toBe(folderIdentity(dataDir));
      fs.writeFileSync(path.join(dataDir, 'gateway.lock'), JSON.stringify({ ...older, proof: holderProof(server.partnerKey, older, undefined) }));
      const r = await runInProcess(['query', 'list', '--json', 'id', '--debug'], { env: envFor(root) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`dgw serve at ${server.baseUrl}`);
      // Its folder named but the proof without it: refused, so a named folder cannot be stripped from a proof.
      fs.writeFileSync(path.join(dataDir, 'gateway.lock'), JSON.stringify({ ...older, folder, proof: holderProof(server.partnerKey, older, undefined) }));
      expect((await runInProcess(['query', 'list'], { env: envFor(root) })).code).toBe(13);
    } finally {
      await server.close();
    }
  });

  it('a real dgw serve on the folder proves it, and the command runs there', async () => {
    const root = fresh();
    const server = await startServer({ dataDir: path.join(root, 'local'), port: 0 });
    try {
      const r = await runInProcess(['query', 'list', '--json', 'id', '--debug'], { env: envFor(root) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`dgw serve at ${server.baseUrl}`);
    } finally {
      await server.close();
    }
  });
});
