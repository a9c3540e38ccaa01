import { buffer } from 'node:stream/consumers';
import { restBytes, type Transport, type WireResponse } from '../api/transport.js';
import type { Gateway } from './gateway.js';
import { createGatewayHandler, type GatewayHandlerOptions } from './handler.js';
import type { Reply } from './router.js';

const encoder = new TextEncoder();

/** The in-process gateway as a transport: requests go straight to its handler, with no socket and no fetch objects. */
export function inProcessTransport(gateway: Gateway, options: GatewayHandlerOptions = {}): Transport {
  const handle = createGatewayHandler(gateway, options);
  return async (req) => {
    const url = new URL(req.url);
    const headers: Record<string, string> = { ...req.headers };
    if (typeof req.body === 'string') headers['content-length'] = String(Buffer.byteLength(req.body));
    const body = req.body ?? '';
    const reply = await handle({
      method: req.method,
      path: url.pathname,
      search: url.search.slice(1),
      header: (name) => headers[name.toLowerCase()],
      origin: url.origin,
      text: async () => (typeof body === 'string' ? body : (await buffer(body)).toString('utf8')),
      body: () => (typeof body === 'string' ? once(encoder.encode(body)) : untilAborted(body, req.signal)),
      signal: req.signal,
    });
    return answer(reply, req.signal);
  };
}

async function* once(chunk: Uint8Array): AsyncGenerator<Uint8Array> {
  yield chunk;
}

/** Upload reads end on abort: with no socket to close, the gateway would otherwise wait forever on a stalled file. */
async function* untilAborted(body: AsyncIterable<Uint8Array>, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  let onAbort!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('the request was aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const next = await Promise.race([chunks.next(), aborted]);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    void chunks.return?.(undefined);
  }
}

/** The handler's reply as a WireResponse; a streamed body is pulled only when read. */
function answer(reply: Reply, signal: AbortSignal): WireResponse {
  const headers = reply.headers ?? (reply.body !== null ? { 'content-type': 'application/json' } : {});
  const source = reply.body;
  const stream = source === null || typeof source === 'string' || source instanceof Uint8Array ? undefined : source;
  // A whole body (text or bytes) is read as one chunk.
  let whole = stream ? null : (source as string | Uint8Array | null);
  const read = async (): Promise<Uint8Array | null> => {
    if (!stream) {
      const rest = whole;
      whole = null;
      const bytes = typeof rest === 'string' ? encoder.encode(rest) : rest;
      return bytes === null || bytes.length === 0 ? null : bytes;
    }
    if (signal.aborted) throw signal.reason;
    const chunk = await stream.next();
    return chunk === null ? null : typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
  };
  return {
    status: reply.status,
    statusText: '',
    header: (name) => headers[name.toLowerCase()],
    ...(stream?.file ? { file: stream.file } : {}),
    read,
    async whole() {
      if (typeof source === 'string' || source instanceof Uint8Array) return source;
      if (source === null) return '';
      return restBytes({ read });
    },
    async cancel() {
      if (stream) await stream.cancel();
    },
  };
}
