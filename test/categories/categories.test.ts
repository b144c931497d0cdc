import { randomUUID } from 'node:crypto';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';

let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other: other } = f));

const base = () => `/users/${u.id}/categories`;

test('create, list by name, rename, delete; events keep existing without the category', async () => {
  const run = await server.api().post(base()).set(u.auth).send({ name: 'Running', color: '#ff8800', icon_key: 'shoe' });
  expect(run.status).toBe(201);
  expect(run.body).toEqual({
    id: expect.stringMatching(UUID),
    user_id: u.id,
    name: 'Running',
    color: '#ff8800',
    icon_key: 'shoe',
    created_at: expect.stringMatching(ISO_UTC),
    updated_at: expect.stringMatching(ISO_UTC),
  });
  await server.api().post(base()).set(u.auth).send({ name: 'Coffee' });
  const list = await server.api().get(base()).set(u.auth);
  expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Coffee', 'Running']);

  const renamed = await server.api().patch(`${base()}/${run.body.id}`).set(u.auth).send({ name: 'Run', color: null });
  expect(renamed.body).toMatchObject({ name: 'Run', color: null, icon_key: 'shoe' });

  const ev = await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ category_id: run.body.id });
  expect((await server.api().delete(`${base()}/${run.body.id}`).set(u.auth)).status).toBe(204);
  const after = await server.api().get(`/users/${u.id}/events/${ev.body.id}`).set(u.auth);
  expect(after.body.category_id).toBeNull();
});

test('names are unique per user ignoring case, but not across users', async () => {
  await server.api().post(base()).set(u.auth).send({ name: 'Sleep' });
  expectError(await server.api().post(base()).set(u.auth).send({ name: 'sleep' }), 409);
  expect((await server.api().post(`/users/${other.id}/categories`).set(other.auth).send({ name: 'Sleep' })).status).toBe(201);
});

test.each([
  [{}, ['body', 'name']],
  [{ name: '  ' }, ['body', 'name']],
  [{ name: 'x'.repeat(101) }, ['body', 'name']],
  [{ name: 'ok', color: 'red' }, ['body', 'color']],
  [{ name: 'ok', icon_key: 5 }, ['body', 'icon_key']],
])('create validation case %#', async (body, loc) => {
  expect422(await server.api().post(base()).set(u.auth).send(body), loc);
});

test('PATCH validation and unknown ids', async () => {
  const c = await server.api().post(base()).set(u.auth).send({ name: 'Patchable' });
  expect422(await server.api().patch(`${base()}/${c.body.id}`).set(u.auth).send({ name: null }), ['body', 'name']);
  expect422(await server.api().patch(`${base()}/zzz`).set(u.auth).send({}), ['path', 'category_id']);
  expectError(await server.api().patch(`${base()}/${randomUUID()}`).set(u.auth).send({ name: 'x' }), 404);
});

test("another user's category id is a 404; another user's path is a 403; no token is a 401", async () => {
  const c = await server.api().post(base()).set(u.auth).send({ name: 'Private' });
  const foreign = `/users/${other.id}/categories/${c.body.id}`;
  expectError(await server.api().patch(foreign).set(other.auth).send({ name: 'mine now' }), 404);
  expectError(await server.api().delete(foreign).set(other.auth), 404);
  expectError(await server.api().get(base()).set(other.auth), 403);
  expectError(await server.api().post(base()).set(other.auth).send({ name: 'x' }), 403);
  expectError(await server.api().get(base()), 401);
});
