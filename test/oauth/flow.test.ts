import * as client from 'openid-client';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { REDIRECT_URI, submitAuthorize } from '../helpers/oauth.ts';

/**
 * The whole flow as a third-party agent runs it, with a real OAuth client library (openid-client):
 * from a 401 to discovery, dynamic registration, PKCE, the user's approval on the page, the code
 * exchange, API calls, refresh and revocation. Only the user's part (the form) is plain HTTP.
 */
let server: HttpServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

const insecure = { execute: [client.allowInsecureRequests], algorithm: 'oauth2' as const };

/** What the user does in the browser: the page's form, approved with their credentials. */
async function userApproves(authorizationUrl: URL, user: TestUser): Promise<URL> {
  const page = await server.api().get(authorizationUrl.pathname + authorizationUrl.search);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Claude-like agent');
  const res = await submitAuthorize(server, {
    ...Object.fromEntries(authorizationUrl.searchParams),
    email: user.email,
    password: user.password,
    action: 'approve',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.location);
}

async function registerAgent(): Promise<client.Configuration> {
  return client.dynamicClientRegistration(
    new URL(server.url),
    { client_name: 'Claude-like agent', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', scope: 'read' },
    client.None(),
    insecure,
  );
}

test('an agent starts from a 401, discovers, registers, gets a code with PKCE, exchanges, refreshes and revokes', async () => {
  // 1. The API says where its metadata is; the metadata names the authorization server.
  const denied = await fetch(`${server.url}/users/${owner.id}/events`);
  expect(denied.status).toBe(401);
  const challenge = denied.headers.get('www-authenticate')!;
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1];
  const resourceMetadata = (await (await fetch(metadataUrl)).json()) as { resource: string; authorization_servers: string[] };
  expect(resourceMetadata.resource).toBe(server.url);
  const issuer = new URL(resourceMetadata.authorization_servers[0]);

  // 2. Discovery and dynamic registration, by the library.
  const config = await client.dynamicClientRegistration(
    issuer,
    { client_name: 'Claude-like agent', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' },
    client.None(),
    insecure,
  );
  const meta = config.serverMetadata();
  expect(meta.issuer).toBe(server.url);
  expect(meta.code_challenge_methods_supported).toEqual(['S256']);
  expect(config.clientMetadata().client_id).toEqual(expect.any(String));

  // 3. PKCE and the authorization URL, by the library; the user approves on the page.
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'read',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    resource: server.url,
  });
  const callback = await userApproves(url, owner);
  expect(callback.searchParams.get('state')).toBe(state);
  expect(callback.searchParams.get('iss')).toBe(server.url);

  // 4. The code exchange (the library checks state, iss and sends the verifier).
  const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
  expect(tokens.token_type.toLowerCase()).toBe('bearer');
  expect(tokens.scope).toBe('read');
  expect(tokens.expires_in).toBe(3600);
  expect(tokens.refresh_token).toEqual(expect.any(String));

  // 5. The token reads the API, through REST and GraphQL, and cannot write.
  const events = await client.fetchProtectedResource(config, tokens.access_token, new URL(`${server.url}/users/${owner.id}/events`), 'GET');
  expect(events.status).toBe(200);
  const me = await client.fetchProtectedResource(
    config,
    tokens.access_token,
    new URL(`${server.url}/graphql`),
    'POST',
    JSON.stringify({ query: '{ me { id } }' }),
    new Headers({ 'content-type': 'application/json' }),
  );
  expect(((await me.json()) as { data: { me: { id: string } } }).data.me.id).toBe(owner.id);
  // The library reads the 403's challenge (RFC 6750) and says what the token lacks.
  const write = await client
    .fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(`${server.url}/users/${owner.id}/categories`),
      'POST',
      JSON.stringify({ name: 'x' }),
      new Headers({ 'content-type': 'application/json' }),
    )
    .catch((err: unknown) => err);
  expect(write).toBeInstanceOf(client.WWWAuthenticateChallengeError);
  const refusal = write as client.WWWAuthenticateChallengeError;
  expect(refusal.status).toBe(403);
  expect(refusal.cause[0]).toMatchObject({
    scheme: 'bearer',
    parameters: { error: 'insufficient_scope', scope: 'write', resource_metadata: `${server.url}/.well-known/oauth-protected-resource` },
  });

  // 6. Refresh: a new pair; the old access token keeps working until its grant is revoked.
  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  expect(refreshed.access_token).not.toBe(tokens.access_token);
  const again = await client.fetchProtectedResource(config, refreshed.access_token, new URL(`${server.url}/auth/me`), 'GET');
  expect(again.status).toBe(200);

  // 7. Revocation of the refresh token ends the grant: every token of it stops at once.
  await client.tokenRevocation(config, refreshed.refresh_token!);
  for (const token of [tokens.access_token, refreshed.access_token]) {
    const res = await fetch(`${server.url}/users/${owner.id}/events`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  }
  await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
});

test('revoking an access token revokes its grant, refresh token included', async () => {
  const config = await registerAgent();
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const callback = await userApproves(url, owner);
  const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier });
  await client.tokenRevocation(config, tokens.access_token, { token_type_hint: 'access_token' });
  const res = await fetch(`${server.url}/auth/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(res.status).toBe(401);
  await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  // Revoking again, or something unknown, is still a 200.
  await expect(client.tokenRevocation(config, tokens.access_token)).resolves.toBeUndefined();
  await expect(client.tokenRevocation(config, 'no-such-token')).resolves.toBeUndefined();
});

test('a token for the MCP resource is made for /mcp: the API refuses it', async () => {
  const config = await registerAgent();
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    resource: `${server.url}/mcp`,
  });
  const page = await server.api().get(url.pathname + url.search);
  expect(page.text).toContain('MCP');
  const callback = await userApproves(url, owner);
  const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier }, { resource: `${server.url}/mcp` });
  const [, payload] = tokens.access_token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  expect(claims).toEqual(expect.objectContaining({ aud: `${server.url}/mcp`, iss: server.url, sub: owner.id, scope: 'read' }));
  const res = await fetch(`${server.url}/auth/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(res.status).toBe(401);
  expect(res.headers.get('www-authenticate')).toContain('another resource');
});
