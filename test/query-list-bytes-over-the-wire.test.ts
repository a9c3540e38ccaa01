import { Chalk } from 'chalk';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readQueries } from '../src/api/queries.js';
import { QUERY_COLUMNS, queryId } from '../src/commands/query/columns.js';
import { Output } from '../src/output/format.js';
import { useBareServer } from './support/bare-server.js';
import { tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';

// `dgw query list --json` reads a remote list however its bytes were cut into reads: here a server
// sends it a few bytes at a time, through characters of two, three and four bytes and through
// escapes, plain and gzipped, and with bytes that are not UTF-8. What it prints must be what
// picking every field prints (`--json id,...,folderId`) and what reading the bytes the server sent
// prints, worked out here. The local gateway's own list is printed as it came (off a terminal,
// where dgw's JSON is compact): the same bytes as picking every field.

const tmp = tempDir('dgw-list-wire-');
const ALL_FIELDS = 'id,displayName,name,inputQuery,queryType,schedule,path,folderId';

const query = (i: number, over: Record<string, unknown> = {}) => ({
  id: String(900000000000000000 + i),
  displayName: `Grüße ${i} 東京 😀 "quoted" \\ back`,
  name: `q${i}`,
  inputQuery: `SELECT ${i} AS n, 'é\u00a0\u2028' AS label\n\t-- \u0001\u001f`,
  queryType: i % 3 === 0 ? 'MATERIALIZED' : 'PLAIN',
  schedule: i % 3 === 0 ? { type: 'cron', cronExpression: '0 * * * *', timezone: 'Europe/Berlin' } : null,
  path: i % 2 ? `/área/${i}` : null,
  folderId: i % 2 ? `f-${i}` : null,
  ...over,
});

let body: Buffer = Buffer.alloc(0);
let gzip = false;
/** Say the body's length. */
let withLength = false;
/** Close the connection after this many bytes of a body whose length was said to be more. */
let cutAt: number | undefined;
/** Bytes per write: a prime, so the cuts fall everywhere in characters and escapes. */
const PIECE = 7;

const { baseUrl } = useBareServer((req, res) => {
  req.resume();
  const sent = gzip ? zlib.gzipSync(body) : body;
  res.writeHead(200, {
    'content-type': 'application/json',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    ...(withLength ? { 'content-length': String(sent.length) } : {}),
  });
  res.socket?.setNoDelay(true);
  void (async () => {
    for (let at = 0; at < (cutAt ?? sent.length); at += PIECE) {
      res.write(sent.subarray(at, Math.min(at + PIECE, cutAt ?? sent.length)));
      // A pause now and then: the client reads what has come, cut wherever the pause fell.
      if ((at / PIECE) % 50 === 0) await sleep(1);
    }
    if (cutAt === undefined) res.end();
    else res.socket?.destroy();
  })();
});
afterAll(() => tmp.remove());

/** dgw in this process: stdout decoded whole, as a pipe's reader decodes it (not write by write). */
async function inProcess(args: string[], env: Record<string, string>) {
  const r = await runAsBinaryWould(args, { env });
  return { code: r.code, stdout: r.stdoutBytes.toString('utf8'), stderr: r.stderr };
}
const dgw = (...args: string[]) => inProcess(args, { DGW_CONFIG_DIR: join(tmp.dir, 'config'), DGW_API_KEY: 'wire-key-1234', DGW_BASE_URL: baseUrl(), DGW_PROJECT: 'p1' });

/** What `query list --json` prints for `sent`: its bytes read as UTF-8, parsed, read by readQueries, written by dgw's writer. */
async function printedFrom(sent: Buffer): Promise<string> {
  let text = '';
  const out = new Output({ kind: 'json' }, { write: (c: string | Uint8Array) => (text += String(c)) }, { write: () => true }, new Chalk({ level: 0 }));
  await out.list(readQueries(JSON.parse(sent.toString('utf8'))), QUERY_COLUMNS, queryId);
  return text;
}

async function bothWays(): Promise<string> {
  const whole = await dgw('query', 'list', '--json');
  expect(whole.code, whole.stderr).toBe(0);
  const picked = await dgw('query', 'list', '--json', ALL_FIELDS);
  expect(picked.code, picked.stderr).toBe(0);
  expect(whole.stdout).toBe(picked.stdout);
  expect(whole.stdout).toBe(await printedFrom(body));
  return whole.stdout;
}

describe('query list --json from bytes cut anywhere', () => {
  it('a list in readQuery\'s form, sent a few bytes at a time: plain and gzipped', async () => {
    body = Buffer.from(JSON.stringify(Array.from({ length: 60 }, (_, i) => query(i))));
    for (const g of [false, true]) {
      gzip = g;
      const out = await bothWays();
      expect(JSON.parse(out)).toHaveLength(60);
      expect(out).toContain('"displayName":"Grüße 1 東京 😀 \\"quoted\\" \\\\ back"');
    }
  });

  it('bytes that are not UTF-8, and a C1 character (which dgw escapes), are printed as reading them prints them', async () => {
    gzip = false;
    const [head, tail] = JSON.stringify([query(1, { displayName: '@' }), query(2)]).split('@');
    for (const length of [false, true]) {
      withLength = length;
      for (const raw of [Buffer.from([0xe6, 0x9d]), Buffer.from([0xff, 0x41, 0xc2]), Buffer.from('\u0085', 'utf8')]) {
        body = Buffer.concat([Buffer.from(head), raw, Buffer.from(tail)]);
        const out = await bothWays();
        expect(JSON.parse(out)).toHaveLength(2);
      }
    }
    withLength = false;
  });

  it('a body cut short of the length it was said to have is a dropped connection, not a shorter list', async () => {
    gzip = false;
    withLength = true;
    body = Buffer.from(JSON.stringify(Array.from({ length: 60 }, (_, i) => query(i))));
    cutAt = body.length - 40;
    try {
      const cut = await dgw('query', 'list', '--json');
      expect(cut.code).not.toBe(0);
      expect(cut.stdout).toBe('');
      expect(cut.stderr).toMatch(/connection dropped while reading the response/);
    } finally {
      cutAt = undefined;
      withLength = false;
    }
  });
});

describe('query list --json in-process', () => {
  it('the gateway\'s own list, printed as it came, prints as picking every field prints it; one with a DEL character is read the usual way', async () => {
    const env = { DGW_ZONE: 'local', DGW_LOCAL_DIR: join(tmp.dir, 'data'), DGW_CONFIG_DIR: join(tmp.dir, 'config-local'), DGW_PROJECT: 'demo' };
    const local = (...args: string[]) => inProcess(args, env);
    for (const [name, sql] of [['Grüße 東京 😀', "SELECT 'é\u2028' AS x"], ['quote "q" and back\\slash', 'SELECT 1 AS one'], ['del', "SELECT 'a\u007fb' AS d"]]) {
      const made = await local('query', 'create', name, '--sql', sql);
      expect(made.code, made.stderr).toBe(0);
    }
    const whole = await local('query', 'list', '--json');
    const picked = await local('query', 'list', '--json', ALL_FIELDS);
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout).toBe(picked.stdout);
    expect(whole.stdout).toContain('Grüße 東京 😀');
    expect(whole.stdout).toContain("a\\u007fb");
  });
});
