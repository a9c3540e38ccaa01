import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { whyUnreadable } from '../unreadable.js';

/** A file (or stdin) to send: its start read already, the rest read as it is sent. */
export interface SourceFile {
  /** What the user called it (`orders.csv`, `stdin`). */
  label: string;
  filename: string;
  /** Its size, when known (not for stdin). */
  size?: number;
  /** Where it is on disk, for a regular file: read again to quote a refused line as written. */
  path?: string;
  /** Its first bytes (up to HEAD_BYTES), for checks and samples. */
  head: Uint8Array;
  /** True when `head` is the whole file. */
  whole: boolean;
  /** Every byte, `head` first; read once. */
  bytes(): AsyncIterable<Uint8Array>;
}

/** How much of the start of a file is read before anything is sent. */
const HEAD_BYTES = 1 << 20;

/** Opens FILE or `-` (stdin) and reads its start; an unreadable file is a usage error found before anything is sent. */
export async function openSource(ctx: Context, name: string, flag: string): Promise<SourceFile> {
  if (name === '-') return fromStream(ctx.io.stdin as AsyncIterable<Buffer | string>, 'stdin', 'stdin.csv');
  // An empty name resolves to the working folder, which the message below would call the file.
  if (name === '') throw new UsageError(`${flag} is empty (an unset variable?); name a file, or - for stdin`);
  const file = path.resolve(ctx.cwd, name);
  // A flag is named before the file (`--file: x.csv`); an argument's file is named alone.
  const named = flag.startsWith('-') ? `${flag}: ${name}` : name;
  let size: number;
  let head: Uint8Array;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new UsageError(`${named} is a folder, not a file`);
    // A named pipe or a device: read as it comes, as stdin is; its size says nothing.
    if (!info.isFile()) return await fromStream(createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>, name, path.basename(file));
    size = info.size;
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(HEAD_BYTES, Math.max(size, 1)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${named} ${whyUnreadable(error)}`);
  }
  return {
    label: name,
    filename: path.basename(file),
    size,
    path: file,
    head,
    whole: head.byteLength >= size,
    async *bytes() {
      yield head;
      if (head.byteLength >= size) return;
      yield* createReadStream(file, { start: head.byteLength, highWaterMark: 256 * 1024 }) as AsyncIterable<Uint8Array>;
    },
  };
}

async function fromStream(stream: AsyncIterable<Buffer | string>, label: string, filename: string): Promise<SourceFile> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  while (length < HEAD_BYTES) {
    const { done, value } = await iterator.next();
    if (done) {
      ended = true;
      break;
    }
    const chunk = typeof value === 'string' ? Buffer.from(value) : value;
    chunks.push(chunk);
    length += chunk.byteLength;
  }
  const head = Buffer.concat(chunks);
  return {
    label,
    filename,
    head,
    whole: ended,
    async *bytes() {
      yield head;
      if (ended) return;
      for (;;) {
        const { done, value } = await iterator.next();
        if (done) return;
        yield typeof value === 'string' ? Buffer.from(value) : value;
      }
    },
  };
}
