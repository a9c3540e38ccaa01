import fs from 'node:fs';
import { BusyError } from '../errors.js';
import { fileFault, readTextIfThere } from '../local-faults.js';
import { pidAlive } from '../process-alive.js';
import { removeStale } from '../stale-lock.js';
import { processStartTime } from '../process-identity.js';

/** Takes `file` (created exclusively, holding this process's id and start time, so a holder's id reused by another process is not taken for it) for a read-change-write; one left by a dead process is removed, a live holder waited for at most 10 s. */
export async function holdLock(file: string): Promise<() => void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    // Written aside, then linked into place: a full disk leaves no empty lock that would block every later change.
    const tmp = `${file}.${process.pid}`;
    try {
      fs.writeFileSync(tmp, `${process.pid} ${processStartTime(process.pid) ?? ''}\n`, { mode: 0o600 });
      fs.linkSync(tmp, file);
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw fileFault(error, file) ?? error;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    // Gone already (its holder let go between the two calls): try again.
    const text = readTextIfThere(file);
    if (text === undefined) continue;
    const [pid, start] = text.trim().split(' ');
    const holder = Number(pid || Number.NaN);
    const reused = start !== undefined && (processStartTime(holder) ?? start) !== start;
    if (!Number.isSafeInteger(holder) || holder <= 0 || !pidAlive(holder) || reused) {
      await removeStale(file, text);
      continue;
    }
    if (Date.now() > deadline) throw new BusyError(`${file} is held by another dgw (pid ${holder}) changing the settings`, 'try again when it has finished');
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
  }
}
