/**
 * Loopback addresses: where plain http is allowed, and the only place the local gateway's key is
 * sent. `hostname` as URL gives it (IPv6 in brackets, already normalised: `[::1]`, `127.0.0.1`).
 */
export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * The URL a client on this machine uses to reach a server listening on `url`'s address: a
 * wildcard address (`0.0.0.0`, `[::]`, which `dgw serve --host` accepts) is reached on loopback.
 * Undefined when the address is not loopback, or `url` is not a URL.
 */
export function loopbackUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.hostname === '0.0.0.0') parsed.hostname = '127.0.0.1';
  if (parsed.hostname === '[::]') parsed.hostname = '[::1]';
  if (parsed.username || parsed.password || !isLoopback(parsed.hostname)) return undefined;
  return parsed.toString().replace(/\/+$/, '');
}
