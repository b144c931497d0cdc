import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Personal access token: only the SHA-256 of the secret is stored. */
export const AccessToken = defineEntity({
  name: 'AccessToken',
  tableName: 'access_tokens',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    name: p.string(),
    scope: p.enum(['read', 'write'] as const),
    tokenHash: p.string(),
    prefix: p.string(),
    createdAt: p.datetime(),
    expiresAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
  },
});
export type AccessToken = InferEntity<typeof AccessToken>;
