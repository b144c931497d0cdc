import type { Actor } from '../core/actor.ts';
import { Unauthenticated } from '../core/errors.ts';
import { actorFromAccessToken, isAccessToken } from './access-tokens.service.ts';
import { looksLikeJwt } from './jwt.ts';
import { looksLikeOAuthToken } from './oauth/oauth-jwt.ts';
import { actorFromOAuthToken } from './oauth/tokens.service.ts';
import { actorFromSessionToken } from './sessions.service.ts';

/**
 * Who may accept OAuth access tokens here: this server's issuer, and the resource identifier(s)
 * the caller serves (the API accepts tokens for the API, /mcp tokens for /mcp: RFC 8707).
 */
export type OAuthAudience = { issuer: string; audience: string | string[] };

/**
 * Turns a bearer token into an Actor, whatever kind of credential it is. OAuth access tokens
 * (read-only) are accepted only when the transport says which audience it serves.
 */
export async function authenticate(token: string, oauth?: OAuthAudience): Promise<Actor> {
  if (isAccessToken(token)) return actorFromAccessToken(token);
  if (looksLikeJwt(token)) {
    if (!looksLikeOAuthToken(token)) return actorFromSessionToken(token);
    if (oauth) return actorFromOAuthToken(token, oauth);
  }
  throw new Unauthenticated('Invalid token');
}
