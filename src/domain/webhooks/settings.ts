import { Invalid } from '../../core/errors.ts';
import { EgressRefused, egressDispatcher, nonPublicAddressOf, type Networks } from '../../core/egress.ts';
import type { Agent } from 'undici';

/**
 * How webhooks reach their receivers. A webhook URL is typed in by a user and posted to by the
 * server, so, as for calendar feeds, `public` (WEBHOOK_NETWORKS, the default) refuses loopback,
 * private, link-local and reserved addresses, when the URL is saved and on every connection;
 * `any` is for receivers on the operator's own network (Home Assistant, ntfy on the LAN), and
 * only then may a URL be plain http.
 */
export type WebhookSettings = {
  networks: Networks;
  /** One delivery attempt's limit, connection to last byte. */
  timeoutMs: number;
  /** The most of a receiver's answer read (the rest is dropped: only the status matters). */
  maxResponseBytes: number;
  /** The first retry's delay; each next one doubles, up to six hours, for about a day. */
  retryBaseMs: number;
};

export const settings: WebhookSettings = { networks: 'public', timeoutMs: 10_000, maxResponseBytes: 64 * 1024, retryBaseMs: 30_000 };
let dispatcher: Agent | undefined;

const REFUSAL = { subject: "The webhook's address", setting: 'WEBHOOK_NETWORKS' };

export function configureWebhooks(options: WebhookSettings): void {
  Object.assign(settings, options);
  dispatcher = undefined;
}

/** The dispatcher deliveries go through: every connection checked against WEBHOOK_NETWORKS. */
export function webhookDispatcher(): Agent {
  return (dispatcher ??= egressDispatcher(settings.networks, REFUSAL));
}

/** A 422 at `url` for an address deliveries would be refused: plain http or a non-public address while WEBHOOK_NETWORKS=public. */
export async function checkWebhookUrl(url: string): Promise<void> {
  if (settings.networks === 'any') return;
  if (new URL(url).protocol !== 'https:') {
    throw Invalid.at(['url'], 'Input should be an https URL (plain http is allowed only where WEBHOOK_NETWORKS=any)', 'url_scheme');
  }
  const address = await nonPublicAddressOf(url, Math.min(settings.timeoutMs, 2000));
  if (address !== null) throw Invalid.at(['url'], new EgressRefused(address, REFUSAL).message);
}
