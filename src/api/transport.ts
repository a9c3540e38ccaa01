/**
 * How the HTTP layer (http.ts) reaches a service: one exchange, sent as it is given and answered
 * with a status, headers and a body. Over the network it goes through ky and fetch (network.ts,
 * loaded on the first request); the in-process local gateway plugs in a Transport that hands the
 * request to the gateway directly, with no fetch Request or Response: loading Node's fetch library
 * (undici) costs a command more than the rest of its start-up.
 */
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
  /**
   * The compression of the file a download fetches (a gzip export): when the answer's
   * Content-Encoding starts with it, that coding is the file's own (an object store serves a .gz
   * file with it as its metadata) and is left as it came; codings applied after it are undone.
   * Over the network such a download is read by node:http (network.ts), as fetch undoes every coding.
   */
  fileCoding?: 'gzip';
}

/**
 * An answer to a WireRequest. Its body is read once: whole by `whole()`, or as it arrives by
 * `read()` (run SQL's rows, a download), which an abort of the request's signal or `cancel()`
 * stops (the service's work stops with it).
 */
export interface WireResponse {
  status: number;
  statusText: string;
  /** A header's value (the first, if it came more than once), by name in any case. */
  header(name: string): string | undefined;
  /**
   * The whole body, as the transport holds it: the bytes that came (their Content-Encoding
   * undone), or the in-process gateway's text. Either is UTF-8 JSON or text; `textOf` reads it.
   * A reader that can work on the bytes (query list's printer) need not decode them.
   */
  whole(): Promise<string | Uint8Array>;
  /** The body's next bytes; null after the last; rejects when the body ends short of its end. */
  read(): Promise<Uint8Array | null>;
  /** Leaves the rest of the body unread. */
  cancel(): Promise<void>;
  /**
   * Only from the local gateway in this process, for a body that is exactly one file's bytes (an
   * export's download): the file, which the reader may copy whole instead of reading the body
   * (then it cancels the body). The gateway has checked the request's authority before answering.
   */
  readonly file?: { path: string; bytes: number };
}

/** Sends one exchange; rejects when no answer arrived (refused, reset, aborted). */
export type Transport = (request: WireRequest) => Promise<WireResponse>;

/** A whole body (WireResponse.whole) as text: bytes are read as UTF-8, each bad sequence a U+FFFD. */
export function textOf(whole: string | Uint8Array): string {
  return typeof whole === 'string' ? whole : Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength).toString('utf8');
}

/** The rest of a body read by `read()`, its bytes in one buffer. */
export async function restBytes(response: Pick<WireResponse, 'read'>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for (let chunk = await response.read(); chunk !== null; chunk = await response.read()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * An error answer's body, read for its message within `limitMs`: a service that sends the head
 * and then nothing more must not hold the command forever. What has not come by then is left
 * unread (the answer is reported by its status alone).
 */
export async function readWithin(response: Pick<WireResponse, 'whole' | 'cancel'>, limitMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => {
      void response.cancel().catch(() => undefined);
      resolve('');
    }, limitMs);
  });
  try {
    return await Promise.race([response.whole().then(textOf, () => ''), late]);
  } finally {
    clearTimeout(timer);
  }
}
