import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A dynamically registered public client (RFC 7591): no secret, its redirect URIs matched exactly. */
export const OAuthClient = defineEntity({
  name: 'OAuthClient',
  tableName: 'oauth_clients',
  properties: {
    id: p.uuid().primary(),
    clientName: p.text(),
    redirectUris: p.array(),
    createdAt: p.datetime(),
  },
});
export type OAuthClient = InferEntity<typeof OAuthClient>;

/**
 * One approval by a user of one client for one resource: the family of every token issued from
 * it. Revoking the grant (revoke endpoint, a reused code or refresh token) stops them all at once.
 */
export const OAuthGrant = defineEntity({
  name: 'OAuthGrant',
  tableName: 'oauth_grants',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    clientId: p.uuid(),
    resource: p.text(),
    scope: p.text(),
    createdAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  },
});
export type OAuthGrant = InferEntity<typeof OAuthGrant>;

/** An authorization code: single use, 60 seconds, bound to its client, redirect URI and PKCE challenge. */
export const OAuthCode = defineEntity({
  name: 'OAuthCode',
  tableName: 'oauth_codes',
  properties: {
    codeHash: p.text().primary(),
    userId: p.uuid().primary(),
    clientId: p.uuid(),
    /** The id the grant gets when the code is exchanged, known up front so a reuse can revoke it whatever the timing. */
    grantId: p.uuid(),
    redirectUri: p.text(),
    codeChallenge: p.text(),
    resource: p.text(),
    scope: p.text(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type OAuthCode = InferEntity<typeof OAuthCode>;

/** A refresh token of a grant: used once, then replaced; presenting a used one revokes the grant. */
export const OAuthRefreshToken = defineEntity({
  name: 'OAuthRefreshToken',
  tableName: 'oauth_refresh_tokens',
  properties: {
    tokenHash: p.text().primary(),
    userId: p.uuid().primary(),
    grantId: p.uuid(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export type OAuthRefreshToken = InferEntity<typeof OAuthRefreshToken>;
