/** The failures a named file meets most, in words; the code stays for a search. */
const WHY: Record<string, string> = {
  ENOENT: 'does not exist (ENOENT)',
  EISDIR: 'is a folder, not a file (EISDIR)',
  ENOTDIR: 'cannot be read: a part of its path is a file, not a folder (ENOTDIR)',
  EACCES: 'cannot be read: permission denied (EACCES)',
  EPERM: 'cannot be read: permission denied (EPERM)',
  ENAMETOOLONG: 'cannot be read: its name is too long for the file system (ENAMETOOLONG)',
};

/** Why a named file could not be read, in words that follow its name: `does not exist (ENOENT)`. */
export function whyUnreadable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return WHY[code ?? ''] ?? `cannot be read: ${code ?? (error as Error).message}`;
}
