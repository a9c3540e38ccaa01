import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';

/** A file relative to the context's folder, or stdin for `-`; unreadable is a usage error before anything is sent. */
export async function readSource(ctx: Context, source: string, flag: string): Promise<string> {
  if (source === '-') return ctx.readStdin();
  if (source === '') throw new UsageError(`${flag} is empty (an unset variable?); name a file, or - for stdin`);
  try {
    return await readFile(path.resolve(ctx.cwd, source), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${flag}: ${source} ${WHY[code ?? ''] ?? `cannot be read: ${code ?? (error as Error).message}`}`);
  }
}

/** The failures a named file meets most, in words; the code stays for a search. */
const WHY: Record<string, string> = {
  ENOENT: 'does not exist (ENOENT)',
  EISDIR: 'is a folder, not a file (EISDIR)',
  ENOTDIR: 'cannot be read: a part of its path is a file, not a folder (ENOTDIR)',
  EACCES: 'cannot be read: permission denied (EACCES)',
  EPERM: 'cannot be read: permission denied (EPERM)',
  ENAMETOOLONG: 'cannot be read: its name is too long for the file system (ENAMETOOLONG)',
};
