import { readdirSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';

/** The file under `folder` that `file` is another name of (a hard link: the same device and inode), if any; a path cannot show it, so only a file with more than one link is looked for. */
export function hardLinkIn(file: string, folder: string): string | undefined {
  const target = statSync(file, { bigint: true });
  return target.isFile() && target.nlink > 1n ? sameFileUnder(folder, target) : undefined;
}

function sameFileUnder(folder: string, target: BigIntStats): string | undefined {
  for (const entry of entriesOf(folder)) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const found = sameFileUnder(path, target);
      if (found !== undefined) return found;
    } else if (entry.isFile()) {
      const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
      if (stats && stats.dev === target.dev && stats.ino === target.ino) return path;
    }
  }
  return undefined;
}

/** A folder's entries; one removed meanwhile (a spill folder, a finished transfer) holds none. */
function entriesOf(folder: string) {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
