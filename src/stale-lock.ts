import { readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { fileFault } from './local-faults.js';

/**
 * Removes a stale lock file only if it still holds `judged`, so two processes that judged it stale cannot remove one another's fresh
 * lock. A breaker file, held for the read and the unlink, makes them one step; one left by a process that died goes after 5 s, and one that cannot go (a folder) is a fault.
 */
export async function removeStale(file: string, judged: string): Promise<void> {
  const breaker = `${file}.break`;
  try {
    await writeFile(breaker, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw fileFault(error, breaker) ?? error;
    const since = await stat(breaker).then((s) => Date.now() - s.mtimeMs, () => 0);
    if (since > 5000) await unlink(breaker).catch((e: NodeJS.ErrnoException) => { if (e.code !== 'ENOENT') throw fileFault(e, breaker) ?? e; });
    await new Promise((r) => setTimeout(r, 10));
    return;
  }
  try {
    if ((await readFile(file, 'utf8').catch(() => undefined)) === judged) await unlink(file).catch(() => undefined);
  } finally {
    await unlink(breaker).catch(() => undefined);
  }
}
