import type { z } from 'zod';
import { authorize, type Actor } from '../core/actor.ts';
import { Forbidden, NotFound, Unauthenticated } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { parse } from '../core/validation.ts';
import { em } from '../db/context.ts';
import { query } from '../db/sql.ts';
import { SessionListQuery } from './auth.schemas.ts';
import { signToken, verifyToken } from './jwt.ts';
import { endOAuthGrants } from './oauth/grants.service.ts';
import { Session } from './session.entity.ts';

const SESSION_DAYS = 30;
/** last_used_at is a hint for the user, not an audit log: write it at most once a minute. */
const TOUCH_EVERY_MS = 60_000;

/** A new session: the bearer token that names it, whose user, and until when. */
export type SignedIn = { kind: 'signed_in'; apiToken: string; userId: string; expiresAt: Date };

export async function openSession(userId: string): Promise<SignedIn> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  const session = em().create(Session, { id: newId(), userId, createdAt: now, expiresAt, revokedAt: null, lastUsedAt: now });
  await em().flush();
  return { kind: 'signed_in', apiToken: await signToken('session', { sub: userId, sid: session.id }, expiresAt), userId, expiresAt };
}

/**
 * Every request with a session token reads its row: as one plain statement that also decides
 * validity, not an entity load (this runs once per request, and hydrating the row cost as much
 * as the rest of authentication).
 */
export async function actorFromSessionToken(token: string): Promise<Actor> {
  const claims = await verifyToken('session', token);
  const [session] = await query<{ id: string; user_id: string; last_used_ms: number | null }>(
    `select id, user_id, (extract(epoch from last_used_at) * 1000)::float8 as last_used_ms from sessions
     where id = $1 and user_id = $2 and revoked_at is null and expires_at > now()`,
    [claims.sid, claims.sub],
  );
  if (!session) throw new Unauthenticated('Session is no longer valid');
  const now = Date.now();
  if (session.last_used_ms === null || now - session.last_used_ms > TOUCH_EVERY_MS) {
    await em().nativeUpdate(Session, { id: session.id, userId: session.user_id }, { lastUsedAt: new Date(now) });
  }
  return { userId: session.user_id, scope: 'write', via: 'session', credentialId: session.id };
}

/** The session the actor signed in with, if it is one (a system actor has none). */
const currentSession = (actor: Actor) => (actor.via === 'session' ? actor.credentialId : null);

/** Sessions that still work: not revoked, not expired. */
const live = (userId: string) => ({ userId, revokedAt: null, expiresAt: { $gt: new Date() } });

/** A live session as its user sees it; `current` is the one the request came with. */
export type SessionInfo = { id: string; createdAt: Date; lastUsedAt: Date | null; expiresAt: Date; current: boolean };

export async function listSessions(actor: Actor, input: z.input<typeof SessionListQuery>): Promise<SessionInfo[]> {
  authorize(actor, actor.userId, 'account', { spend: false });
  const q = parse(SessionListQuery, input);
  const rows = await em().find(Session, live(actor.userId), {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: q.limit,
    offset: q.offset,
  });
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt,
    lastUsedAt: s.lastUsedAt ?? null,
    expiresAt: s.expiresAt,
    current: s.id === currentSession(actor),
  }));
}

/** Signs one session out at once; it may be the caller's own (then it works like logout). */
export async function revokeSession(actor: Actor, sessionId: string): Promise<void> {
  authorize(actor, actor.userId, 'account', { spend: false });
  const revoked = await em().nativeUpdate(Session, { id: sessionId, ...live(actor.userId) }, { revokedAt: new Date() });
  if (revoked === 0) throw new NotFound('Session');
}

/** "Sign out everywhere else": every live session of the user but the caller's. */
export async function revokeOtherSessions(actor: Actor): Promise<{ revoked: number }> {
  authorize(actor, actor.userId, 'account', { spend: false });
  return { revoked: await endOtherSessions(actor) };
}

/** Every session of the user but the caller's ends (POST /auth/sessions/revoke-others). */
async function endOtherSessions(actor: Actor): Promise<number> {
  const current = currentSession(actor);
  const others = current ? { ...live(actor.userId), id: { $ne: current } } : live(actor.userId);
  return em().nativeUpdate(Session, others, { revokedAt: new Date() });
}

/**
 * For use cases that change how the account signs in (password, email, TOTP): whoever holds
 * another session may be the reason for the change, so those sessions end (the caller's stays),
 * and so do OAuth grants: an agent was approved by signing in with the credentials being
 * replaced. Personal access tokens stay: the user made each one and lists them under /auth.
 */
export async function endOtherSignIns(actor: Actor): Promise<void> {
  await endOtherSessions(actor);
  await endOAuthGrants(actor.userId);
}

export async function logout(actor: Actor): Promise<void> {
  authorize(actor, actor.userId, 'account', { spend: false });
  const current = currentSession(actor);
  if (!current) throw new Forbidden('Only a session token can be logged out; an access token is revoked by deleting it');
  await em().nativeUpdate(Session, { id: current, userId: actor.userId }, { revokedAt: new Date() });
}
