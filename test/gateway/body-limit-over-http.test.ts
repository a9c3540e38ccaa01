import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../../src/gateway/app.js';
import { Gateway } from '../../src/gateway/gateway.js';
import { P } from './helpers.js';

// The body limit over a real socket: a Content-Length over the limit is refused from the header,
// and a chunked body (no length) is counted as it arrives, so neither gets past 413.

const LIMIT = 4096;
let gateway: Gateway;
let server: ServerType;
let port: number;

beforeAll(async () => {
  gateway = await Gateway.open();
  const app = createGatewayApp(gateway, { maxBodyBytes: LIMIT });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await gateway.close();
});

function post(path: string, body: string, chunked: boolean): Promise<{ status: number; body: { errorCode?: string; displayName?: string } }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { authorization: `Bearer ${gateway.keys.partnerKey}`, 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = Buffer.byteLength(body);
    const req = http.request({ host: '127.0.0.1', port, path: `/api/v1${path}`, method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    if (chunked) {
      // Several writes without a length: Node sends them chunked.
      for (let i = 0; i < body.length; i += 1000) req.write(body.slice(i, i + 1000));
      req.end();
    } else {
      req.end(body);
    }
  });
}

const query = (sqlPadding: number, name: string) => JSON.stringify({ displayName: name, inputQuery: `SELECT '${'x'.repeat(sqlPadding)}' AS pad` });

describe('request bodies over a real socket', () => {
  it('refuses a Content-Length over the limit with 413', async () => {
    const r = await post(`${P}/queries`, query(LIMIT, 'too big sized'), false);
    expect(r).toMatchObject({ status: 413, body: { errorCode: 'PAYLOAD_TOO_LARGE' } });
  });

  it('refuses a chunked body over the limit with 413', async () => {
    const r = await post(`${P}/queries`, query(LIMIT, 'too big chunked'), true);
    expect(r).toMatchObject({ status: 413, body: { errorCode: 'PAYLOAD_TOO_LARGE' } });
  });

  it('reads bodies under the limit, sized or chunked', async () => {
    expect(await post(`${P}/queries`, query(2000, 'fits sized'), false)).toMatchObject({ status: 200, body: { displayName: 'fits sized' } });
    expect(await post(`${P}/queries`, query(2000, 'fits chunked'), true)).toMatchObject({ status: 200, body: { displayName: 'fits chunked' } });
  });
});
