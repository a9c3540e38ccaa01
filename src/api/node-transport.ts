import type { IncomingMessage } from 'node:http';
import type { Transport, WireResponse } from './transport.js';

/**
 * The network transport: one request through node:http, or node:https for an https URL (loaded
 * only then). Redirects are not followed (the HTTP layer refuses them). Idle connections stay in
 * Node's keep-alive agent for the next request of the same command, without holding the process
 * open.
 */
export const nodeTransport: Transport = (req) => {
  const url = new URL(req.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new TypeError(`unsupported protocol ${url.protocol} in ${req.url}`));
  // Not `import('node:http')`: an ES import of node:http reads all its exports, among them its
  // WebSocket, which loads Node's whole fetch library (undici).
  const { request } = url.protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
  const headers: Record<string, string> = { ...req.headers };
  if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
  return new Promise<WireResponse>((resolve, reject) => {
    const sent = request(url, { method: req.method, headers, signal: req.signal }, (res) => resolve(answer(res, req.signal)));
    sent.on('error', reject);
    sent.end(req.body);
  });
};

function answer(res: IncomingMessage, signal: AbortSignal): WireResponse {
  let body: Promise<string> | undefined;
  return {
    status: res.statusCode ?? 0,
    statusText: res.statusMessage ?? '',
    header(name) {
      const value = res.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
    text: () => (body ??= readAll(res, signal)),
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
