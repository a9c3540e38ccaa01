/** Whether `host` (an address to listen on, or a URL's hostname) is one only this machine reaches: 127.0.0.0/8, ::1 (also as IPv4-mapped) or localhost; plain http and the local gateway's key go only there. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  return /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h);
}

/** The loopback URL reaching a server on `url` (a wildcard address is reached on loopback); undefined otherwise. */
export function loopbackUrl(url: string): string | undefined {
  const parsed = URL.parse(url);
  if (!parsed) return undefined;
  if (parsed.hostname === '0.0.0.0') parsed.hostname = '127.0.0.1';
  if (parsed.hostname === '[::]') parsed.hostname = '[::1]';
  if (parsed.username || parsed.password || !isLoopbackHost(parsed.hostname)) return undefined;
  return parsed.toString().replace(/\/+$/, '');
}
