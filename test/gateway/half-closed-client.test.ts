import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { P, useServedGateway } from './helpers.js';

// A client that sends its whole request and then half-closes its socket (shutdown of its writing
// side, as `curl` does with some proxies and many scripts do on purpose) still reads the answer:
// a POST it sent is either carried out and answered, never carried out in silence. While it waits
// it may get interim `102 Processing` answers (the server asking whether it still reads; see
// client-hang-up.test.ts), which HTTP clients read past.

const served = useServedGateway('dgw-half-close-');

/** Sends raw HTTP, half-closes the socket at once, and returns all the bytes the server sent back. */
function halfClosedExchange(request: string): Promise<string> {
  const { hostname, port } = new URL(served().baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true }, () => {
      socket.end(request);
    });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, 45_000);
  });
}

/** The final answer of an exchange: interim 1xx answers are skipped, as an HTTP client does. */
function finalAnswer(reply: string): string {
  return reply.replace(/^(HTTP\/1\.1 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
}

/** The body of a final answer, its chunks joined when it came chunked (a streamed run-SQL answer does). */
function bodyOf(reply: string): string {
  const head = reply.slice(0, reply.indexOf('\r\n\r\n'));
  let rest = reply.slice(head.length + 4);
  if (!/^transfer-encoding: chunked$/im.test(head)) return rest;
  let body = '';
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return body;
    body += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

function post(path: string, body: unknown): string {
  const text = JSON.stringify(body);
  return [
    `POST /api/v1${path} HTTP/1.1`,
    `Host: 127.0.0.1`,
    `Authorization: Bearer ${served().partnerKey}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(text)}`,
    '',
    text,
  ].join('\r\n');
}

describe('a client that half-closes after sending', () => {
  it('gets the answer to its POST, and what the answer says was done is there', async () => {
    const reply = finalAnswer(await halfClosedExchange(post(`${P}/queries`, { displayName: 'Half closed', inputQuery: 'SELECT 1 AS one' })));
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    const body = JSON.parse(bodyOf(reply)) as { id: string; name: string };
    expect(body.name).toBe('halfclosed');
    const back = await served().call('GET', `${P}/queries/${body.id}`);
    expect(back.status).toBe(200);
  });

  it('gets the answer to a run-SQL write, and exactly what it says happened', async () => {
    const reply = finalAnswer(await halfClosedExchange(post(`${P}/queries/execute?format=COMPACT`, { statement: 'CREATE TABLE svc.table.half AS SELECT 7 AS x' })));
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    const rows = await served().call('POST', `${P}/queries/execute?format=COMPACT`, { statement: 'SELECT x FROM svc.table.half' });
    expect(rows.body.data).toEqual([[7]]);
  });

  it('gets an error answered too', async () => {
    const reply = finalAnswer(await halfClosedExchange(post(`${P}/queries/execute`, { statement: 'SELECT * FROM nowhere' })));
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toMatch(/nowhere/);
  });

  it('waits out a statement of a second or more, then gets its answer', async () => {
    const raw = await halfClosedExchange(post(`${P}/queries/execute?format=COMPACT`, { statement: 'SELECT count(*) AS n FROM range(400000000) t(i) WHERE i % 7 = 3' }));
    expect(raw).toMatch(/^HTTP\/1\.1 102 Processing\r\n\r\n/);
    const reply = finalAnswer(raw);
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect((JSON.parse(bodyOf(reply)) as { data: unknown }).data).toEqual([['57142857']]);
  });
});
