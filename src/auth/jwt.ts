import { createHash, webcrypto } from 'node:crypto';
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

type Claims = { sub: string; sid: string };

/**
 * Tokens this process has verified, per signing key, by their SHA-256: a client sends the same
 * token with every request, and verifying it again (an HMAC through WebCrypto, a thread-pool round
 * trip each time) was ~6% of a busy server's CPU. What a verification proves cannot change for
 * the same bytes and key, except expiry, which is checked on every use; the caller still reads the
 * session row, so a revoked session stops working at once.
 */
const verifiedByKey = new WeakMap<Uint8Array, Map<string, Claims & { use: TokenUse; exp: number }>>();
const VERIFIED_MAX = 10_000;

/** Verifies signature, issuer, expiry, intended use and the ids' shape; the caller still checks the server-side row. */
export async function verifyToken(use: TokenUse, token: string): Promise<Claims> {
  const raw = signingKey();
  let verified = verifiedByKey.get(raw);
  if (!verified) verifiedByKey.set(raw, (verified = new Map<string, Claims & { use: TokenUse; exp: number }>()));
  const digest = createHash('sha256').update(token).digest('base64url');
  const known = verified.get(digest);
  if (known) {
    if (known.exp * 1000 <= Date.now()) {
      verified.delete(digest);
      throw new Unauthenticated('Token expired');
    }
    if (known.use !== use) throw new Unauthenticated('Invalid token');
    return { sub: known.sub, sid: known.sid };
  }
  const claims = await verifySignature(token);
  if (claims.use !== use) throw new Unauthenticated('Invalid token');
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(digest, claims);
  return { sub: claims.sub, sid: claims.sid };
}

async function verifySignature(token: string): Promise<Claims & { use: TokenUse; exp: number }> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(), { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp'] });
    if ((payload.use !== 'session' && payload.use !== 'pending') || !isUuid(payload.sid) || !isUuid(payload.sub)) {
      throw new Unauthenticated('Invalid token');
    }
    return { use: payload.use, sub: payload.sub, sid: payload.sid, exp: payload.exp! };
  } catch (err) {
    if (err instanceof Unauthenticated) throw err;
    if (err instanceof errors.JWTExpired) throw new Unauthenticated('Token expired');
    throw new Unauthenticated('Invalid token');
  }
}

export function looksLikeJwt(token: string): boolean {
  return token.split('.').length === 3;
}
