import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDgwInTerminal, startDgw, tempDir } from './support/dgw.js';
import { runAsBinaryWould } from './support/in-process.js';
import { localCli } from './support/local-cli.js';
import { RecordingServer } from './support/recording-server.js';

// `dgw ask` against a server of the test's own that streams the agent's answer as server-sent
// events, in pieces (the document's chatStream: text/event-stream, each event's data an object),
// and holds the stream open where a test needs to stop it mid-way.

const tmp = tempDir('dgw-ask-');
const asked: Array<{ body: unknown; accept: string | undefined }> = [];
/** Lets a held stream end (the Ctrl-C test never calls it: dgw goes first). */
let release = () => {};
/** Streams that fell silent, ended after the tests. */
const held: http.ServerResponse[] = [];
let server: http.Server;
let baseUrl = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { message: string; threadId?: string };
      asked.push({ body: parsed, accept: req.headers.accept });
      if (parsed.message === 'html') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (parsed.message === 'nothing') {
        // Only comments (keep-alives): a stream that says nothing.
        res.end(': keep-alive\n\n');
        return;
      }
      if (parsed.message === 'silent') {
        res.write('data: {"delta":"partial"}\n\n');
        held.push(res);
        return;
      }
      if (parsed.message === 'cut') {
        res.write('data: {"delta":"partial answer"}\n\n', () => res.socket?.destroy());
        return;
      }
      if (parsed.message === 'plain') {
        // Keep-alives and end markers of other events, and an OpenAI-style end: none is answer text.
        res.end('data: {"delta":"col1\\tcol2\\r\\nrow","threadId":"th-7"}\n\nevent: ping\ndata: keepalive\n\nevent: end\ndata: [DONE]\n\ndata: [DONE]\n\n');
        return;
      }
      const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      send('metadata', { threadId: parsed.threadId ?? 'th-1' });
      if (parsed.message === 'plain fail') {
        res.end('data: {"delta":"Hal"}\n\nevent: error\ndata: quota exceeded for this month\n\n');
        return;
      }
      if (parsed.message === 'fail') {
        send('error', { message: 'the model is overloaded' });
        res.end();
        return;
      }
      send('messages', { delta: 'Alice ' });
      if (parsed.message === 'hold') {
        release = () => res.end();
        return;
      }
      // A comment line, and a piece split across two writes: both are part of the format.
      res.write(': keep-alive\n\n');
      res.write('event: messages\nda');
      res.write('ta: {"delta":"ordered most."}\n\n');
      send('updates', { sql: 'SELECT customer_id, count(*) AS n FROM svc.table.orders GROUP BY 1', tables: [{ catalogName: 'svc', schemaName: 'table', tableName: 'orders' }] });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  release();
  for (const res of held) res.end();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  tmp.remove();
});

const env = () => ({ DGW_CONFIG_DIR: path.join(tmp.dir, 'config'), DGW_BASE_URL: baseUrl, DGW_API_KEY: 'test-key', DGW_PROJECT: 'p1' });

