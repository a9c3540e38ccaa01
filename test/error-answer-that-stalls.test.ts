import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';

// A service that answers an error's head and then sends nothing more (a proxy that died mid-answer,
// a stuck worker): the command reports the status within --timeout instead of waiting forever.

const tmp = tempDir('dgw-stalled-error-');
let server: http.Server;
let baseUrl = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    // The head, the first bytes of the body it announces, and then silence.
    res.writeHead(503, { 'content-type': 'application/json', 'content-length': '200' });
    res.write('{"message":"overl');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  tmp.remove();
});

describe('an error answer whose body stalls', () => {
  it('dgw sql (an answer read as it arrives) reports the status after --timeout, not never', async () => {
    const started = Date.now();
    const r = await runDgw(['--timeout', '1s', 'sql', 'SELECT 1', '--json'], {
      env: { DGW_CONFIG_DIR: tmp.dir, DGW_API_KEY: 'stall-test-key-1234', DGW_BASE_URL: baseUrl, DGW_PROJECT: 'p1' },
      timeoutMs: 15_000,
    });
    expect(r.code, r.stderr).toBe(8);
    expect(JSON.parse(r.stderr).error.status).toBe(503);
    // A POST is not retried: one wait of 1 s for the body, and the command ends.
    expect(Date.now() - started).toBeLessThan(8000);
  }, 20_000);
});
