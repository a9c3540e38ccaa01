import { promisify } from 'node:util';
import { gzip, constants } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Below this an answer goes as it is: unpacking it would cost the client more than it saves. */
const SMALLEST = 1024 * 1024;

/** A whole answer of at least 1 MiB gzipped when the client accepts it, so the client parses far fewer bytes; level 1 on libuv's thread pool, so the event loop runs on. */
export async function gzipAnswer(body: string | Uint8Array, acceptEncoding: string | undefined, headers: Record<string, string>): Promise<{ body: string | Uint8Array; headers: Record<string, string> }> {
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  if (size < SMALLEST || !acceptsGzip(acceptEncoding) || Object.keys(headers).some((h) => h.toLowerCase() === 'content-encoding')) return { body, headers };
  const rest = Object.fromEntries(Object.entries(headers).filter(([h]) => h.toLowerCase() !== 'content-length'));
  return { body: await zipped(body), headers: { ...rest, 'content-encoding': 'gzip', vary: 'accept-encoding' } };
}

/** The gzip of an answer the project keeps until its next change (the query list) is made once, and goes with it. */
const kept = new WeakMap<Uint8Array, Promise<Uint8Array>>();

function zipped(body: string | Uint8Array): Promise<Uint8Array> {
  const make = () => gzipAsync(body, { level: constants.Z_BEST_SPEED }).then((z) => new Uint8Array(z.buffer, z.byteOffset, z.byteLength));
  if (typeof body === 'string') return make();
  let made = kept.get(body);
  if (!made) {
    made = make();
    made.catch(() => kept.delete(body));
    kept.set(body, made);
  }
  return made;
}

/** True when Accept-Encoding gives gzip (by name, or by `*` when gzip is not named) a weight above zero. */
function acceptsGzip(header: string | undefined): boolean {
  const weights = new Map(
    (header ?? '').split(',').map((part) => {
      const [coding = '', ...params] = part.toLowerCase().split(';').map((p) => p.trim());
      const q = params.find((p) => p.startsWith('q='));
      return [coding, q === undefined ? 1 : Number(q.slice(2))] as const;
    }),
  );
  return (weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*') ?? 0) > 0;
}
