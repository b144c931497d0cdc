import { Webhook as Signer } from 'standardwebhooks';
import { egressRefusal, requestFailure } from '../core/egress.ts';
import type { AttemptOutcome, ClaimedDelivery } from '../domain/webhooks/deliveries.service.ts';
import { schemeRefusal, settings, webhookClient } from '../domain/webhooks/settings.ts';
import { ntfyMessage } from './ntfy.ts';

/**
 * The request a delivery sends, signed as the Standard Webhooks specification says: `webhook-id`
 * (the event's id, the same on every try and redelivery, for the receiver to deduplicate),
 * `webhook-timestamp` (this try) and `webhook-signature` (`v1,` HMAC-SHA256 of
 * `id.timestamp.body`, once per valid secret while a rotated-out one still signs).
 */
function signedRequest(claim: ClaimedDelivery, now = new Date()): { headers: Record<string, string>; body: string } {
  const { event, webhook } = claim;
  let body: string;
  const headers: Record<string, string> = { 'user-agent': 'lifetrack-webhooks/1' };
  if (webhook.format === 'ntfy') {
    const message = ntfyMessage(event.type, event.payload);
    body = message.body;
    // Header values are Latin-1: ntfy reads an RFC 2047 encoded title.
    headers.title = /^[\x20-\x7e]*$/.test(message.title) ? message.title : `=?UTF-8?B?${Buffer.from(message.title).toString('base64')}?=`;
    headers['content-type'] = 'text/plain; charset=utf-8';
    Object.assign(headers, message.headers);
  } else {
    body = JSON.stringify({
      id: event.id,
      type: event.type,
      timestamp: event.occurredAt.toISOString(),
      user_id: event.userId,
      data: event.payload,
    });
    headers['content-type'] = 'application/json';
  }
  const timestamp = new Date(Math.floor(now.getTime() / 1000) * 1000);
  headers['webhook-id'] = event.id;
  headers['webhook-timestamp'] = String(timestamp.getTime() / 1000);
  headers['webhook-signature'] = webhook.secrets.map((s) => new Signer(s).sign(event.id, timestamp, body)).join(' ');
  return { headers, body };
}

/** Retry-After as milliseconds (seconds or an HTTP date), or null. */
function retryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Reads at most WEBHOOK_MAX_RESPONSE_BYTES of an answer and drops the rest: only its status counts. */
async function drain(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let read = 0;
  try {
    while (read <= settings.maxResponseBytes) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * Posts one claimed delivery and says how it went. Redirects are not followed (a receiver's URL
 * is the one the user gave); 2xx is success; timeouts, connection errors, 5xx and 429 are worth
 * another try, other answers and refused addresses are not. WEBHOOK_NETWORKS is applied as it is
 * now, not as it was when the URL was saved: plain http under `public` is refused before any
 * connection, and every connection's address is checked (webhookClient).
 */
export async function send(claim: ClaimedDelivery): Promise<AttemptOutcome> {
  const refused = schemeRefusal(claim.webhook.url);
  if (refused) return { ok: false, retryable: false, responseCode: null, error: refused, durationMs: 0, retryAfterMs: null };
  const { headers, body } = signedRequest(claim);
  const started = performance.now();
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const duration = () => Math.round(performance.now() - started);
  try {
    const res = await webhookClient().fetch(claim.webhook.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal,
    });
    await Promise.race([drain(res.body), new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))]);
    const code = res.status;
    const ok = code >= 200 && code < 300;
    const retryable = code >= 500 || code === 429;
    return {
      ok,
      retryable,
      responseCode: code,
      error: ok ? null : code >= 300 && code < 400 ? `HTTP ${code}: redirects are not followed` : `HTTP ${code}`,
      durationMs: duration(),
      retryAfterMs: code === 429 || code === 503 ? retryAfter(res.headers.get('retry-after'), Date.now()) : null,
    };
  } catch (err) {
    const refused = egressRefusal(err) !== undefined;
    return {
      ok: false,
      retryable: !refused,
      responseCode: null,
      error: requestFailure(err, signal.aborted, settings.timeoutMs),
      durationMs: duration(),
      retryAfterMs: null,
    };
  }
}
