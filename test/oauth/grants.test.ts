import { randomUUID } from 'node:crypto';
import { expectError } from '../helpers/expect.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { oauthToken, registerClient } from '../helpers/oauth.ts';

/** The user's view of approved agents (GET /auth/oauth-grants) and revoking one (DELETE). */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

test('approved agents are listed newest first; revoking one stops its tokens at once', async () => {
  const first = await oauthToken(server, owner);
  const second = await oauthToken(server, owner, { resource: `${server.url}/mcp` });
  const list = await server.api().get('/auth/oauth-grants').set(owner.auth);
  expect(list.status).toBe(200);
  expect(list.body).toEqual([
    {
      id: expect.any(String),
      client_id: second.clientId,
      client_name: 'Test agent',
      resource: `${server.url}/mcp`,
      scope: 'read',
      created_at: expect.any(String),
    },
    {
      id: expect.any(String),
      client_id: first.clientId,
      client_name: 'Test agent',
      resource: server.url,
      scope: 'read',
      created_at: expect.any(String),
    },
  ]);
  expect((await server.api().get('/auth/oauth-grants').set(other.auth)).body).toEqual([]);

  const grantId = list.body[1].id as string;
  expectError(await server.api().delete(`/auth/oauth-grants/${grantId}`).set(other.auth), 404);
  expect((await server.api().get('/auth/me').set(first.auth)).status).toBe(200);
  expect((await server.api().delete(`/auth/oauth-grants/${grantId}`).set(owner.auth)).status).toBe(204);
  expectError(await server.api().get('/auth/me').set(first.auth), 401);
  const refresh = await server
    .api()
    .post('/oauth/token')
    .type('form')
    .send({ grant_type: 'refresh_token', refresh_token: first.refreshToken, client_id: first.clientId });
  expect(refresh.body.error).toBe('invalid_grant');
  expectError(await server.api().delete(`/auth/oauth-grants/${grantId}`).set(owner.auth), 404);
  expectError(await server.api().delete(`/auth/oauth-grants/${randomUUID()}`).set(owner.auth), 404);
  expect((await server.api().get('/auth/oauth-grants').set(owner.auth)).body.map((g: { id: string }) => g.id)).toEqual([list.body[0].id]);
});

test('an OAuth token cannot list or end grants, its own included (403)', async () => {
  const t = await oauthToken(server, owner);
  expectError(await server.api().get('/auth/oauth-grants').set(t.auth), 403);
  const [grant] = (await server.api().get('/auth/oauth-grants').set(owner.auth)).body;
  expectError(await server.api().delete(`/auth/oauth-grants/${grant.id}`).set(t.auth), 403);
});

test('a registered client nobody approved is not a grant', async () => {
  await registerClient(server, undefined, 'Never approved');
  const names = (await server.api().get('/auth/oauth-grants').set(owner.auth)).body.map((g: { client_name: string }) => g.client_name);
  expect(names).not.toContain('Never approved');
});

describe('a change of how the account signs in ends every OAuth grant; personal access tokens keep working', () => {
  test.each([
    [
      'the password',
      async (u: TestUser) => {
        expect(
          (await server.api().post('/auth/password').set(u.auth).send({ current_password: u.password, new_password: 'a brand new secret' }))
            .status,
        ).toBe(204);
      },
    ],
  ])('changing %s', async (_what, change) => {
    const u = await signUp(server);
    const api = await oauthToken(server, u);
    const mcp = await oauthToken(server, u, { resource: `${server.url}/mcp` });
    const othersAgent = await oauthToken(server, other);
    const pat = await server.api().post('/auth/tokens').set(u.auth).send({ name: 'my script' });
    expect(pat.status).toBe(201);
    const patAuth = { Authorization: `Bearer ${pat.body.token}` };
    expect((await server.api().get('/auth/me').set(api.auth)).status).toBe(200);

    await change(u);

    expectError(await server.api().get('/auth/me').set(api.auth), 401);
    for (const t of [api, mcp]) {
      const refresh = await server
        .api()
        .post('/oauth/token')
        .type('form')
        .send({ grant_type: 'refresh_token', refresh_token: t.refreshToken, client_id: t.clientId });
      expect(refresh.body.error).toBe('invalid_grant');
    }
    expect((await server.api().get('/auth/oauth-grants').set(u.auth)).body).toEqual([]);
    expect((await server.api().get('/auth/me').set(patAuth)).status).toBe(200);
    expect((await server.api().get('/auth/me').set(u.auth)).status).toBe(200);
    // Another user's agent is untouched.
    expect((await server.api().get('/auth/me').set(othersAgent.auth)).status).toBe(200);
  });

  test('a wrong current password changes nothing: the agent keeps its access', async () => {
    const u = await signUp(server);
    const api = await oauthToken(server, u);
    const res = await server
      .api()
      .post('/auth/password')
      .set(u.auth)
      .send({ current_password: 'not it at all', new_password: 'a brand new secret' });
    expect(res.status).toBe(422);
    expect((await server.api().get('/auth/me').set(api.auth)).status).toBe(200);
  });
});
