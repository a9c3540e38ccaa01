import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgw, tempDir } from './support/dgw.js';

// A service whose TLS certificate Node does not trust (self-signed here, as behind a company's own
// certificate authority): dgw says so, with what to do (NODE_EXTRA_CA_CERTS), exit 9, and does not
// knock again (a certificate does not change between tries). Trusted through NODE_EXTRA_CA_CERTS,
// the same service answers.

/** openssl makes the test's certificate; .ci/run installs it where it is missing. */
const OPENSSL = spawnSync('openssl', ['version']).status === 0;
const tmp = tempDir('dgw-tls-');
let server: https.Server;
let baseUrl = '';
let handshakes = 0;
const cert = path.join(tmp.dir, 'cert.pem');

beforeAll(async () => {
  if (!OPENSSL) return;
  const key = path.join(tmp.dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([{ id: 'c1', name: 'sales', catalogType: 'POSTGRES' }]));
  });
  server.on('connection', () => (handshakes += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  tmp.remove();
});

const dgw = (env: Record<string, string> = {}) =>
  runDgw(['catalog', 'list', '--json'], { env: { DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_API_KEY: 'tls-key-12345678', DGW_BASE_URL: baseUrl, DGW_PROJECT: 'p1', ...env } });

describe.skipIf(!OPENSSL)(`a service whose certificate Node does not trust${OPENSSL ? '' : ' (skipped: no openssl to make one)'}`, () => {
  it('is exit 9 naming the certificate and NODE_EXTRA_CA_CERTS, after one try', async () => {
    handshakes = 0;
    const r = await dgw();
    expect(r.code, r.stderr).toBe(9);
    const { error } = JSON.parse(r.stderr) as { error: { kind: string; message: string; hint: string } };
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/^cannot reach 127\.0\.0\.1:\d+: its TLS certificate is self-signed \(DEPTH_ZERO_SELF_SIGNED_CERT\)$/);
    expect(error.hint).toContain('NODE_EXTRA_CA_CERTS');
    expect(handshakes).toBe(1);
  });

  it('answers once NODE_EXTRA_CA_CERTS names the certificate', async () => {
    const r = await dgw({ NODE_EXTRA_CA_CERTS: cert });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining({ name: 'sales' })]);
  });
});
