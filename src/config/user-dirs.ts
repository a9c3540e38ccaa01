import { userInfo } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { LocalFaultError } from '../errors.js';

type Env = Record<string, string | undefined>;

/** HOME when absolute, else the account's own: a relative HOME would put keys where `git add -A` commits them. */
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

/** An XDG variable's folder, used only when absolute as the XDG rules say. */
export function xdg(value: string | undefined): string | undefined {
  return value && isAbsolute(value) ? value : undefined;
}

/** The user's data folder for dgw (`~/.local/share/dgw` and platform equivalents): local gateway data and shell history. */
export function userDataDir(env: Env, platform: string = process.platform): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home(env), 'AppData', 'Local'), 'dgw');
  if (platform === 'darwin') return join(home(env), 'Library', 'Application Support', 'dgw');
  return join(xdg(env.XDG_DATA_HOME) ?? join(home(env), '.local', 'share'), 'dgw');
}

/** The user's cache folder for dgw (`~/.cache/dgw` and platform equivalents), for what may be lost at any time. */
export function userCacheDir(env: Env, platform: string = process.platform): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home(env), 'AppData', 'Local'), 'dgw', 'Cache');
  if (platform === 'darwin') return join(home(env), 'Library', 'Caches', 'dgw');
  return join(xdg(env.XDG_CACHE_HOME) ?? join(home(env), '.cache'), 'dgw');
}
