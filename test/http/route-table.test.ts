import { randomUUID } from 'node:crypto';
import { allRoutes } from '../../src/rest/routes/index.ts';
import { startIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { oauthToken } from '../helpers/oauth.ts';

/**
 * Permissions are required: every operation declares who may call it, and the declared
 * rule is what the server does. New routes are covered without touching this file.
 */
const routes = allRoutes({ allowRegistration: true });
let server: IsolatedServer;
let owner: TestUser;
let readToken: string;
let writeToken: string;
/** A read-only OAuth access token (the agents' flow), for the API. */
let oauthAuth: { Authorization: string };

beforeAll(async () => {
  server = await startIsolatedServer();
  owner = await signUp(server);
  readToken = (await server.api().post('/auth/tokens').set(owner.auth).send({ name: 'ro', scope: 'read' })).body.token;
  writeToken = (await server.api().post('/auth/tokens').set(owner.auth).send({ name: 'rw', scope: 'write' })).body.token;
  oauthAuth = (await oauthToken(server, owner)).auth;
});
afterAll(() => server.stop());

/** Each parameter with a value of its shape: a day for {date}, an id for the others. */
const fill = (path: string, userId: string) =>
  path
    .replace('{user_id}', userId)
    .replace('{date}', '2026-01-01')
    .replace(/\{\w+\}/g, () => randomUUID());
const call = (method: string, path: string) => {
  const req = server.api()[method as 'get'](path);
  return method === 'get' || method === 'delete' ? req : req.send({});
};
const label = (r: (typeof routes)[number]) => `${r.method.toUpperCase()} ${r.path}`;

test('every route declares its access, a summary and its responses', () => {
  expect(routes.length).toBeGreaterThan(10);
  for (const r of routes) {
    expect(['public', 'read', 'write', 'account']).toContain(r.access);
    expect(r.summary.length).toBeGreaterThan(5);
    expect(Object.keys(r.responses).length).toBeGreaterThan(0);
  }
  expect(new Set(routes.map(label)).size).toBe(routes.length);
});

test.each(routes.filter((r) => r.access !== 'public').map((r) => [label(r), r] as const))('%s needs a token (401)', async (_l, r) => {
  const res = await call(r.method, fill(r.path, owner.id));
  expect(res.status).toBe(401);
  // RFC 9728: the challenge says where to learn how to get a token.
  expect(res.headers['www-authenticate']).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource"`);
});

// Another user's credentials of every kind, on this user's paths and ids: test/hardening/authorization-matrix.test.ts.

test.each(routes.filter((r) => r.access === 'write' || r.access === 'account').map((r) => [label(r), r] as const))(
  '%s refuses a read-only token, personal or OAuth (403 insufficient_scope)',
  async (_l, r) => {
    const res = await call(r.method, fill(r.path, owner.id)).set('Authorization', `Bearer ${readToken}`);
    expect(res.status).toBe(403);
    const oauth = await call(r.method, fill(r.path, owner.id)).set(oauthAuth);
    expect(oauth.status).toBe(403);
    expect(oauth.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="[^"]+", error="insufficient_scope", scope="write"$/);
  },
);

test.each(routes.filter((r) => r.access === 'read').map((r) => [label(r), r] as const))(
  '%s answers a read-only OAuth token (no 401 or 403)',
  async (_l, r) => {
    const res = await call(r.method, fill(r.path, owner.id)).set(oauthAuth);
    expect([401, 403]).not.toContain(res.status);
    expect(res.status).toBeLessThan(500);
  },
);

// The router only matches the token's user with the path: these answers come from the services.
test.each(routes.filter((r) => r.access === 'account').map((r) => [label(r), r] as const))(
  '%s refuses a write access token: credentials are managed from a signed-in session (403)',
  async (_l, r) => {
    const res = await call(r.method, fill(r.path, owner.id)).set('Authorization', `Bearer ${writeToken}`);
    expect(res.status).toBe(403);
  },
);

test('every route is in /openapi.json with its access rule', async () => {
  const doc = (await server.api().get('/openapi.json')).body;
  expect(doc.openapi).toBe('3.1.0');
  for (const r of routes) {
    const op = doc.paths[r.path]?.[r.method];
    expect(op).toBeDefined();
    expect(op['x-access']).toBe(r.access);
  }
  const listParams = doc.paths['/users/{user_id}/events'].get.parameters;
  expect(listParams).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: 'limit', in: 'query', schema: expect.objectContaining({ minimum: 1, maximum: 500, default: 50 }) }),
      expect.objectContaining({ name: 'tag', in: 'query', required: false }),
    ]),
  );
  expect(doc.paths['/users/{user_id}/events'].post.requestBody.content['application/json'].schema).toEqual({
    $ref: '#/components/schemas/EventCreate',
  });
  expect(doc.components.schemas.EventRead.required).toEqual(
    expect.arrayContaining(['id', 'user_id', 'occurred_at', 'metadata', 'tags', 'source']),
  );
});

test('/docs serves Swagger UI from this server, no CDN', async () => {
  const page = await server.api().get('/docs/');
  expect(page.status).toBe(200);
  expect(page.text).toContain('swagger-ui');
  expect(page.text).not.toMatch(/https?:\/\/(cdn|unpkg)/);
  expect((await server.api().get('/docs/swagger-initializer.js')).text).toContain('/openapi.json');
  expect((await server.api().get('/docs/swagger-ui-bundle.js')).status).toBe(200);
});

/** Bad input never gets a 500: every route with a body or query, fed junk by its owner. */
const JUNK_BODIES: unknown[] = [[], [1, 2], 'text', 42, null, { a: { b: { c: [null] } } }, { limit: -1, id: '💥', text: 'x'.repeat(3000) }];
const JUNK_QUERIES = [
  '?limit=abc',
  '?offset=-5&limit=0',
  '?from=%00&to=never',
  '?status=%F0%9F%92%A5&metric=;drop table users',
  '?window_days=1e9&mode=all',
];

// Logout is left out: it takes no body and would end the owner's session for the tests after it.
const withBodies = routes.filter((r) => r.access !== 'public' && !['get', 'delete'].includes(r.method) && r.path !== '/auth/logout');
test.each(withBodies.map((r) => [label(r), r] as const))('%s answers junk bodies without a 500', async (_l, r) => {
  for (const body of JUNK_BODIES) {
    const api = server.api();
    const res = await api[r.method as 'post'](fill(r.path, owner.id))
      .set(owner.auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(body));
    if (res.status >= 500) throw new Error(`${res.status} for body ${JSON.stringify(body).slice(0, 80)}`);
    if (res.status >= 400) expect(res.body.detail).toBeDefined();
  }
});

test.each(routes.filter((r) => r.access !== 'public' && r.method === 'get').map((r) => [label(r), r] as const))(
  '%s answers junk queries without a 500',
  async (_l, r) => {
    for (const q of JUNK_QUERIES) {
      const res = await server
        .api()
        .get(fill(r.path, owner.id) + q)
        .set(owner.auth);
      if (res.status >= 500) throw new Error(`${res.status} for query ${q}`);
    }
  },
);
