import type { Context } from '../context.js';
import type { Profile } from './store.js';

/** Where a profile's key lives: the OS keychain, or the user store's file (0600). */
export type KeyStorage = 'keychain' | 'file';

/** A profile with its key put away: `keychain` names the entry, or `apiKey` holds it. */
export interface StoredKey {
  fields: Pick<Profile, 'apiKey' | 'keychain'>;
  storage: KeyStorage;
  /** Which keychain, when it holds the key. */
  keychain?: string;
  /** Why the key went to the file although the keychain was wanted. */
  fallback?: string;
}

/** Puts a key in the OS keychain unless `insecure` or none answers, then in the file; never in both. */
export async function storeKey(ctx: Context, profileName: string, existing: Profile, key: string, insecure: boolean): Promise<StoredKey> {
  const { openKeychain, newKeychainAccount } = await import('./keychain.js');
  if (insecure) {
    if (existing.keychain) await forgetKeychainEntry(ctx, existing.keychain);
    return { fields: { apiKey: key }, storage: 'file' };
  }
  try {
    const keychain = await openKeychain(ctx.signal);
    const account = existing.keychain ?? newKeychainAccount(profileName);
    await keychain.set(account, key);
    return { fields: { keychain: account }, storage: 'keychain', keychain: keychain.name };
  } catch (error) {
    return { fields: { apiKey: key }, storage: 'file', fallback: (error as Error).message };
  }
}

/** Removes a keychain entry; a keychain that does not answer is warned about, never fatal. */
export async function forgetKeychainEntry(ctx: Context, account: string): Promise<void> {
  const { openKeychain } = await import('./keychain.js');
  try {
    await (await openKeychain(ctx.signal)).delete(account);
  } catch (error) {
    ctx.out.warn(`could not remove the key from the OS keychain (entry dgw/${account}): ${(error as Error).message}`);
  }
}
