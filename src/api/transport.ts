/** One HTTP exchange; the in-process gateway plugs in its own Transport, because loading fetch (undici) costs more than the rest of start-up. */
export interface WireRequest {
  method: string;
  /** The whole URL, path segments already encoded. */
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body: already serialized, or bytes sent as they are read (an upload of any size). */
  body?: string | AsyncIterable<Uint8Array>;
  /** Aborts the exchange (Ctrl-C, or the time limit of this attempt), the body's reading included. */
  signal: AbortSignal;
  /** A download's own file coding (a gzip export), left as it came rather than undone. */
  fileCoding?: 'gzip';
}

/** An answer whose body is read once, whole or as it arrives; abort or `cancel()` stops the service's work. */
export interface WireResponse {
  status: number;
  statusText: string;
  /** A header's value (the first, if it came more than once), by name in any case. */
  header(name: string): string | undefined;
  /** The whole body, bytes or the in-process gateway's text; `textOf` reads either. */
  whole(): Promise<string | Uint8Array>;
  /** The body's next bytes; null after the last; rejects when the body ends short of its end. */
  read(): Promise<Uint8Array | null>;
  cancel(): Promise<void>;
  /** In-process only: the file that is exactly the body, which the reader may copy whole instead. */
  readonly file?: { path: string; bytes: number };
}

/** Sends one exchange; rejects when no answer arrived (refused, reset, aborted). */
export type Transport = (request: WireRequest) => Promise<WireResponse>;

/** A whole body (WireResponse.whole) as text: bytes are read as UTF-8, each bad sequence a U+FFFD. */
export function textOf(whole: string | Uint8Array): string {
  return typeof whole === 'string' ? whole : Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength).toString('utf8');
}

export async function restBytes(response: Pick<WireResponse, 'read'>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for (let chunk = await response.read(); chunk !== null; chunk = await response.read()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The whole body, unless `limitMs` passes first: then the body is cancelled and `late()` is the outcome (a value, or a rejection). */
export async function wholeWithin<T>(response: Pick<WireResponse, 'whole' | 'cancel'>, limitMs: number, late: () => T | Promise<T>): Promise<string | Uint8Array | T> {
  let timer: NodeJS.Timeout | undefined;
  let expired = false;
  const timeUp = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      expired = true;
      void response.cancel().catch(() => undefined);
      resolve(late());
    }, limitMs);
  });
  try {
    const whole = await Promise.race([response.whole(), timeUp]);
    return expired ? await timeUp : whole;
  } catch (error) {
    if (expired) return await timeUp;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** An error body read within `limitMs`, so a service that stalls after the head cannot hold the command. */
export async function readWithin(response: Pick<WireResponse, 'whole' | 'cancel'>, limitMs: number): Promise<string> {
  return textOf(await wholeWithin(response, limitMs, () => '').catch(() => ''));
}
