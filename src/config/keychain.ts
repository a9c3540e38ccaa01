import { randomBytes } from 'node:crypto';
import { AuthError } from '../errors.js';

const KEYCHAIN_SERVICE = 'dgw';

/** Long enough for an unlock dialog on a desktop. */
const KEYCHAIN_TIMEOUT_MS = 60_000;

/** The OS keychain as dgw uses it: one password per account, under the service `dgw`. */
export interface Keychain {
  /** Which keychain this is, for `auth status` and notes. */
  readonly name: string;
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  /** True when there was an entry to delete. */
  delete(account: string): Promise<boolean>;
}

/** Why no keychain answered: the library is missing, or the platform's keychain is not there (CI, containers). */
class KeychainUnavailable extends Error {}

/** A new account name for a profile's key, with a random tag so two config folders never share an entry. */
export function newKeychainAccount(profile: string): string {
  return `${profile}:${randomBytes(6).toString('hex')}`;
}

/** The keychain's name on this platform, as people know it. */
export function keychainName(): string {
  if (process.platform === 'darwin') return 'macOS Keychain';
  if (process.platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service keyring';
}

/** Opens the OS keychain through @napi-rs/keyring; on Linux only the Secret Service, as the kernel keyring forgets at reboot. */
export async function openKeychain(signal?: AbortSignal): Promise<Keychain> {
  let AsyncEntry: typeof import('@napi-rs/keyring').AsyncEntry;
  try {
    ({ AsyncEntry } = await import('@napi-rs/keyring'));
  } catch (error) {
    throw new KeychainUnavailable(`the keychain library could not be loaded (${(error as Error).message.split('\n')[0]})`);
  }
  // Made only inside call(), which turns a failure to make it into KeychainUnavailable.
  const entry = (account: string) => new AsyncEntry(KEYCHAIN_SERVICE, account, { linux: { store: 'secret-service' } });
  const limit = () => (signal ? AbortSignal.any([signal, AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS)]) : AbortSignal.timeout(KEYCHAIN_TIMEOUT_MS));
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw unavailable(error);
    }
  };
  return {
    name: keychainName(),
    get: (account) => call(async () => (await entry(account).getPassword(limit())) ?? undefined),
    set: (account, secret) => call(() => entry(account).setPassword(secret, limit())),
    delete: (account) => call(() => entry(account).deleteCredential(limit())),
  };
}

function unavailable(error: unknown): KeychainUnavailable {
  if (error instanceof KeychainUnavailable) return error;
  return new KeychainUnavailable(((error as Error)?.message ?? String(error)).split('\n')[0]);
}

/** A profile says its key is in the keychain, and the keychain does not give it (exit 3). */
export function keychainReadError(profile: string, reason: string): AuthError {
  return new AuthError(`profile ${profile} keeps its API key in the OS keychain, which did not give it: ${reason}`, {
    hint: `log in again (\`dgw --profile ${profile} auth login\`; add --insecure-storage to keep the key in the config file where no keychain runs), or set DGW_API_KEY`,
  });
}
