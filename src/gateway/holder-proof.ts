import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { LocalFaultError } from '../errors.js';
import { KEY_FILE, readKeyFile } from './keys.js';

/** Where a served gateway proves, without any key, that it holds its data folder. */
export const HOLDER_PATH = '/_dgw/holder';

/** The answer to `challenge` that only a reader of the folder's partner key can give; it reveals nothing of the key. */
export function holderProof(partnerKey: string, challenge: string): string {
  return createHmac('sha256', partnerKey).update(`dgw serve holds this folder: ${challenge}`).digest('base64url');
}

/** Whoever planted a lock naming their own server cannot answer the challenge, and so gets no key. */
export async function checkHolder(url: string, dataDir: string, signal: AbortSignal): Promise<void> {
  const keyFile = join(dataDir, KEY_FILE);
  const secret = (await readKeyFile(keyFile))?.partnerKey;
  if (secret === undefined) throw notProven(url, dataDir, `${keyFile} is missing, so its answer cannot be checked`);
  const challenge = randomBytes(32).toString('base64url');
  let answer: string;
  try {
    answer = await getText(`${url}${HOLDER_PATH}?challenge=${challenge}`, AbortSignal.any([signal, AbortSignal.timeout(30_000)]));
  } catch (error) {
    if (signal.aborted) throw error;
    throw notProven(url, dataDir, `it did not answer (${(error as Error).message})`);
  }
  const proof = (() => {
    try {
      return (JSON.parse(answer) as { proof?: unknown }).proof;
    } catch {
      return undefined;
    }
  })();
  const expected = Buffer.from(holderProof(secret, challenge));
  if (typeof proof !== 'string' || proof.length !== expected.length || !timingSafeEqual(Buffer.from(proof), expected)) {
    throw notProven(url, dataDir, 'its answer to a challenge was not made with the folder\'s secret');
  }
}

function notProven(url: string, dataDir: string, why: string): LocalFaultError {
  return new LocalFaultError(
    'FOREIGN_LOCK',
    `the lock file of ${dataDir} names a server at ${url} that did not prove it holds the folder: ${why}; no key was sent to it`,
    `if no dgw serve uses ${dataDir}, delete ${join(dataDir, 'gateway.lock')} and try again; check who can write to the folder`,
  );
}

/** A GET on loopback and its body (at most 4 KB: a proof is short), sent by ky as every request to a served gateway is. */
async function getText(url: string, signal: AbortSignal): Promise<string> {
  const { default: ky } = await import('ky');
  const response = await ky.get(url, { signal, retry: 0, timeout: false, redirect: 'manual', throwHttpErrors: false });
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let body = '';
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    body += decoder.decode(next.value, { stream: true });
    if (body.length > 4096) {
      await reader.cancel();
      throw new Error('the answer is too long');
    }
  }
  return body + decoder.decode();
}
