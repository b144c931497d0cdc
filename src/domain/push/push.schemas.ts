import { createPublicKey } from 'node:crypto';
import { z } from 'zod';
import { noCredentials } from '../../core/validation.ts';

/** How many subscriptions (browsers, devices) one user may have. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** base64url text (browsers send it unpadded; padding is tolerated and dropped). */
const base64url = (what: string) =>
  z
    .string()
    .trim()
    .max(512)
    .regex(BASE64URL, `${what} should be base64url text`)
    .transform((s) => s.replace(/=+$/, ''));

const bytes = (s: string) => Buffer.from(s, 'base64url');

/** True when the 65 bytes are an uncompressed point on P-256 (0x04, x, y): what the payload is encrypted to. */
function onP256(point: Buffer): boolean {
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * A browser's `PushSubscription.toJSON()`, as the page's script hands it over, with a label of the
 * user's. The endpoint must be https (plain http only where WEB_PUSH_NETWORKS=any: checked by the
 * service, which knows the setting); `expirationTime` is accepted and not kept (push services
 * answer 404 or 410 for an expired subscription, which removes it). Unknown fields are ignored.
 */
export const PushSubscriptionCreate = z
  .object({
    endpoint: z
      .string()
      .trim()
      .max(2048)
      .pipe(z.url({ protocol: /^https?$/, message: 'Input should be an https URL (the push service endpoint the browser gave)' }))
      .refine(noCredentials, 'An endpoint may not hold user:password@')
      .describe("The push service's URL for this browser (PushSubscription.endpoint): a capability, never shown again"),
    expirationTime: z
      .number()
      .nullable()
      .optional()
      .describe('When the browser says the subscription ends (milliseconds since 1970), or null; accepted as browsers send it, not kept'),
    keys: z
      .object({
        p256dh: base64url('p256dh')
          .refine((s) => bytes(s).length === 65 && bytes(s)[0] === 0x04, {
            message: 'p256dh should be an uncompressed P-256 point: 65 bytes starting 0x04',
            abort: true,
          })
          .refine((s) => onP256(bytes(s)), 'p256dh is not a point on the P-256 curve')
          .describe("The browser's ECDH public key (base64url)"),
        auth: base64url('auth')
          .refine((s) => bytes(s).length === 16, 'auth should be 16 bytes')
          .describe("The browser's authentication secret (base64url, 16 bytes)"),
      })
      .describe('PushSubscription.toJSON().keys: what the payload is encrypted to (RFC 8291); never shown again'),
    label: z.string().trim().min(1).max(100).nullable().optional().describe('Which browser or device this is, for the user (e.g. "Phone")'),
  })
  .meta({ id: 'PushSubscriptionCreate' });

export type PushSubscriptionInput = z.input<typeof PushSubscriptionCreate>;
