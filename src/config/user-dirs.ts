import { userInfo } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { LocalFaultError } from '../errors.js';

type Env = Record<string, string | undefined>;

/**
 * The user's home folder: HOME (USERPROFILE on Windows) when it is an absolute path, else the
 * account's own from the system. An empty or relative HOME would put dgw's keys and databases in
 * the current folder, where `git add -A` would commit them.
 */
export function home(env: Env): string {
  const given = env.HOME || env.USERPROFILE;
  if (given && isAbsolute(given)) return given;
  let account: string | undefined;
  try {
    account = userInfo().homedir;
  } catch {
    account = undefined;
  }
  if (account && isAbsolute(account)) return account;
  throw new LocalFaultError('FILE_ACCESS', `no home folder: HOME is ${given ? `"${given}", not an absolute path` : 'empty'}, and the system names none for this account`, 'set HOME to your home folder, or DGW_CONFIG_DIR and DGW_LOCAL_DIR to absolute paths');
}

/** An XDG variable's folder: used only when it is an absolute path, as the XDG rules say (a relative one is ignored). */
export function xdg(value: string | undefined): string | undefined {
  return value && isAbsolute(value) ? value : undefined;
}

/**
 * The user's data folder for dgw: `$XDG_DATA_HOME/dgw` (`~/.local/share/dgw`); `~/Library/
 * Application Support/dgw` on macOS; `%LOCALAPPDATA%\dgw` on Windows. The local gateway's data and
 * the SQL shell's history live here.
 */
export function userDataDir(env: Env, platform: string = process.platform): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home(env), 'AppData', 'Local'), 'dgw');
  if (platform === 'darwin') return join(home(env), 'Library', 'Application Support', 'dgw');
  return join(xdg(env.XDG_DATA_HOME) ?? join(home(env), '.local', 'share'), 'dgw');
}

/**
 * The user's cache folder for dgw, for what may be lost at any time (completion's short-lived
 * answers): `$XDG_CACHE_HOME/dgw` (`~/.cache/dgw`); `~/Library/Caches/dgw` on macOS;
 * `%LOCALAPPDATA%\dgw\Cache` on Windows.
 */
export function userCacheDir(env: Env, platform: string = process.platform): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home(env), 'AppData', 'Local'), 'dgw', 'Cache');
  if (platform === 'darwin') return join(home(env), 'Library', 'Caches', 'dgw');
  return join(xdg(env.XDG_CACHE_HOME) ?? join(home(env), '.cache'), 'dgw');
}
