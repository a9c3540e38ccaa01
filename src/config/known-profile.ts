import { UsageError } from '../errors.js';
import { didYouMean } from '../output/did-you-mean.js';
import { describeSource } from './explain.js';
import type { Settings } from './settings.js';
import type { StoreData } from './store.js';

/** The profile every command falls back to; it may be absent (nothing stored yet, or no key). */
const DEFAULT_PROFILE = 'default';

/** Refuses a profile name the store lacks, whatever named it: a typo must not read as "no API key". */
export function unknownProfileError(settings: Settings, store: StoreData): UsageError | undefined {
  const { value: name, source, origin } = settings.profile;
  if (name === DEFAULT_PROFILE || Object.hasOwn(store.profiles, name)) return undefined;
  const known = Object.keys(store.profiles).sort();
  const where = describeSource({ source, origin: origin ?? null });
  return new UsageError(
    `unknown profile "${name}" (${where})${didYouMean(name, [...known, DEFAULT_PROFILE])}`,
    `${known.length > 0 ? `stored profiles: ${known.join(', ')}; ` : 'no profile is stored yet; '}a new one is made by \`dgw --profile NAME auth login\``,
  );
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$/;

/** Refuses a new profile name that would be trouble where shown or typed (spaces, `/`, control characters, leading `-` or `_`). */
export function checkNewProfileName(settings: Settings): void {
  const { value: name, source, origin } = settings.profile;
  if (PROFILE_NAME.test(name)) return;
  throw new UsageError(
    `${JSON.stringify(name)} (${describeSource({ source, origin: origin ?? null })}) cannot name a new profile: use a letter or digit, then letters, digits, "_", ".", "@" or "-" (64 at most)`,
  );
}
