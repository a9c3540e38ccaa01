import { open } from 'node:fs/promises';
import type { BodySource } from '../router.js';

/** How much of a file one chunk of a download carries. */
const CHUNK_BYTES = 1 << 20;

/**
 * A file as a body read as it is sent, a chunk at a time (a download of any size in constant
 * memory), with its size; undefined when the file is gone. The file is closed at its end, on a
 * failed read, and when the reader goes away. The body names its file (`file`), so a reader in
 * this process may copy it whole instead (src/transfer/download.ts).
 */
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
