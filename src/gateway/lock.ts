import { statSync } from 'node:fs';
import { link, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BusyError, InterruptedError, LocalFaultError } from '../errors.js';
import { fileFault, makeFolders, readTextIfThere } from '../local-faults.js';
import { removeStale } from '../stale-lock.js';
import { pidAlive } from '../process-alive.js';
import { processCommand, processStartTime } from '../process-identity.js';

/** Who holds a data folder: a `dgw serve` (with its URL) or a CLI running the gateway in-process. */
export interface LockInfo {
  pid: number;
  mode: 'serve' | 'in-process';
  /** Base URL of a served gateway; null in-process or while starting. */
  url: string | null;
  startedAt: string;
  /** The holder's start time from /proc: with `pid`, it names one process. */
  processStart?: string;
  /** A served gateway's proof that it holds the folder (holder-proof.ts). */
  proof?: string;
  /** The folder the lock was taken on (folderIdentity); a copy of the folder carries a lock naming another. */
  folder?: string;
  /** A served gateway's shortest refresh interval (ISO 8601): CLIs check `--every` against it, not their own environment's. */
  minInterval?: string;
}

/** The data folder as the file system knows it: a copy (its lock and keys with it) is another folder; the same folder moved is not. */
export function folderIdentity(dataDir: string): string {
  const { dev, ino } = statSync(dataDir, { bigint: true });
  return `${dev}:${ino}`;
}

export const LOCK_FILE = 'gateway.lock';

/** A held lock; `update` rewrites it (a server adds its URL once listening). */
export interface HeldLock {
  update(info: Partial<LockInfo>): Promise<void>;
  release(): Promise<void>;
}

/** `gone`: stale lock; `dgw`: its writer, still running; `foreign`: a running process that is not dgw. */
type Holder = 'gone' | 'dgw' | 'foreign';

function holderOf(info: LockInfo, folder: string): Holder {
  // Taken on another folder and copied here with this one: whoever holds it holds that folder, not this.
  if (!pidAlive(info.pid) || (info.folder !== undefined && info.folder !== folder)) return 'gone';
  const start = processStartTime(info.pid);
  if (start !== undefined && info.processStart !== undefined) return start === info.processStart ? 'dgw' : 'gone';
  const command = processCommand(info.pid);
  return command === undefined || /dgw/i.test(command) ? 'dgw' : 'foreign';
}

/** The live holder of the folder, or undefined (no lock file, or its process is gone). */
export async function readLiveLock(dataDir: string): Promise<LockInfo | undefined> {
  const info = await readLock(dataDir);
  return info && holderOf(info, folderIdentity(dataDir)) === 'dgw' ? info : undefined;
}

/** The lock file as written, or undefined; a lock file appears whole, so a damaged one was never a live dgw's. Read without waiting: acquireLock says what is wrong with one that cannot be read (a named pipe, a folder). */
async function readLock(dataDir: string): Promise<LockInfo | undefined> {
  try {
    return lockOf(readTextIfThere(join(dataDir, LOCK_FILE)));
  } catch {
    return undefined;
  }
}

function lockOf(text: string | undefined): LockInfo | undefined {
  try {
    const info = JSON.parse(text ?? '') as LockInfo;
    return typeof info === 'object' && info !== null && Number.isSafeInteger(info.pid) && info.pid > 0 ? info : undefined;
  } catch {
    return undefined;
  }
}

/** The folder is held by a live dgw that would not let go in time: try again later (exit 12). */
export class FolderBusyError extends BusyError {
  constructor(
    readonly holder: LockInfo,
    hint = 'try again when it has finished, or run `dgw serve` so several commands can share the gateway',
  ) {
    super(
      holder.mode === 'serve'
        ? `the local gateway data folder is served by dgw serve (pid ${holder.pid}${holder.url ? ` at ${holder.url}` : ''})`
        : `the local gateway data folder is in use by another dgw process (pid ${holder.pid}), which did not finish within the wait`,
      hint,
    );
  }
}

/** A stale lock whose process id was reused by something else: waiting cannot help (exit 13). */
function foreignLock(file: string, holder: LockInfo): LocalFaultError {
  const command = processCommand(holder.pid) ?? 'another program';
  return new LocalFaultError(
    'FOREIGN_LOCK',
    `${file} names process ${holder.pid}, which is not dgw (it runs ${command}): the lock was left by a dgw that did not exit cleanly, and its process id now belongs to another program`,
    `if no dgw is using ${join(file, '..')} (ps -p ${holder.pid} -o args shows what runs as ${holder.pid}), delete ${file} and try again; never delete it while a dgw uses the folder`,
  );
}

/** Takes the folder's lock file, replacing a stale one and waiting up to `waitMs` for a live dgw holding it. */
export async function acquireLock(
  dataDir: string,
  mode: LockInfo['mode'],
  options: { waitMs?: number; stopWaiting?: (holder: LockInfo) => boolean; signal?: AbortSignal } = {},
): Promise<HeldLock> {
  makeFolders(dataDir, 'give a data folder on a disk: --data-dir or DGW_LOCAL_DIR');
  const file = join(dataDir, LOCK_FILE);
  const deadline = Date.now() + (options.waitMs ?? 0);
  const folder = folderIdentity(dataDir);
  let info: LockInfo = { pid: process.pid, mode, url: null, startedAt: new Date().toISOString(), processStart: processStartTime(process.pid), folder };
  for (;;) {
    // Written aside, then hard-linked into place: the lock file appears whole or not at all.
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    try {
      await writeFile(tmp, `${JSON.stringify(info)}\n`, { mode: 0o600 });
      await link(tmp, file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw fileFault(error, file) ?? error;
    } finally {
      // Also after a failed write (a full disk creates the file, then cannot fill it).
      await unlink(tmp).catch(() => undefined);
    }
    const text = readTextIfThere(file);
    const holder = lockOf(text);
    const state = holder ? holderOf(holder, folder) : 'gone';
    if (!holder || state === 'gone') {
      // Stale: its process is gone (a gateway killed with SIGKILL leaves one).
      if (text !== undefined) await removeStale(file, text);
      if (options.signal?.aborted) throw new InterruptedError();
      continue;
    }
    if (state === 'foreign') throw foreignLock(file, holder);
    if (options.stopWaiting?.(holder) || Date.now() >= deadline) throw new FolderBusyError(holder);
    // Nothing is held yet, so nothing needs undoing.
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
      try {
        await writeFile(tmp, `${JSON.stringify(info)}\n`, { mode: 0o600 });
        await rename(tmp, file);
      } catch (error) {
        await unlink(tmp).catch(() => undefined);
        throw fileFault(error, file) ?? error;
      }
    },
    async release() {
      if (released) return;
      released = true;
      const current = await readLock(dataDir);
      if (current?.pid === process.pid && current.startedAt === info.startedAt) await unlink(file).catch(() => undefined);
    },
  };
}
