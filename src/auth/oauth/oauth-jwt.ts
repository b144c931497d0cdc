import { randomUUID } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { Unauthenticated } from '../../core/errors.ts';
import { uuid } from '../../core/validation.ts';
import { signingKey } from '../signing-key.ts';
import { SCOPE } from './oauth.schemas.ts';

/**
 * OAuth access tokens: JWTs in RFC 9068's profile (header `typ: at+jwt`), signed with the
 * server's HS256 key. The typ and the issuer keep them apart from session tokens (typ JWT, issuer
 * "lifetrack", a `use` claim): neither verifies as the other.
 */
const ACCESS_TOKEN_SECONDS = 3600;
const TYP = 'at+jwt';

export type AccessClaims = { sub: string; aud: string; client_id: string; gid: string; jti: string; exp: number };

const isUuid = (v: unknown): v is string => uuid().safeParse(v).success;

export async function signAccessToken(issuer: string, c: { userId: string; resource: string; clientId: string; grantId: string }) {
  const expiresAt = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_SECONDS;
  const token = await new SignJWT({ scope: SCOPE, client_id: c.clientId, gid: c.grantId })
    .setProtectedHeader({ alg: 'HS256', typ: TYP })
    .setIssuer(issuer)
    .setSubject(c.userId)
    .setAudience(c.resource)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(signingKey());
  return { token, expiresIn: ACCESS_TOKEN_SECONDS };
}

/** Whether a bearer token claims to be an OAuth access token (its header says at+jwt). */
export function looksLikeOAuthToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).typ?.toLowerCase() === TYP;
  } catch {
    return false;
  }
}

/**
 * Signature, typ, issuer, audience (one of `audience`), expiry and the claims' shape. With
 * `allowExpired` (revocation) an expired token still names its grant.
 */
export async function verifyAccessToken(
  token: string,
  expected: { issuer: string; audience: string | string[] },
  opts: { allowExpired?: boolean } = {},
): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      issuer: expected.issuer,
      audience: expected.audience,
      typ: TYP,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub', 'aud', 'jti'],
      ...(opts.allowExpired ? { currentDate: new Date(0) } : {}),
    });
    const { sub, aud, client_id, gid, jti, exp, scope } = payload;
    if (!isUuid(sub) || !isUuid(gid) || !isUuid(client_id) || typeof aud !== 'string' || typeof jti !== 'string' || scope !== SCOPE) {
      throw new Unauthenticated('Invalid token');
    }
    return { sub, aud, client_id, gid, jti, exp: exp! };
  } catch (err) {
    if (err instanceof Unauthenticated) throw err;
    if (err instanceof errors.JWTExpired) throw new Unauthenticated('Token expired');
    if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'aud') {
      throw new Unauthenticated('This token was issued for another resource');
    }
    throw new Unauthenticated('Invalid token');
  }
}
