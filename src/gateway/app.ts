import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Gateway } from './gateway.js';
import { createGatewayHandler, IMPORT_PATH, tooLargeReply, type GatewayHandlerOptions } from './handler.js';
import { gzipAnswer } from './gzip-answer.js';
import { badRequest } from './errors.js';
import type { BodySource } from './router.js';

/** The local gateway over HTTP: Hono reads and writes, the handler does everything between. */
export function createGatewayApp(gateway: Gateway, options: GatewayHandlerOptions = {}): Hono {
  const maxSize = options.maxBodyBytes ?? 1024 * 1024;
  const handle = createGatewayHandler(gateway, options);
  const app = new Hono();
  app.use('*', limitBody(maxSize, options.apiShape));
  app.all('*', async (c) => {
    const raw = c.req.raw;
    const url = new URL(raw.url);
    const reply = await handle({
      method: raw.method,
      path: url.pathname,
      search: url.search.slice(1),
      header: (name) => raw.headers.get(name) ?? undefined,
      origin: url.origin,
      text: () => utf8Text(raw),
      body: () => raw.body ?? noBody(),
      signal: raw.signal,
    });
    const status = reply.status as ContentfulStatusCode;
    if (reply.body === null) return c.body(null, status, reply.headers);
    const headers = reply.headers ?? { 'content-type': 'application/json' };
    if (typeof reply.body !== 'string' && !(reply.body instanceof Uint8Array)) return c.body(readableOf(reply.body), status, headers);
    const whole = await gzipAnswer(reply.body, raw.headers.get('accept-encoding') ?? undefined, headers);
    return typeof whole.body === 'string' ? c.body(whole.body, status, whole.headers) : c.body(whole.body as Uint8Array<ArrayBuffer>, status, whole.headers);
  });
  return app;
}

/** 413 for a body over `maxSize`, judged by Content-Length where given so the body keeps @hono/node-server's fast path. */
function limitBody(maxSize: number, apiShape: GatewayHandlerOptions['apiShape']): MiddlewareHandler {
  const tooLarge = (c: Context) => c.body(tooLargeReply(maxSize, apiShape).body as string, 413, { 'content-type': 'application/json' });
  const streamed = bodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (IMPORT_PATH.test(c.req.path)) return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    if (Number(length) > maxSize) return tooLarge(c);
    return next();
  };
}

const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A JSON body is UTF-8: bytes that are not are refused, not stored as U+FFFD in a name or SQL. */
async function utf8Text(raw: Request): Promise<string> {
  const bytes = await raw.arrayBuffer();
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw badRequest('the request body is not UTF-8 text');
  }
}

async function* noBody(): AsyncGenerator<Uint8Array> {}

/** A body made only as the socket wants more; a client that goes away cancels it, and a failure ends the answer short. */
function readableOf(source: BodySource): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await source.next();
        if (chunk === null) controller.close();
        else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      },
      cancel: () => source.cancel(),
    },
    { highWaterMark: 1 },
  );
}
