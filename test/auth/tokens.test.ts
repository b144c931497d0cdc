import { randomUUID } from 'node:crypto';
import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';

let server: SharedServer;
withSharedServer((s) => (server = s));
let u: TestUser;
beforeAll(async () => {
  u = await signUp(server);
});

const create = (body: object, auth = u.auth) => server.api().post('/auth/tokens').set(auth).send(body);
const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

test('create shows the secret once; the list never does', async () => {
  const res = await create({ name: 'laptop script', scope: 'write' });
  expect(res.status).toBe(201);
  expect(res.body).toEqual({
    id: expect.stringMatching(UUID),
    name: 'laptop script',
    scope: 'write',
    prefix: res.body.token.slice(0, 10),
    created_at: expect.stringMatching(ISO_UTC),
    expires_at: null,
    last_used_at: null,
    token: expect.stringMatching(/^ptk_[0-9A-Za-z]{38}$/),
  });
  const list = await server.api().get('/auth/tokens').set(u.auth);
  const listed = list.body.find((t: { id: string }) => t.id === res.body.id);
  expect(listed).toBeDefined();
  expect(listed.token).toBeUndefined();
  expect(JSON.stringify(list.body)).not.toContain(res.body.token);
});

test('a write token writes; a read token reads but gets 403 on writes', async () => {
  const write = (await create({ name: 'w', scope: 'write' })).body.token;
  const read = (await create({ name: 'r' })).body.token; // scope defaults to read
  expect((await server.api().post(`/users/${u.id}/events`).set(bearer(write)).send({})).status).toBe(201);
  expect((await server.api().get(`/users/${u.id}/events`).set(bearer(read))).status).toBe(200);
  expectError(await server.api().post(`/users/${u.id}/events`).set(bearer(read)).send({}), 403);
  expectError(await server.api().patch(`/users/${u.id}/profile`).set(bearer(read)).send({}), 403);
});

test('last_used_at is recorded', async () => {
  const t = await create({ name: 'used' });
  await server.api().get(`/users/${u.id}/events`).set(bearer(t.body.token));
  const list = await server.api().get('/auth/tokens').set(u.auth);
  expect(list.body.find((x: { id: string }) => x.id === t.body.id).last_used_at).toMatch(ISO_UTC);
});

test('a deleted token stops working at once', async () => {
  const t = await create({ name: 'temp', scope: 'write' });
  expect((await server.api().get(`/users/${u.id}/events`).set(bearer(t.body.token))).status).toBe(200);
  expect((await server.api().delete(`/auth/tokens/${t.body.id}`).set(u.auth)).status).toBe(204);
  expectError(await server.api().get(`/users/${u.id}/events`).set(bearer(t.body.token)), 401);
  expectError(await server.api().delete(`/auth/tokens/${t.body.id}`).set(u.auth), 404);
});

test('an expired token is rejected', async () => {
  const t = await create({ name: 'soon', expires_at: new Date(Date.now() + 60_000).toISOString() });
  expect((await server.api().get(`/users/${u.id}/events`).set(bearer(t.body.token))).status).toBe(200);
  await server.sql(`update access_tokens set expires_at = now() - interval '1 second' where id = $1`, [t.body.id]);
  expectError(await server.api().get(`/users/${u.id}/events`).set(bearer(t.body.token)), 401);
});

test('a token with a broken checksum is rejected', async () => {
  const t = (await create({ name: 'x' })).body.token as string;
  const flipped = t.slice(0, 10) + (t[10] === 'a' ? 'b' : 'a') + t.slice(11);
  expectError(await server.api().get(`/users/${u.id}/events`).set(bearer(flipped)), 401);
});

test('access tokens cannot manage tokens or sign out', async () => {
  const t = (await create({ name: 'w', scope: 'write' })).body;
  expectError(await server.api().get('/auth/tokens').set(bearer(t.token)), 403);
  expectError(await server.api().post('/auth/tokens').set(bearer(t.token)).send({ name: 'more' }), 403);
  expectError(await server.api().delete(`/auth/tokens/${t.id}`).set(bearer(t.token)), 403);
  expectError(await server.api().post('/auth/logout').set(bearer(t.token)), 403);
});

test("another user's token id is a 404, and their list is their own", async () => {
  const other = await signUp(server);
  const mine = (await create({ name: 'mine' })).body;
  expectError(await server.api().delete(`/auth/tokens/${mine.id}`).set(other.auth), 404);
  const theirs = await server.api().get('/auth/tokens').set(other.auth);
  expect(theirs.body).toEqual([]);
  expect((await server.api().get(`/users/${u.id}/events`).set(bearer(mine.token))).status).toBe(200);
});

test.each([
  [{}, ['body', 'name']],
  [{ name: '' }, ['body', 'name']],
  [{ name: 'x'.repeat(101) }, ['body', 'name']],
  [{ name: 'x', scope: 'admin' }, ['body', 'scope']],
  [{ name: 'x', expires_at: 'tomorrow' }, ['body', 'expires_at']],
  [{ name: 'x', expires_at: '2020-01-01T00:00:00Z' }, ['body', 'expires_at']],
])('validation case %#', async (body, loc) => {
  expect422(await create(body), loc);
});

test('delete validates the id and needs a token', async () => {
  expect422(await server.api().delete('/auth/tokens/nope').set(u.auth), ['path', 'token_id']);
  expectError(await server.api().delete(`/auth/tokens/${randomUUID()}`), 401);
  expectError(await server.api().get('/auth/tokens'), 401);
});
