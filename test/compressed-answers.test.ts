import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useBareServer } from './support/bare-server.js';
import { runDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// A service (or the proxy in front of it) may compress its answers: dgw asks for gzip and deflate,
// as Node's fetch did, and reads gzip, deflate and br, in whole answers and in answers read as they
// arrive (run SQL's rows). An answer that does not decode is the service's failure (exit 8), named.

const tmp = tempDir('dgw-compressed-');
const catalogs = [{ id: 'c1', name: 'sales', displayName: 'Sales', catalogType: 'internal', connectionId: null }];
const rows = { columns: [{ catalogName: null, schemaName: null, tableName: null, columnName: 'n' }], data: [[1], [2], [3]] };
/** A list whose decoded bytes (about 1.5 MB) are several of the decoders' pieces (256 KB), with characters of two to four bytes to cut through. */
const manyQueries = Array.from({ length: 5000 }, (_, i) => ({
  id: String(700000000000000000 + i),
  displayName: `Größe ${i} 東京 😀`,
  name: `q${i}`,
  inputQuery: `SELECT ${i} AS n, 'ünïcödé ${'x'.repeat(i % 97)}' AS label`,
  queryType: 'PLAIN',
  schedule: null,
  path: null,
  folderId: null,
}));
let coding = 'gzip';
const acceptEncodings: Array<string | undefined> = [];
const userAgents: Array<string | undefined> = [];

function encode(text: string): Buffer {
  const raw = Buffer.from(text);
  if (coding === 'gzip') return zlib.gzipSync(raw);
  if (coding === 'deflate') return zlib.deflateSync(raw);
  // Quality 4: the default (11) takes seconds over the long list.
  if (coding === 'br') return zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  if (coding === 'damaged gzip') return Buffer.concat([zlib.gzipSync(raw).subarray(0, 12), Buffer.from('not gzip at all')]);
  return raw;
}

const { baseUrl } = useBareServer((req, res) => {
  acceptEncodings.push(req.headers['accept-encoding']);
  userAgents.push(req.headers['user-agent']);
  req.resume();
  const sql = req.url?.includes('/queries/execute');
  const list = !sql && req.url?.includes('/queries');
  const body = encode(JSON.stringify(sql ? rows : list ? manyQueries : catalogs));
  const header = coding === 'damaged gzip' ? 'gzip' : coding;
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': header, ...(sql ? {} : { 'content-length': String(body.length) }) });
  res.end(body);
});
afterAll(() => tmp.remove());

const env = () => ({ DGW_CONFIG_DIR: tmp.dir, DGW_API_KEY: 'compressed-key-1234', DGW_BASE_URL: baseUrl(), DGW_PROJECT: 'p1' });
// In-process: what is tested is the HTTP layer reading what the server sent, not a process of its own.
const dgw = (args: string[]) => runAsBinaryWould(args, { env: env() });

describe('who asks', () => {
  it('every request names dgw, its version and Node as its user agent', async () => {
    coding = 'identity';
    userAgents.length = 0;
    // Spawned: the version is the one the build writes into the binary (in-process it is 0.0.0-dev).
    expect((await runDgw(['catalog', 'list', '--json'], { env: env() })).code).toBe(0);
    const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
    expect(userAgents).toEqual([`dgw/${version} (node ${process.version}; ${process.platform})`]);
  });
});

describe('compressed answers', () => {
  for (const c of ['gzip', 'deflate', 'br']) {
    it(`${c}: a whole answer and one read as it arrives are read as sent`, async () => {
      coding = c;
      const list = await dgw(['catalog', 'list', '--json']);
      expect(list.code, list.stderr).toBe(0);
      expect((JSON.parse(list.stdout) as Array<{ name: string }>).map((x) => x.name)).toEqual(['sales']);
      const sql = await dgw(['sql', 'SELECT n', '--format', 'csv']);
      expect(sql.code, sql.stderr).toBe(0);
      expect(sql.stdout.trim().split('\n')).toEqual(['n', '1', '2', '3']);
    });
  }

  for (const c of ['gzip', 'deflate', 'br']) {
    it(`${c}: an answer many times a decoder's piece comes out whole and in order`, async () => {
      coding = c;
      expect(Buffer.byteLength(JSON.stringify(manyQueries))).toBeGreaterThan(4 * (256 << 10));
      const whole = await dgw(['query', 'list', '--json']);
      expect(whole.code, whole.stderr).toBe(0);
      expect(JSON.parse(whole.stdout)).toEqual(manyQueries);
      // Read the usual way (the fields picked): the same queries.
      const picked = await dgw(['query', 'list', '--json', 'id,displayName,inputQuery']);
      expect(picked.code, picked.stderr).toBe(0);
      expect(JSON.parse(picked.stdout)).toEqual(manyQueries.map(({ id, displayName, inputQuery }) => ({ id, displayName, inputQuery })));
    });
  }

  it('dgw asks for gzip and deflate', () => {
    expect(acceptEncodings.length).toBeGreaterThan(0);
    for (const a of acceptEncodings) expect(a).toBe('gzip, deflate');
  });

  it('an answer that does not decode, or in a coding dgw cannot read, is exit 8 naming the coding', async () => {
    for (const c of ['damaged gzip', 'zstd']) {
      coding = c;
      for (const args of [['catalog', 'list', '--json'], ['sql', 'SELECT n', '--json']]) {
        const r = await dgw(args);
        expect(r.code, `${c} ${args.join(' ')}: ${r.stderr}`).toBe(8);
        expect(JSON.parse(r.stderr).error.message).toMatch(c === 'zstd' ? /Content-Encoding: zstd/ : /Content-Encoding: gzip/);
      }
    }
  });
});
