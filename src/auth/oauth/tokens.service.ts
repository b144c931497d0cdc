import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.ts';
import { Unauthenticated } from '../../core/errors.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import type { ClientInfo } from '../login.service.ts';
import { countAttempt, limits, refundAttempt, type Attempt } from '../throttle.ts';
import { loadClient } from './clients.service.ts';
import { OAuthError, firstIssue } from './oauth.errors.ts';
import { OAuthGrant, type OAuthClient } from './oauth.entities.ts';
import { signAccessToken, verifyAccessToken, looksLikeOAuthToken } from './oauth-jwt.ts';
import { RevokeRequest, TokenRequest } from './oauth.schemas.ts';

/** What a token request issues: a read-only access token (expiresIn seconds) and its rotating refresh token. */
export type IssuedTokens = { accessToken: string; expiresIn: number; refreshToken: string };
import { knownResources, scopeIsRead, type Realm } from './realm.ts';
import { newSecret, sameSecret, sha256 } from './secrets.ts';

/**
 * Tokens: the token endpoint (authorization code with PKCE, rotating refresh tokens), issuing and
 * sweeping, revocation (RFC 7009), and authenticating a request by its access token.
 */

const REFRESH_DAYS = 30;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

// ---------------------------------------------------------------------------------------------
// Token endpoint

type CodeRow = {
  user_id: string;
  client_id: string;
  grant_id: string;
  redirect_uri: string;
  code_challenge: string;
  resource: string;
  scope: string;
  expired: boolean;
};
type GrantRow = { id: string; user_id: string; client_id: string; resource: string; scope: string; revoked_at: Date | null };

const invalidGrant = (why: string) => new OAuthError('invalid_grant', why);

async function revokeGrant(grantId: string, userId: string): Promise<void> {
  await query(`update oauth_grants set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null`, [grantId, userId]);
}

/**
 * A code presented a second time revokes whatever it issued. The grant's id is fixed when the
 * code is made, so this works even while the first exchange is still running: if its grant is
 * not there yet, a revoked one is put in its place and the first exchange finds it taken.
 */
async function revokeWhatCodeIssued(codeHash: string): Promise<void> {
  await query(
    `insert into oauth_grants (id, user_id, client_id, resource, scope, created_at, revoked_at)
       select grant_id, user_id, client_id, resource, scope, now(), now() from oauth_codes where code_hash = $1
     on conflict (id) do update set revoked_at = coalesce(oauth_grants.revoked_at, now())`,
    [codeHash],
  );
}

/** Rows cleared per issuance: small, so no token request waits on a big delete. */
const SWEEP_BATCH = 100;

/**
 * Each issuance clears some dead rows, so the tables stay as small as the live codes and refresh
 * tokens without a job of their own: codes a day after they expired (a reuse that late finds
 * nothing to revoke, and its grant's tokens have long expired unless refreshed), and refresh
 * tokens once expired (used ones are kept until then, to recognise a reuse).
 */
async function sweepExpired(): Promise<void> {
  await query(
    `delete from oauth_codes where code_hash in (
       select code_hash from oauth_codes where expires_at < now() - interval '1 day' limit $1 for update skip locked)`,
    [SWEEP_BATCH],
  );
  await query(
    `delete from oauth_refresh_tokens where token_hash in (
       select token_hash from oauth_refresh_tokens where expires_at < now() limit $1 for update skip locked)`,
    [SWEEP_BATCH],
  );
}

async function issueTokens(realm: Realm, grant: { id: string; userId: string; clientId: string; resource: string }): Promise<IssuedTokens> {
  await sweepExpired();
  const refresh = newSecret();
  await query(
    `insert into oauth_refresh_tokens (token_hash, user_id, grant_id, created_at, expires_at, used_at)
     values ($1, $2, $3, now(), now() + make_interval(days => $4), null)`,
    [sha256(refresh), grant.userId, grant.id, REFRESH_DAYS],
  );
  const access = await signAccessToken(realm.issuer, {
    userId: grant.userId,
    resource: grant.resource,
    clientId: grant.clientId,
    grantId: grant.id,
  });
  return { accessToken: access.token, expiresIn: access.expiresIn, refreshToken: refresh };
}

