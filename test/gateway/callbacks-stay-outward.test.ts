import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordingServer } from '../support/recording-server.js';
import { openGateway, tempDir, type TestGateway } from './helpers.js';

// A metadata refresh callback makes the gateway post to a URL its caller chose. While the gateway
// takes requests from other machines (dgw serve --allow-remote), that URL may not be this machine
// or its private network: a caller could otherwise make it post to services only it can reach, and
// read from the refresh's message which ports are open.

describe('callbacks of a gateway that takes requests from other machines', () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await openGateway({ remoteClients: true });
  });
  afterAll(() => g.close());

  it.each(['http://127.0.0.1:1/admin', 'http://localhost:8080/x', 'http://[::1]:9/x', 'http://10.1.2.3/x', 'http://192.168.0.7/x', 'http://169.254.169.254/latest', 'http://[::ffff:127.0.0.1]/x'])('%s is refused, on refresh and as the standing callback', async (url) => {
    for (const [path, body] of [['/metadata/demo/refresh', { catalogId: '1', callbackURL: url }], ['/metadata/demo/refresh/callback', { callbackURL: url }]] as const) {
      const r = await g.call('POST', path, { key: g.demoKey, body });
      expect(r.status, r.text).toBe(400);
      expect(r.body.message).toContain('reaches this machine or its private network');
    }
  });

  it('a public address is taken', async () => {
    const r = await g.call('POST', '/metadata/demo/refresh/callback', { key: g.demoKey, body: { callbackURL: 'https://203.0.113.9/hook' } });
    expect(r.status, r.text).toBe(200);
  });
});

describe('callbacks of a gateway on loopback only', () => {
  it('may reach this machine: a local receiver is how a callback is tried out', async () => {
    const g = await openGateway();
    try {
      const r = await g.call('POST', '/metadata/demo/refresh/callback', { key: g.demoKey, body: { callbackURL: 'http://127.0.0.1:1/hook' } });
      expect(r.status, r.text).toBe(200);
    } finally {
      await g.close();
    }
  });
});

describe('a standing callback that reaches inward by the time it is called', () => {
  // Set while the gateway took local requests only, then served to other machines; or a name that
  // resolved outward when set and inward now (a rebinding name, here `localhost`): the address is
  // judged as the callback is called, and the receiver on this machine hears nothing.
  it.each(['127.0.0.1', 'localhost'])('http://%s:PORT is not called once the gateway takes requests from other machines', async (host) => {
    const receiver = await new RecordingServer().start();
    receiver.on('POST', '/hook', { json: {} });
    const heard = () => receiver.requests.map((r) => `${r.method} ${r.path}`);
    const url = `${receiver.baseUrl.replace('127.0.0.1', host)}/hook`;
    const { dir, remove } = tempDir();
    try {
      const local = await openGateway({ dataDir: dir });
      expect((await local.call('POST', '/metadata/demo/refresh/callback', { key: local.demoKey, body: { callbackURL: url } })).status).toBe(200);
      await refreshed(local);
      expect(heard()).toEqual(['POST /hook']);
      await local.close();

      const served = await openGateway({ dataDir: dir, remoteClients: true });
      try {
        const ended = await refreshed(served);
        expect(heard()).toEqual(['POST /hook']);
        expect(ended.message).toContain(`the callback to http://${host}:`);
        expect(ended.message).toContain('reaches this machine or its private network (127.0.0.1)');
      } finally {
        await served.close();
      }
    } finally {
      await receiver.close();
      remove();
    }
  });
});

/** Refreshes catalog 1 and answers its status once the refresh (and its callback) ended. */
async function refreshed(g: TestGateway): Promise<{ status: string; message: string | null }> {
  expect((await g.call('POST', '/metadata/demo/refresh', { key: g.demoKey, body: { catalogId: '1' } })).status).toBe(200);
  for (;;) {
    const r = await g.call('GET', '/metadata/demo/refresh/1', { key: g.demoKey });
    if (r.body.status !== 'ACTIVE') return r.body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
