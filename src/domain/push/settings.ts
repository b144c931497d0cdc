import { Invalid } from '../../core/errors.ts';
import { EgressRefused, egressClient, nonPublicAddressOf, type EgressClient, type Networks } from '../../core/egress.ts';

/**
 * How Web Push reaches the push services. An endpoint comes from a browser (Google's FCM, Mozilla's
 * autopush, Apple's web push service) through a client: the server posts to it, so, as for webhooks,
 * `public` (WEB_PUSH_NETWORKS, the default) refuses loopback, private, link-local and reserved
 * addresses, when a subscription is saved and on every connection, and the endpoint must be https;
 * `any` is for a push service on the operator's own network (and the tests' receiver on 127.0.0.1),
 * and only then may an endpoint be plain http.
 */
export type WebPushSettings = {
  networks: Networks;
  /** One push's limit, connection to last byte. */
  timeoutMs: number;
  /** The VAPID `sub` claim: how a push service reaches the operator (a mailto: address or an https URL). */
  subject: string;
};

/** Without VAPID_SUBJECT: the server's own address when it is https, else a mailto: a push service can at least parse. */
const defaultVapidSubject = (publicUrl: string | undefined): string =>
  publicUrl?.startsWith('https://') ? publicUrl : 'mailto:lifetrack@localhost';

export const settings: WebPushSettings = { networks: 'public', timeoutMs: 10_000, subject: defaultVapidSubject(undefined) };
let client: EgressClient | undefined;

const REFUSAL = { subject: "The push service's address", setting: 'WEB_PUSH_NETWORKS' };

/** The process's Web Push settings (process-settings.ts): VAPID_SUBJECT, or its default from PUBLIC_URL. */
export function configureWebPush(options: {
  networks: Networks;
  timeoutMs: number;
  subject: string | undefined;
  publicUrl: string | undefined;
}): void {
  settings.networks = options.networks;
  settings.timeoutMs = options.timeoutMs;
  settings.subject = options.subject ?? defaultVapidSubject(options.publicUrl);
  client = undefined;
}

/** The client pushes go through: every connection checked against WEB_PUSH_NETWORKS. */
export function pushClient(): EgressClient {
  return (client ??= egressClient(settings.networks, REFUSAL));
}

const PLAIN_HTTP = 'plain http is allowed only where WEB_PUSH_NETWORKS=any';

/** Why a push may not be sent to this endpoint as the server is configured now (plain http under `public`), or null. */
export function schemeRefusal(endpoint: string): string | null {
  if (settings.networks === 'any') return null;
  if (!URL.canParse(endpoint)) return 'Not sent: the endpoint is not a URL';
  return new URL(endpoint).protocol === 'https:' ? null : `Not sent: the endpoint is not https, and ${PLAIN_HTTP}`;
}

/** A 422 at `loc` for an endpoint pushes would be refused: plain http, or a non-public address, while WEB_PUSH_NETWORKS=public. */
export async function checkEndpoint(endpoint: string, loc: (string | number)[]): Promise<void> {
  if (settings.networks === 'any') return;
  if (new URL(endpoint).protocol !== 'https:') throw Invalid.at(loc, `Input should be an https URL (${PLAIN_HTTP})`, 'url_scheme');
  const address = await nonPublicAddressOf(endpoint, Math.min(settings.timeoutMs, 2000));
  if (address !== null) throw Invalid.at(loc, new EgressRefused(address, REFUSAL).message);
}
