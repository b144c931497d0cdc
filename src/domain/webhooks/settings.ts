import { Invalid } from '../../core/errors.ts';
import { EgressRefused, egressClient, nonPublicAddressOf, type EgressClient, type Networks } from '../../core/egress.ts';

/**
 * How far one account's webhooks may reach: a webhook is a standing order to post every future
 * event somewhere, so what one account can make the server send, and hold in its queue, is bounded.
 * Pending deliveries are counted per account and per account and host (a host is the URL's host
 * name, without the port); posts in flight per account and per host, over every account.
 */
export type WebhookLimits = {
  /** Webhooks per account (WEBHOOK_MAX_PER_USER): one more is a 409. */
  maxPerUser: number;
  /** Deliveries of one account waiting to be sent (WEBHOOK_MAX_PENDING_PER_USER). */
  maxPendingPerUser: number;
  /** Deliveries of one account waiting to be sent to one host (WEBHOOK_MAX_PENDING_PER_HOST). */
  maxPendingPerHost: number;
  /** Posts of one account in flight at once, over every worker (WEBHOOK_MAX_IN_FLIGHT_PER_USER). */
  maxInFlightPerUser: number;
  /** Posts to one host in flight at once, every account's, over every worker (WEBHOOK_MAX_IN_FLIGHT_PER_HOST). */
  maxInFlightPerHost: number;
};

const DEFAULT_LIMITS: WebhookLimits = {
  maxPerUser: 10,
  maxPendingPerUser: 1000,
  maxPendingPerHost: 500,
  maxInFlightPerUser: 2,
  maxInFlightPerHost: 4,
};

/**
 * How webhooks reach their receivers. A webhook URL is typed in by a user and posted to by the
 * server, so, as for calendar feeds, `public` (WEBHOOK_NETWORKS, the default) refuses loopback,
 * private, link-local and reserved addresses, when the URL is saved and on every connection;
 * `any` is for receivers on the operator's own network (Home Assistant, ntfy on the LAN), and
 * only then may a URL be plain http (checked when saved and again before every try: a webhook
 * saved under `any` stops posting plain http once the operator switches to `public`).
 */
export type WebhookSettings = {
  networks: Networks;
  /** One delivery attempt's limit, connection to last byte. */
  timeoutMs: number;
  /** The most of a receiver's answer read (the rest is dropped: only the status matters). */
  maxResponseBytes: number;
  /** The first retry's delay; each next one doubles, up to six hours, for about a day. */
  retryBaseMs: number;
  limits: WebhookLimits;
};

export const settings: WebhookSettings = {
  networks: 'public',
  timeoutMs: 10_000,
  maxResponseBytes: 64 * 1024,
  retryBaseMs: 30_000,
  limits: { ...DEFAULT_LIMITS },
};
let client: EgressClient | undefined;

const REFUSAL = { subject: "The webhook's address", setting: 'WEBHOOK_NETWORKS' };

/** The limits not given are the defaults (not an earlier configuration's: a second server in one process sets them again). */
export function configureWebhooks(options: Omit<WebhookSettings, 'limits'> & { limits?: Partial<WebhookLimits> }): void {
  Object.assign(settings, options, { limits: { ...DEFAULT_LIMITS, ...options.limits } });
  client = undefined;
}

/** The client deliveries go through: every connection checked against WEBHOOK_NETWORKS. */
export function webhookClient(): EgressClient {
  return (client ??= egressClient(settings.networks, REFUSAL));
}

const PLAIN_HTTP = 'plain http is allowed only where WEBHOOK_NETWORKS=any';

/** Why a try may not be sent to this URL as the server is configured now (plain http under `public`), or null. */
export function schemeRefusal(url: string): string | null {
  if (settings.networks === 'any') return null;
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return 'Not sent: the webhook URL is not a URL';
  }
  return protocol === 'https:' ? null : `Not sent: the webhook's URL is not https, and ${PLAIN_HTTP}; change it to an https URL`;
}

/** A 422 at `url` for an address deliveries would be refused: plain http or a non-public address while WEBHOOK_NETWORKS=public. */
export async function checkWebhookUrl(url: string): Promise<void> {
  if (settings.networks === 'any') return;
  if (new URL(url).protocol !== 'https:') {
    throw Invalid.at(['url'], `Input should be an https URL (${PLAIN_HTTP})`, 'url_scheme');
  }
  const address = await nonPublicAddressOf(url, Math.min(settings.timeoutMs, 2000));
  if (address !== null) throw Invalid.at(['url'], new EgressRefused(address, REFUSAL).message);
}
