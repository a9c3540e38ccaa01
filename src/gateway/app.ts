import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Gateway } from './gateway.js';
import { createGatewayHandler, type GatewayHandlerOptions } from './handler.js';

export { BASE_PATH } from './handler.js';

/** Options of the served gateway: those of its handler. */
export type GatewayAppOptions = GatewayHandlerOptions;

/**
 * The local gateway over HTTP (`dgw serve`, and tests through `app.request()`): Hono reads the
 * request and writes the answer; the gateway's handler (handler.ts) does everything between. A
 * body over the size limit is refused here, as it streams in, before the handler reads it.
 */
export function createGatewayApp(gateway: Gateway, options: GatewayAppOptions = {}): Hono {
  const maxSize = options.maxBodyBytes ?? 1024 * 1024;
  const handle = createGatewayHandler(gateway, options);
  const app = new Hono();
  app.use('*', limitBody(maxSize));
  app.all('*', async (c) => {
    const raw = c.req.raw;
    const url = new URL(raw.url);
    const reply = await handle({
      method: raw.method,
      path: url.pathname,
      search: url.search.slice(1),
      header: (name) => raw.headers.get(name) ?? undefined,
      text: () => raw.text(),
      signal: raw.signal,
    });
    if (reply.body === null) return c.body(null, reply.status as ContentfulStatusCode);
    return c.body(reply.body, reply.status as ContentfulStatusCode, { 'content-type': 'application/json' });
  });
  return app;
}

/**
 * 413 for a body over `maxSize`. A body with a Content-Length is judged by that header alone (the
 * HTTP parser holds the body to it), so the body is later read straight from the socket by
 * @hono/node-server's fast path; hono's bodyLimit builds a full web Request for every request
 * first. Only a chunked body is counted as it streams in, by bodyLimit.
 */
function limitBody(maxSize: number): MiddlewareHandler {
  const tooLarge = (c: Context) => c.json({ errorCode: 'PAYLOAD_TOO_LARGE', message: `the request body is larger than the limit of ${maxSize} bytes` }, 413);
  const streamed = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    if (Number(length) > maxSize) return tooLarge(c);
    return next();
  };
}
