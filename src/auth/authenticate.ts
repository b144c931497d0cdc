import type { Actor } from '../core/actor.ts';
import { Unauthenticated } from '../core/errors.ts';
import { actorFromAccessToken, isAccessToken } from './access-tokens.service.ts';
import { looksLikeJwt } from './jwt.ts';
import { actorFromSessionToken } from './sessions.service.ts';

/**
 * Turns a bearer token into an Actor, whatever kind of credential it is.
 * OAuth access tokens (read-only) plug in here as one more branch.
 */
export async function authenticate(token: string): Promise<Actor> {
  if (isAccessToken(token)) return actorFromAccessToken(token);
  if (looksLikeJwt(token)) return actorFromSessionToken(token);
  throw new Unauthenticated('Invalid token');
}
