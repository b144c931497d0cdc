import { randomUUID } from 'node:crypto';
import { expectError } from '../helpers/expect.ts';
import { withServer, type TestServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { oauthToken, registerClient } from '../helpers/oauth.ts';

/** The user's view of approved agents (GET /auth/oauth-grants) and revoking one (DELETE). */
let server: TestServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

test('approved agents are listed newest first; revoking one stops its tokens at once', async () => {
  const first = await oauthToken(server, owner);
  const second = await oauthToken(server, owner, { resource: `${server.url}/mcp` });
  const list = await server.api().get('/auth/oauth-grants').set(owner.auth);
  expect(list.status).toBe(200);
  expect(list.body).toEqual([
    { id: expect.any(String), client_id: second.clientId, client_name: 'Test agent', resource: `${server.url}/mcp`, scope: 'read', created_at: expect.any(String) },
    { id: expect.any(String), client_id: first.clientId, client_name: 'Test agent', resource: server.url, scope: 'read', created_at: expect.any(String) },
  ]);
  expect((await server.api().get('/auth/oauth-grants').set(other.auth)).body).toEqual([]);

  const grantId = list.body[1].id as string;
  expectError(await server.api().delete(`/auth/oauth-grants/${grantId}`).set(other.auth), 404);
  expect((await server.api().get('/auth/me').set(first.auth)).status).toBe(200);
  expect((await server.api().delete(`/auth/oauth-grants/${grantId}`).set(owner.auth)).status).toBe(204);
  expectError(await server.api().get('/auth/me').set(first.auth), 401);
  const refresh = await server.api().post('/oauth/token').type('form').send({ grant_type: 'refresh_token', refresh_token: first.refreshToken, client_id: first.clientId });
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
