import { UsageError } from '../errors.js';
import { didYouMean } from '../output/did-you-mean.js';
import { describeSource } from './explain.js';
import type { Settings } from './settings.js';
import type { StoreData } from './store.js';

/** The profile every command falls back to; it may be absent (nothing stored yet, or no key). */
export const DEFAULT_PROFILE = 'default';

/**
 * Refuses a profile name the user store does not hold, wherever the name came from (`--profile`,
 * DGW_PROFILE, a project file, the store's current profile): a typo must not read as "no API key"
 * or silently run with nothing. Only "default" may be absent. `auth login` creates profiles and
 * does not ask.
 */
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

/** What a new profile may be called: a letter or digit, then letters, digits and `_ . @ -`, at most 64 in all. */
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$/;

/**
 * Refuses a name for a profile about to be made (`auth login`) that would be trouble wherever it
 * is shown or typed: spaces, `/`, control characters, a leading `-` or `_` (`__proto__`).
 * Profiles stored before keep their names.
 */
export function checkNewProfileName(settings: Settings): void {
  const { value: name, source, origin } = settings.profile;
  if (PROFILE_NAME.test(name)) return;
  throw new UsageError(
    `${JSON.stringify(name)} (${describeSource({ source, origin: origin ?? null })}) cannot name a new profile: use a letter or digit, then letters, digits, "_", ".", "@" or "-" (64 at most)`,
  );
}
