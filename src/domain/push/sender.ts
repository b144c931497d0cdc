import { requestFailure } from '../../core/egress.ts';
import { pushClient, schemeRefusal, settings } from './settings.ts';
import { webPush, type VapidKeys } from './vapid.ts';

/**
 * What a notification says, sent as the JSON payload a service worker's `push` handler reads
 * (`event.data.json()`): a title and body, where a click leads (`url`), a `tag` that replaces an
 * earlier notification with the same one, and buttons (`actions`), each with where it leads.
 */
export type PushNotification = {
  title: string;
  body: string;
  url?: string;
  tag?: string;
  actions?: { action: string; title: string; url: string }[];
};

/** How the push to one subscription went: `status` is the push service's answer (null when none came). */
export type PushOutcome = { subscriptionId: string; ok: boolean; status: number | null; error: string | null };

/** How long a push service keeps the message for an offline browser, how urgent it is (RFC 8030 §5.3), what it replaces (§5.4). */
export type PushOptions = { ttlSeconds?: number; urgency?: 'very-low' | 'low' | 'normal' | 'high'; topic?: string };

/** What a push needs of its subscription. */
export type PushTarget = { id: string; endpoint: string; p256dh: string; auth: string };

/**
 * The largest payload sent, in bytes of JSON. Push services take 4,096 bytes of encrypted body, of
 * which aes128gcm's header, padding delimiter and tag take 103; this leaves room for either, and
 * for a browser (Firefox) that counts differently.
 */
const MAX_PAYLOAD_BYTES = 3000;
const DEFAULT_TTL_SECONDS = 24 * 3600;
/** The most of a push service's answer read: only the status and a short reason matter. */
const MAX_ANSWER_BYTES = 4096;

const size = (n: PushNotification) => Buffer.byteLength(JSON.stringify(n));

/** `text` cut to its first `n` code points, with an ellipsis when cut. */
const cut = (text: string, n: number) => {
  const points = [...text];
  return points.length <= n ? text : `${points.slice(0, n).join('')}…`;
};

/** The longest prefix of `text` (in code points) for which `fits` holds, by bisection. */
function longest(text: string, fits: (t: string) => boolean): string {
  let lo = 0;
  let hi = [...text].length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(cut(text, mid))) lo = mid;
    else hi = mid - 1;
  }
  return cut(text, lo);
}

/**
 * The notification within MAX_PAYLOAD_BYTES: the body is trimmed first (with an ellipsis), then,
 * should the rest alone be too long, the actions are left out and the title trimmed.
 */
export function fitPayload(n: PushNotification): PushNotification {
  if (size(n) <= MAX_PAYLOAD_BYTES) return n;
  const fits = (m: PushNotification) => size(m) <= MAX_PAYLOAD_BYTES;
  if (fits({ ...n, body: '' })) return { ...n, body: longest(n.body, (body) => fits({ ...n, body })) };
  const bare: PushNotification = { title: n.title, body: '', ...(n.url && n.url.length <= 1024 ? { url: n.url } : {}) };
  if (n.tag && n.tag.length <= 64) bare.tag = n.tag;
  return { ...bare, title: longest(n.title, (title) => fits({ ...bare, title })) };
}

/** The endpoint's scheme and host: all that is ever shown or logged of it (its path is the capability). */
export function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid URL';
  }
}

/** A short, one-line reason from a push service's answer (Apple's {"reason":"BadJwtToken"}, Mozilla's message), without the endpoint. */
function reasonOf(text: string, endpoint: string): string {
  const path = new URL(endpoint).pathname;
  const line = text.replaceAll(endpoint, '…').replaceAll(path, '…').replace(/\s+/g, ' ').trim();
  return line.length > 0 && line.length <= 200 ? `: ${line}` : '';
}

/** Reads at most MAX_ANSWER_BYTES of an answer as text and drops the rest. */
async function answerText(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  try {
    while (read < MAX_ANSWER_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      read += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
}

const fail = (target: PushTarget, error: string, status: number | null = null): PushOutcome => ({
  subscriptionId: target.id,
  ok: false,
  status,
  error,
});

/**
 * Sends one push (RFC 8030) through the server's own HTTP client and egress guard: the payload
 * encrypted as aes128gcm (RFC 8291) and signed with the server's VAPID key (RFC 8292), built by
 * web-push's generateRequestDetails, sent by pushClient(). Redirects are not followed. Never
 * throws: every failure is an outcome.
 */
export async function push(target: PushTarget, payload: string, keys: VapidKeys, opts: PushOptions = {}): Promise<PushOutcome> {
  const refused = schemeRefusal(target.endpoint);
  if (refused) return fail(target, refused);
  let request: { endpoint: string; headers: Record<string, string | number>; body: Buffer | null };
  try {
    request = (await webPush()).generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: settings.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: opts.ttlSeconds ?? DEFAULT_TTL_SECONDS,
        ...(opts.urgency ? { urgency: opts.urgency } : {}),
        ...(opts.topic ? { topic: opts.topic } : {}),
      },
    );
  } catch (err) {
    return fail(target, `Not sent: ${(err as Error).message}`);
  }
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      // The client sets the length of the body it sends.
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    const res = await pushClient().fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body ?? undefined,
      redirect: 'manual',
      signal,
    });
    const text = await answerText(res.body);
    const ok = res.status >= 200 && res.status < 300;
    if (ok) return { subscriptionId: target.id, ok, status: res.status, error: null };
    if (res.status === 404 || res.status === 410) {
      return fail(target, `HTTP ${res.status}: the push service no longer knows this subscription; it was removed`, res.status);
    }
    const redirect = res.status >= 300 && res.status < 400 ? ': redirects are not followed' : '';
    return fail(target, `HTTP ${res.status}${redirect || reasonOf(text, target.endpoint)}`, res.status);
  } catch (err) {
    return fail(target, requestFailure(err, signal.aborted, settings.timeoutMs));
  }
}
