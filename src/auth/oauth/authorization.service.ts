import type { z } from 'zod';
import { newId } from '../../core/ids.ts';
import { em } from '../../db/context.ts';
import { checkSignIn, type ClientInfo } from '../login.service.ts';
import { loadClient } from './clients.service.ts';
import { AuthorizeError } from './oauth.errors.ts';
import { OAuthCode, type OAuthClient } from './oauth.entities.ts';
import { AuthorizeQuery, SCOPE, type AuthorizeForm } from './oauth.schemas.ts';
import { knownResources, scopeIsRead, type Realm } from './realm.ts';
import { newSecret, sha256 } from './secrets.ts';

/**
 * The authorization request (code + PKCE) and the user's decision on the consent page: checking
 * the request, issuing the code on approval, and the redirect back to the client.
 */

const CODE_SECONDS = 60;

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
const MAX_STATE = 2000;

/**
 * Checks an authorization request (GET's query or POST's form). The client and its exact redirect
 * URI come first: until both are right an error is only shown to the user; after that it is
 * redirected to the client with the state.
 */
export async function checkAuthorization(realm: Realm, input: z.input<typeof AuthorizeQuery>): Promise<Authorization> {
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
    throw p.response_type
      ? fail('unsupported_response_type', 'Only response_type=code is supported')
      : fail('invalid_request', 'response_type is required');
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
  { redirectTo: string } | { retry: 'missing_credentials' | 'wrong_credentials' | 'totp_required' | 'wrong_code'; email: string };

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

/** For the consent page: what the resource is, in words. */
export function describeResource(realm: Realm, resource: string): string {
  return resource === realm.resources.mcp
    ? 'your Lifetrack data, through its MCP endpoint (tools for AI assistants)'
    : 'your Lifetrack data, through its API';
}
