import { afterAll, describe, expect, it } from 'vitest';
import { useBareServer } from './support/bare-server.js';
import { runAsBinaryWould } from './support/in-process.js';
import { tempDir } from './support/dgw.js';

// The document gives most error answers as `*/*`: the vendor's `{errorCode, message}` sent as text/plain (or with no type) is still read for its message.

const tmp = tempDir('dgw-error-body-type-');
const { baseUrl } = useBareServer((req, res) => {
  req.resume();
  if (req.url?.includes('huge')) return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'x'.repeat(200_000) }));
  if (req.url?.includes('longtext')) return void res.writeHead(400, { 'content-type': 'text/plain' }).end(`request rejected by the gateway: ${'y'.repeat(3000)}`);
  res.writeHead(400, req.url?.includes('typeless') ? {} : { 'content-type': 'text/plain' });
  res.end(JSON.stringify({ errorCode: 1001, message: 'Catalog not found' }));
});
afterAll(() => tmp.remove());

describe('an error body in the vendor shape without a JSON content type', () => {
  it.each(['text/plain', 'typeless'])('catalog list says its message (%s)', async (kind) => {
    const r = await runAsBinaryWould(['catalog', 'list'], {
      env: { DGW_CONFIG_DIR: tmp.dir, DGW_API_KEY: 'error-type-key-1234', DGW_BASE_URL: `${baseUrl()}/${kind}`, DGW_PROJECT: 'p1' },
    });
    expect(r.stderr).toBe('error: Catalog not found (HTTP 400)\n');
    expect(r.code).toBe(6);
  });
});

describe('a huge error message', () => {
  it('a JSON message of 200,000 characters is cut at 2,000 (the local gateway\'s own faults run to 600 and must stay whole)', async () => {
    const r = await runAsBinaryWould(['catalog', 'list'], { env: { DGW_CONFIG_DIR: tmp.dir, DGW_API_KEY: 'error-type-key-1234', DGW_BASE_URL: `${baseUrl()}/huge`, DGW_PROJECT: 'p1' } });
    expect(r.stderr).toBe(`error: ${'x'.repeat(2000)}… (HTTP 400)\n`);
    expect(r.code).toBe(6);
  });

  it('a text (not JSON) error of 3,000 characters shows its start, cut at 2,000 as a JSON message is, not only "HTTP 400"', async () => {
    const r = await runAsBinaryWould(['catalog', 'list'], { env: { DGW_CONFIG_DIR: tmp.dir, DGW_API_KEY: 'error-type-key-1234', DGW_BASE_URL: `${baseUrl()}/longtext`, DGW_PROJECT: 'p1' } });
    expect(r.stderr).toBe(`error: ${`request rejected by the gateway: ${'y'.repeat(3000)}`.slice(0, 2000)}… (HTTP 400)\n`);
    expect(r.code).toBe(6);
  });
});
