import type { Profile, StoreData } from './store.js';
import { ZONE_BASE_URLS } from './zones.js';

/** The binding of a key stored for zone `local` without a base URL: the local gateway of the data folder. */
export const LOCAL_GATEWAY = 'local';

/** Where a profile's stored key may be sent; a profile stored before bindings is bound to the URL it resolves to. */
export function keyBinding(profile: Profile): string | undefined {
  if (!hasStoredKey(profile)) return undefined;
  if (profile.keyBoundTo) return profile.keyBoundTo === LOCAL_GATEWAY ? LOCAL_GATEWAY : normaliseUrl(profile.keyBoundTo);
  if (profile.baseUrl) return normaliseUrl(profile.baseUrl);
  const zone = profile.zone ?? 'default';
  return zone === 'local' ? LOCAL_GATEWAY : ZONE_BASE_URLS[zone];
}

/** True when the profile holds a key: in the file, or in the OS keychain. */
export function hasStoredKey(profile: Profile): boolean {
  return Boolean(profile.apiKey || profile.keychain);
}

/** The target a command sends to, in the terms of a binding: its base URL, or `local`. */
export function bindingOf(baseUrl: string | undefined): string {
  return baseUrl ?? LOCAL_GATEWAY;
}

/** A binding or target as a person reads it. */
export function describeBinding(binding: string): string {
  return binding === LOCAL_GATEWAY ? 'the local gateway' : binding;
}

/** Names of the profiles whose stored key is bound to `binding`, sorted. */
export function profilesWithKeyFor(store: StoreData, binding: string): string[] {
  return Object.entries(store.profiles)
    .filter(([, p]) => keyBinding(p) === binding)
    .map(([name]) => name)
    .sort();
}

/** Records the binding of every stored key that has none, so the store says what it means. */
export function withBindings(store: StoreData): StoreData {
  const profiles = Object.fromEntries(
    Object.entries(store.profiles).map(([name, p]) => [name, hasStoredKey(p) && !p.keyBoundTo ? { ...p, keyBoundTo: keyBinding(p) } : p]),
  );
  return { ...store, profiles };
}

function normaliseUrl(text: string): string {
  return URL.parse(text)?.toString().replace(/\/+$/, '') ?? text;
}
