import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.ts';
import { Unauthenticated } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { uuid } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { checkSignIn, type ClientInfo } from '../login.service.ts';
import { countAttempt, limits, refundAttempt, type Attempt } from '../throttle.ts';
import { AuthorizeError, OAuthError } from './oauth.errors.ts';
import { OAuthClient, OAuthCode, OAuthGrant } from './oauth.entities.ts';
import { signAccessToken, verifyAccessToken, looksLikeOAuthToken } from './oauth-jwt.ts';
import {
  AuthorizeQuery, ClientRegistration, RevokeRequest, SCOPE, TokenRequest,
  type AuthorizeForm, type ClientRegistered, type TokenResponse,
} from './oauth.schemas.ts';

/**
 * The OAuth 2.1 authorization server for agents, transport-neutral: registration (RFC 7591),
 * the authorization request and the user's decision, the token endpoint (authorization code with
 * PKCE, rotating refresh tokens), revocation (RFC 7009), and access-token authentication.
 * Every token is read-only. The caller says which server this is (`Realm`: issuer and resources),
 * since without PUBLIC_URL that comes from the request.
 */
export type Realm = { issuer: string; resources: { api: string; mcp: string } };

const CODE_SECONDS = 60;
const REFRESH_DAYS = 30;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');
const isUuid = (v: string) => uuid().safeParse(v).success;
const knownResources = (realm: Realm) => [realm.resources.api, realm.resources.mcp];

