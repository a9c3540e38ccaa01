/** A stream dgw writes to; process.stdout and test buffers both fit. */
export interface OutStream {
  /** Writes text (or bytes: a download); false (from a Node stream) asks the writer to wait for `drain`. */
  write(chunk: string | Uint8Array): unknown;
  /** Node streams: lets a writer wait for `drain` when its buffer is full (rows in their millions). */
  once?(event: 'drain', listener: () => void): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** A stream dgw reads from. */
export interface InStream extends AsyncIterable<Buffer | string> {
  isTTY?: boolean;
}

/** The process's streams, handed to commands through the context. */
export interface Io {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
}

/** Reads a whole input stream as UTF-8. */
export async function readAll(stream: InStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return text;
}
