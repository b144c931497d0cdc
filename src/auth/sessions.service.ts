import type { Actor } from '../core/actor.ts';
import { Forbidden, Unauthenticated } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { em } from '../db/context.ts';
import type { TokenResponse } from './auth.schemas.ts';
import { signToken, verifyToken } from './jwt.ts';
import { Session } from './session.entity.ts';

const SESSION_DAYS = 30;
/** last_used_at is a hint for the user, not an audit log: write it at most once a minute. */
const TOUCH_EVERY_MS = 60_000;

export async function openSession(userId: string): Promise<TokenResponse> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  const session = em().create(Session, { id: newId(), userId, createdAt: now, expiresAt, revokedAt: null, lastUsedAt: now });
  await em().flush();
  return {
    api_token: await signToken('session', { sub: userId, sid: session.id }, expiresAt),
    token_type: 'bearer',
    user_id: userId,
    expires_at: expiresAt.toISOString(),
  };
}

export async function actorFromSessionToken(token: string): Promise<Actor> {
  const claims = await verifyToken('session', token);
  const session = await em().findOne(Session, { id: claims.sid });
  const now = new Date();
  if (!session || session.userId !== claims.sub || session.revokedAt || session.expiresAt <= now) {
    throw new Unauthenticated('Session is no longer valid');
  }
  if (!session.lastUsedAt || now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await em().nativeUpdate(Session, { id: session.id }, { lastUsedAt: now });
  }
  return { userId: session.userId, scope: 'write', via: 'session', credentialId: session.id };
}

export async function logout(actor: Actor): Promise<void> {
  if (actor.via !== 'session' || !actor.credentialId) {
    throw new Forbidden('Only a session token can be logged out; delete an access token under /auth/tokens');
  }
  await em().nativeUpdate(Session, { id: actor.credentialId, userId: actor.userId }, { revokedAt: new Date() });
}
