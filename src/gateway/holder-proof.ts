import { join } from 'node:path';
import { LocalFaultError } from '../errors.js';
import { KEY_FILE, readKeyFile } from './keys.js';
import { folderIdentity, LOCK_FILE, type LockInfo } from './lock.js';

// Not an ES import: that reads every export of node:crypto, WebCrypto among them, on each served command.
const crypto = () => process.getBuiltinModule('node:crypto');

/**
 * A `dgw serve`'s proof in its lock, keyed by the folder's partner key to one process, folder and address: a planted lock
 * names no other server. A lock naming no folder (a dgw serve from before folders were named) is proved as it proves itself.
 */
export function holderProof(partnerKey: string, lock: Pick<LockInfo, 'pid' | 'processStart' | 'url'>, folder: string | undefined): string {
  const holds = folder === undefined ? 'this folder' : `folder ${folder}`;
  return crypto().createHmac('sha256', partnerKey).update(`dgw serve ${lock.pid} started ${lock.processStart ?? '?'} holds ${holds} at ${lock.url}`).digest('base64url');
}

/** Whoever planted a lock naming their own server cannot have made its proof, and so gets no key. */
export async function checkHolder(lock: LockInfo, dataDir: string): Promise<void> {
  const keyFile = join(dataDir, KEY_FILE);
  const secret = (await readKeyFile(keyFile))?.partnerKey;
  if (secret === undefined) throw notProven(lock, dataDir, `${keyFile} is missing, so its proof cannot be checked`);
  const expected = Buffer.from(holderProof(secret, lock, lock.folder === undefined ? undefined : folderIdentity(dataDir)));
  const proof = lock.proof;
  if (proof === undefined) throw notProven(lock, dataDir, `it has no proof, as a dgw serve older than this dgw writes none: if the dgw serve of pid ${lock.pid} is one, stop it and run this dgw's`);
  if (typeof proof !== 'string' || proof.length !== expected.length || !crypto().timingSafeEqual(Buffer.from(proof), expected)) {
    throw notProven(lock, dataDir, 'the lock was not written with the folder\'s secret');
  }
}

function notProven(lock: LockInfo, dataDir: string, why: string): LocalFaultError {
  return new LocalFaultError(
    'FOREIGN_LOCK',
    `the lock file of ${dataDir} names a server at ${lock.url} that did not prove it holds the folder: ${why}; no key was sent to it`,
    `if no dgw serve uses ${dataDir}, delete ${join(dataDir, LOCK_FILE)} and try again; check who can write to the folder`,
  );
}