async function fromCode(realm: Realm, client: OAuthClient, p: z.infer<typeof TokenRequest>): Promise<IssuedTokens> {
  if (!p.code) throw new OAuthError('invalid_request', 'code is required');
  if (p.code_verifier === undefined) throw new OAuthError('invalid_request', 'code_verifier is required (PKCE)');
  if (p.redirect_uri === undefined) throw new OAuthError('invalid_request', 'redirect_uri is required');
  const hash = sha256(p.code);
  // Claimed in one conditional update: of two exchanges racing with one code, one gets it.
  const [code] = await query<CodeRow>(
    `update oauth_codes set used_at = now() where code_hash = $1 and used_at is null
     returning user_id, client_id, grant_id, redirect_uri, code_challenge, resource, scope, expires_at <= now() as expired`,
    [hash],
  );
  if (!code) {
    await revokeWhatCodeIssued(hash);
    throw invalidGrant('The authorization code is invalid or was already used');
  }
  // From here the code is spent whatever the outcome: a wrong verifier gets no second try.
  if (code.expired) throw invalidGrant('The authorization code has expired');
  if (code.client_id !== client.id) throw invalidGrant('The authorization code was issued to another client');
  if (code.redirect_uri !== p.redirect_uri) throw invalidGrant('redirect_uri does not match the authorization request');
  if (!VERIFIER.test(p.code_verifier)) throw invalidGrant('code_verifier must be 43 to 128 unreserved characters');
  const challenge = createHash('sha256').update(p.code_verifier).digest('base64url');
  if (!sameSecret(challenge, code.code_challenge)) throw invalidGrant('code_verifier does not match the code_challenge');
  if (p.resource !== undefined && p.resource !== code.resource) {
    throw new OAuthError('invalid_target', 'resource must be the one of the authorization request');
  }
  const [created] = await query<{ id: string }>(
    `insert into oauth_grants (id, user_id, client_id, resource, scope, created_at, revoked_at)
     values ($1, $2, $3, $4, $5, now(), null) on conflict (id) do nothing returning id`,
    [code.grant_id, code.user_id, code.client_id, code.resource, code.scope],
  );
  if (!created) throw invalidGrant('The authorization code was already used');
  return issueTokens(realm, { id: code.grant_id, userId: code.user_id, clientId: code.client_id, resource: code.resource });
}

