import { NotFoundError } from '../../errors.js';
import type { StoreData } from '../../config/store.js';

/** The profile commands use when nothing names one: the stored current profile, else "default". */
export function currentProfileName(data: StoreData): string {
  return data.currentProfile ?? 'default';
}

/** Refuses a profile name the store does not hold (exit 4, like any name that matches nothing). */
export function requireProfile(data: StoreData, name: string): void {
  if (data.profiles[name]) return;
  const known = Object.keys(data.profiles);
  throw new NotFoundError(`no profile named "${name}"; ${known.length > 0 ? `known profiles: ${known.join(', ')}` : 'none is stored yet: run `dgw auth login`'}`);
}
