import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrivals } from './arrivals.ts';
// http_ece's own decryption: the reference implementation of RFC 8188, by the RFC's author (types: http-ece.d.ts).
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

/** What a browser hands its page: PushSubscription.toJSON(). */
type SubscriptionJson = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

/** One browser subscribed at the receiver: its endpoint, its key pair and auth secret (which never leave it). */
export type Browser = { path: string; endpoint: string; toJSON(): SubscriptionJson };

/** One push the receiver got, checked and decrypted as a push service and a browser would. */
type Push = {
  path: string;
  headers: Record<string, string>;
  /** The VAPID token's claims, once its ES256 signature verified against the `k` it came with. */
  claims: JWTPayload | null;
  /** The `k` of the Authorization header: the server's VAPID public key. */
  vapidKey: string | null;
  /** The payload, decrypted with http_ece and parsed as JSON. */
  notification: unknown;
  /** The size of the decrypted payload, in bytes. */
  payloadBytes: number;
  /** What was wrong with the request (headers, token, encryption); empty for a valid push. */
  problems: string[];
};

/** What the receiver answers a push with: a status, or never (`hang`). */
type Answer = { status: number; hang?: boolean; body?: string };

/**
 * A push service on 127.0.0.1 that is also the browsers behind it: `subscribe()` makes a browser
 * (an ECDH P-256 key pair and a 16-byte auth secret, from node:crypto) with an endpoint of its own.
 * Each POST is checked as a push service checks it (Content-Encoding aes128gcm, TTL, Urgency when
 * sent, `Authorization: vapid t=<JWT>, k=<key>`: the JWT's ES256 signature verified with jose against
 * k, its aud the endpoint's origin, exp within 24 hours, sub present) and decrypted as the browser
 * would, with http_ece's own `decrypt`. A valid push is answered 201, an invalid one 400 (its
 * problems recorded), an unknown endpoint 404; `answer` queues other answers per path (410, 500, hang).
 */
export type PushReceiver = {
  origin: string;
  subscribe(): Browser;
  received: Push[];
  answer(path: string, ...answers: Answer[]): void;
  /** Resolves once `n` pushes to `path` (any path when omitted) have arrived. */
  waitFor(n: number, path?: string, timeoutMs?: number): Promise<Push[]>;
  stop(): Promise<void>;
};

const URGENCIES = ['very-low', 'low', 'normal', 'high'];

/** The JWT's claims when the Authorization header is a valid VAPID one for this origin, with the problems found. */
async function checkVapid(authorization: string | undefined, origin: string, problems: string[]) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) {
    problems.push(`Authorization is not "vapid t=<JWT>, k=<key>": ${authorization}`);
    return { claims: null, vapidKey: null };
  }
  const [, token, k] = m;
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) {
    problems.push('k is not an uncompressed P-256 point');
    return { claims: null, vapidKey: k };
  }
  try {
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      'ES256',
    );
    const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: origin });
    if (protectedHeader.alg !== 'ES256') problems.push(`alg ${protectedHeader.alg}`);
    const now = Date.now() / 1000;
    if (typeof payload.exp !== 'number' || payload.exp > now + 24 * 3600) problems.push(`exp not within 24 hours: ${payload.exp}`);
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) problems.push(`sub: ${String(payload.sub)}`);
    return { claims: payload, vapidKey: k };
  } catch (err) {
    problems.push(`VAPID token: ${(err as Error).message}`);
    return { claims: null, vapidKey: k };
  }
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const queued = new Map<string, Answer[]>();
  const got = arrivals<Push>('push receiver', 'pushes');
  const { received } = got;
  const open = new Set<ServerResponse>();

  const handle = async (req: IncomingMessage, body: Buffer): Promise<{ push: Push; valid: boolean }> => {
    const path = req.url ?? '/';
    const headers = req.headers as Record<string, string>;
    const problems: string[] = [];
    if (req.method !== 'POST') problems.push(`method ${req.method}`);
    if (headers['content-encoding'] !== 'aes128gcm') problems.push(`Content-Encoding: ${headers['content-encoding']}`);
    if (!/^\d+$/.test(headers.ttl ?? '')) problems.push(`TTL: ${headers.ttl}`);
    if (headers.urgency !== undefined && !URGENCIES.includes(headers.urgency)) problems.push(`Urgency: ${headers.urgency}`);
    if (headers.topic !== undefined && !/^[\w-]{1,32}$/.test(headers.topic)) problems.push(`Topic: ${headers.topic}`);
    const { claims, vapidKey } = await checkVapid(headers.authorization, receiver.origin, problems);
    let notification: unknown = null;
    let payloadBytes = 0;
    const browser = browsers.get(path);
    if (browser) {
      try {
        const plain = decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth });
        payloadBytes = plain.length;
        notification = JSON.parse(plain.toString('utf8'));
      } catch (err) {
        problems.push(`payload: ${(err as Error).message}`);
      }
    }
    return { push: { path, headers, claims, vapidKey, notification, payloadBytes, problems }, valid: browser !== undefined };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, Buffer.concat(chunks)).then(({ push, valid }) => {
        open.add(res);
        res.on('close', () => open.delete(res));
        got.add(push);
        const answer = queued.get(push.path)?.shift() ?? { status: !valid ? 404 : push.problems.length ? 400 : 201 };
        if (answer.hang) return;
        res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? (push.problems.join('; ') || undefined));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const receiver: PushReceiver = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    subscribe: () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/wpush/v2/${randomBytes(24).toString('base64url')}`;
      browsers.set(path, { ecdh, auth });
      const endpoint = `${receiver.origin}${path}`;
      return {
        path,
        endpoint,
        toJSON: () => ({
          endpoint,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        }),
      };
    },
    answer: (path, ...answers) => queued.set(path, [...(queued.get(path) ?? []), ...answers]),
    waitFor: got.waitFor,
    stop: () =>
      new Promise((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
  return receiver;
}