describe('dgw ask', () => {
  it('in a pipe: the answer as it streams, the thread on stderr; the request is the document\'s', async () => {
    asked.length = 0;
    const r = await runAsBinaryWould(['ask', 'Who ordered most?'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('Alice ordered most.\n');
    expect(r.stderr).toContain('thread th-1: continue with `dgw ask "..." --thread th-1`');
    expect(asked).toEqual([{ body: { message: 'Who ordered most?' }, accept: 'text/event-stream' }]);
  });

  it('--json: the whole exchange, the SQL and tables the agent used, every event', async () => {
    const r = await runAsBinaryWould(['ask', 'Who ordered most?', '--thread', 'th-9', '--no-execute', '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const exchange = JSON.parse(r.stdout);
    expect(exchange).toMatchObject({
      question: 'Who ordered most?',
      threadId: 'th-9',
      answer: 'Alice ordered most.',
      sql: ['SELECT customer_id, count(*) AS n FROM svc.table.orders GROUP BY 1'],
      tables: ['svc.table.orders'],
      error: null,
    });
    expect(exchange.events.map((e: { event: string }) => e.event)).toEqual(['metadata', 'messages', 'messages', 'updates']);
    expect(asked.at(-1)!.body).toEqual({ message: 'Who ordered most?', threadId: 'th-9', noExecute: true });
  });

  it('on a terminal: the answer, then the SQL and the tables as dgw shows them', async () => {
    const r = await runDgwInTerminal(['ask', 'Who ordered most?'], { env: { ...env(), NO_COLOR: '1' } });
    expect(r.code, r.stdout).toBe(0);
    const text = r.stdout.replace(/\r/g, '');
    expect(text).toContain('Alice ordered most.\nSQL:\nSELECT customer_id, count(*) AS n FROM svc.table.orders GROUP BY 1\n');
    expect(text).toContain('tables: svc.table.orders');
  });

  it('an error event ends the command with exit 8, after what came before it', async () => {
    const r = await runAsBinaryWould(['ask', 'fail'], { env: env() });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain('the agent stopped: the model is overloaded');
  });

  it('an error event whose data is plain text is exit 8 with that text as the reason', async () => {
    const r = await runAsBinaryWould(['ask', 'plain fail'], { env: env() });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain('the agent stopped: quota exceeded for this month');
  });

  it('Ctrl-C mid-stream stops it: exit 130, the piece that came is printed', async () => {
    const running = startDgw(['ask', 'hold'], { env: env() });
    await running.waitForOutput('Alice');
    running.child.kill('SIGINT');
    const ended = await running.exited;
    expect(ended.code).toBe(130);
    expect(running.stdout()).toContain('Alice');
  });

  it('a 2xx answer that is no event stream (an HTML sign-in page) is the service\'s failure, exit 8, not an empty answer', async () => {
    const r = await runAsBinaryWould(['ask', 'html'], { env: env() });
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/the service answered text\/html where an event stream was expected: ".*Sign in/);
  });

  it('a stream that ends with no event at all is the service\'s failure, exit 8, not a silent success; with --json too', async () => {
    for (const args of [['ask', 'nothing'], ['ask', 'nothing', '--json']]) {
      const r = await runAsBinaryWould(args, { env: env() });
      expect(r.code, args.join(' ')).toBe(8);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('the agent answered an event stream with no event in it');
    }
  });

  it('a stream that falls silent longer than --timeout is exit 9; one cut off is exit 9, after the piece that came', async () => {
    const silent = await runAsBinaryWould(['ask', 'silent', '--timeout', '1s'], { env: env() });
    expect(silent.code, silent.stderr).toBe(9);
    expect(silent.stdout).toBe('partial\n');
    expect(silent.stderr).toMatch(/the agent's answer stalled: no data for 1 s/);
    const cut = await runAsBinaryWould(['ask', 'cut'], { env: env() });
    expect(cut.code, cut.stderr).toBe(9);
    expect(cut.stdout).toContain('partial answer');
    expect(cut.stderr).toMatch(/the agent's answer ended before it was complete/);
  });

  it('in a pipe the answer is byte for byte; other events\' text and [DONE] are no answer; -q prints the thread; the hint keeps the target', async () => {
    const piped = await runAsBinaryWould(['--project', 'p1', 'ask', 'plain'], { env: env() });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe('col1\tcol2\r\nrow\n');
    expect(piped.stderr).toContain('continue with `dgw --project p1 ask "..." --thread th-7`');
    const quiet = await runAsBinaryWould(['ask', 'plain', '-q'], { env: env() });
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).toBe('th-7\n');
  });

  it('refuses an empty question or a bad thread id before sending (exit 2)', async () => {
    const before = asked.length;
    for (const args of [['ask', ' '], ['ask', 'x', '--thread', '..'], ['ask', 'x', '--thread', '']]) {
      expect((await runAsBinaryWould(args, { env: env() })).code, args.join(' ')).toBe(2);
    }
    expect(asked.length).toBe(before);
  });
});

describe('dgw thread', () => {
  const service = new RecordingServer();
  beforeAll(() => service.start());
  afterAll(() => service.close());
  const run = (...args: string[]) => runAsBinaryWould(args, { env: { ...env(), DGW_BASE_URL: service.baseUrl } });

  it('a blank thread id (spaces) is exit 2 before sending, for ask --thread and thread get, rename and rm', async () => {
    for (const args of [['ask', 'x', '--thread', ' '], ['thread', 'get', ' '], ['thread', 'rename', '  ', 'name'], ['thread', 'rm', ' ', '--yes']]) {
      const r = await run(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/(THREAD|--thread) must not be empty/);
    }
    expect(service.requests).toEqual([]);
  });

  it('list, get, rename and rm send the document\'s requests and read open answers', async () => {
    service
      .on('GET', '/ai-agent/p1/threads', { json: { threads: [{ id: 'th-1', displayName: 'Revenue', updatedAt: '2026-11-28T10:00:00Z' }] } })
      .on('GET', '/ai-agent/p1/threads/th-1', { json: { id: 'th-1', messages: [{ role: 'user', content: 'Who?' }] } })
      .on('PUT', '/ai-agent/p1/threads/th-1', { json: { id: 'th-1', displayName: 'Top customers' } })
      .on('DELETE', '/ai-agent/p1/threads/th-1', { json: {} });
    expect(JSON.parse((await run('thread', 'list', '--json')).stdout)).toEqual([{ threadId: 'th-1', displayName: 'Revenue', updatedAt: '2026-11-28T10:00:00Z' }]);
    expect(JSON.parse((await run('thread', 'get', 'th-1', '--json')).stdout).messages).toHaveLength(1);
    expect(JSON.parse((await run('thread', 'rename', 'th-1', 'Top customers', '--json')).stdout)).toEqual({ threadId: 'th-1', displayName: 'Top customers', updatedAt: null });
    expect(service.requests.find((q) => q.method === 'PUT')!.json).toEqual({ displayName: 'Top customers' });
    expect(JSON.parse((await run('thread', 'rm', 'th-1', '--yes', '--json')).stdout)).toEqual({ threadId: 'th-1', deleted: true });
  });
});

describe.each(['spec', 'hosted'])('the local gateway has no agent (%s shape)', (shape) => {
  const { run } = localCli(tmp.dir, shape);
  it('ask and thread list exit 15, naming the operation and why', async () => {
    for (const [args, op] of [[['ask', 'Who?'], 'chatStream'], [['thread', 'list'], 'listThreads']] as const) {
      const r = await run(...args);
      expect(r.code, args.join(' ')).toBe(15);
      expect(r.stderr).toContain(op);
      expect(r.stderr).toContain('needs a language model');
    }
  });
});

describe('dgw ask --no-stream', () => {
  const service = new RecordingServer();
  beforeAll(() => service.start());
  afterAll(() => service.close());

  it('sends the chat operation and reads the whole answer as one event: in a pipe the answer, with --json the exchange', async () => {
    const answer = { threadId: 'th-4', answer: 'Bob ordered most.', sql: 'SELECT 1', tables: ['svc.table.orders'] };
    service.on('POST', '/ai-agent/p1/chat', { json: answer });
    const runs = (...args: string[]) => runAsBinaryWould(['ask', 'Who ordered most?', '--no-stream', ...args], { env: { ...env(), DGW_BASE_URL: service.baseUrl } });
    const piped = await runs();
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe('Bob ordered most.\n');
    expect(piped.stderr).toContain('--thread th-4');
    const json = JSON.parse((await runs('--no-execute', '--json')).stdout);
    expect(json).toMatchObject({ answer: 'Bob ordered most.', sql: ['SELECT 1'], tables: ['svc.table.orders'], threadId: 'th-4', events: [{ event: 'message', data: answer }] });
    expect(service.requests.map((q) => [q.method, q.path, q.json])).toEqual([
      ['POST', '/ai-agent/p1/chat', { message: 'Who ordered most?' }],
      ['POST', '/ai-agent/p1/chat', { message: 'Who ordered most?', noExecute: true }],
    ]);
  });
});

describe('dgw agent workflow', () => {
  // Every byte value, so a text decoding anywhere on the way would show.
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);
  let imageServer: http.Server;
  let imageMode: 'png' | 'json' | 'cut' = 'png';
  let imageUrl = '';
  beforeAll(async () => {
    imageServer = http.createServer((req, res) => {
      if (req.method !== 'GET' || req.url !== '/api/v1/ai-agent/workflow/png') {
        res.writeHead(404).end();
        return;
      }
      if (imageMode === 'json') res.writeHead(200, { 'content-type': 'application/json' }).end('{"errorCode":500,"message":"renderer down"}');
      else if (imageMode === 'cut') res.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' }).write(png.subarray(0, 100), () => res.socket?.destroy());
      else res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
    imageUrl = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => imageServer.close(resolve));
  });
  const run = (args: string[], options: { cwd?: string } = {}) => runAsBinaryWould(['agent', 'workflow', ...args], { env: { ...env(), DGW_BASE_URL: imageUrl }, ...options });

  it('-o writes the image byte for byte; a pipe gets the bytes; a terminal is refused before anything is sent', async () => {
    const written = await run(['-o', 'workflow.png'], { cwd: tmp.dir });
    expect(written.code, written.stderr).toBe(0);
    expect(fs.readFileSync(path.join(tmp.dir, 'workflow.png')).equals(png)).toBe(true);
    expect(fs.readdirSync(tmp.dir).filter((f) => f.startsWith('.workflow.png'))).toEqual([]);
    const piped = await run([]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdoutBytes.equals(png)).toBe(true);
    const terminal = await runDgwInTerminal(['agent', 'workflow'], { env: { ...env(), DGW_BASE_URL: 'http://127.0.0.1:9/api/v1' } });
    expect(terminal.code).toBe(2);
    expect(terminal.stdout).toContain('the workflow is a PNG image: give -o FILE');
  });

  it('--debug traces the image as its size, not its bytes: stderr stays text, the file is whole', async () => {
    const traced = await run(['-o', 'traced.png', '--debug'], { cwd: tmp.dir });
    expect(traced.code, traced.stderr).toBe(0);
    expect(traced.stderr).toContain(`(${png.length} bytes of image/png, not shown)`);
    expect(traced.stderr).not.toContain('PNG');
    expect(traced.stderr).not.toContain('\u0000');
    expect(fs.readFileSync(path.join(tmp.dir, 'traced.png')).equals(png)).toBe(true);
  });

  it('an empty -o (an unset variable) is exit 2 saying it is empty, not " is a folder"', async () => {
    const r = await run(['-o', ''], { cwd: tmp.dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('-o is empty (an unset variable?); name a file, or - for stdout');
  });

  it('--json is refused: it prints no JSON (exit 2)', async () => {
    expect((await run(['-o', 'x.png', '--json'], { cwd: tmp.dir })).code).toBe(2);
  });

  it('an answer that is no PNG is exit 8 and one cut off exit 9, and neither leaves a file', async () => {
    try {
      imageMode = 'json';
      const json = await run(['-o', 'bad.png'], { cwd: tmp.dir });
      expect(json.code, json.stderr).toBe(8);
      expect(json.stderr).toMatch(/not a PNG image/);
      imageMode = 'cut';
      const cut = await run(['-o', 'bad.png'], { cwd: tmp.dir });
      expect(cut.code, cut.stderr).toBe(9);
      expect(fs.existsSync(path.join(tmp.dir, 'bad.png'))).toBe(false);
    } finally {
      imageMode = 'png';
    }
  });
});
