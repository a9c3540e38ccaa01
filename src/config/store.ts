import fs from 'node:fs';
import path from 'node:path';
import { isRaw } from '../api/read.js';
import type { LocalFaultError } from '../errors.js';
import { damagedFile, fileFault, makeFolders, parseOrDamaged, readTextIfThere } from '../local-faults.js';
import type { OutputSetting } from '../output/mode.js';
import { withBindings } from './key-binding.js';
import { holdLock } from './settings-lock.js';
import { checkOwnFolder } from './safe-folder.js';
import { home, xdg } from './user-dirs.js';
import type { Zone } from './zones.js';

/** What one profile in the user store remembers. */
export interface Profile {
  zone?: Zone;
  baseUrl?: string;
  projectId?: string;
  /** The API key, when kept in this file (0600) rather than the OS keychain. */
  apiKey?: string;
  /** The account of the OS keychain entry that holds the key instead of this file. */
  keychain?: string;
  /** The base URL the key was stored for (or `local`): the only place it is sent. */
  keyBoundTo?: string;
  keyType?: 'partner' | 'project';
  /** The default output of commands run with this profile. */
  output?: OutputSetting;
}

/** The whole user store file. */
export interface StoreData {
  currentProfile?: string;
  profiles: Record<string, Profile>;
}

/** Where the user store lives: DGW_CONFIG_DIR, else the platform's config folder. */
export function configDir(env: Record<string, string | undefined>): string {
  if (env.DGW_CONFIG_DIR) return path.resolve(env.DGW_CONFIG_DIR);
  const base = xdg(env.XDG_CONFIG_HOME) ?? (process.platform === 'win32' ? env.APPDATA : undefined) ?? path.join(home(env), '.config');
  return path.join(base, 'dgw');
}

/** Reads the user store as conf would, without loading conf and its validator on every start-up. */
export function readStoreFile(dir: string): StoreData {
  checkOwnFolder(dir, 'config folder');
  const file = path.join(dir, 'config.json');
  const text = readTextIfThere(file);
  if (text === undefined) return { profiles: {} };
  const data = parseOrDamaged(text, (problem) => damagedStore(file, problem));
  // Anything but an object is damage, never an empty store the next write would replace.
  if (!isRaw(data)) throw damagedStore(file, 'it is not a JSON object');
  const { currentProfile, profiles } = data as Partial<StoreData>;
  const problem = profilesProblem(currentProfile, profiles);
  if (problem) throw damagedStore(file, problem);
  return { currentProfile, profiles: profiles ?? {} };
}

const TEXT_FIELDS = new Set(['zone', 'baseUrl', 'projectId', 'apiKey', 'keychain', 'keyBoundTo', 'keyType', 'output']);

/** Makes the store owner-only (0600) again when others may read it; the warning says so when it held a key, which others could then read. */
export function tightenStoreMode(dir: string, data: StoreData): string | undefined {
  const file = path.join(dir, 'config.json');
  const mode = fs.statSync(file, { throwIfNoEntry: false })?.mode;
  if (mode === undefined || (mode & 0o077) === 0) return undefined;
  try {
    fs.chmodSync(file, 0o600);
  } catch {
    return `${file} may be read by other users (mode ${(mode & 0o777).toString(8)}) and could not be made 0600: run chmod 600 ${file}`;
  }
  const keys = Object.values(data.profiles).some((p) => p.apiKey !== undefined);
  return keys ? `${file} could be read by other users (mode ${(mode & 0o777).toString(8)}), with the API keys it holds: it is 0600 now; if others could reach this machine, make new keys` : undefined;
}

function profilesProblem(currentProfile: unknown, profiles: unknown): string | undefined {
  if (currentProfile !== undefined && typeof currentProfile !== 'string') return '"currentProfile" is not a name';
  if (profiles === undefined) return undefined;
  if (!isRaw(profiles)) return '"profiles" is not an object';
  const bad = Object.entries(profiles).find(([, p]) => !isRaw(p));
  if (bad) return `profile "${bad[0]}" is not an object`;
  // Every setting a profile holds is text: a number where a key or a zone belongs is damage, not a bug of dgw's.
  for (const [name, profile] of Object.entries(profiles as Record<string, Record<string, unknown>>)) {
    const field = Object.entries(profile).find(([k, v]) => TEXT_FIELDS.has(k) && v !== undefined && typeof v !== 'string');
    if (field) return `"${field[0]}" of profile "${name}" is not text`;
  }
  return undefined;
}

function damagedStore(file: string, problem: string): LocalFaultError {
  return damagedFile(file, problem, `fix it in an editor, or move it aside (mv ${file} ${file}.damaged) and log in again; keys kept in the OS keychain stay there`);
}

/** The profile store on conf (0600 file in a 0700 folder), imported on first use since it is heavy. */
export class ProfileStore {
  private constructor(
    private readonly conf: { store: StoreData; path: string },
  ) {}

  static async open(dir: string): Promise<ProfileStore> {
    checkOwnFolder(dir, 'config folder');
    makeFolders(dir, 'give a config folder on a disk: DGW_CONFIG_DIR');
    fs.chmodSync(dir, 0o700);
    // conf throws on a file that is not JSON: read it first, so the damage is said, naming the file.
    readStoreFile(dir);
    const { default: Conf } = await import('conf');
    // No defaults: conf writes a file lacking them as it opens, outside the lock, and so lost
    // another command's login made meanwhile. read() fills in the profiles instead.
    const conf = new Conf<StoreData>({ projectName: 'dgw', cwd: dir, configName: 'config', configFileMode: 0o600 });
    return new ProfileStore(conf as unknown as { store: StoreData; path: string });
  }

  get path(): string {
    return this.conf.path;
  }

  read(): StoreData {
    const data = this.conf.store;
    return { currentProfile: data.currentProfile, profiles: data.profiles ?? {} };
  }

  /** Changes the store as it is on disk now, under a lock, so two commands changing it at once (two logins) each keep their change. */
  async update(change: (data: StoreData) => StoreData): Promise<StoreData> {
    const release = await holdLock(`${this.conf.path}.lock`);
    try {
      const next = change(this.read());
      this.write(next);
      return next;
    } finally {
      release();
    }
  }

  /** Replaces the stored data in one atomic write; a key stored before bindings gets its binding recorded. */
  private write(data: StoreData): void {
    try {
      this.conf.store = withBindings(data);
      fs.chmodSync(this.conf.path, 0o600);
    } catch (error) {
      // conf replaces the file whole, so a failed write leaves it as it was.
      throw fileFault(error, this.conf.path) ?? error;
    }
  }
}
