import { startIsolatedServer, withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import type { Request } from 'express';
import { gql } from '../helpers/graphql.ts';
import { bearerChallenge } from '../../src/http/public-url.ts';

/** Discovery (RFC 8414, RFC 9728), the 401 challenge that leads to it, and dynamic registration (RFC 7591). */
let server: HttpServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

test('authorization server metadata', async () => {
  const res = await server.api().get('/.well-known/oauth-authorization-server');
  expect(res.status).toBe(200);
  expect(res.headers['access-control-allow-origin']).toBe('*');
  const base = server.url;
  expect(res.body).toEqual({
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    scopes_supported: ['read'],
    authorization_response_iss_parameter_supported: true,
  });
});

test('protected resource metadata for the API and for /mcp', async () => {
  const api = await server.api().get('/.well-known/oauth-protected-resource');
  expect(api.body).toEqual({
    resource: server.url,
    authorization_servers: [server.url],
    scopes_supported: ['read'],
    bearer_methods_supported: ['header'],
    resource_name: 'Lifetrack API',
  });
  const mcp = await server.api().get('/.well-known/oauth-protected-resource/mcp');
  expect(mcp.body).toEqual(
    expect.objectContaining({
      resource: `${server.url}/mcp`,
      authorization_servers: [server.url],
      scopes_supported: ['read'],
      bearer_methods_supported: ['header'],
    }),
  );
  const preflight = await server
    .api()
    .options('/oauth/token')
    .set('Origin', 'https://agent.example')
    .set('Access-Control-Request-Method', 'POST');
  expect(preflight.status).toBe(204);
  expect(preflight.headers['access-control-allow-methods']).toContain('POST');
});

test('every 401 (REST and GraphQL) names the resource metadata; a bad token adds invalid_token', async () => {
  const metadata = `resource_metadata="${server.url}/.well-known/oauth-protected-resource"`;
  const none = await server.api().get(`/users/${owner.id}/events`);
  expect(none.headers['www-authenticate']).toBe(`Bearer ${metadata}`);
  const bad = await server.api().get(`/users/${owner.id}/events`).set('Authorization', 'Bearer ptk_nonsense');
  expect(bad.headers['www-authenticate']).toBe(`Bearer ${metadata}, error="invalid_token", error_description="Invalid token"`);
  const graphql = await gql(server, null, '{ me { id } }');
  expect(graphql.status).toBe(401);
  expect(graphql.headers['www-authenticate']).toBe(`Bearer ${metadata}`);
});

test('a read-only personal access token gets the insufficient_scope challenge on a write as well', async () => {
  const pat = await server.api().post('/auth/tokens').set(owner.auth).send({ name: 'ro', scope: 'read' });
  const res = await server.api().post(`/users/${owner.id}/categories`).set('Authorization', `Bearer ${pat.body.token}`).send({ name: 'x' });
  expect(res.status).toBe(403);
  expect(res.headers['www-authenticate']).toContain('error="insufficient_scope", scope="write"');
});

test('PUBLIC_URL, when set, is the issuer and the resource whatever the Host header says', async () => {
  const configured = await startIsolatedServer({ publicUrl: 'https://track.example.org' });
  try {
    const as = await configured.api().get('/.well-known/oauth-authorization-server').set('Host', 'evil.example');
    expect(as.body.issuer).toBe('https://track.example.org');
    expect(as.body.token_endpoint).toBe('https://track.example.org/oauth/token');
    const pr = await configured.api().get('/.well-known/oauth-protected-resource/mcp');
    expect(pr.body.resource).toBe('https://track.example.org/mcp');
    const denied = await configured.api().get('/auth/me');
    expect(denied.headers['www-authenticate']).toContain(
      'resource_metadata="https://track.example.org/.well-known/oauth-protected-resource"',
    );
  } finally {
    await configured.stop();
  }
});

test('without PUBLIC_URL a Host header that is not a plain host[:port] is not echoed', async () => {
  const res = await server.api().get('/.well-known/oauth-authorization-server').set('Host', 'a"b');
  expect(res.body.issuer).toBe('http://localhost');
});

describe('dynamic client registration', () => {
  const register = (body: unknown) =>
    server
      .api()
      .post('/oauth/register')
      .send(body as object);

  test('a public client with https and loopback http redirect URIs', async () => {
    const uris = ['https://agent.example/callback', 'http://127.0.0.1:33418/cb', 'http://localhost:8080/cb', 'http://[::1]:9/cb'];
    const res = await register({
      client_name: 'Agent',
      redirect_uris: uris,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'read',
      logo_uri: 'ignored',
    });
    expect(res.status).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_id_issued_at: expect.any(Number),
      client_name: 'Agent',
      redirect_uris: uris,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'read',
    });
    expect((await register({ redirect_uris: ['https://a.example/cb'] })).body.client_name).toBe('Unnamed application');
  });

  test.each([
    ['plain http elsewhere', { redirect_uris: ['http://agent.example/cb'] }],
    ['a custom scheme', { redirect_uris: ['myapp://cb'] }],
    ['a fragment', { redirect_uris: ['https://agent.example/cb#x'] }],
    ['credentials', { redirect_uris: ['https://u:p@agent.example/cb'] }],
    ['not a URL', { redirect_uris: ['/relative'] }],
    ['none at all', { redirect_uris: [] }],
    ['missing', { client_name: 'x' }],
    ['not a list', { redirect_uris: 'https://agent.example/cb' }],
    ['more than ten', { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }],
  ])('redirect URIs: %s → invalid_redirect_uri', async (_name, body) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_redirect_uri', error_description: expect.any(String) });
  });

  test.each([
    ['a client secret method', { token_endpoint_auth_method: 'client_secret_basic' }],
    ['another grant type', { grant_types: ['client_credentials'] }],
    ['no authorization_code grant', { grant_types: ['refresh_token'] }],
    ['another response type', { response_types: ['token'] }],
    ['another scope', { scope: 'read write' }],
    ['an empty name', { client_name: '  ' }],
  ])('metadata: %s → invalid_client_metadata', async (_name, extra) => {
    const res = await register({ redirect_uris: ['https://agent.example/cb'], ...extra });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_client_metadata');
  });

  test('a body that is not JSON metadata is invalid_client_metadata', async () => {
    const malformed = await server.api().post('/oauth/register').set('Content-Type', 'application/json').send('{"redirect_uris": [');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('invalid_client_metadata');
    const notAnObject = await server.api().post('/oauth/register').set('Content-Type', 'application/json').send('[]');
    expect(notAnObject.body.error).toBe('invalid_client_metadata');
  });
});

