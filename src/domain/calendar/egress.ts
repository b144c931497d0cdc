import { Invalid } from '../../core/errors.ts';
import { EgressRefused, egressClient, type EgressClient, nonPublicAddressOf, type Networks } from '../../core/egress.ts';

/**
 * Where calendar feeds may be fetched from (CALENDAR_FEED_NETWORKS): a feed URL is typed in by a
 * user and fetched by the server, so `public` (the default) refuses every address that is not
 * globally routable (src/core/egress.ts), and `any` is for a self-hoster whose calendar server is on
 * their own network. Checked twice: when a source's URL is saved (a 422, so the user learns at once)
 * and on every connection a sync makes (DNS can change between the two, and redirects are only seen then).
 */
export type FeedNetworks = Networks;

const FEED = { subject: "The feed's address", setting: 'CALENDAR_FEED_NETWORKS' };

/** The client feed fetches go through. */
export function feedClient(networks: FeedNetworks): EgressClient {
  return egressClient(networks, FEED);
}

/**
 * Refuses a feed URL the sync would refuse: an IP literal that is not public (judged without DNS),
 * or a name that resolves now (within `resolveTimeoutMs`) to any non-public address. A 422 at
 * config.url naming the address and the setting. A name that does not resolve yet is let through:
 * the sync reports it.
 */
export async function checkFeedAddress(url: string, networks: FeedNetworks, resolveTimeoutMs: number): Promise<void> {
  if (networks === 'any') return;
  const address = await nonPublicAddressOf(url, resolveTimeoutMs);
  if (address !== null) throw Invalid.at(['config', 'url'], new EgressRefused(address, FEED).message);
}
