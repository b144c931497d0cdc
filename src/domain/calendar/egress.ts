import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';

/**
 * Where calendar feeds may be fetched from. A feed URL is typed in by a user, and the server
 * fetches it: without a guard any account could make the server read its own loopback services,
 * the cloud metadata endpoint (169.254.169.254) or the operator's LAN, and see the answer in the
 * source's sync error. `public` (the default) refuses every address that is not globally routable,
 * checked on the address actually connected to (each redirect hop and each DNS answer, so a name
 * that resolves, or later re-resolves, to a private address is refused too). `any` turns the
 * guard off, for a self-hoster whose calendar server is on their own network.
 */
export type FeedNetworks = 'public' | 'any';

// Two lists: one BlockList matches IPv4 addresses against its IPv6 rules as IPv4-mapped, so the
// ::ffff:0:0/96 rule would cover every IPv4 address.
const notPublicV4 = new BlockList();
const notPublicV6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublicV4.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // Unspecified, loopback, IPv4-mapped and -translated, discard, documentation, unique local, link local, multicast.
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublicV6.addSubnet(net, bits, 'ipv6');

/** True when an IP address is not globally routable (private, loopback, link-local, reserved ...). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? notPublicV4.check(address, 'ipv4') : notPublicV6.check(address, 'ipv6');
}

export class EgressRefused extends Error {
  constructor(address: string) {
    super(`The feed's address ${address} is not on the public internet (CALENDAR_FEED_NETWORKS=any allows it)`);
  }
}

/** dns.lookup, refusing the whole answer when any address in it is not public. */
function publicLookup(hostname: string, options: LookupOptions, callback: Parameters<LookupFunction>[2]): void {
  lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, []);
    const refused = addresses.find((a) => isNonPublicAddress(a.address));
    if (refused) return callback(new EgressRefused(refused.address), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

/**
 * The dispatcher feed fetches go through: with `public`, every connection (the first request and
 * each redirect) is checked, an IP literal before connecting, a host name through its DNS answer.
 */
export function feedDispatcher(networks: FeedNetworks): Agent {
  if (networks === 'any') return new Agent();
  const connect = buildConnector({ lookup: publicLookup });
  return new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && isNonPublicAddress(host)) return callback(new EgressRefused(host), null);
      return connect(options, callback);
    },
  });
}
