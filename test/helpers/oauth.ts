import { createHash, randomBytes } from 'node:crypto';
import type { HttpServer } from './server.ts';
import type { TestUser } from './users.ts';

/**
 * OAuth by hand, as plain HTTP (the flow test drives a real client library; this is for tests
 * that only need a token or one step of the flow): register, the page's form, the token endpoint.
 */
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function registerClient(server: HttpServer, redirectUris = [REDIRECT_URI], name = 'Test agent'): Promise<string> {
  const res = await server.api().post('/oauth/register').send({ client_name: name, redirect_uris: redirectUris });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${res.text}`);
  return res.body.client_id as string;
}

export type AuthorizeFields = Partial<
  Record<
    | 'action'
    | 'client_id'
    | 'code_challenge'
    | 'code_challenge_method'
    | 'email'
    | 'password'
    | 'redirect_uri'
    | 'resource'
    | 'response_type'
    | 'scope'
    | 'state'
    | 'totp_code',
    string
  >
>;

/** POST /oauth/authorize with the form's fields (application/x-www-form-urlencoded). */
export function submitAuthorize(server: HttpServer, fields: AuthorizeFields) {
  return server.api().post('/oauth/authorize').type('form').send(fields);
}

/** The query parameters of a 302 back to the client. */
export function redirectParams(res: { status: number; headers: Record<string, string>; text: string }): URLSearchParams {
  if (res.status !== 302) throw new Error(`expected a redirect, got ${res.status}: ${res.text.slice(0, 300)}`);
  return new URL(res.headers.location).searchParams;
}

/**
 * A broken authorization request: a 400 page (never a redirect) whose link back to the client
 * carries the error and the state; these are its query parameters.
 */
export function backLinkParams(res: { status: number; headers: Record<string, string>; text: string }): URLSearchParams {
  if (res.status !== 400 || res.headers.location) throw new Error(`expected the error page, got ${res.status}: ${res.text.slice(0, 300)}`);
  const href = /<a class="back" href="([^"]+)"/.exec(res.text)?.[1];
  if (!href) throw new Error(`the error page has no link back: ${res.text.slice(0, 500)}`);
  return new URL(href.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'")).searchParams;
}

export type Approved = { clientId: string; code: string; verifier: string; redirectUri: string };

/** Registers a client (unless given) and approves it as the user: a fresh code and its verifier. */
export async function approve(
  server: HttpServer,
  user: TestUser,
  opts: { clientId?: string; resource?: string; extra?: AuthorizeFields } = {},
): Promise<Approved> {
  const clientId = opts.clientId ?? (await registerClient(server));
  const { verifier, challenge } = pkce();
  const res = await submitAuthorize(server, {
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'read',
    state: 'st4te',
    ...(opts.resource ? { resource: opts.resource } : {}),
    email: user.email,
    password: user.password,
    ...opts.extra,
  });
  const code = redirectParams(res).get('code');
  if (!code) throw new Error(`no code in ${res.headers.location}`);
  return { clientId, code, verifier, redirectUri: REDIRECT_URI };
}

export function tokenRequest(server: HttpServer, fields: Record<string, string>) {
  return server.api().post('/oauth/token').type('form').send(fields);
}

export function exchange(server: HttpServer, a: Approved, extra: Record<string, string> = {}) {
  return tokenRequest(server, {
    grant_type: 'authorization_code',
    code: a.code,
    code_verifier: a.verifier,
    redirect_uri: a.redirectUri,
    client_id: a.clientId,
    ...extra,
  });
}

export type OAuthTokens = { clientId: string; accessToken: string; refreshToken: string; auth: { Authorization: string } };

/** A read-only OAuth access token of the user for this server's API (the whole flow over HTTP). */
export async function oauthToken(server: HttpServer, user: TestUser, opts: { resource?: string } = {}): Promise<OAuthTokens> {
  const approved = await approve(server, user, opts);
  const res = await exchange(server, approved);
  if (res.status !== 200) throw new Error(`token exchange failed: ${res.status} ${res.text}`);
  return {
    clientId: approved.clientId,
    accessToken: res.body.access_token,
    refreshToken: res.body.refresh_token,
    auth: { Authorization: `Bearer ${res.body.access_token}` },
  };
}
