import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useBareServer } from './support/bare-server.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// An export is saved as the job describes it, whatever Content-Encoding its download link is
// served with. An object store serves a .gz file it was given with `Content-Encoding: gzip` as its
// metadata (S3 does, whatever the request accepts): those bytes are the export's file and are kept
// as they came. A plain export a server compressed on the way is decoded. Each case is a job the
// server below describes, read by `dgw export get ID -o FILE` from a real node:http server.

const csv = 'id,name\n1,"Smith, Jo"\n2,Bo\n';
const gzipFile = zlib.gzipSync(Buffer.from(csv));

interface Served {
  compression: 'GZIP' | 'NONE';
  name: string;
  body: Buffer;
  contentEncoding?: string;
}
const cases: Record<string, Served> = {
  'gz-plain': { compression: 'GZIP', name: 'part-1.csv.gz', body: gzipFile },
  'gz-encoded': { compression: 'GZIP', name: 'part-1.csv.gz', body: gzipFile, contentEncoding: 'gzip' },
  'gz-br-on-top': { compression: 'GZIP', name: 'part-1.csv.gz', body: zlib.brotliCompressSync(gzipFile), contentEncoding: 'gzip, br' },
  'csv-encoded': { compression: 'NONE', name: 'part-1.csv', body: zlib.gzipSync(Buffer.from(csv)), contentEncoding: 'gzip' },
  'csv-deflated': { compression: 'NONE', name: 'part-1.csv', body: zlib.deflateSync(Buffer.from(csv)), contentEncoding: 'deflate' },
};
const downloadAccepts: Record<string, string | undefined> = {};

const { baseUrl } = useBareServer((req, res) => {
  req.resume();
  const url = new URL(req.url ?? '/', 'http://x');
  const job = /\/exports\/([\w-]+)$/.exec(url.pathname);
  if (job && cases[job[1]]) {
    const c = cases[job[1]];
    const link = `${baseUrl().replace('/api/v1', '')}/store/${job[1]}/${c.name}?X-Signature=s`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: job[1], status: 'SUCCEEDED', format: 'CSV', compression: c.compression, downloadable: true, files: [{ name: c.name, url: link, bytes: c.body.length }] }));
    return;
  }
  const file = /^\/store\/([\w-]+)\//.exec(url.pathname);
  if (file && cases[file[1]]) {
    const c = cases[file[1]];
    downloadAccepts[file[1]] = req.headers['accept-encoding'];
    res.writeHead(200, { 'content-type': c.compression === 'GZIP' ? 'application/gzip' : 'text/csv', 'content-length': String(c.body.length), ...(c.contentEncoding ? { 'content-encoding': c.contentEncoding } : {}) });
    res.end(c.body);
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end('{"message":"not found"}');
});

const tmp = tempDir('dgw-download-coding-');
afterAll(() => tmp.remove());
const dgw = (args: string[]) => runAsBinaryWould(args, { env: { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_API_KEY: 'coding-key-1234', DGW_BASE_URL: baseUrl(), DGW_PROJECT: 'p1' } });

async function download(id: string, name: string): Promise<Buffer> {
  const out = join(tmp.dir, name);
  const r = await dgw(['export', 'get', id, '-o', out]);
  expect(r.code, r.stderr).toBe(0);
  return readFileSync(out);
}

describe('a gzip export is saved as the gzip file, however its link serves it', () => {
  it('served with and without Content-Encoding: gzip, the saved file is the same gzip file', async () => {
    const plain = await download('gz-plain', 'a.csv.gz');
    const encoded = await download('gz-encoded', 'b.csv.gz');
    expect(plain.equals(gzipFile)).toBe(true);
    expect(encoded.equals(gzipFile)).toBe(true);
    expect(zlib.gunzipSync(encoded).toString()).toBe(csv);
  });

  it('a coding applied on top of the gzip file (br after gzip) is undone, down to the file', async () => {
    expect((await download('gz-br-on-top', 'c.csv.gz')).equals(gzipFile)).toBe(true);
  });

  it('asks for the file as stored (gzip), so a store that would decompress it for the client does not', async () => {
    expect(downloadAccepts['gz-encoded']).toBe('gzip');
  });
});

describe('a plain export served compressed is saved plain', () => {
  it('gzip and deflate on the way are decoded', async () => {
    expect((await download('csv-encoded', 'd.csv')).toString()).toBe(csv);
    expect((await download('csv-deflated', 'e.csv')).toString()).toBe(csv);
  });
});
