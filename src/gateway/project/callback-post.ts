import { lookup } from 'node:dns';
import { lookup as lookupNow } from 'node:dns/promises';
import type { RequestOptions } from 'node:http';
import { BlockList, isIP, type LookupFunction } from 'node:net';

let inward: BlockList | undefined;

/** True for an address of this machine or of a private network: what a gateway taking requests from other machines never calls. */
function isInward(address: string, family: number): boolean {
  if (!inward) {
    inward = new BlockList();
    for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) inward.addSubnet(net, bits, 'ipv4');
    for (const [net, bits] of [['::', 127], ['fc00::', 7], ['fe80::', 10]] as const) inward.addSubnet(net, bits, 'ipv6');
  }
  // BlockList checks an IPv4-mapped IPv6 address (`::ffff:7f00:1`, as URL writes `[::ffff:127.0.0.1]`) against the IPv4 subnets.
  return inward.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The inward address `url` reaches now, if any: its IP, or one its name resolves to. */
export async function inwardAddress(url: string): Promise<string | undefined> {
  const host = hostOf(url);
  const family = isIP(host);
  const found = family ? [{ address: host, family }] : await lookupNow(host, { all: true }).catch(() => []);
  return found.find((a) => isInward(a.address, a.family))?.address;
}

/** A URL's host as an address or a name (an IPv6 address without its brackets). */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

/** The refusal of a callback URL that reaches `address`. */
export function inwardProblem(url: string, address: string): string {
  return `callbackURL ${url} reaches this machine or its private network (${address}), which a gateway taking requests from other machines does not call`;
}

const TIME_LIMIT_MS = 10_000;

/** Thrown when the address a callback's name resolves to as it is called is inward. */
class InwardAddress extends Error {}

/** POSTs a callback's JSON and answers its HTTP status; `outwardOnly` checks the address as connected (a name may now resolve inward). */
export function postCallback(url: string, headers: Record<string, string>, body: string, outwardOnly: boolean): Promise<number> {
  const host = hostOf(url);
  const family = isIP(host);
  if (outwardOnly && family && isInward(host, family)) return Promise.reject(new InwardAddress(inwardProblem(url, host)));
  // A connection of its own (no agent): a pooled one, opened for an earlier call, would skip the lookup.
  const options: RequestOptions = { method: 'POST', headers, agent: false, signal: AbortSignal.timeout(TIME_LIMIT_MS) };
  // Node resolves a name as it connects, through this lookup, which answers no inward address (it does not look up an IP literal: checked above).
  if (outwardOnly) options.lookup = outwardLookup(url);
  // Loaded here: HTTP stays out of every other in-process command.
  const { request } = process.getBuiltinModule(url.startsWith('https:') ? 'node:https' : 'node:http');
  return new Promise((resolve, reject) => {
    const sent = request(url, options, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

function outwardLookup(url: string): LookupFunction {
  return (hostname, options, done) =>
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const found = error ? undefined : addresses.find((a) => isInward(a.address, a.family));
      if (error || found) done(error ?? new InwardAddress(inwardProblem(url, found!.address)), '');
      else if (options.all) done(null, addresses);
      else done(null, addresses[0]!.address, addresses[0]!.family);
    });
}

/** What a status message says of a failed callback: the system's code (ECONNREFUSED, ENOTFOUND), else the reason. */
export function callbackProblem(error: unknown): string {
  const { code, message, name } = error as Error & { code?: string };
  if (name === 'AbortError') return `no answer within ${TIME_LIMIT_MS / 1000} s`;
  return error instanceof InwardAddress || !code ? message : code;
}
