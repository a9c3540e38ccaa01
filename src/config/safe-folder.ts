import fs from 'node:fs';
import path from 'node:path';
import { LocalFaultError } from '../errors.js';

/** Who runs dgw, and what a folder's owner and mode are (tests pass their own). */
export interface FolderOwnership {
  uid: number;
  stat(folder: string): { uid: number; mode: number } | undefined;
}

/** This process's user and the real file system; undefined on Windows, where files have no owner id. */
export const realOwnership = (): FolderOwnership | undefined => {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  return {
    uid,
    stat(folder) {
      try {
        return fs.statSync(folder);
      } catch {
        return undefined;
      }
    },
  };
};

/** Refuses a folder for keys or a lock that another user could change or swap, as ssh does for `~/.ssh`; unchecked on Windows. */
export function checkOwnFolder(folder: string, what: string, ownership: FolderOwnership | undefined = realOwnership()): void {
  if (!ownership) return;
  const absolute = path.resolve(folder);
  const own = ownership.stat(absolute);
  const yours = `use a folder of your own (${what === 'config folder' ? 'DGW_CONFIG_DIR' : 'DGW_LOCAL_DIR or --data-dir'})`;
  if (own) {
    if (own.uid !== ownership.uid) throw unsafe(absolute, what, `it belongs to user id ${own.uid}, not to you (${ownership.uid})`, yours);
    // A sticky folder is shared on purpose (/tmp, as root): taking others' write away would break it for them.
    const shared = (own.mode & 0o1000) !== 0;
    if ((own.mode & 0o022) !== 0) throw unsafe(absolute, what, `other users can write to it (mode ${octal(own.mode)})`, shared ? `${yours}, such as a new folder inside ${absolute}: others share ${absolute} by design` : `chmod go-w ${absolute}`);
  }
  for (let dir = path.dirname(absolute); ; dir = path.dirname(dir)) {
    const above = ownership.stat(dir);
    if (above) {
      if (above.uid !== ownership.uid && above.uid !== 0) throw unsafe(absolute, what, `the folder above it, ${dir}, belongs to user id ${above.uid}, who could replace it`, 'use a folder inside your home folder');
      if ((above.mode & 0o022) !== 0 && (above.mode & 0o1000) === 0) throw unsafe(absolute, what, `other users can write to the folder above it, ${dir} (mode ${octal(above.mode)}), and replace it`, `chmod go-w ${dir}, or use a folder inside your home folder`);
    }
    if (path.dirname(dir) === dir) return;
  }
}

const octal = (mode: number) => `0${(mode & 0o7777).toString(8)}`;

function unsafe(folder: string, what: string, why: string, hint: string): LocalFaultError {
  return new LocalFaultError('UNSAFE_FOLDER', `refusing the ${what} ${folder}: ${why}, and could plant files there that dgw trusts with your keys`, hint);
}
