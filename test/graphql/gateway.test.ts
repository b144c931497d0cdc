import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** POST /graphql over the same services as REST: same data, same permissions, limits before any database work. */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

const gql = (user: { auth: Record<string, string> } | null, query: string, variables: Record<string, unknown> = {}) => {
  const req = server.api().post('/graphql').set('Content-Type', 'application/json');
  return (user ? req.set(user.auth) : req).send({ query, variables });
};

test('me returns the same profile, categories and events (with their category) as REST', async () => {
  const cat = await server.api().post(`/users/${owner.id}/categories`).set(owner.auth).send({ name: 'Sport' });
  for (let i = 0; i < 3; i++) {
    await server
      .api()
      .post(`/users/${owner.id}/events`)
      .set(owner.auth)
      .send({ category_id: cat.body.id, tags: ['run'], occurred_at: `2026-03-0${i + 1}T08:00:00Z`, scalar_value: i });
  }
  const res = await gql(
    owner,
    `{ me { id profile { id email timezone totpEnabled }
    categories { id name } events(limit: 10) { id occurredAt localDate scalarValue tags source category { id name } } } }`,
  );
  expect(res.status).toBe(200);
  expect(res.body.errors).toBeUndefined();
  const me = res.body.data.me;
  const profile = (await server.api().get(`/users/${owner.id}/profile`).set(owner.auth)).body;
  expect(me.profile).toEqual({ id: profile.id, email: profile.email, timezone: profile.timezone, totpEnabled: profile.totp_enabled });
  const events = (await server.api().get(`/users/${owner.id}/events?limit=10`).set(owner.auth)).body;
  expect(me.events.map((e: { id: string }) => e.id)).toEqual(events.map((e: { id: string }) => e.id));
  expect(me.events[0]).toEqual({
    id: events[0].id,
    occurredAt: events[0].occurred_at,
    localDate: events[0].local_date,
    scalarValue: events[0].scalar_value,
    tags: ['run'],
    source: 'user',
    category: { id: cat.body.id, name: 'Sport' },
  });
  expect(me.categories).toEqual([{ id: cat.body.id, name: 'Sport' }]);
  // One user's data: no shared cache may keep it.
  expect(res.headers['cache-control']).toBe('no-store');
});

test('user(id) answers for the caller only: another id is FORBIDDEN', async () => {
  const own = await gql(owner, 'query($id: UUID!) { user(id: $id) { id profile { email } } }', { id: owner.id });
  expect(own.body.data.user).toEqual({ id: owner.id, profile: { email: owner.email } });
  const foreign = await gql(other, 'query($id: UUID!) { user(id: $id) { id profile { email } } }', { id: owner.id });
  expect(foreign.body.data).toBeNull();
  expect(foreign.body.errors[0].extensions.code).toBe('FORBIDDEN');
});

test('no token is a 401 with WWW-Authenticate, before the body is read', async () => {
  const res = await gql(null, '{ me { id } }');
  expect(res.status).toBe(401);
  expect(res.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="http:\/\/[^"]+\/\.well-known\/oauth-protected-resource"/);
});

test('bad arguments are BAD_USER_INPUT with the same loc/msg/type list as REST, in argument names', async () => {
  const res = await gql(owner, '{ me { events(limit: 0, categoryId: "9b0f0d5e-2c1f-4d7a-8f0e-3c2b1a0d9e8f", from: "yesterday") { id } } }');
  const error = res.body.errors[0];
  expect(error.extensions.code).toBe('BAD_USER_INPUT');
  const locs = error.extensions.detail.map((d: { loc: unknown[] }) => JSON.stringify(d.loc));
  expect(locs).toEqual(expect.arrayContaining([JSON.stringify(['limit']), JSON.stringify(['from'])]));
  const rest = await server.api().get(`/users/${owner.id}/events?limit=0&from=yesterday`).set(owner.auth);
  expect(rest.status).toBe(422);
  expect(error.extensions.detail.map((d: { msg: string }) => d.msg).sort()).toEqual(
    rest.body.detail.map((d: { msg: string }) => d.msg).sort(),
  );
});

test('CSRF prevention: a GET without a preflight-forcing header is refused', async () => {
  const res = await server.api().get('/graphql?query=%7B%20me%20%7B%20id%20%7D%20%7D').set(owner.auth);
  expect(res.status).toBe(400);
  const ok = await server
    .api()
    .get('/graphql?query=%7B%20me%20%7B%20id%20%7D%20%7D')
    .set(owner.auth)
    .set('apollo-require-preflight', 'true');
  expect(ok.body.data.me.id).toBe(owner.id);
});
