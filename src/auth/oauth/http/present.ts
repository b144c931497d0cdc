import type { OAuthClient } from '../oauth.entities.ts';
import { SCOPE, type ClientRegistered, type TokenResponse } from '../oauth.schemas.ts';
import type { IssuedTokens } from '../tokens.service.ts';

/** The OAuth services' domain objects as RFC 7591 and RFC 6749 JSON. */
export function presentClient(row: OAuthClient): ClientRegistered {
  return {
    client_id: row.id,
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    client_name: row.clientName,
    redirect_uris: row.redirectUris,
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    scope: SCOPE,
  };
}

export function presentTokens(t: IssuedTokens): TokenResponse {
  return { access_token: t.accessToken, token_type: 'Bearer', expires_in: t.expiresIn, refresh_token: t.refreshToken, scope: SCOPE };
}
