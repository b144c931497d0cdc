import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Server-side half of an api_token: revoking the row revokes the JWT at once. */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
  },
});
export type Session = InferEntity<typeof Session>;

/** A half-finished TOTP login: single use, short-lived, a bounded number of wrong codes. */
export const PendingLogin = defineEntity({
  name: 'PendingLogin',
  tableName: 'pending_logins',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    failedAttempts: p.integer(),
  },
});
export type PendingLogin = InferEntity<typeof PendingLogin>;
