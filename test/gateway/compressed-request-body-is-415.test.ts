import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGateway, P, type TestGateway } from './helpers.js';

// A body sent with Content-Encoding: gzip was answered 400 "the request body is not UTF-8 text":
// the gateway read the compressed bytes as the body. It takes uncompressed bodies only, and says so
// with a 415, as it answers a body of another Content-Type.

let g: TestGateway;
beforeAll(async () => {
  g = await openGateway();
});
afterAll(async () => {
  await g.close();
});

const query = JSON.stringify({ displayName: 'Sent gzipped', inputQuery: 'SELECT 1 AS x' });

async function post(path: string, body: Uint8Array<ArrayBuffer> | string, headers: Record<string, string>) {
  const res = await g.app.request(`/api/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${g.partnerKey}`, ...headers }, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('a request body with a Content-Encoding', () => {
  it('gzip is 415 naming the encoding, in the body every 415 has, and nothing is made', async () => {
    const r = await post(`${P}/queries`, gzipSync(query), { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(r.status).toBe(415);
    expect(r.body).toEqual({ errorCode: 'UNSUPPORTED_MEDIA_TYPE', message: 'the request body is sent with Content-Encoding: gzip, which the local gateway does not take; send it uncompressed (identity)' });
    const typed = await post(`${P}/queries`, query, { 'content-type': 'text/plain' });
    expect(Object.keys(typed.body).sort()).toEqual(Object.keys(r.body).sort());
    const listed = await g.call('GET', `${P}/queries`);
    expect(listed.text).not.toContain('Sent gzipped');
  });

  it('a CSV import sent compressed is 415 too', async () => {
    const r = await post(`${P}/table/gz/import`, gzipSync('a\n1\n'), { 'content-type': 'multipart/form-data; boundary=x', 'content-encoding': 'gzip' });
    expect(r.status).toBe(415);
    expect(r.body.message).toContain('Content-Encoding: gzip');
  });

  it('identity is the body as sent', async () => {
    const r = await post(`${P}/queries`, query, { 'content-type': 'application/json', 'content-encoding': 'identity' });
    expect(r.status).toBe(200);
    expect(r.body.displayName).toBe('Sent gzipped');
  });
});
