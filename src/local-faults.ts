import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { LocalFaultError } from './errors.js';

/** The operating system's error codes that say the fault lies with the disk or the file, not with dgw. */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
const NO_ACCESS = new Set(['EACCES', 'EPERM', 'EROFS']);

/** A file's text, or undefined when there is none; any other failure is said as a fault of this machine where it is one. */
export function readTextIfThere(file: string): string | undefined {
  let fd: number;
  try {
    // Without O_NONBLOCK a named pipe in the file's place holds the open, past Ctrl-C, until a writer comes.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fileFault(error, file) ?? error;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() && !info.isDirectory()) {
      throw new LocalFaultError('FILE_ACCESS', `cannot use ${file}: it is ${info.isFIFO() ? 'a named pipe' : 'a device or socket'}, where dgw keeps a file`, `move it aside (dgw makes the file again where it can), then try again`);
    }
    return readFileSync(fd, 'utf8');
  } catch (error) {
    throw fileFault(error, file) ?? error;
  } finally {
    closeSync(fd);
  }
}

/** An OS error on a file dgw keeps as its fault (full disk, permission, failing disk); `file` when the error names none. */
export function fileFault(error: unknown, file?: string): LocalFaultError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string') return undefined;
  const where = file ?? (error as NodeJS.ErrnoException).path;
  const it = where || 'a file of dgw';
  if (DISK_FULL.has(code)) {
    return new LocalFaultError(
      'DISK_FULL',
      `the disk is full: cannot write ${it} (${code})`,
      `free some space on the disk holding ${dirname(it)} (df -h shows how much is left), then try again; what was saved before is kept`,
      error,
    );
  }
  if (NO_ACCESS.has(code)) {
    return new LocalFaultError(
      'FILE_ACCESS',
      `the system refused access to ${it} (${code}${code === 'EROFS' ? ': a read-only file system' : ''})`,
      where ? `check who owns ${where} and its folder, and their permissions (dgw keeps its files for their owner alone)` : 'check the permissions of dgw\'s folders',
      error,
    );
  }
  if (code === 'EFBIG') {
    return new LocalFaultError(
      'FILE_ACCESS',
      `cannot write ${it}: the file size limit of this process is reached (EFBIG)`,
      'raise the limit (ulimit -f unlimited, or ask whoever set it), then try again; what was saved before is kept',
      error,
    );
  }
  // mkdir of a folder that is a file already fails EEXIST: the same fault as a file part-way along its path.
  if (code === 'ENOTDIR' || (code === 'EEXIST' && (error as NodeJS.ErrnoException).syscall === 'mkdir')) {
    return new LocalFaultError(
      'FILE_ACCESS',
      `cannot use ${it}: a part of its path is a file, not a folder (${code})`,
      'check the path, and the variable that sets it (XDG_CONFIG_HOME, XDG_DATA_HOME, DGW_CONFIG_DIR, DGW_LOCAL_DIR)',
      error,
    );
  }
  // Node's recursive mkdir says ENOENT, not EROFS, where a folder along the path cannot be made.
  if (code === 'ENOENT' && (error as NodeJS.ErrnoException).syscall === 'mkdir') {
    return new LocalFaultError('FILE_ACCESS', `cannot make the folder ${it}: a folder along its path cannot be made (ENOENT; a read-only file system?)`, `check that ${dirname(it)} exists and can be written (mount shows whether its file system is read-only)`, error);
  }
  if (code === 'EISDIR') {
    return new LocalFaultError('FILE_ACCESS', `cannot use ${it}: it is a folder, where dgw keeps a file (EISDIR)`, `move the folder ${it} aside (dgw makes the file again where it can), then try again`, error);
  }
  if (code === 'EIO') {
    return new LocalFaultError('FILE_ACCESS', `the disk failed to read or write ${it} (EIO)`, 'the disk or its file system may be failing: check the system log (dmesg), and keep a copy of the folder before anything else', error);
  }
  return undefined;
}

/** A settings or key file that cannot be read as what dgw wrote: name it, say why, say what to do. */
export function damagedFile(file: string, problem: string, remedy: string, cause?: unknown): LocalFaultError {
  return new LocalFaultError('DAMAGED_FILE', `${file} is damaged: ${problem}`, remedy, cause);
}

/** A settings or key file's text as JSON; text that is not JSON is the error `damaged` makes of the parser's message. */
export function parseOrDamaged(text: string, damaged: (problem: string) => Error): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw damaged(`it is not JSON (${(error as Error).message})`);
  }
}

const isFolder = (path: string) => { try { return statSync(path).isDirectory(); } catch { return false; } };

/** Makes `dir` (0700) folder by folder: Node's recursive mkdir loops forever where mkdir says ENOENT in a folder that exists (/proc). */
export function makeFolders(dir: string, hint: string): void {
  const parts = resolve(dir).split(sep);
  for (let i = isFolder(dir) ? parts.length + 1 : 2; i <= parts.length; i++) {
    const folder = parts.slice(0, i).join(sep);
    try {
      mkdirSync(folder, { mode: 0o700 });
    } catch (error) {
      if (isFolder(folder)) continue;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new LocalFaultError('FILE_ACCESS', `cannot make the folder ${folder} for ${dir} (ENOENT): its file system makes no folders there`, hint, error);
      throw fileFault(error, dir) ?? error;
    }
  }
}
