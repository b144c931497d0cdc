import { randomUUID } from 'node:crypto';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';

let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
withServer((f) => ({ server, owner: alice, other: bob } = f), { timezone: 'Pacific/Auckland' });

const post = (u: TestUser, body: unknown) =>
  server
    .api()
    .post(`/users/${u.id}/events`)
    .set(u.auth)
    .send(body as object);

describe('POST /users/{user_id}/events', () => {
  test('creates an event with every EventCreate field and returns EventRead', async () => {
    const cat = await server.api().post(`/users/${alice.id}/categories`).set(alice.auth).send({ name: 'Running' });
    const food = await server.api().post(`/users/${alice.id}/food-items`).set(alice.auth).send({ name: 'Banana', calories: 105 });
    const meal = await server
      .api()
      .post(`/users/${alice.id}/saved-meals`)
      .set(alice.auth)
      .send({ name: 'Snack', items: [{ food_item_id: food.body.id }] });
    const body = {
      boolean_value: true,
      category_id: cat.body.id,
      client_id: randomUUID(),
      duration: 'PT90M',
      encrypted_payload: 'b64:opaque==',
      local_date: '2026-03-01',
      metadata: { distance_km: 5, nested: { a: [1, 2] } },
      notes: 'easy run',
      occurred_at: '2026-03-01T07:30:00+01:00',
      saved_meal_id: meal.body.id,
      scalar_value: 5.2,
      tags: ['Morning', '#run', 'morning'],
    };
    const res = await post(alice, body);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'boolean_value',
        'category_id',
        'client_id',
        'created_at',
        'duration',
        'encrypted_payload',
        'id',
        'local_date',
        'meal_items',
        'metadata',
        'notes',
        'occurred_at',
        'saved_meal_id',
        'scalar_value',
        'source',
        'tags',
        'updated_at',
        'user_id',
      ].sort(),
    );
    expect(res.body).toMatchObject({
      user_id: alice.id,
      category_id: cat.body.id,
      client_id: body.client_id,
      duration: 'PT1H30M',
      encrypted_payload: 'b64:opaque==',
      local_date: '2026-03-01',
      metadata: body.metadata,
      occurred_at: '2026-03-01T06:30:00.000Z',
      scalar_value: 5.2,
      boolean_value: true,
      tags: ['morning', 'run'],
      source: 'user',
      saved_meal_id: body.saved_meal_id,
    });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.created_at).toMatch(ISO_UTC);
    expect(res.body.updated_at).toMatch(ISO_UTC);
  });

  test('an empty body logs a bare event now, with local_date in the user timezone', async () => {
    const res = await post(alice, {});
    expect(res.status).toBe(201);
    expect(res.body.tags).toBeNull();
    expect(res.body.metadata).toEqual({});
    expect(Math.abs(Date.parse(res.body.occurred_at) - Date.now())).toBeLessThan(60_000);
    const expected = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date(res.body.occurred_at));
    expect(res.body.local_date).toBe(expected);
  });

  test('local_date is stamped from the user timezone when omitted', async () => {
    const res = await post(alice, { occurred_at: '2026-01-01T12:00:00Z' });
    expect(res.body.local_date).toBe('2026-01-02');
  });

  test('re-submitting a client_id with the identical body returns the first event with 200', async () => {
    const client_id = randomUUID();
    const first = await post(alice, { client_id, notes: 'first', tags: ['a'], occurred_at: '2026-01-01T10:00:00Z' });
    // Field order and spelling of the same instant do not make it another request.
    const again = await post(alice, { occurred_at: '2026-01-01T11:00:00+01:00', tags: ['a'], notes: 'first', client_id });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  test('the same client_id with a different body is a 409 that says so, and nothing changes', async () => {
    const client_id = randomUUID();
    const first = await post(alice, { client_id, notes: 'first' });
    const other = await post(alice, { client_id, notes: 'second' });
    expectError(other, 409);
    expect(other.body.detail).toMatch(/client_id .* already used for a different request/);
    const stored = await server.api().get(`/users/${alice.id}/events/${first.body.id}`).set(alice.auth);
    expect(stored.body).toEqual(first.body);
    const all = await server.api().get(`/users/${alice.id}/events?limit=500`).set(alice.auth);
    expect(all.body.filter((e: { client_id: string }) => e.client_id === client_id)).toHaveLength(1);
  });

  test('10 concurrent identical creates make exactly one event', async () => {
    const client_id = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => post(bob, { client_id, tags: ['race'] })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    const list = await server.api().get(`/users/${bob.id}/events?tag=race`).set(bob.auth);
    expect(list.body).toHaveLength(1);
  });

  test('concurrent creates reusing one client_id with different bodies: one wins, the others are 409', async () => {
    const client_id = randomUUID();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => post(bob, { client_id, notes: `n${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  test('the same client_id is independent per user', async () => {
    const client_id = randomUUID();
    expect((await post(alice, { client_id })).status).toBe(201);
    expect((await post(bob, { client_id })).status).toBe(201);
  });

  test.each([
    [{ occurred_at: 'yesterday' }, ['body', 'occurred_at']],
    [{ occurred_at: '2026-01-01T10:00:00' }, ['body', 'occurred_at']],
    [{ local_date: '2026-13-01' }, ['body', 'local_date']],
    [{ duration: '27 minutes' }, ['body', 'duration']],
    [{ duration: 'P1M' }, ['body', 'duration']],
    [{ scalar_value: 'five' }, ['body', 'scalar_value']],
    [{ boolean_value: 'yes' }, ['body', 'boolean_value']],
    [{ tags: 'run' }, ['body', 'tags']],
    [{ tags: ['ok', ''] }, ['body', 'tags', 1]],
    [{ tags: ['x'.repeat(65)] }, ['body', 'tags', 0]],
    [{ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, ['body', 'tags']],
    [{ metadata: [1, 2] }, ['body', 'metadata']],
    [{ metadata: null }, ['body', 'metadata']],
    [{ category_id: 'not-a-uuid' }, ['body', 'category_id']],
    [{ category_id: randomUUID() }, ['body', 'category_id']],
    [{ client_id: 42 }, ['body', 'client_id']],
    [{ saved_meal_id: 'x' }, ['body', 'saved_meal_id']],
    [{ saved_meal_id: randomUUID() }, ['body', 'saved_meal_id']],
    [{ encrypted_payload: 7 }, ['body', 'encrypted_payload']],
    [{ notes: 'x'.repeat(10_001) }, ['body', 'notes']],
  ])('rejects bad body case %# with a 422 at its loc', async (body, loc) => {
    expect422(await post(alice, body), loc);
  });

  test('a body that is not an object is a 422 at ["body"]', async () => {
    expect422(await post(alice, [1, 2]), ['body']);
  });

  test("another user's category is a 422, not a way to probe ids", async () => {
    const cat = await server.api().post(`/users/${bob.id}/categories`).set(bob.auth).send({ name: 'Secret' });
    expect422(await post(alice, { category_id: cat.body.id }), ['body', 'category_id']);
  });

  test('401 without a token, 403 on another user path', async () => {
    expectError(await server.api().post(`/users/${alice.id}/events`).send({}), 401);
    expectError(await post({ ...bob, id: alice.id }, {}), 403);
  });
});

describe('GET /users/{user_id}/events', () => {
  let user: TestUser;
  let runId: string;
  beforeAll(async () => {
    user = await signUp(server, { timezone: 'Europe/Berlin' });
    runId = (await server.api().post(`/users/${user.id}/categories`).set(user.auth).send({ name: 'Run' })).body.id;
    const make = (occurred_at: string, extra: object = {}) => post(user, { occurred_at, ...extra });
    await make('2026-02-01T08:00:00Z', { tags: ['coffee'] });
    await make('2026-02-02T08:00:00Z', { category_id: runId });
    await make('2026-02-02T23:30:00Z', { tags: ['coffee', 'late'] }); // 2026-02-03 in Berlin
    await make('2026-02-05T08:00:00Z', { category_id: runId, tags: ['coffee'] });
  });
  const list = (q = '') => server.api().get(`/users/${user.id}/events${q}`).set(user.auth);

  test('newest first, with limit and offset', async () => {
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.map((e: { occurred_at: string }) => e.occurred_at)).toEqual([
      '2026-02-05T08:00:00.000Z',
      '2026-02-02T23:30:00.000Z',
      '2026-02-02T08:00:00.000Z',
      '2026-02-01T08:00:00.000Z',
    ]);
    const page = await list('?limit=2&offset=1');
    expect(page.body.map((e: { id: string }) => e.id)).toEqual([all.body[1].id, all.body[2].id]);
  });

  test('filters by tag, category and local dates or instants', async () => {
    expect((await list('?tag=coffee')).body).toHaveLength(3);
    expect((await list('?tag=%23Coffee')).body).toHaveLength(3);
    expect((await list(`?category_id=${runId}`)).body).toHaveLength(2);
    expect((await list('?from=2026-02-03&to=2026-02-03')).body.map((e: { tags: string[] }) => e.tags)).toEqual([['coffee', 'late']]);
    expect((await list('?from=2026-02-02T00:00:00Z&to=2026-02-02T23:30:00Z')).body).toHaveLength(1);
  });

  test.each([
    ['?limit=0', ['query', 'limit']],
    ['?limit=501', ['query', 'limit']],
    ['?limit=ten', ['query', 'limit']],
    ['?offset=-1', ['query', 'offset']],
    ['?from=last-week', ['query', 'from']],
    ['?category_id=123', ['query', 'category_id']],
  ])('rejects %s with 422 at %j', async (q, loc) => {
    expect422(await list(q), loc);
  });

  test('another user sees nothing of it: 403 on the path', async () => {
    expectError(await server.api().get(`/users/${user.id}/events`).set(bob.auth), 403);
  });
});

describe('GET/PATCH/DELETE /users/{user_id}/events/{event_id}', () => {
  test('read, partial update with null clearing, delete', async () => {
    const ev = (await post(alice, { notes: 'n', tags: ['a'], scalar_value: 3, occurred_at: '2026-05-01T10:00:00Z' })).body;
    const url = `/users/${alice.id}/events/${ev.id}`;
    expect((await server.api().get(url).set(alice.auth)).body).toEqual(ev);

    const patched = await server.api().patch(url).set(alice.auth).send({ notes: null, scalar_value: 4 });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ notes: null, scalar_value: 4, tags: ['a'], occurred_at: ev.occurred_at });
    expect(Date.parse(patched.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(ev.updated_at));

    const moved = await server.api().patch(url).set(alice.auth).send({ occurred_at: '2026-05-01T13:00:00Z' });
    expect(moved.body.local_date).toBe('2026-05-02');

    expect((await server.api().delete(url).set(alice.auth)).status).toBe(204);
    expectError(await server.api().get(url).set(alice.auth), 404);
    expectError(await server.api().delete(url).set(alice.auth), 404);
  });

  test.each([
    [{ occurred_at: null }, ['body', 'occurred_at']],
    [{ local_date: null }, ['body', 'local_date']],
    [{ metadata: null }, ['body', 'metadata']],
    [{ duration: 'soon' }, ['body', 'duration']],
  ])('PATCH rejects case %# with a 422 at its loc', async (body, loc) => {
    const ev = (await post(alice, {})).body;
    expect422(await server.api().patch(`/users/${alice.id}/events/${ev.id}`).set(alice.auth).send(body), loc);
  });

  test('an invalid event id is a 422 at ["path","event_id"]', async () => {
    expect422(await server.api().get(`/users/${alice.id}/events/abc`).set(alice.auth), ['path', 'event_id']);
  });

  test("another user's event id is a 404 on every verb", async () => {
    const ev = (await post(alice, {})).body;
    const foreign = `/users/${bob.id}/events/${ev.id}`;
    expectError(await server.api().get(foreign).set(bob.auth), 404);
    expectError(await server.api().patch(foreign).set(bob.auth).send({ notes: 'x' }), 404);
    expectError(await server.api().delete(foreign).set(bob.auth), 404);
    expect((await server.api().get(`/users/${alice.id}/events/${ev.id}`).set(alice.auth)).status).toBe(200);
  });

  test('401 without a token and 403 with another user token', async () => {
    const ev = (await post(alice, {})).body;
    const url = `/users/${alice.id}/events/${ev.id}`;
    expectError(await server.api().get(url), 401);
    expectError(await server.api().patch(url).set(bob.auth).send({}), 403);
    expectError(await server.api().delete(url).set(bob.auth), 403);
  });
});
