import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, type TestGateway } from './helpers.js';

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
