// SSRF guard for webhook targets. A target must be http(s) and every address its host resolves to
// must be public: no loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast
// or reserved ranges. The check runs when a webhook is saved and again at every delivery, through
// the `lookup` of the very connection that is made, so a host that later resolves elsewhere (DNS
// rebinding) is refused too. `WEBHOOK_ALLOW_PRIVATE=true` lifts it (tests, closed networks).
import dns from 'node:dns';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32], ['100::', 64],
] as const) blocked.addSubnet(prefix, bits, 'ipv6');

/** True for an address a webhook may be sent to when private targets are not allowed. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    // ::ffff:10.0.0.1 is 10.0.0.1.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]!);
    return !blocked.check(address, 'ipv6');
  }
  return false;
}

export type TargetProblem = 'webhook_url_invalid' | 'webhook_url_private' | 'webhook_url_unresolvable';

/** The URL if it is a full http(s) URL, else null. */
export function parseTarget(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Why a target may not be used, or null when it may. Resolves the host name (every address counts). */
export async function targetProblem(text: string, allowPrivate: boolean): Promise<TargetProblem | null> {
  const url = parseTarget(text);
  if (!url) return 'webhook_url_invalid';
  if (allowPrivate) return null;
  const host = bareHost(url);
  if (net.isIP(host)) return isPublicAddress(host) ? null : 'webhook_url_private';
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return 'webhook_url_unresolvable';
  }
  if (!addresses.length) return 'webhook_url_unresolvable';
  return addresses.every((a) => isPublicAddress(a.address)) ? null : 'webhook_url_private';
}

export class PrivateAddressError extends Error {
  constructor(address: string) {
    super(`refused: ${address} is a private or local address`);
  }
}

/** A `lookup` for http.request that refuses private addresses, so the connection itself is guarded. */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return (callback as (e: Error) => void)(err);
      const list = addresses as unknown as dns.LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (bad) return (callback as (e: Error) => void)(new PrivateAddressError(bad.address));
      if ((options as dns.LookupAllOptions).all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      return (callback as (e: null, a: string, f: number) => void)(null, first.address, first.family);
    });
  };
}

/** An IP literal in the URL is never looked up, so the connection's lookup cannot see it: checked here. */
export function literalRefused(url: URL, allowPrivate: boolean): string | null {
  const host = bareHost(url);
  return !allowPrivate && net.isIP(host) && !isPublicAddress(host) ? host : null;
}
