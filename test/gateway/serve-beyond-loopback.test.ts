import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/config/loopback.js';
import { runDgw, tempDir } from '../support/dgw.js';
import { spawnServe, waitFor } from './helpers.js';

// `dgw serve` listens on loopback unless told otherwise on purpose: any other address needs
// --allow-remote, and then it says that its traffic (keys included) is plain HTTP. A partner key
// given as a flag is visible to every user of the machine (ps), so it says to use the variable.

const tmp = tempDir('dgw-serve-remote-');
afterAll(() => tmp.remove());
const env = { DGW_CONFIG_DIR: join(tmp.dir, 'config') };

describe('dgw serve beyond loopback', () => {
  it.each(['0.0.0.0', '::', '[::]', '192.168.1.10', 'example.org'])('--host %s without --allow-remote exits 2 and serves nothing', async (host) => {
    const r = await runDgw(['serve', '--host', host, '--port', '0', '--data-dir', join(tmp.dir, 'refused')], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/listens beyond this machine/);
    expect(r.stderr).toMatch(/--allow-remote/);
    expect(r.stdout).toBe('');
  });

  it('--host 0.0.0.0 --allow-remote serves, and warns that its traffic is plain HTTP', async () => {
    const server = await spawnServe(join(tmp.dir, 'remote'), join(tmp.dir, 'config'), ['--host', '0.0.0.0', '--allow-remote']);
    try {
      // dgw serve runs until stopped, so even with --json its warning is said at once (a JSON line).
      await waitFor(() => /^\{"warning":"listening on 0\.0\.0\.0: other machines can reach this gateway.*plain HTTP.*"\}$/m.test(server.stderr()), 'the warning');
      const info = await fetch(server.baseUrl.replace('0.0.0.0', '127.0.0.1') + '/info', { headers: { authorization: `Bearer ${server.partnerKey}` } });
      expect(info.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it.each(['127.0.0.2', 'localhost'])('--host %s is loopback: no flag needed, no warning', async (host) => {
    const server = await spawnServe(join(tmp.dir, `loop-${host}`), join(tmp.dir, 'config'), ['--host', host]);
    await server.stop();
    expect(server.stderr()).not.toMatch(/warning/);
  });

  it('knows loopback when it sees it', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', '::ffff:10.0.0.1', 'localhost.example.org', '']) expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe('dgw serve --partner-key', () => {
  it('warns that the key shows in ps and points to DGW_LOCAL_PARTNER_KEY', async () => {
    const server = await spawnServe(join(tmp.dir, 'flag-key'), join(tmp.dir, 'config'), ['--partner-key', 'flag-key-123456']);
    try {
      expect(server.partnerKey).toBe('flag-key-123456');
      await waitFor(() => /^\{"warning":"--partner-key puts the key on the command line.*DGW_LOCAL_PARTNER_KEY.*"\}$/m.test(server.stderr()), 'the warning');
    } finally {
      await server.stop();
    }
  });

  it('says nothing when the key comes from DGW_LOCAL_PARTNER_KEY', async () => {
    const server = await spawnServe(join(tmp.dir, 'env-key'), join(tmp.dir, 'config'), [], { DGW_LOCAL_PARTNER_KEY: 'env-key-1234567' });
    try {
      expect(server.partnerKey).toBe('env-key-1234567');
    } finally {
      await server.stop();
    }
    expect(server.stderr()).not.toMatch(/warning/);
  });
});
