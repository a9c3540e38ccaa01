import { NotFoundError, UsageError } from '../../errors.js';
import type { StoreData } from '../../config/store.js';
import { didYouMean } from '../../output/did-you-mean.js';

/** The profile commands use when nothing names one: the stored current profile, else "default". */
export function currentProfileName(data: StoreData): string {
  return data.currentProfile ?? 'default';
}

/** Refuses a profile name the store lacks (exit 4); only own entries count, so `constructor` is no profile. */
export function requireProfile(data: StoreData, name: string): void {
  if (Object.hasOwn(data.profiles, name)) return;
  if (name.trim() === '') throw new UsageError('NAME must not be empty');
  const known = Object.keys(data.profiles);
  const suggestion = didYouMean(name, known);
  if (suggestion) throw new NotFoundError(`no profile named "${name}"${suggestion} (known profiles: ${known.join(', ')})`);
  throw new NotFoundError(`no profile named "${name}"; ${known.length > 0 ? `known profiles: ${known.join(', ')}` : 'none is stored yet: run `dgw auth login`'}`);
}
