import { fstatSync } from 'node:fs';
import { UsageError } from '../errors.js';
import { utf8Text } from '../utf8-text.js';

/** A stream dgw writes to; process.stdout and test buffers both fit. */
export interface OutStream {
  /** Writes text (or bytes: a download); false (from a Node stream) asks the writer to wait for `drain`. */
  write(chunk: string | Uint8Array): unknown;
  /** Node streams: lets a writer wait for `drain` when its buffer is full (rows in their millions). */
  once?(event: 'drain', listener: () => void): unknown;
  isTTY?: boolean;
  /** A terminal's size (0 or undefined when it does not say). */
  columns?: number;
  rows?: number;
  /** Through a pager: lines wider than the screen are a query result's, to be paged unwrapped. */
  pagesWide?(): void;
  /** The error a write met (the reader went away, the disk is full); the writes after it were dropped. */
  failed?(): NodeJS.ErrnoException | undefined;
}

/** Writes `chunk`, then waits for `drain` when the stream asks its writer to (its buffer is full): rows in their millions stay in constant memory. */
export async function writeOut(stream: OutStream, chunk: string | Uint8Array): Promise<void> {
  if (stream.write(chunk) === false && stream.once) await new Promise<void>((resolve) => stream.once!('drain', resolve));
}

/** A stream dgw reads from. */
export interface InStream extends AsyncIterable<Buffer | string> {
  isTTY?: boolean;
  /** The descriptor of the process's own stdin. */
  fd?: number;
}

/** The process's streams, handed to commands through the context. */
export interface Io {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
}

/** Reads a whole input stream as strict UTF-8, a byte order mark kept as a file read keeps it; bytes that are not UTF-8 are a usage error (text changed silently would be saved or run). */
export async function readAll(stream: InStream, label = 'stdin'): Promise<string> {
  // Node reads a directory on stdin as empty, which would be told as "stdin was empty".
  if (stream.fd !== undefined && fstatSync(stream.fd).isDirectory()) throw new UsageError(`${label} is a directory, not a file: redirect a file into dgw (< FILE)`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return utf8Text(Buffer.concat(chunks), label);
}

/** A terminal's size in character cells. */
export interface TerminalSize {
  columns: number;
  rows: number;
}

/** The terminal's size, else COLUMNS and LINES, else 80 by 24; undefined off a terminal. */
export function terminalSize(stream: OutStream, env: Record<string, string | undefined>): TerminalSize | undefined {
  if (stream.isTTY !== true) return undefined;
  const given = (n: number | undefined, name: string, fallback: number) => (n !== undefined && n > 0 ? n : positive(env[name]) ?? fallback);
  return { columns: given(stream.columns, 'COLUMNS', 80), rows: given(stream.rows, 'LINES', 24) };
}

function positive(text: string | undefined): number | undefined {
  const n = Number(text);
  return text !== undefined && /^\d+$/.test(text.trim()) && n > 0 ? n : undefined;
}
