import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { gql } from '../helpers/graphql.ts';
import { SHARED_JWT_SECRET } from '../helpers/config.ts';
import { withServer, type SharedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import {
  REDIRECT_URI,
  approve,
  exchange,
  oauthToken,
  pkce,
  backLinkParams,
  registerClient,
  submitAuthorize,
  tokenRequest,
} from '../helpers/oauth.ts';

/**
 * The token endpoint's refusals and the token's limits: PKCE (S256 only, the right verifier), the
 * code's bindings (client, redirect URI, 60 seconds, single use: a reused code revokes what it
 * issued), rotating refresh tokens (an old one revokes the family), and the audience.
 */
let server: SharedServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function expectOAuthError(res: { status: number; body: { error?: string }; headers: Record<string, string> }, error: string) {
  expect(res.status).toBe(400);
  expect(res.body.error).toBe(error);
  expect(res.headers['cache-control']).toBe('no-store');
}

async function worksOnApi(accessToken: string): Promise<number> {
  return (await server.api().get(`/users/${owner.id}/events`).set('Authorization', `Bearer ${accessToken}`)).status;
}

test('a good exchange: no-store, the JWT profile of RFC 9068, read scope, one hour', async () => {
  const res = await exchange(server, await approve(server, owner));
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).toEqual({
    access_token: expect.any(String),
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: expect.any(String),
    scope: 'read',
  });
  const [header, payload] = (res.body.access_token as string)
    .split('.')
    .slice(0, 2)
    .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
  expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt' });
  expect(payload).toEqual({
    iss: server.url,
    sub: owner.id,
    aud: server.url,
    scope: 'read',
    client_id: expect.any(String),
    gid: expect.any(String),
    jti: expect.any(String),
    iat: expect.any(Number),
    exp: payload.iat + 3600,
  });
});

test('PKCE: plain is refused at the page, a wrong or missing verifier at the token endpoint', async () => {
  const clientId = await registerClient(server);
  const { verifier } = pkce();
  const plain = await server.api().get('/oauth/authorize').query({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    code_challenge: verifier,
    code_challenge_method: 'plain',
    state: 's1',
  });
  const params = backLinkParams(plain);
  expect(params.get('error')).toBe('invalid_request');
  expect(params.get('error_description')).toMatch(/S256/);
  expect(params.get('state')).toBe('s1');
  const none = await server.api().get('/oauth/authorize').query({ client_id: clientId, redirect_uri: REDIRECT_URI, response_type: 'code' });
  expect(backLinkParams(none).get('error')).toBe('invalid_request');

  const wrong = await approve(server, owner, { clientId });
  expectOAuthError(await exchange(server, { ...wrong, verifier: pkce().verifier }), 'invalid_grant');
  // The code is spent by the failed attempt: the right verifier is too late now.
  expectOAuthError(await exchange(server, wrong), 'invalid_grant');

  const missing = await approve(server, owner, { clientId });
  const res = await tokenRequest(server, {
    grant_type: 'authorization_code',
    code: missing.code,
    redirect_uri: REDIRECT_URI,
    client_id: clientId,
  });
  expectOAuthError(res, 'invalid_request');
  expect(res.body.error_description).toMatch(/code_verifier/);
});

test('the code is bound to its redirect URI and its client', async () => {
  const second = 'http://127.0.0.1:9/other';
  const clientId = await registerClient(server, [REDIRECT_URI, second]);
  const a = await approve(server, owner, { clientId });
  expectOAuthError(await exchange(server, { ...a, redirectUri: second }), 'invalid_grant');

  const b = await approve(server, owner, { clientId });
  const otherClient = await registerClient(server);
  expectOAuthError(await exchange(server, { ...b, clientId: otherClient }), 'invalid_grant');

  // An unregistered redirect URI never gets a code: the error is shown, not redirected there.
  const page = await submitAuthorize(server, {
    client_id: clientId,
    redirect_uri: 'http://127.0.0.1:9/elsewhere',
    response_type: 'code',
    code_challenge: pkce().challenge,
    email: owner.email,
    password: owner.password,
  });
  expect(page.status).toBe(400);
  expect(page.headers.location).toBeUndefined();
  expect(page.text).toContain('not one this application registered');
});

