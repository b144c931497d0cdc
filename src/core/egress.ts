import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup as lookupAsync } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type * as Undici from 'undici';
import type { Agent, RequestInit, Response } from 'undici';

/**
 * Where the server's own outbound requests may go. Some URLs it fetches are typed in by users (a
 * calendar feed): without a guard any account could make the server read its loopback services,
 * the cloud metadata endpoint (169.254.169.254) or the operator's LAN. `public` refuses every
 * address that is not globally routable, checked on the address actually connected to (each
 * redirect hop and each DNS answer, so a name that resolves, or later re-resolves, to a private
 * address is refused too); `any` turns the guard off. Each client has its own setting
 * (CALENDAR_FEED_NETWORKS, OPEN_FOOD_FACTS_NETWORKS, NARRATIVE_LLM_NETWORKS).
 */
export type Networks = 'public' | 'any';

/** How a client names a refusal: "<subject> 10.0.0.1 is not on the public internet (<setting>=any allows it)". */
export type Refusal = { subject: string; setting: string };

/** IANA allocates global unicast IPv6 only from 2000::/3; the rest is reserved or special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/**
 * The IPv4 addresses an IPv6 address carries: IPv4-compatible (::/96) and translated
 * (::ffff:0:0:0/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32: its server,
 * and its client, stored inverted). IPv4-mapped ones (::ffff:0:0/96) ipaddr.process() has already
 * turned into IPv4.
 */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = ip.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 6) || (zeros(0, 4) && p[4] === 0xffff && p[5] === 0)) return [v4(p[6], p[7])];
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return [v4(p[6], p[7])];
  if (p[0] === 0x2002) return [v4(p[1], p[2])];
  if (p[0] === 0x2001 && p[1] === 0) return [v4(p[2], p[3]), v4(p[6] ^ 0xffff, p[7] ^ 0xffff)];
  return [];
}

function isPublic(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (ip instanceof ipaddr.IPv4) return ip.range() === 'unicast';
  // Belt and braces: ipaddr.js files 6to4, Teredo and NAT64 under ranges of their own (refused
  // below) but calls ::/96 unicast; checking the IPv4 inside first means none of these forms reaches
  // a private IPv4 host, whatever a later ipaddr.js calls them.
  if (embeddedIPv4(ip).some((inner) => !isPublic(inner))) return false;
  return ip.range() === 'unicast' && ip.match(GLOBAL_UNICAST_V6);
}

/**
 * True when an IP address is not globally routable: every ipaddr.js range but `unicast` (private,
 * loopback, link-local, carrier-grade NAT, reserved, documentation, multicast, 6to4, Teredo, NAT64 ...),
 * IPv6 outside 2000::/3, and IPv6 forms that embed a non-public IPv4 address. Not an address: true.
 */
export function isNonPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return true;
  try {
    return !isPublic(ipaddr.process(address));
  } catch {
    return true;
  }
}

export class EgressRefused extends Error {
  readonly address: string;
  constructor(address: string, refusal: Refusal) {
    super(`${refusal.subject} ${address} is not on the public internet (${refusal.setting}=any allows it)`);
    this.address = address;
  }
}

/** A URL's host as an address (brackets off), or null when it names a host rather than an IP. */
function literalHost(url: string): string | null {
  let host: string;
  try {
    // WHATWG parsing normalises every IPv4 spelling (127.1, 0x7f.0.0.1, 2130706433) to dotted quads.
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
  return isIP(host) ? host : null;
}

/** The URL's host when it is a non-public IP literal (no DNS involved), else null. */
export function nonPublicLiteral(url: string): string | null {
  const host = literalHost(url);
  return host !== null && isNonPublicAddress(host) ? host : null;
}

/**
 * The first non-public address the URL's host is, or resolves to now (within `timeoutMs`), or null:
 * a literal is judged without DNS; a name that does not resolve (or not in time) is null, as the
 * fetch will fail on its own and is checked again there.
 */
export async function nonPublicAddressOf(url: string, timeoutMs: number): Promise<string | null> {
  const literal = literalHost(url);
  if (literal !== null) return isNonPublicAddress(literal) ? literal : null;
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return null;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  try {
    const answer = await Promise.race([lookupAsync(hostname, { all: true }).catch(() => null), late]);
    return answer?.find((a) => isNonPublicAddress(a.address))?.address ?? null;
  } finally {
    clearTimeout(timer);
  }
}

/** dns.lookup, refusing the whole answer when any address in it is not public. */
function publicLookup(refusal: Refusal) {
  return (hostname: string, options: LookupOptions, callback: Parameters<LookupFunction>[2]): void => {
    lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => isNonPublicAddress(a.address));
      if (refused) return callback(new EgressRefused(refused.address, refusal), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * undici, loaded on the first outbound request: ~18 MB and ~0.2 s of a start that may never make one.
 * It is CommonJS, so its exports object is taken as the default export: Node's own loader gives it
 * named exports too, but the bundle `npm start` runs (esbuild, split into chunks) gives a CommonJS
 * chunk imported on demand only its default: named ones were undefined there, and no webhook, feed
 * or model was reached ("... is not a constructor", found by test/webhooks/durability.test.ts once
 * its servers ran the bundle).
 */
let undici: Promise<typeof Undici.default> | undefined;
const loadUndici = () => (undici ??= import('undici').then((m) => m.default));

/** A fetch through a dispatcher of its own (egressClient). */
export type EgressClient = { fetch(url: string, init?: Omit<RequestInit, 'dispatcher'>): Promise<Response> };

/**
 * A client that fetches through an undici dispatcher of its own: with `public`, every connection
 * (the first request and each redirect) is checked, an IP literal before connecting, a host name
 * through its DNS answer, so there is no check-then-connect gap. A refusal fails the fetch with an
 * EgressRefused as its `cause`. The dispatcher is made on the first fetch.
 */
export function egressClient(networks: Networks, refusal: Refusal): EgressClient {
  let agent: Agent | undefined;
  return {
    fetch: async (url, init) => {
      const { fetch, Agent, buildConnector } = await loadUndici();
      if (!agent && networks === 'any') agent = new Agent();
      if (!agent) {
        const connect = buildConnector({ lookup: publicLookup(refusal) });
        agent = new Agent({
          connect: (options, callback) => {
            const host = options.hostname.replace(/^\[|\]$/g, '');
            if (isIP(host) && isNonPublicAddress(host)) return callback(new EgressRefused(host, refusal), null);
            return connect(options, callback);
          },
        });
      }
      return fetch(url, { ...init, dispatcher: agent });
    },
  };
}

/** The EgressRefused behind a failed fetch (undici puts it in the TypeError's `cause`), if that is why it failed. */
export function egressRefusal(err: unknown): EgressRefused | undefined {
  const cause = (err as { cause?: unknown } | null)?.cause;
  return err instanceof EgressRefused ? err : cause instanceof EgressRefused ? cause : undefined;
}

/** Why an outbound request failed, in words that name no secret, payload or URL path: a timeout, a refused address, the connection's error. */
export function requestFailure(err: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `No answer within ${timeoutMs} ms`;
  const refused = egressRefusal(err);
  if (refused) return refused.message;
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return `Could not connect: ${cause?.code ?? cause?.message ?? (err as Error).message}`;
}
