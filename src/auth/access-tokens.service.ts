import type { z } from 'zod';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { authorize, type Actor } from '../core/actor.ts';
import { Invalid, NotFound, Unauthenticated } from '../core/errors.ts';
import { newId } from '../core/ids.ts';
import { parse } from '../core/validation.ts';
import { em } from '../db/context.ts';
import { AccessToken } from './access-token.entity.ts';
import { AccessTokenCreate } from './auth.schemas.ts';

/**
 * Personal access tokens look like `ptk_<32 base62><6 base62 checksum>`. The checksum lets
 * us (and secret scanners) reject a mistyped or made-up token without touching the database.
 * Only the SHA-256 of the whole token is stored.
 */
const PREFIX = 'ptk_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(bytes: Buffer, length: number): string {
  let n = BigInt('0x' + bytes.toString('hex'));
  let out = '';
  while (out.length < length) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

function checksum(body: string): string {
  return base62(createHash('sha256').update(body).digest().subarray(0, 8), 6);
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export function isAccessToken(token: string): boolean {
  return token.startsWith(PREFIX);
}

/** A new token: its row, and the secret itself, which is shown once and never stored. */
export async function createAccessToken(
  actor: Actor,
  input: z.input<typeof AccessTokenCreate>,
): Promise<{ accessToken: AccessToken; token: string }> {
  authorize(actor, actor.userId, 'account');
  const data = parse(AccessTokenCreate, input);
  const expiresAt = data.expires_at ? new Date(data.expires_at) : null;
  if (expiresAt && expiresAt <= new Date()) throw Invalid.at(['expires_at'], 'Expiry must be in the future');
  const body = base62(randomBytes(24), 32);
  const token = `${PREFIX}${body}${checksum(body)}`;
  const row = em().create(AccessToken, {
    id: newId(),
    userId: actor.userId,
    name: data.name,
    scope: data.scope,
    tokenHash: sha256(token),
    prefix: token.slice(0, PREFIX.length + 6),
    createdAt: new Date(),
    expiresAt,
    lastUsedAt: null,
  });
  await em().flush();
  return { accessToken: row, token };
}

export async function listAccessTokens(actor: Actor): Promise<AccessToken[]> {
  authorize(actor, actor.userId, 'account', { spend: false });
  const rows = await em().find(AccessToken, { userId: actor.userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return rows;
}

export async function deleteAccessToken(actor: Actor, tokenId: string): Promise<void> {
  authorize(actor, actor.userId, 'account', { spend: false });
  const deleted = await em().nativeDelete(AccessToken, { id: tokenId, userId: actor.userId });
  if (deleted === 0) throw new NotFound('Access token');
}

/** Every personal access token of the user stops working (they survive a password change: see changePassword). */
export async function revokeAllAccessTokens(actor: Actor): Promise<{ revoked: number }> {
  authorize(actor, actor.userId, 'account', { spend: false });
  return { revoked: await em().nativeDelete(AccessToken, { userId: actor.userId }) };
}

export async function actorFromAccessToken(token: string): Promise<Actor> {
  const body = token.slice(PREFIX.length, -6);
  if (body.length !== 32 || checksum(body) !== token.slice(-6)) throw new Unauthenticated('Invalid token');
  const hash = sha256(token);
  const row = await em().findOne(AccessToken, { tokenHash: hash });
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) throw new Unauthenticated('Invalid token');
  const now = new Date();
  if (row.expiresAt && row.expiresAt <= now) throw new Unauthenticated('Token expired');
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await em().nativeUpdate(AccessToken, { id: row.id, userId: row.userId }, { lastUsedAt: now });
  }
  return { userId: row.userId, scope: row.scope, via: 'access_token', credentialId: row.id };
}
