import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Busboy } from '@fastify/busboy';
import { badRequest, HttpError } from '../errors.js';

/** A multipart upload as received: its text fields, and its file written to a scratch file. */
export interface ReceivedForm {
  fields: Record<string, string>;
  /** The `file` part, on disk; undefined when the form had none. */
  file?: { path: string; bytes: number };
  discard(): Promise<void>;
}

/** Reads a multipart/form-data request as it arrives, streaming the `file` part to disk so any size fits in constant memory. */
export async function receiveForm(contentType: string | undefined, body: AsyncIterable<Uint8Array>, scratchDir: string): Promise<ReceivedForm> {
  const type = contentType ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw badRequest(`send the import as multipart/form-data with a "request" part and a "file" part (got ${type || 'no content type'})`);
  const fields: Record<string, string> = {};
  const path = join(scratchDir, `upload-${randomUUID()}.csv`);
  let file: ReceivedForm['file'];
  const discard = () => rm(path, { force: true });
  const writes: Array<Promise<void>> = [];
  // The first part that fails (a full disk, a field too long) stops the reading of the rest at once.
  const stop = new AbortController();
  let failure: unknown;
  const track = (write: Promise<void>) => {
    writes.push(write);
    write.catch((error: unknown) => {
      failure ??= error;
      stop.abort(error);
    });
  };
  try {
    // A content type Busboy cannot read (no boundary) fails here, and is answered as an unreadable body below.
    const busboy = Busboy({ headers: { 'content-type': type }, isPartAFile: (name) => name === 'file', limits: { fieldSize: 1 << 20, files: 1 } });
    busboy.on('field', (name, value, _nameCut, valueCut) => {
      if (valueCut) track(Promise.reject(badRequest(`the "${name}" part is longer than 1 MiB`)));
      else fields[name] = value;
    });
    busboy.on('file', (_name, stream) => {
      const out = createWriteStream(path, { mode: 0o600 });
      track(
        pipeline(stream, out, { signal: stop.signal }).then(() => {
          file = { path, bytes: out.bytesWritten };
        }),
      );
    });
    await pipeline(Readable.from(body, { objectMode: false }), busboy, { signal: stop.signal });
    await Promise.all(writes);
  } catch (raw) {
    const error = failure ?? raw;
    // Busboy stopped midway (a client gone) never ends the file part it was writing: its write would wait for ever.
    stop.abort(error);
    await Promise.allSettled(writes);
    await discard();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') {
      throw new HttpError(507, `the disk is full: the uploaded file could not be written to ${scratchDir} (${code}); nothing was imported; free some space on that disk, then try again`, 'DISK_FULL');
    }
    if (error instanceof HttpError || code !== undefined) throw error;
    throw badRequest(`the multipart body cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { fields, file, discard };
}
