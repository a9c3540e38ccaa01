import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { OutputSetting } from '../output/mode.js';
import { withBindings } from './key-binding.js';
import type { Zone } from './zones.js';

/** What one profile in the user store remembers. */
export interface Profile {
  zone?: Zone;
  baseUrl?: string;
  projectId?: string;
  /** The API key, when it is kept in this file (0600): where no OS keychain answers, or `auth login --insecure-storage`. */
  apiKey?: string;
  /** The account of the OS keychain entry (service `dgw`) that holds the key instead of this file. */
  keychain?: string;
  /** The base URL the key was stored for (or `local`): the only place it is sent (key-binding.ts). */
  keyBoundTo?: string;
  keyType?: 'partner' | 'project';
  /** The default output of commands run with this profile (`dgw config set output FORMAT`). */
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
  const base = env.XDG_CONFIG_HOME || (process.platform === 'win32' ? env.APPDATA : undefined) || path.join(os.homedir(), '.config');
  return path.join(base, 'dgw');
}

/**
 * Reads the user store without conf: the same file (`<dir>/config.json`), parsed as conf parses it
 * (no file is an empty store; a file that is not an object reads as an empty store; invalid JSON
 * throws). Settings only read the store, and conf (with its schema validator, ajv) is too heavy for
 * every command's start-up; writes still go through `ProfileStore`.
 */
export function readStoreFile(dir: string): StoreData {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, 'config.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw error;
  }
  const data: unknown = JSON.parse(text);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { profiles: {} };
  const { currentProfile, profiles } = data as Partial<StoreData>;
  return { currentProfile, profiles: profiles ?? {} };
}

/**
 * The profile store on conf: the file is 0600 inside a 0700 folder, so a key written here is
 * readable by its owner alone. conf is imported on first use; it is heavy for a start-up path.
 */
export class ProfileStore {
  private constructor(
    private readonly conf: { store: StoreData; path: string },
  ) {}

  static async open(dir: string): Promise<ProfileStore> {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dir, 0o700);
    const { default: Conf } = await import('conf');
    const conf = new Conf<StoreData>({
      projectName: 'dgw',
      cwd: dir,
      configName: 'config',
      configFileMode: 0o600,
      defaults: { profiles: {} },
    });
    return new ProfileStore(conf as unknown as { store: StoreData; path: string });
  }

  get path(): string {
    return this.conf.path;
  }

  read(): StoreData {
    const data = this.conf.store;
    return { currentProfile: data.currentProfile, profiles: data.profiles ?? {} };
  }

  /** Replaces the stored data in one atomic write; a key stored before bindings gets its binding recorded. */
  write(data: StoreData): void {
    this.conf.store = withBindings(data);
    fs.chmodSync(this.conf.path, 0o600);
  }
}