/** Only "read", however many times it is named; empty means read too. */
function scopeIsRead(scope: string): boolean {
  return scope.split(' ').filter(Boolean).every((s) => s === SCOPE);
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.join('.') || 'request'}: ${issue.message}`;
}

async function loadClient(clientId: string): Promise<OAuthClient | null> {
  return isUuid(clientId) ? em().findOne(OAuthClient, { id: clientId }) : null;
}

// ---------------------------------------------------------------------------------------------
// Dynamic client registration

const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

/** Why a redirect URI is refused, or null: https anywhere, http only back to this machine. */
export function redirectUriProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (raw.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return null;
  return 'must use https, or http on a loopback address (127.0.0.1, [::1] or localhost)';
}

export async function registerClient(input: unknown, client: ClientInfo): Promise<ClientRegistered> {
  await countAttempt([limits.oauthRegistration, client.ip]);
  const parsed = ClientRegistration.safeParse(input);
  if (!parsed.success) {
    const onUris = parsed.error.issues.some((i) => i.path[0] === 'redirect_uris');
    throw new OAuthError(onUris ? 'invalid_redirect_uri' : 'invalid_client_metadata', firstIssue(parsed.error));
  }
  const data = parsed.data;
  for (const [i, uri] of data.redirect_uris.entries()) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', `redirect_uris.${i}: ${problem}`);
  }
  if (data.scope !== undefined && !scopeIsRead(data.scope)) {
    throw new OAuthError('invalid_client_metadata', 'scope: the only scope is "read"');
  }
  if (data.grant_types && !data.grant_types.includes('authorization_code')) {
    throw new OAuthError('invalid_client_metadata', 'grant_types: must include authorization_code');
  }
  const row = em().create(OAuthClient, {
    id: newId(),
    clientName: data.client_name ?? 'Unnamed application',
    redirectUris: [...new Set(data.redirect_uris)],
    createdAt: new Date(),
  });
  await em().flush();
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

// ---------------------------------------------------------------------------------------------
// Authorization request and decision

/** An authorization request that passed every check: what the page shows and the code will carry. */
export type Authorization = {
  client: OAuthClient;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  resource: string;
  scope: typeof SCOPE;
};

/** RFC 7636: BASE64URL(SHA-256(verifier)) is always 43 characters of the URL-safe alphabet. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const MAX_STATE = 2000;

/**
 * Checks an authorization request (GET's query or POST's form). The client and its exact redirect
 * URI come first: until both are right an error is only shown to the user; after that it is
 * redirected to the client with the state.
 */
export async function checkAuthorization(realm: Realm, input: unknown): Promise<Authorization> {
  const parsed = AuthorizeQuery.safeParse(input);
  if (!parsed.success) throw new AuthorizeError('invalid_request', 'Every parameter must be given exactly once', null);
  const p = parsed.data;
  const client = await loadClient(p.client_id);
  if (!client) throw new AuthorizeError('invalid_request', 'This application is not registered with this server (unknown client_id)', null);
  if (!p.redirect_uri) throw new AuthorizeError('invalid_request', 'The request has no redirect_uri', null);
  if (!client.redirectUris.includes(p.redirect_uri)) {
    throw new AuthorizeError('invalid_request', 'The redirect_uri is not one this application registered', null);
  }
  const back = { uri: p.redirect_uri, state: p.state.length <= MAX_STATE ? p.state : '' };
  const fail = (error: ConstructorParameters<typeof AuthorizeError>[0], description: string) =>
    new AuthorizeError(error, description, back);
  if (p.state.length > MAX_STATE) throw fail('invalid_request', `state is longer than ${MAX_STATE} characters`);
  if (p.response_type !== 'code') {
    throw p.response_type ? fail('unsupported_response_type', 'Only response_type=code is supported') : fail('invalid_request', 'response_type is required');
  }
  if ((p.code_challenge_method || 'S256') !== 'S256') throw fail('invalid_request', 'code_challenge_method must be S256');
  if (!p.code_challenge) throw fail('invalid_request', 'PKCE is required: code_challenge is missing');
  if (!S256_CHALLENGE.test(p.code_challenge)) throw fail('invalid_request', 'code_challenge must be 43 base64url characters (S256)');
  const resource = p.resource || realm.resources.api;
  if (!knownResources(realm).includes(resource)) throw fail('invalid_target', `resource must be ${knownResources(realm).join(' or ')}`);
  if (!scopeIsRead(p.scope)) throw fail('invalid_scope', 'The only scope is "read"');
  return { client, redirectUri: p.redirect_uri, state: p.state, codeChallenge: p.code_challenge, resource, scope: SCOPE };
}

/** The redirect back to the client: its URI with our parameters added (RFC 9207's `iss` included). */
export function redirectBack(realm: Realm, to: { uri: string; state: string }, params: Record<string, string>): string {
  const url = new URL(to.uri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  if (to.state) url.searchParams.set('state', to.state);
  url.searchParams.set('iss', realm.issuer);
  return url.toString();
}

export type Decision =
  | { redirectTo: string }
  | { retry: 'missing_credentials' | 'wrong_credentials' | 'totp_required' | 'wrong_code'; email: string };

/**
 * The user's answer on the page. Deny needs no credentials. Approve checks them as a sign-in does
 * (throttled; RateLimited when over budget) and issues a code: single use, 60 seconds, bound to
 * the client, the redirect URI, the PKCE challenge and the resource.
 */
export async function decideAuthorization(
  realm: Realm,
  request: Authorization,
  form: Pick<AuthorizeForm, 'action' | 'email' | 'password' | 'totp_code'>,
  client: ClientInfo,
): Promise<Decision> {
  const back = { uri: request.redirectUri, state: request.state };
  // An empty action is the default too (a form that sends the field without a value).
  const action = form.action || 'approve';
  if (action === 'deny') {
    return { redirectTo: redirectBack(realm, back, { error: 'access_denied', error_description: 'The user denied access' }) };
  }
  if (action !== 'approve') throw new AuthorizeError('invalid_request', 'action must be approve or deny', back);
  const email = form.email.trim();
  if (!email || !form.password) return { retry: 'missing_credentials', email };
  const check = await checkSignIn(client, { email, password: form.password, totpCode: form.totp_code });
  if (check.outcome !== 'ok') return { retry: check.outcome, email };

  const code = newSecret();
  const now = new Date();
  em().create(OAuthCode, {
    codeHash: sha256(code),
    userId: check.user.id,
    clientId: request.client.id,
    grantId: newId(),
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    resource: request.resource,
    scope: request.scope,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000),
    usedAt: null,
  });
  await em().flush();
  return { redirectTo: redirectBack(realm, back, { code }) };
}

// ---------------------------------------------------------------------------------------------
// Token endpoint

type CodeRow = {
  user_id: string; client_id: string; grant_id: string; redirect_uri: string; code_challenge: string;
  resource: string; scope: string; expired: boolean;
};
type GrantRow = { id: string; user_id: string; client_id: string; resource: string; scope: string; revoked_at: Date | null };

const invalidGrant = (why: string) => new OAuthError('invalid_grant', why);

async function revokeGrant(grantId: string): Promise<void> {
  await query(`update oauth_grants set revoked_at = now() where id = $1 and revoked_at is null`, [grantId]);
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

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
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

async function issueTokens(realm: Realm, grant: { id: string; userId: string; clientId: string; resource: string }): Promise<TokenResponse> {
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
  return { access_token: access.token, token_type: 'Bearer', expires_in: access.expiresIn, refresh_token: refresh, scope: SCOPE };
}

async function fromCode(realm: Realm, client: OAuthClient, p: z.infer<typeof TokenRequest>): Promise<TokenResponse> {
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

async function fromRefreshToken(realm: Realm, client: OAuthClient, p: z.infer<typeof TokenRequest>): Promise<TokenResponse> {
  if (!p.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
  const hash = sha256(p.refresh_token);
  const [claimed] = await query<{ grant_id: string; expired: boolean }>(
    `update oauth_refresh_tokens set used_at = now() where token_hash = $1 and used_at is null
     returning grant_id, expires_at <= now() as expired`,
    [hash],
  );
  if (!claimed) {
    // A rotated token presented again: whoever holds it, the family is no longer trusted.
    const [old] = await query<{ grant_id: string }>(`select grant_id from oauth_refresh_tokens where token_hash = $1`, [hash]);
    if (old) await revokeGrant(old.grant_id);
    throw invalidGrant('The refresh token is invalid or was already used');
  }
  if (claimed.expired) throw invalidGrant('The refresh token has expired');
  const [grant] = await query<GrantRow>(`select * from oauth_grants where id = $1`, [claimed.grant_id]);
  if (!grant || grant.revoked_at) throw invalidGrant('This authorization was revoked');
  if (grant.client_id !== client.id) throw invalidGrant('The refresh token was issued to another client');
  if (p.scope !== undefined && !scopeIsRead(p.scope)) throw new OAuthError('invalid_scope', 'The only scope is "read"');
  if (p.resource !== undefined && p.resource !== grant.resource) {
    throw new OAuthError('invalid_target', 'resource must be the one the grant was made for');
  }
  return issueTokens(realm, { id: grant.id, userId: grant.user_id, clientId: grant.client_id, resource: grant.resource });
}

/** POST /oauth/token. Throttled per address; a successful request gives its attempt back. */
export async function exchangeToken(realm: Realm, input: unknown, client: ClientInfo): Promise<TokenResponse> {
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
  const tokens = p.grant_type === 'authorization_code' ? await fromCode(realm, oauthClient, p) : await fromRefreshToken(realm, oauthClient, p);
  await refundAttempt(address);
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Revocation and authentication

/**
 * RFC 7009: a refresh token or an access token of the calling client revokes its whole grant.
 * Unknown, malformed or foreign tokens are ignored: the answer is the same either way.
 */
export async function revokeToken(realm: Realm, input: unknown): Promise<void> {
  const parsed = RevokeRequest.safeParse(input);
  if (!parsed.success) throw new OAuthError('invalid_request', firstIssue(parsed.error));
  const { token, client_id } = parsed.data;
  const client = await loadClient(client_id);
  if (!client) throw new OAuthError('invalid_client', 'Unknown client_id');
  const [refresh] = await query<{ grant_id: string }>(
    `select r.grant_id from oauth_refresh_tokens r join oauth_grants g on g.id = r.grant_id
      where r.token_hash = $1 and g.client_id = $2`,
    [sha256(token), client.id],
  );
  if (refresh) return revokeGrant(refresh.grant_id);
  if (!looksLikeOAuthToken(token)) return;
  const claims = await verifyAccessToken(token, { issuer: realm.issuer, audience: knownResources(realm) }, { allowExpired: true }).catch(
    () => null,
  );
  if (claims && claims.client_id === client.id) await revokeGrant(claims.gid);
}

/**
 * The OAuth branch of authenticate(): a valid access token for one of `audience`, whose grant is
 * still in force (checked on every request, so revocation is immediate). Always read-only.
 */
export async function actorFromOAuthToken(token: string, expected: { issuer: string; audience: string | string[] }): Promise<Actor> {
  const claims = await verifyAccessToken(token, expected);
  const grant = await em().findOne(OAuthGrant, { id: claims.gid });
  if (!grant || grant.revokedAt || grant.userId !== claims.sub || grant.clientId !== claims.client_id) {
    throw new Unauthenticated('This authorization was revoked');
  }
  return { userId: grant.userId, scope: 'read', via: 'oauth', credentialId: grant.id };
}

/** For the consent page: what the resource is, in words. */
export function describeResource(realm: Realm, resource: string): string {
  return resource === realm.resources.mcp ? 'your Lifetrack data, through its MCP endpoint (tools for AI assistants)' : 'your Lifetrack data, through its API';
}
