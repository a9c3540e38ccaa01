import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { MalformedResponseError } from '../errors.js';
import type { Transport, WireResponse } from './transport.js';
import { VERSION } from '../version.js';

/** The content codings asked for (as Node's fetch asked): a service, or a proxy in front of it, may compress what it sends. */
const ACCEPT_ENCODING = 'gzip, deflate';

/** Who asks, as gh and the AWS CLI say it: some gateways and firewalls refuse a request that names no client. */
const USER_AGENT = `dgw/${VERSION} (node ${process.version}; ${process.platform})`;

/**
 * The network transport: one request through node:http, or node:https for an https URL (loaded
 * only then). Redirects are not followed (the HTTP layer refuses them). Idle connections stay in
 * Node's keep-alive agent for the next request of the same command, without holding the process
 * open. A body given as bytes is sent as it is read, chunked, and waits while the socket is full.
 * An answer in gzip, deflate or br is decoded as it is read (node:zlib, loaded only then).
 */
export const nodeTransport: Transport = (req) => {
  const url = new URL(req.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new TypeError(`unsupported protocol ${url.protocol} in ${req.url}`));
  // Not `import('node:http')`: an ES import of node:http reads all its exports, among them its
  // WebSocket, which loads Node's whole fetch library (undici).
  const { request } = url.protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http');
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-encoding': ACCEPT_ENCODING, ...req.headers };
  if (typeof req.body === 'string') headers['content-length'] = String(Buffer.byteLength(req.body));
  return new Promise<WireResponse>((resolve, reject) => {
    const sent = request(url, { method: req.method, headers, signal: req.signal }, (res) => resolve(answer(res, req.signal, req.fileCoding)));
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

function answer(res: IncomingMessage, signal: AbortSignal, fileCoding?: 'gzip'): WireResponse {
  let body: Promise<Uint8Array> | undefined;
  let chunks: AsyncIterator<Buffer> | undefined;
  const decoded = decode(res, fileCoding);
  return {
    status: res.statusCode ?? 0,
    statusText: res.statusMessage ?? '',
    header(name) {
      const value = res.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
    whole: () => (body ??= readAll(decoded, signal)),
    async read() {
      if (signal.aborted) {
        res.destroy();
        throw signal.reason;
      }
      chunks ??= (decoded.stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
      const next = await chunks.next().catch((error: unknown) => {
        throw signal.aborted ? signal.reason : decoded.failure(error);
      });
      if (!next.done) return next.value;
      if (!res.complete) throw cutShort();
      return null;
    },
    async cancel() {
      res.destroy();
      decoded.stream.destroy();
    },
  };
}

function cutShort(): Error {
  return Object.assign(new Error('the connection closed before the response ended'), { code: 'ECONNRESET' });
}

/** An answer's body as it was before its Content-Encoding, and what a failure to read it is. */
interface Decoded {
  res: IncomingMessage;
  /** `res` itself, or the decoder that undoes its encoding. */
  stream: Readable;
  /** A read's error in dgw's words: a body that does not decode, one cut short, or the error itself. */
  failure(error: unknown): unknown;
}

/**
 * How much a decoder hands on at a time. zlib's own 16 KB made reading a gzipped 2.5 MB query list
 * (10,000 queries) take 18 to 24 ms after its first byte came, against 7 to 10 ms for the same
 * list sent plain; in pieces of 256 KB it takes 9.5 to 11.6 ms. A smaller answer is still handed
 * on once, as soon as it is decoded.
 */
const DECODED_PIECE = 256 << 10;

/**
 * Undoes the answer's Content-Encoding (gzip, x-gzip, deflate, br; several are undone last first),
 * but for its first coding when that is `fileCoding`: the compression of the file itself. A body that does not decode, or whose coding dgw cannot read, fails its read with a
 * MalformedResponseError naming the coding (exit 8); one cut short stays a dropped connection.
 */
function decode(res: IncomingMessage, fileCoding?: 'gzip'): Decoded {
  const header = res.headers['content-encoding'] ?? '';
  const codings = header.split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '' && c !== 'identity');
  if (fileCoding === 'gzip' && (codings[0] === 'gzip' || codings[0] === 'x-gzip')) codings.shift();
  const plain = (error: unknown) => (res.complete ? error : cutShort());
  if (codings.length === 0) return { res, stream: res, failure: plain };
  const undecodable = (reason: string) => new MalformedResponseError(`the service's answer could not be decoded (Content-Encoding: ${header}): ${reason}`, res.statusCode);
  const zlib = process.getBuiltinModule('node:zlib');
  const { pipeline, PassThrough } = process.getBuiltinModule('node:stream');
  const options = { chunkSize: DECODED_PIECE };
  const decoders = codings.reverse().map((coding) => {
    if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip(options);
    if (coding === 'deflate') return zlib.createInflate(options);
    if (coding === 'br') return zlib.createBrotliDecompress(options);
    return undefined;
  });
  if (decoders.includes(undefined)) {
    res.destroy();
    const stream = new PassThrough();
    const error = undecodable('dgw reads gzip, deflate and br');
    // Read later: the reader finds the error (readAll checks `errored`, an iterator rejects with it).
    stream.on('error', () => undefined);
    stream.destroy(error);
    return { res, stream, failure: () => error };
  }
  // The first decoder that fails, unless the connection failed first (then its error reaches them all).
  let sourceFailed = false;
  let decodeError: Error | undefined;
  res.once('aborted', () => (sourceFailed = true));
  res.once('error', () => (sourceFailed = true));
  for (const d of decoders) d!.once('error', (error: Error) => (decodeError ??= sourceFailed ? undefined : error));
  const stream = decoders.at(-1)!;
  pipeline([res, ...decoders] as unknown as [NodeJS.ReadableStream, NodeJS.WritableStream], () => undefined);
  return { res, stream, failure: (error) => (decodeError ? undecodable(decodeError.message) : plain(error)) };
}

/** The whole (decoded) body's bytes; rejects when the connection ends before it does, when it does not decode, or on abort. */
function readAll(decoded: Decoded, signal: AbortSignal): Promise<Uint8Array> {
  const { res, stream } = decoded;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const fail = (error: unknown) => {
      signal.removeEventListener('abort', onAbort);
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    const onAbort = () => {
      res.destroy();
      stream.destroy();
      fail(signal.reason);
    };
    if (signal.aborted) return onAbort();
    // A decoder may have failed before the body was asked for.
    if (stream.errored) return fail(decoded.failure(stream.errored));
    signal.addEventListener('abort', onAbort, { once: true });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', (error) => fail(decoded.failure(error)));
    if (stream !== res) res.on('error', () => undefined);
    res.on('aborted', () => fail(cutShort()));
    stream.on('end', () => {
      signal.removeEventListener('abort', onAbort);
      if (!res.complete) return fail(cutShort());
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    });
  });
}
