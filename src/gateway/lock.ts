import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InterruptedError } from '../errors.js';

/** Who holds a data folder: a `dgw serve` (with its URL) or a CLI running the gateway in-process. */
export interface LockInfo {
  pid: number;
  mode: 'serve' | 'in-process';
  /** Base URL of a served gateway (`http://127.0.0.1:PORT/api/v1`); null in-process or while starting. */
  url: string | null;
  startedAt: string;
}

export const LOCK_FILE = 'gateway.lock';

/** A held lock; `update` rewrites it (a server adds its URL once listening). */
export interface HeldLock {
  update(info: Partial<LockInfo>): Promise<void>;
  release(): Promise<void>;
}

/** The live holder of the folder, or undefined (no lock file, or its process is gone). */
export async function readLiveLock(dataDir: string): Promise<LockInfo | undefined> {
  const info = await readLock(dataDir);
  return info && pidAlive(info.pid) ? info : undefined;
}

async function readLock(dataDir: string): Promise<LockInfo | undefined> {
  try {
    const info = JSON.parse(await readFile(join(dataDir, LOCK_FILE), 'utf8')) as LockInfo;
    return typeof info.pid === 'number' ? info : undefined;
  } catch {
    return undefined;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The folder is held by a live process that would not let go in time. */
export class FolderBusyError extends Error {
  constructor(readonly holder: LockInfo) {
    super(
      holder.mode === 'serve'
        ? `the local gateway data folder is served by dgw serve (pid ${holder.pid}${holder.url ? ` at ${holder.url}` : ''})`
        : `the local gateway data folder is in use by another dgw process (pid ${holder.pid})`,
    );
  }
}

/**
 * Takes the folder's lock file (created exclusively; a stale one, whose process is gone, is
 * replaced). While another live process holds it, waits up to `waitMs`, unless `stopWaiting`
 * says the holder is one to give up on at once (for example a server the caller can talk to).
 */
export async function acquireLock(
  dataDir: string,
  mode: LockInfo['mode'],
  options: { waitMs?: number; stopWaiting?: (holder: LockInfo) => boolean; signal?: AbortSignal } = {},
): Promise<HeldLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, LOCK_FILE);
  const deadline = Date.now() + (options.waitMs ?? 0);
  let info: LockInfo = { pid: process.pid, mode, url: null, startedAt: new Date().toISOString() };
  for (;;) {
    // Written aside, then hard-linked into place: the lock file appears whole or not at all.
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(tmp, `${JSON.stringify(info)}\n`, { mode: 0o600 });
    try {
      await link(tmp, file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(tmp).catch(() => undefined);
    }
    const holder = await readLock(dataDir);
    if (!holder || !pidAlive(holder.pid)) {
      // Stale: its process is gone (a gateway killed with SIGKILL leaves one). Remove it and retry.
      await unlink(file).catch(() => undefined);
      continue;
    }
    if (options.stopWaiting?.(holder) || Date.now() >= deadline) throw new FolderBusyError(holder);
    // Ctrl-C ends the wait at once: nothing is held yet, so nothing needs undoing.
    if (options.signal?.aborted) throw new InterruptedError();
    await new Promise((r) => setTimeout(r, 100));
    if (options.signal?.aborted) throw new InterruptedError();
  }
  let released = false;
  return {
    async update(patch) {
      info = { ...info, ...patch };
      if (released) return;
      const tmp = `${file}.${process.pid}.update`;
      await writeFile(tmp, `${JSON.stringify(info)}\n`, { mode: 0o600 });
      await rename(tmp, file);
    },
    async release() {
      if (released) return;
      released = true;
      const current = await readLock(dataDir);
      if (current?.pid === process.pid && current.startedAt === info.startedAt) await unlink(file).catch(() => undefined);
    },
  };
}