test('a reused code is refused and revokes the tokens it issued', async () => {
  const a = await approve(server, owner);
  const first = await exchange(server, a);
  expect(first.status).toBe(200);
  expect(await worksOnApi(first.body.access_token)).toBe(200);
  expectOAuthError(await exchange(server, a), 'invalid_grant');
  expect(await worksOnApi(first.body.access_token)).toBe(401);
  expectOAuthError(
    await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token, client_id: a.clientId }),
    'invalid_grant',
  );
});

test('a code expires after 60 seconds', async () => {
  const a = await approve(server, owner);
  const [row] = await server.sql<{ seconds: number }>(
    `select extract(epoch from expires_at - created_at)::int as seconds from oauth_codes where code_hash = $1`,
    [sha256(a.code)],
  );
  expect(row.seconds).toBe(60);
  await server.sql(`update oauth_codes set expires_at = now() - interval '1 second' where code_hash = $1`, [sha256(a.code)]);
  const res = await exchange(server, a);
  expectOAuthError(res, 'invalid_grant');
  expect(res.body.error_description).toMatch(/expired/);
});

test('refresh tokens rotate; presenting an old one revokes the whole family', async () => {
  const t = await oauthToken(server, owner);
  const refresh = (token: string) => tokenRequest(server, { grant_type: 'refresh_token', refresh_token: token, client_id: t.clientId });
  const second = await refresh(t.refreshToken);
  expect(second.status).toBe(200);
  const third = await refresh(second.body.refresh_token);
  expect(third.status).toBe(200);
  expect(await worksOnApi(third.body.access_token)).toBe(200);

  expectOAuthError(await refresh(t.refreshToken), 'invalid_grant');
  for (const token of [t.accessToken, second.body.access_token, third.body.access_token]) expect(await worksOnApi(token)).toBe(401);
  expectOAuthError(await refresh(third.body.refresh_token), 'invalid_grant');
});

test('a refresh request refused for its parameters leaves the refresh token usable: the corrected retry is not taken for reuse', async () => {
  const t = await oauthToken(server, owner);
  const refresh = (extra: Record<string, string> = {}) =>
    tokenRequest(server, { grant_type: 'refresh_token', refresh_token: t.refreshToken, client_id: t.clientId, ...extra });
  expectOAuthError(await refresh({ scope: 'read write' }), 'invalid_scope');
  expectOAuthError(await refresh({ resource: 'https://other.example' }), 'invalid_target');
  const retry = await refresh();
  expect(retry.status).toBe(200);
  expect(await worksOnApi(retry.body.access_token)).toBe(200);
  // Rotation happened on the good request: the old token is now spent, and presenting it revokes the family.
  expectOAuthError(await refresh(), 'invalid_grant');
  expect(await worksOnApi(retry.body.access_token)).toBe(401);
});

test('a refresh token belongs to its client; an unknown client or grant type is refused', async () => {
  const t = await oauthToken(server, owner);
  const otherClient = await registerClient(server);
  expectOAuthError(
    await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: t.refreshToken, client_id: otherClient }),
    'invalid_grant',
  );
  expectOAuthError(
    await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: 'x', client_id: '00000000-0000-4000-8000-000000000000' }),
    'invalid_client',
  );
  expectOAuthError(await tokenRequest(server, { grant_type: 'password', client_id: otherClient }), 'unsupported_grant_type');
  expectOAuthError(await tokenRequest(server, { client_id: otherClient }), 'invalid_request');
});

test('resource: only this server (API or /mcp), else invalid_target; the token endpoint holds the request to it', async () => {
  const clientId = await registerClient(server);
  const elsewhere = await server.api().get('/oauth/authorize').query({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    code_challenge: pkce().challenge,
    resource: 'https://other.example',
    state: 'x',
  });
  expect(backLinkParams(elsewhere).get('error')).toBe('invalid_target');
  const a = await approve(server, owner, { clientId });
  expect((await exchange(server, a, { resource: `${server.url}/mcp` })).body.error).toBe('invalid_target');
  const scope = await server.api().get('/oauth/authorize').query({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    code_challenge: pkce().challenge,
    scope: 'read write',
  });
  expect(backLinkParams(scope).get('error')).toBe('invalid_scope');
});

