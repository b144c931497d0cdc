import { randomUUID } from 'node:crypto';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
withServer((f) => ({ server, owner: alice, other: bob } = f));

const create = (u: TestUser, body: unknown) =>
  server
    .api()
    .post(`/users/${u.id}/routines`)
    .set(u.auth)
    .send(body as object);
const routine = async (body: object = {}) => (await create(alice, { name: 'Morning', ...body })).body;
const url = (id: string) => `/users/${alice.id}/routines/${id}`;

describe('POST/GET /users/{user_id}/routines', () => {
  test('creates a routine with every field and returns RoutineRead; defaults for the rest', async () => {
    const res = await create(alice, {
      name: ' Wake up ',
      time_of_day: 'morning',
      items: ['Water', 'Stretch'],
      color: '#A1b2C3',
      icon_key: 'sun',
      display_order: 3,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      ['color', 'created_at', 'display_order', 'icon_key', 'id', 'items', 'name', 'time_of_day', 'updated_at', 'user_id'].sort(),
    );
    expect(res.body).toMatchObject({
      user_id: alice.id,
      name: 'Wake up',
      time_of_day: 'morning',
      items: ['Water', 'Stretch'],
      color: '#A1b2C3',
      icon_key: 'sun',
      display_order: 3,
    });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.created_at).toMatch(ISO_UTC);
    expect(res.body.updated_at).toMatch(ISO_UTC);
    const bare = await create(alice, { name: 'Bare' });
    expect(bare.body).toMatchObject({ time_of_day: 'anytime', items: [], color: null, icon_key: null, display_order: 0 });
    expect((await server.api().get(url(res.body.id)).set(alice.auth)).body).toEqual(res.body);
  });

  test('lists by display_order, then name; another user sees none of them', async () => {
    const user = await signUp(server);
    for (const [name, display_order] of [
      ['b', 1],
      ['c', 0],
      ['a', 1],
      ['d', -2],
    ] as const)
      await create(user, { name, display_order });
    const all = await server.api().get(`/users/${user.id}/routines`).set(user.auth);
    expect(all.status).toBe(200);
    expect(all.body.map((r: { name: string }) => r.name)).toEqual(['d', 'c', 'a', 'b']);
    const other = await signUp(server);
    expect((await server.api().get(`/users/${other.id}/routines`).set(other.auth)).body).toEqual([]);
  });

  test.each([
    [{}, ['body', 'name']],
    [{ name: '  ' }, ['body', 'name']],
    [{ name: 'x'.repeat(201) }, ['body', 'name']],
    [{ name: 7 }, ['body', 'name']],
    [{ name: 'r', time_of_day: 'noon' }, ['body', 'time_of_day']],
    [{ name: 'r', items: 'Water' }, ['body', 'items']],
    [{ name: 'r', items: Array.from({ length: 101 }, (_, i) => `item ${i}`) }, ['body', 'items']],
    [{ name: 'r', items: ['ok', ''] }, ['body', 'items', 1]],
    [{ name: 'r', items: ['x'.repeat(201)] }, ['body', 'items', 0]],
    [{ name: 'r', items: [3] }, ['body', 'items', 0]],
    [{ name: 'r', color: 'red' }, ['body', 'color']],
    [{ name: 'r', color: '#12345' }, ['body', 'color']],
    [{ name: 'r', color: '#12345g' }, ['body', 'color']],
    [{ name: 'r', icon_key: '' }, ['body', 'icon_key']],
    [{ name: 'r', icon_key: 'x'.repeat(101) }, ['body', 'icon_key']],
    [{ name: 'r', display_order: 1.5 }, ['body', 'display_order']],
    [{ name: 'r', display_order: '1' }, ['body', 'display_order']],
    [{ name: 'r', display_order: 2 ** 31 }, ['body', 'display_order']],
  ])('rejects bad body case %# with a 422 at its loc', async (body, loc) => {
    expect422(await create(alice, body), loc);
  });

  test('accepts 100 items of 200 characters', async () => {
    const items = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(200, 'x'));
    expect((await create(alice, { name: 'long', items })).body.items).toEqual(items);
  });

  test('401 without a token, 403 on another user path', async () => {
    expectError(await server.api().post(`/users/${alice.id}/routines`).send({ name: 'r' }), 401);
    expectError(await create({ ...bob, id: alice.id }, { name: 'r' }), 403);
    expectError(await server.api().get(`/users/${alice.id}/routines`).set(bob.auth), 403);
    const r = await routine();
    expectError(await server.api().get(url(r.id)).set(bob.auth), 403);
    expectError(await server.api().patch(url(r.id)).set(bob.auth).send({ name: 'x' }), 403);
    expectError(await server.api().delete(url(r.id)).set(bob.auth), 403);
  });
});

