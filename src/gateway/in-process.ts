import type { Transport } from '../api/transport.js';
import type { Gateway } from './gateway.js';
import { createGatewayHandler, type GatewayHandlerOptions } from './handler.js';

/**
 * The in-process gateway as the HTTP layer's transport: each request goes straight to the
 * gateway's handler, in this process, as text and a status; nothing is parsed from or written to
 * a socket, and no fetch Request or Response is made.
 */
export function inProcessTransport(gateway: Gateway, options: GatewayHandlerOptions = {}): Transport {
  const handle = createGatewayHandler(gateway, options);
  return async (req) => {
    const url = new URL(req.url);
    const body = req.body ?? '';
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const reply = await handle({
      method: req.method,
      path: url.pathname,
      search: url.search.slice(1),
      header: (name) => headers[name.toLowerCase()],
      text: async () => body,
      signal: req.signal,
    });
    return {
      status: reply.status,
      statusText: '',
      header: (name) => (name.toLowerCase() === 'content-type' && reply.body !== null ? 'application/json' : undefined),
      text: async () => reply.body ?? '',
    };
  };
}
