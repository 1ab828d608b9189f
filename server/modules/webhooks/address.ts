// SSRF guard for webhook targets. A target must be http(s) and every address its host resolves to
// must be public: no loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast
// or reserved ranges. The check runs when a webhook is saved and again at every delivery, through
// the `lookup` of the very connection that is made, so a host that later resolves elsewhere (DNS
// rebinding) is refused too. `WEBHOOK_ALLOW_PRIVATE=true` lifts it (tests, closed networks).
import dns from 'node:dns';
import net from 'node:net';

const blocked4 = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked4.addSubnet(prefix, bits, 'ipv4');

// Inside global unicast (2000::/3), the special-purpose blocks that are not someone's public host:
// IETF protocol assignments 2001::/23 (Teredo 2001::/32 among them: its client address is hidden
// behind a relay), documentation 2001:db8::/32 and 3fff::/20, and SRv6 segment ids 5f00::/16.
const blocked6 = new net.BlockList();
for (const [prefix, bits] of [['2001::', 23], ['2001:db8::', 32], ['3fff::', 20], ['5f00::', 16]] as const) blocked6.addSubnet(prefix, bits, 'ipv6');

/** The 16 bytes of an IPv6 address in any textual form (`::`, an embedded dotted quad), or null. */
export function ipv6Bytes(address: string): Uint8Array | null {
  if (net.isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  // A trailing dotted quad is two groups: ::ffff:127.0.0.1 is ::ffff:7f00:1.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const gap = text.indexOf('::');
  const all = gap < 0 ? groups(text) : (() => {
    const left = groups(text.slice(0, gap));
    const right = groups(text.slice(gap + 2));
    return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  })();
  if (all.length !== 8 || all.some((g) => !(g >= 0 && g <= 0xffff))) return null;
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => { bytes[2 * i] = g >> 8; bytes[2 * i + 1] = g & 0xff; });
  return bytes;
}

const v4 = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
const zero = (b: Uint8Array, from: number, to: number) => b.subarray(from, to).every((x) => x === 0);

/**
 * True for an address a webhook may be sent to when private targets are not allowed. Every IPv6
 * form that carries an IPv4 address is judged by that address (mapped ::ffff:a.b.c.d, NAT64
 * 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::); the forms with no public use are refused whole
 * (IPv4-compatible ::a.b.c.d with :: and ::1, IPv4-translated ::ffff:0:a.b.c.d, Teredo), and so is
 * everything outside global unicast 2000::/3 (unique-local, link-local, multicast, 64:ff9b:1::/48...).
 */
export function isPublicAddress(address: string): boolean {
  if (address.includes('%')) return false; // a zone index: link-local by nature
  const family = net.isIP(address);
  if (family === 4) return !blocked4.check(address, 'ipv4');
  if (family !== 6) return false;
  const b = ipv6Bytes(address);
  if (!b) return false;
  if (zero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return isPublicAddress(v4(b, 12));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(b, 4, 12)) return isPublicAddress(v4(b, 12));
  if (b[0] === 0x20 && b[1] === 0x02) return isPublicAddress(v4(b, 2));
  if ((b[0]! & 0xe0) !== 0x20) return false;
  const groups = Array.from({ length: 8 }, (_, i) => ((b[2 * i]! << 8) | b[2 * i + 1]!).toString(16)).join(':');
  return !blocked6.check(groups, 'ipv6');
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
