import { open } from 'node:fs/promises';
import type { BodySource } from '../router.js';

const CHUNK_BYTES = 1 << 20;

/** A file as a body streamed a chunk at a time, closed at its end, on error or when the reader goes; undefined when gone. */
export async function fileBody(path: string): Promise<{ source: BodySource; size: number } | undefined> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close().catch(() => undefined);
  };
  try {
    const { size } = await handle.stat();
    const source: BodySource = {
      file: { path, bytes: size },
      async next() {
        if (closed) return null;
        try {
          const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
          const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
          if (bytesRead > 0) return buffer.subarray(0, bytesRead);
          await close();
          return null;
        } catch (error) {
          await close();
          throw error;
        }
      },
      cancel: close,
    };
    return { source, size };
  } catch {
    await close();
    return undefined;
  }
}