async function fromRefreshToken(realm: Realm, client: OAuthClient, p: z.infer<typeof TokenRequest>): Promise<IssuedTokens> {
  if (!p.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
  const hash = sha256(p.refresh_token);
  const [token] = await query<{ grant_id: string; user_id: string; used: boolean; expired: boolean }>(
    `select grant_id, user_id, used_at is not null as used, expires_at <= now() as expired from oauth_refresh_tokens where token_hash = $1`,
    [hash],
  );
  const reused = async (grantId: string, userId: string) => {
    // A rotated token presented again: whoever holds it, the family is no longer trusted.
    await revokeGrant(grantId, userId);
    return invalidGrant('The refresh token is invalid or was already used');
  };
  if (!token) throw invalidGrant('The refresh token is invalid or was already used');
  if (token.used) throw await reused(token.grant_id, token.user_id);
  if (token.expired) throw invalidGrant('The refresh token has expired');
  const [grant] = await query<GrantRow>(`select * from oauth_grants where id = $1 and user_id = $2`, [token.grant_id, token.user_id]);
  if (!grant || grant.revoked_at) throw invalidGrant('This authorization was revoked');
  if (grant.client_id !== client.id) throw invalidGrant('The refresh token was issued to another client');
  if (p.scope !== undefined && !scopeIsRead(p.scope)) throw new OAuthError('invalid_scope', 'The only scope is "read"');
  if (p.resource !== undefined && p.resource !== grant.resource) {
    throw new OAuthError('invalid_target', 'resource must be the one the grant was made for');
  }
  // Validated first, rotated after (RFC 9700 4.14.2): a request refused above leaves the token
  // usable, so the client's corrected retry is not mistaken for reuse. Claimed in one conditional
  // update: of two refreshes racing with one token, one gets it and the other is reuse.
  const [claimed] = await query(`update oauth_refresh_tokens set used_at = now() where token_hash = $1 and used_at is null returning 1`, [
    hash,
  ]);
  if (!claimed) throw await reused(token.grant_id, token.user_id);
  return issueTokens(realm, { id: grant.id, userId: grant.user_id, clientId: grant.client_id, resource: grant.resource });
}

/** POST /oauth/token. Throttled per address; a successful request gives its attempt back. */
export async function exchangeToken(realm: Realm, input: z.input<typeof TokenRequest>, client: ClientInfo): Promise<IssuedTokens> {
  const address: Attempt = [limits.oauthToken, client.ip];
  await countAttempt(address);
  const parsed = TokenRequest.safeParse(input);
  if (!parsed.success) {
    const grantType = (input as Record<string, unknown> | null)?.grant_type;
    if (typeof grantType === 'string' && grantType && !['authorization_code', 'refresh_token'].includes(grantType)) {
      throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
    }
    throw new OAuthError('invalid_request', firstIssue(parsed.error));
  }
  const p = parsed.data;
  const oauthClient = await loadClient(p.client_id);
  if (!oauthClient) throw new OAuthError('invalid_client', 'Unknown client_id');
  const tokens =
    p.grant_type === 'authorization_code' ? await fromCode(realm, oauthClient, p) : await fromRefreshToken(realm, oauthClient, p);
  await refundAttempt(address);
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Revocation and authentication

/**
 * RFC 7009: a refresh token or an access token of the calling client revokes its whole grant.
 * Unknown, malformed or foreign tokens are ignored: the answer is the same either way.
 */
export async function revokeToken(realm: Realm, input: z.input<typeof RevokeRequest>): Promise<void> {
  const parsed = RevokeRequest.safeParse(input);
  if (!parsed.success) throw new OAuthError('invalid_request', firstIssue(parsed.error));
  const { token, client_id } = parsed.data;
  const client = await loadClient(client_id);
  if (!client) throw new OAuthError('invalid_client', 'Unknown client_id');
  const [refresh] = await query<{ grant_id: string; user_id: string }>(
    `select r.grant_id, r.user_id from oauth_refresh_tokens r join oauth_grants g on g.id = r.grant_id and g.user_id = r.user_id
      where r.token_hash = $1 and g.client_id = $2`,
    [sha256(token), client.id],
  );
  if (refresh) return revokeGrant(refresh.grant_id, refresh.user_id);
  if (!looksLikeOAuthToken(token)) return;
  const claims = await verifyAccessToken(token, { issuer: realm.issuer, audience: knownResources(realm) }, { allowExpired: true }).catch(
    () => null,
  );
  if (claims && claims.client_id === client.id) await revokeGrant(claims.gid, claims.sub);
}

/**
 * The OAuth branch of authenticate(): a valid access token for one of `audience`, whose grant is
 * still in force (checked on every request, so revocation is immediate). Always read-only.
 */
export async function actorFromOAuthToken(token: string, expected: { issuer: string; audience: string | string[] }): Promise<Actor> {
  const claims = await verifyAccessToken(token, expected);
  const grant = await em().findOne(OAuthGrant, { id: claims.gid, userId: claims.sub });
  if (!grant || grant.revokedAt || grant.userId !== claims.sub || grant.clientId !== claims.client_id) {
    throw new Unauthenticated('This authorization was revoked');
  }
  return { userId: grant.userId, scope: 'read', via: 'oauth', credentialId: grant.id };
}
