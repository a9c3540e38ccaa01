import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { useBareServer } from './support/bare-server.js';
import { runDgw, tempDir } from './support/dgw.js';

// dgw sql reads a remote run-SQL answer from the response's body stream as it arrives. --timeout
// bounds the wait for the answer to begin, and after that each silence while rows arrive, never
// the answer as a whole: a slow but steady answer is read to its end, one that stops mid-way is
// exit 9 after the rows that came, and one that never begins is exit 9 too. A server that answers
// with an error before any row is read as for any request.

const tmp = tempDir('dgw-sql-remote-');
type Script = (res: http.ServerResponse) => void;
let script: Script = (res) => res.end();
const { baseUrl } = useBareServer((req, res) => {
  req.resume();
  req.on('end', () => script(res));
});
afterAll(() => tmp.remove());

/** dgw sql with --timeout `timeout` (1 s unless given; a case a busy machine must not reach waits longer). */
const sql = (timeout = '1s') =>
  runDgw(['sql', 'SELECT n FROM t', '--timeout', timeout], { env: { DGW_BASE_URL: baseUrl(), DGW_API_KEY: 'k-remote', DGW_PROJECT: 'p1', DGW_CONFIG_DIR: tmp.dir }, timeoutMs: 60_000 });
const head = '{"columns":[{"catalogName":null,"schemaName":null,"tableName":null,"columnName":"n"}],"data":[';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a remote run-SQL answer read as it arrives', () => {
  it('a slow but steady answer is read to its end, though it takes far longer than --timeout', async () => {
    script = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(head);
      void (async () => {
        // 8 s in all, never silent for more than 1 s: a busy machine stretching a silence stays far under --timeout 5s.
        for (let i = 0; i < 8; i++) {
          res.write(`${i === 0 ? '' : ','}[${i}]`);
          await sleep(1000);
        }
        res.end(']}');
      })();
    };
    const started = Date.now();
    const r = await sql('5s');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('0\n1\n2\n3\n4\n5\n6\n7\n');
    expect(Date.now() - started).toBeGreaterThan(7000);
  });

  it('an answer that stops mid-way: the rows that came, then exit 9 saying it stalled', async () => {
    script = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`${head}[1],[2],`);
      // Then nothing, and the connection stays open. The rows come at once: 5 s for them to reach dgw, which a busy machine does not take.
    };
    const r = await sql('5s');
    expect(r.code, r.stderr).toBe(9);
    expect(r.stdout).toBe('1\n2\n');
    expect(r.stderr).toMatch(/stalled: no data for 5 s/);
  });

  it('an answer that never begins: exit 9, timed out, nothing printed', async () => {
    script = () => undefined;
    const r = await sql();
    expect(r.code, r.stderr).toBe(9);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/timed out after 1 s/);
  });

  it('an error before any row is the service\'s error (a 401 is exit 3); an HTML page is exit 8; a redirect is not followed', async () => {
    script = (res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end('{"message":"bad key"}');
    };
    const denied = await sql();
    expect([denied.code, denied.stdout]).toEqual([3, '']);
    expect(denied.stderr).toMatch(/bad key/);
    script = (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>login</html>');
    };
    const html = await sql();
    expect(html.code, html.stderr).toBe(8);
    expect(html.stderr).toMatch(/HTML page/);
    script = (res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' });
      res.end();
    };
    const moved = await sql();
    expect(moved.code, moved.stderr).not.toBe(0);
    expect(moved.stderr).toMatch(/dgw follows no redirect/);
  });
});
