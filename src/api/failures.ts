import { errorName } from '../error-codes.js';
import { BusyError, DgwError, LocalFaultError, NetworkError } from '../errors.js';

/** The local gateway's fault codes as this machine's faults: full disk or damaged database (exit 13), database held elsewhere (exit 12). */
export function localGatewayFault(given: string | number | undefined, message: string): DgwError | undefined {
  // The hosted shape gives the code as a number.
  const errorCode = errorName(given);
  if (errorCode === 'DISK_FULL') return new LocalFaultError('DISK_FULL', message, 'df -h shows the space left on each disk');
  if (errorCode === 'DATABASE_DAMAGED') return new LocalFaultError('DAMAGED_FILE', message, 'docs/errors.md "Faults on this machine" says how to restore the file or move it aside');
  if (errorCode === 'DATABASE_NEWER') return new LocalFaultError('NEWER_FILE', message, '`dgw version` says which dgw this is; install the later one (npm install) to use this data folder');
  if (errorCode === 'FILE_ACCESS') return new LocalFaultError('FILE_ACCESS', message, 'ls -l shows who owns the data folder and its files');
  if (errorCode === 'DATABASE_BUSY') return new BusyError(message, 'dgw serve lets several dgw commands share the local gateway; another program should not open its files');
  return undefined;
}

/** What Node's TLS says of a certificate it does not trust, and what a person can do about each. */
const CERTIFICATE_PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'comes from a certificate authority Node does not know',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'comes from a certificate authority Node does not know',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'comes from a certificate authority Node does not know',
  CERT_HAS_EXPIRED: 'has expired',
  CERT_NOT_YET_VALID: 'is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'is for another host name',
};

/** True for a failure that another try cannot mend: a certificate Node does not trust. */
export function lasting(error: unknown): boolean {
  return CERTIFICATE_PROBLEMS[rootCause(error)] !== undefined;
}

/** The network's codes a person meets most, in words (the code follows them). */
const NETWORK_PROBLEMS: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening there',
  ECONNRESET: 'the connection was closed before the answer came',
  UND_ERR_SOCKET: 'the connection was closed before the answer came',
  ENOTFOUND: 'no such host name',
  EAI_AGAIN: 'the host name could not be looked up now',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'no route to the network',
};

/** A failed connection; an untrusted certificate is said as such and not retried, since retrying changes nothing; a change written before the connection closed may be made. */
export function unreachable(host: string, error: unknown, change = false): NetworkError {
  const cause = rootCause(error);
  const problem = CERTIFICATE_PROBLEMS[cause];
  let written = false;
  for (let c = error as { cause?: unknown; socket?: { bytesWritten?: number }; syscall?: unknown } | undefined, depth = 0; c && depth < 6; c = c.cause as typeof c, depth++) written ||= (c.socket?.bytesWritten ?? 0) > 0 || c.syscall === 'read';
  const hint = change && written ? 'the request reached the service; the change may be made: check before running it again' : undefined;
  if (problem === undefined) return new NetworkError(`cannot reach ${host}: ${NETWORK_PROBLEMS[cause] ? `${NETWORK_PROBLEMS[cause]} (${cause})` : cause}`, error, { hint });
  const fix = cause === 'ERR_TLS_CERT_ALTNAME_INVALID' || cause === 'CERT_HAS_EXPIRED' || cause === 'CERT_NOT_YET_VALID'
    ? 'check the base URL (DGW_BASE_URL, the profile\'s baseUrl) and the machine\'s clock; the service\'s operators can renew its certificate'
    : 'if your organisation has its own certificate authority, set NODE_EXTRA_CA_CERTS to its PEM file';
  return new NetworkError(`cannot reach ${host}: its TLS certificate ${problem} (${cause})`, error, { lasting: true, hint: fix });
}

/** The innermost cause's code (ECONNREFUSED, ECONNRESET, ...) or message: fetch and ky nest them deeply. */
export function rootCause(error: unknown): string {
  let current = error as { cause?: unknown; code?: unknown; message?: unknown; errors?: unknown } | undefined;
  let reason = String((current as Error | undefined)?.message ?? error);
  for (let depth = 0; current && depth < 6; depth++) {
    if (typeof current.code === 'string') return current.code;
    if (typeof current.message === 'string' && current.message) reason = current.message;
    // A refused connection to a name with several addresses is an AggregateError of one failure each.
    current = (current.cause ?? (Array.isArray(current.errors) ? current.errors[0] : undefined)) as typeof current;
  }
  return reason;
}

/** One of dgw's own errors anywhere in `error`'s causes: a streamed body that failed to read, as fetch wraps it. */
export function ownCause(error: unknown): DgwError | undefined {
  let current = error;
  for (let depth = 0; current && depth < 6; depth++) {
    if (current instanceof DgwError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
