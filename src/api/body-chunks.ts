import { ApiError, DgwError, InterruptedError, NetworkError } from '../errors.js';
import { localGatewayFault } from './http.js';
import type { WireResponse } from './transport.js';

/** How a body is read: who stops it, and how long it may stay silent. */
export interface BodyReadOptions {
  signal?: AbortSignal;
  /** Longest wait for the next bytes (`--timeout`); the body as a whole may take as long as it needs. */
  idleMs: number;
  /** What the body is, for messages: `the answer to POST .../queries/execute`. */
  what: string;
  onBytes?: (n: number) => void;
}

/** A body's bytes as they arrive; a body idle longer than `idleMs`, or cut short, is a network failure (exit 9). */
export async function* bodyChunks(response: Pick<WireResponse, 'read' | 'cancel'>, options: BodyReadOptions): AsyncGenerator<Uint8Array> {
  let finished = false;
  try {
    for (;;) {
      const value = await readWithin(response, options);
      if (value === null) {
        finished = true;
        return;
      }
      options.onBytes?.(value.byteLength);
      yield value;
    }
  } catch (error) {
    throw bodyError(error, options);
  } finally {
    if (!finished) await response.cancel().catch(() => undefined);
  }
}

/** The next chunk, unless the body stays silent for `idleMs` or Ctrl-C comes first (the body is then cancelled by the caller). */
function readWithin(response: Pick<WireResponse, 'read'>, options: BodyReadOptions): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new NetworkError(`${options.what} stalled: no data for ${options.idleMs / 1000} s (use --timeout to wait longer)`)), options.idleMs);
    const abort = () => reject(new InterruptedError());
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    response.read().then(resolve, reject).finally(() => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
    });
  });
}

/** A failure while reading a body, in the words of dgw's errors. */
export function bodyError(error: unknown, options: Pick<BodyReadOptions, 'signal' | 'what'>): DgwError {
  if (error instanceof DgwError) return error;
  if (options.signal?.aborted) return new InterruptedError();
  // The in-process local gateway's own error (src/gateway/errors.ts), met mid-body.
  const gateway = error as { name?: unknown; status?: unknown; errorCode?: unknown; message?: unknown };
  if (gateway?.name === 'HttpError' && typeof gateway.status === 'number' && typeof gateway.message === 'string') {
    const code = typeof gateway.errorCode === 'string' ? gateway.errorCode : undefined;
    return localGatewayFault(code, gateway.message) ?? new ApiError(gateway.status, `${gateway.message} (HTTP ${gateway.status}, after the answer had begun)`, code);
  }
  const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return new NetworkError(`${options.what} ended before it was complete: ${reason}`, error);
}
