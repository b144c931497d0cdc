import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A browser's Web Push subscription (RFC 8030): the push service's endpoint for that browser, and
 * the keys its messages are encrypted to (RFC 8291: the browser's P-256 public key and auth
 * secret). The endpoint is a capability (anyone holding it may push to the browser): it is kept to
 * send to and never shown again, only its origin; nor are the keys.
 */
export const PushSubscription = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscriptions',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    endpoint: p.text(),
    /** The browser's ECDH public key (uncompressed P-256 point), base64url. */
    p256dh: p.text(),
    /** The browser's 16-byte auth secret, base64url. */
    auth: p.text(),
    label: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    lastSuccessAt: p.datetime().nullable(),
    lastFailureAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
  },
});
export type PushSubscription = InferEntity<typeof PushSubscription>;
