import http from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/gateway/server.js';
import { tempDir } from '../support/dgw.js';
import { runAsBinaryWould } from '../support/in-process.js';

// dgw serve gzips a whole answer of 1 MiB or more when the client accepts gzip (dgw's HTTP layer
// and fetch do), and sends it as it is otherwise: the bytes a client reads are the same either way.

const tmp = tempDir('dgw-gzip-');
afterAll(() => tmp.remove());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

describe('large answers of dgw serve', () => {
  let server: RunningServer;
  const get = (p: string, headers: Record<string, string> = {}): Promise<Raw> =>
    new Promise((resolve, reject) => {
      const req = http.get(`${server.baseUrl}${p}`, { headers: { authorization: `Bearer ${server.partnerKey}`, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  const create = async (i: number) => {
    const res = await fetch(`${server.baseUrl}/data/projects/demo/queries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.partnerKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: `Long query ${i}`, inputQuery: `SELECT ${i} AS n -- ${'padding '.repeat(1200)}` }),
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startServer({ dataDir: path.join(tmp.dir, 'data'), port: 0 });
    // About 10 KB a query: 110 of them make a list over 1 MiB.
    for (let i = 0; i < 110; i++) await create(i);
  });
  afterAll(() => server.close());

  it('go gzipped to a client that accepts gzip, and unpack to the bytes a client without it gets', async () => {
    const plain = await get('/data/projects/demo/queries');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024 * 1024);
    const zipped = await get('/data/projects/demo/queries', { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers['content-type']).toBe(plain.headers['content-type']);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
  });

  it('follow the weights of Accept-Encoding: gzip;q=0 and identity get the answer as it is, * gets gzip', async () => {
    const coding = async (accept: string) => (await get('/data/projects/demo/queries', { 'accept-encoding': accept })).headers['content-encoding'];
    expect(await coding('gzip;q=0')).toBeUndefined();
    expect(await coding('identity')).toBeUndefined();
    expect(await coding('*, gzip;q=0')).toBeUndefined();
    expect(await coding('br;q=1, gzip;q=0.5')).toBe('gzip');
    expect(await coding('*;q=0.3')).toBe('gzip');
  });

  it('small answers go as they are', async () => {
    const catalogs = await get('/data/projects/demo/catalogs', { 'accept-encoding': 'gzip' });
    expect(catalogs.status).toBe(200);
    expect(catalogs.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(catalogs.body.toString('utf8'))).toBeInstanceOf(Array);
  });

  it('a change to the project is in the next gzipped list: the gzip made once goes with the list it was made of', async () => {
    const before = JSON.parse(gunzipSync((await get('/data/projects/demo/queries', { 'accept-encoding': 'gzip' })).body).toString('utf8'));
    await create(110);
    const after = JSON.parse(gunzipSync((await get('/data/projects/demo/queries', { 'accept-encoding': 'gzip' })).body).toString('utf8'));
    expect(after.length).toBe(before.length + 1);
    expect(after.map((q: { displayName: string }) => q.displayName)).toContain('Long query 110');
  });

  it('dgw reads the gzipped list and prints the same queries', async () => {
    const plain = JSON.parse((await get('/data/projects/demo/queries')).body.toString('utf8'));
    const r = await runAsBinaryWould(['query', 'list', '--json'], { env: { DGW_BASE_URL: server.baseUrl, DGW_API_KEY: server.partnerKey, DGW_PROJECT: 'demo', DGW_CONFIG_DIR: path.join(tmp.dir, 'config') } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(plain);
  });
});
