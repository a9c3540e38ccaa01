import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Transport, WireResponse } from './transport.js';

/**
 * The network transport: one request through node:http, or node:https for an https URL (loaded
 * only then). Redirects are not followed (the HTTP layer refuses them). Idle connections stay in
 * Node's keep-alive agent for the next request of the same command, without holding the process
 * open. A body given as bytes is sent as it is read, chunked, and waits while the socket is full.
 */
export const nodeTransport: Transport = (req) => {
  const url = new URL(req.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new TypeError(`unsupported protocol ${url.protocol} in ${req.url}`));
  // Not `import('node:http')`: an ES import of node:http reads all its exports, among them its
  // WebSocket, which loads Node's whole fetch library (undici).
  const { request } = url.protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
  const headers: Record<string, string> = { ...req.headers };
  if (typeof req.body === 'string') headers['content-length'] = String(Buffer.byteLength(req.body));
  return new Promise<WireResponse>((resolve, reject) => {
    const sent = request(url, { method: req.method, headers, signal: req.signal }, (res) => resolve(answer(res, req.signal)));
    sent.on('error', reject);
    if (req.body === undefined || typeof req.body === 'string') sent.end(req.body);
    else void sendStream(sent, req.body);
  });
};

/**
 * Writes `body` into the request as it is read, waiting whenever the socket is full; a body that
 * fails to read ends the request with its error (the exchange rejects with it). Once an answer
 * has come (a refusal, sent before the body was all read), the rest is not read.
 */
async function sendStream(sent: ClientRequest, body: AsyncIterable<Uint8Array>): Promise<void> {
  try {
    for await (const chunk of body) {
      if (sent.destroyed) return;
      if (!sent.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            sent.off('drain', done);
            sent.off('close', done);
            resolve();
          };
          sent.once('drain', done);
          sent.once('close', done);
        });
      }
    }
    if (!sent.destroyed) sent.end();
  } catch (error) {
    sent.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

function answer(res: IncomingMessage, signal: AbortSignal): WireResponse {
  let body: Promise<string> | undefined;
  let chunks: AsyncIterator<Buffer> | undefined;
  const cutShort = () => Object.assign(new Error('the connection closed before the response ended'), { code: 'ECONNRESET' });
  return {
    status: res.statusCode ?? 0,
    statusText: res.statusMessage ?? '',
    header(name) {
      const value = res.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
    text: () => (body ??= readAll(res, signal)),
    async read() {
      if (signal.aborted) {
        res.destroy();
        throw signal.reason;
      }
      chunks ??= (res as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
      const next = await chunks.next().catch((error: unknown) => {
        throw signal.aborted ? signal.reason : res.complete ? error : cutShort();
      });
      if (!next.done) return next.value;
      if (!res.complete) throw cutShort();
      return null;
    },
    async cancel() {
      res.destroy();
    },
  };
}

/** The whole body as UTF-8; rejects when the connection ends before it does, or on abort. */
function readAll(res: IncomingMessage, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const fail = (error: unknown) => {
      signal.removeEventListener('abort', onAbort);
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onAbort = () => {
      res.destroy();
      fail(signal.reason);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', fail);
    res.on('aborted', () => fail(Object.assign(new Error('the connection closed before the response ended'), { code: 'ECONNRESET' })));
    res.on('end', () => {
      signal.removeEventListener('abort', onAbort);
      if (!res.complete) return fail(Object.assign(new Error('the connection closed before the response ended'), { code: 'ECONNRESET' }));
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}