test('the OAuth endpoints are in /openapi.json, the form as application/x-www-form-urlencoded', async () => {
  const doc = (await server.api().get('/openapi.json')).body;
  for (const path of [
    '/.well-known/oauth-authorization-server',
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/mcp',
    '/oauth/register',
    '/oauth/authorize',
    '/oauth/token',
    '/oauth/revoke',
  ]) {
    expect(doc.paths[path]).toBeDefined();
  }
  const form = doc.paths['/oauth/authorize'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
  expect(form).toEqual({ $ref: '#/components/schemas/OAuthAuthorizeForm' });
  const schema = doc.components.schemas.OAuthAuthorizeForm;
  expect(Object.keys(schema.properties).sort()).toEqual([
    'action',
    'client_id',
    'code_challenge',
    'code_challenge_method',
    'email',
    'password',
    'redirect_uri',
    'resource',
    'response_type',
    'scope',
    'state',
    'totp_code',
  ]);
  expect(schema.properties.action.default).toBe('approve');
  expect(schema.properties.code_challenge_method.default).toBe('S256');
  expect(schema.properties.state.default).toBe('');
  expect(schema.required ?? []).toEqual([]);
  expect(doc.paths['/oauth/token'].post.requestBody.content['application/x-www-form-urlencoded']).toBeDefined();
});

test("the MCP endpoint's challenge points at its own metadata (bearerChallenge, for the /mcp router)", () => {
  const req = { app: { locals: { publicUrl: 'https://track.example.org' } }, protocol: 'http', get: () => 'ignored' } as unknown as Request;
  expect(bearerChallenge(req, 'mcp')).toBe('Bearer resource_metadata="https://track.example.org/.well-known/oauth-protected-resource/mcp"');
  expect(bearerChallenge(req, 'mcp', { error: 'invalid_token', description: 'Token "expired"' })).toBe(
    'Bearer resource_metadata="https://track.example.org/.well-known/oauth-protected-resource/mcp", error="invalid_token", error_description="Token \\"expired\\""',
  );
  const fromHost = { app: { locals: {} }, protocol: 'http', get: () => '127.0.0.1:8000' } as unknown as Request;
  expect(bearerChallenge(fromHost, 'api')).toBe('Bearer resource_metadata="http://127.0.0.1:8000/.well-known/oauth-protected-resource"');
});