describe('audience and issuer', () => {
  const key = new TextEncoder().encode(SHARED_JWT_SECRET);
  /** A token signed with the server's own key, so only the claim under test is wrong. */
  async function forge(claims: { aud?: string; iss?: string; typ?: string; gid: string; clientId: string; scope?: string }) {
    return new SignJWT({ scope: claims.scope ?? 'read', client_id: claims.clientId, gid: claims.gid })
      .setProtectedHeader({ alg: 'HS256', typ: claims.typ ?? 'at+jwt' })
      .setIssuer(claims.iss ?? server.url)
      .setSubject(owner.id)
      .setAudience(claims.aud ?? server.url)
      .setJti('j1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
  }

  test('another audience, another issuer or another typ is a 401 invalid_token, however well signed', async () => {
    const t = await oauthToken(server, owner);
    const claims = JSON.parse(Buffer.from(t.accessToken.split('.')[1], 'base64url').toString());
    const base = { gid: claims.gid, clientId: claims.client_id };
    expect(await worksOnApi(await forge(base))).toBe(200); // the control: only one claim changes below
    for (const bad of [
      { aud: 'https://other.example' },
      { aud: `${server.url}/mcp` },
      { iss: 'https://other.example' },
      { typ: 'JWT' },
      { scope: 'write' },
    ]) {
      const res = await server
        .api()
        .get(`/users/${owner.id}/events`)
        .set('Authorization', `Bearer ${await forge({ ...base, ...bad })}`);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="[^"]+", error="invalid_token"/);
    }
  });

  test("a token is its user's only: another user's path is a 403", async () => {
    const t = await oauthToken(server, owner);
    expect((await server.api().get(`/users/${other.id}/events`).set(t.auth)).status).toBe(403);
  });

  test('GraphQL: queries answer, mutations are FORBIDDEN, a revoked grant is a 401', async () => {
    const t = await oauthToken(server, owner);
    const read = await gql(server, t, '{ me { id } }');
    expect(read.body.data.me.id).toBe(owner.id);
    const write = await gql(server, t, 'mutation { createCategory(input: { name: "x" }) { id } }');
    expect(write.body.errors[0].extensions.code).toBe('FORBIDDEN');
    await server.api().post('/oauth/revoke').type('form').send({ token: t.refreshToken, client_id: t.clientId }).expect(200);
    const revoked = await gql(server, t, '{ me { id } }');
    expect(revoked.status).toBe(401);
    expect(revoked.headers['www-authenticate']).toContain('error="invalid_token"');
  });
});

test('revocation needs a known client and ignores tokens of other clients', async () => {
  const t = await oauthToken(server, owner);
  const otherClient = await registerClient(server);
  const revoke = (fields: Record<string, string>) => server.api().post('/oauth/revoke').type('form').send(fields);
  expect((await revoke({ token: t.refreshToken })).body.error).toBe('invalid_request');
  expect((await revoke({ token: t.refreshToken, client_id: 'nope' })).body.error).toBe('invalid_client');
  expect((await revoke({ token: t.refreshToken, client_id: otherClient })).status).toBe(200);
  expect((await revoke({ token: t.accessToken, client_id: otherClient })).status).toBe(200);
  expect(await worksOnApi(t.accessToken)).toBe(200);
});

test('failed token requests are throttled per address (429, Retry-After)', async () => {
  const clientId = await registerClient(server);
  let last: Awaited<ReturnType<typeof tokenRequest>> | undefined;
  for (let i = 0; i < 51; i++) {
    last = await tokenRequest(server, {
      grant_type: 'authorization_code',
      code: `bad-${i}`,
      code_verifier: pkce().verifier,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
    });
  }
  expect(last!.status).toBe(429);
  expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  expect(last!.body.error).toBe('invalid_request');
  await server.sql(`delete from auth_attempts where key like 'oauth-token:%'`);
});

test('dead codes and expired refresh tokens are cleared as new tokens are issued', async () => {
  const a = await approve(server, owner);
  const t = await oauthToken(server, owner);
  await server.sql(`update oauth_codes set expires_at = now() - interval '2 days' where code_hash = $1`, [sha256(a.code)]);
  await server.sql(`update oauth_refresh_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [
    sha256(t.refreshToken),
  ]);
  await oauthToken(server, owner);
  expect(await server.sql(`select 1 from oauth_codes where code_hash = $1`, [sha256(a.code)])).toEqual([]);
  expect(await server.sql(`select 1 from oauth_refresh_tokens where token_hash = $1`, [sha256(t.refreshToken)])).toEqual([]);
});
