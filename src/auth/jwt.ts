import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';
import { Unauthenticated } from '../core/errors.ts';
import { uuid } from '../core/validation.ts';
import { signingKey } from './signing-key.ts';

const ISSUER = 'lifetrack';
export type TokenUse = 'session' | 'pending';

/** Ids are looked up in uuid columns: anything else would fail in the database, not as a 401. */
const Uuid = uuid();
const isUuid = (v: unknown): v is string => Uuid.safeParse(v).success;

/**
 * The signing key imported once as an HMAC CryptoKey: handed the raw bytes, jose imports them
 * again on every sign and verify, which was a third of each request's authentication time.
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function hmacKey(): Promise<webcrypto.CryptoKey> {
  const raw = signingKey();
  let key = hmacKeys.get(raw);
  if (!key) hmacKeys.set(raw, (key = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])));
  return key;
}

export async function signToken(use: TokenUse, claims: { sub: string; sid: string }, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sid, use })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await hmacKey());
}

/** Verifies signature, issuer, expiry, intended use and the ids' shape; the caller still checks the server-side row. */
export async function verifyToken(use: TokenUse, token: string): Promise<{ sub: string; sid: string }> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(), { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.use !== use || !isUuid(payload.sid) || !isUuid(payload.sub)) {
      throw new Unauthenticated('Invalid token');
    }
    return { sub: payload.sub, sid: payload.sid };
  } catch (err) {
    if (err instanceof Unauthenticated) throw err;
    if (err instanceof errors.JWTExpired) throw new Unauthenticated('Token expired');
    throw new Unauthenticated('Invalid token');
  }
}

export function looksLikeJwt(token: string): boolean {
  return token.split('.').length === 3;
}
