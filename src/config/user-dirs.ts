import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Record<string, string | undefined>;

function home(env: Env): string {
  return env.HOME || env.USERPROFILE || homedir();
}

/**
 * The user's data folder for dgw: `$XDG_DATA_HOME/dgw` (`~/.local/share/dgw`); `~/Library/
 * Application Support/dgw` on macOS; `%LOCALAPPDATA%\dgw` on Windows. The local gateway's data and
 * the SQL shell's history live here.
 */
export function userDataDir(env: Env, platform: string = process.platform): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home(env), 'AppData', 'Local'), 'dgw');
  if (platform === 'darwin') return join(home(env), 'Library', 'Application Support', 'dgw');
  return join(env.XDG_DATA_HOME || join(home(env), '.local', 'share'), 'dgw');
}

/**
 * The user's cache folder for dgw, for what may be lost at any time (completion's short-lived
 * answers): `$XDG_CACHE_HOME/dgw` (`~/.cache/dgw`); `~/Library/Caches/dgw` on macOS;
 * `%LOCALAPPDATA%\dgw\Cache` on Windows.
 */
export function userCacheDir(env: Env, platform: string = process.platform): string {
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home(env), 'AppData', 'Local'), 'dgw', 'Cache');
  if (platform === 'darwin') return join(home(env), 'Library', 'Caches', 'dgw');
  return join(env.XDG_CACHE_HOME || join(home(env), '.cache'), 'dgw');
}