describe('GET/PATCH/DELETE /users/{user_id}/routines/{routine_id}', () => {
  test('PATCH: omitted fields stay, null clears color and icon_key, changes bump updated_at', async () => {
    const r = await routine({ time_of_day: 'evening', items: ['a'], color: '#000000', icon_key: 'moon', display_order: 2 });
    const res = await server
      .api()
      .patch(url(r.id))
      .set(alice.auth)
      .send({ name: 'Night', items: ['b', 'c'], color: null, time_of_day: 'night' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: r.id,
      name: 'Night',
      items: ['b', 'c'],
      color: null,
      icon_key: 'moon',
      time_of_day: 'night',
      display_order: 2,
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(r.updated_at));
    expect(res.body.created_at).toBe(r.created_at);
    const more = await server.api().patch(url(r.id)).set(alice.auth).send({ icon_key: null, display_order: -1, items: [] });
    expect(more.body).toMatchObject({ icon_key: null, display_order: -1, items: [], name: 'Night' });
    expect((await server.api().patch(url(r.id)).set(alice.auth).send({})).body).toMatchObject({ name: 'Night', time_of_day: 'night' });
    expect((await server.api().get(url(r.id)).set(alice.auth)).body).toMatchObject({ name: 'Night', items: [] });
  });

  test.each([
    [{ name: null }, ['body', 'name']],
    [{ name: '' }, ['body', 'name']],
    [{ time_of_day: null }, ['body', 'time_of_day']],
    [{ time_of_day: 'MORNING' }, ['body', 'time_of_day']],
    [{ items: null }, ['body', 'items']],
    [{ items: ['y'.repeat(201)] }, ['body', 'items', 0]],
    [{ items: Array.from({ length: 101 }, () => 'i') }, ['body', 'items']],
    [{ color: 'blue' }, ['body', 'color']],
    [{ icon_key: 5 }, ['body', 'icon_key']],
    [{ display_order: null }, ['body', 'display_order']],
    [{ display_order: 0.5 }, ['body', 'display_order']],
  ])('PATCH rejects case %# with a 422 at its loc', async (body, loc) => {
    const r = await routine();
    expect422(await server.api().patch(url(r.id)).set(alice.auth).send(body), loc);
  });

  test('DELETE removes the routine; a second delete is a 404', async () => {
    const r = await routine();
    expect((await server.api().delete(url(r.id)).set(alice.auth)).status).toBe(204);
    expectError(await server.api().get(url(r.id)).set(alice.auth), 404);
    expectError(await server.api().delete(url(r.id)).set(alice.auth), 404);
  });

  test('an invalid routine id is a 422 at ["path","routine_id"]', async () => {
    expect422(await server.api().get(url('abc')).set(alice.auth), ['path', 'routine_id']);
    expect422(await server.api().patch(url('abc')).set(alice.auth).send({}), ['path', 'routine_id']);
    expect422(await server.api().delete(url('abc')).set(alice.auth), ['path', 'routine_id']);
  });

  test("another user's routine ids and unknown ids are a 404 on every route, and nothing changes", async () => {
    const theirs = (await create(bob, { name: 'Bob' })).body;
    for (const id of [theirs.id, randomUUID()]) {
      expectError(await server.api().get(url(id)).set(alice.auth), 404);
      expectError(await server.api().patch(url(id)).set(alice.auth).send({ name: 'mine' }), 404);
      expectError(await server.api().delete(url(id)).set(alice.auth), 404);
    }
    expect((await server.api().get(`/users/${bob.id}/routines/${theirs.id}`).set(bob.auth)).body).toEqual(theirs);
  });
});
