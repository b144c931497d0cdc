import { randomUUID } from 'node:crypto';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
withServer((f) => ({ server, owner: alice, other: bob } = f), { timezone: 'Pacific/Auckland' });

const BASE = { name: 'Café Uno', lat: 52.52, lng: 13.405 };
const create = (u: TestUser, body: unknown) =>
  server
    .api()
    .post(`/users/${u.id}/places`)
    .set(u.auth)
    .send(body as object);
const place = async (body: object = {}) => (await create(alice, { ...BASE, ...body })).body;
const visit = (placeId: string, body: object = {}) =>
  server.api().post(`/users/${alice.id}/places/${placeId}/visits`).set(alice.auth).send(body);
const get = (path: string) => server.api().get(`/users/${alice.id}${path}`).set(alice.auth);

describe('POST/GET /users/{user_id}/places', () => {
  test('creates a place with every field and returns PlaceRead; radius_m defaults to 100', async () => {
    const res = await create(alice, {
      ...BASE,
      radius_m: 40,
      tags: ['Coffee', '#coffee', 'work'],
      liked: true,
      notes: 'flat white',
      rating: 4.5,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'aliases',
        'created_at',
        'id',
        'lat',
        'last_visit_at',
        'liked',
        'lng',
        'name',
        'notes',
        'radius_m',
        'rating',
        'source',
        'tags',
        'updated_at',
        'visit_count',
      ].sort(),
    );
    expect(res.body).toMatchObject({
      name: 'Café Uno',
      lat: 52.52,
      lng: 13.405,
      radius_m: 40,
      source: 'user',
      tags: ['coffee', 'work'],
      liked: true,
      notes: 'flat white',
      rating: 4.5,
      visit_count: 0,
      last_visit_at: null,
    });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.created_at).toMatch(ISO_UTC);
    const bare = await create(alice, BASE);
    expect(bare.body).toMatchObject({ radius_m: 100, aliases: [], tags: null, liked: null, notes: null, rating: null });
    expect(await get(`/places/${res.body.id}`).then((r) => r.body)).toEqual(res.body);
  });

  test('lists newest first with limit and offset; another user sees none of them', async () => {
    const user = await signUp(server);
    for (const name of ['a', 'b', 'c']) await create(user, { ...BASE, name });
    const all = await server.api().get(`/users/${user.id}/places`).set(user.auth);
    expect(all.status).toBe(200);
    expect(all.body.map((p: { name: string }) => p.name)).toEqual(['c', 'b', 'a']);
    const page = await server.api().get(`/users/${user.id}/places?limit=1&offset=1`).set(user.auth);
    expect(page.body.map((p: { name: string }) => p.name)).toEqual(['b']);
    expect((await server.api().get(`/users/${bob.id}/places`).set(bob.auth)).body).toEqual([]);
  });

  test.each([
    [{ lat: 52, lng: 13 }, ['body', 'name']],
    [{ ...BASE, name: '  ' }, ['body', 'name']],
    [{ ...BASE, name: 'x'.repeat(201) }, ['body', 'name']],
    [{ name: 'x', lng: 13 }, ['body', 'lat']],
    [{ ...BASE, lat: 90.5 }, ['body', 'lat']],
    [{ ...BASE, lat: -91 }, ['body', 'lat']],
    [{ ...BASE, lng: 180.1 }, ['body', 'lng']],
    [{ ...BASE, lng: -181 }, ['body', 'lng']],
    [{ ...BASE, lng: '13' }, ['body', 'lng']],
    [{ ...BASE, radius_m: 0 }, ['body', 'radius_m']],
    [{ ...BASE, radius_m: -5 }, ['body', 'radius_m']],
    [{ ...BASE, radius_m: 50_001 }, ['body', 'radius_m']],
    [{ ...BASE, rating: 5.5 }, ['body', 'rating']],
    [{ ...BASE, rating: -1 }, ['body', 'rating']],
    [{ ...BASE, liked: 'yes' }, ['body', 'liked']],
    [{ ...BASE, tags: [''] }, ['body', 'tags', 0]],
    [{ ...BASE, notes: 'x'.repeat(10_001) }, ['body', 'notes']],
  ])('rejects bad body case %# with a 422 at its loc', async (body, loc) => {
    expect422(await create(alice, body), loc);
  });

  test.each([
    ['?limit=0', ['query', 'limit']],
    ['?offset=-1', ['query', 'offset']],
  ])('list rejects %s', async (q, loc) => {
    expect422(await get(`/places${q}`), loc);
  });

  test('401 without a token, 403 on another user path', async () => {
    expectError(await server.api().post(`/users/${alice.id}/places`).send(BASE), 401);
    expectError(await create({ ...bob, id: alice.id }, BASE), 403);
    expectError(await server.api().get(`/users/${alice.id}/places`).set(bob.auth), 403);
  });
});

describe('GET/PATCH/DELETE /users/{user_id}/places/{place_id}', () => {
  test('PATCH: omitted fields stay, null clears a metadata field, changes bump updated_at', async () => {
    const p = await place({ tags: ['a'], liked: true, notes: 'n', rating: 3 });
    const url = `/users/${alice.id}/places/${p.id}`;
    const res = await server.api().patch(url).set(alice.auth).send({ notes: null, rating: 0, name: 'Café Due', radius_m: 25.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Café Due',
      radius_m: 25.5,
      notes: null,
      rating: 0,
      tags: ['a'],
      liked: true,
      lat: p.lat,
      lng: p.lng,
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(p.updated_at));
    const cleared = await server.api().patch(url).set(alice.auth).send({ tags: null, liked: null });
    expect(cleared.body).toMatchObject({ tags: null, liked: null, name: 'Café Due' });
    expect((await server.api().patch(url).set(alice.auth).send({})).body).toMatchObject({ name: 'Café Due', radius_m: 25.5 });
  });

  test.each([
    [{ name: null }, ['body', 'name']],
    [{ radius_m: null }, ['body', 'radius_m']],
    [{ radius_m: 0 }, ['body', 'radius_m']],
    [{ rating: 6 }, ['body', 'rating']],
    [{ liked: 1 }, ['body', 'liked']],
    [{ tags: 'x' }, ['body', 'tags']],
  ])('PATCH rejects case %# with a 422 at its loc', async (body, loc) => {
    const p = await place();
    expect422(await server.api().patch(`/users/${alice.id}/places/${p.id}`).set(alice.auth).send(body), loc);
  });

  test('DELETE removes the place and its visits', async () => {
    const p = await place();
    const v = (await visit(p.id, { occurred_at: '2026-01-01T10:00:00Z' })).body;
    expect((await server.api().delete(`/users/${alice.id}/places/${p.id}`).set(alice.auth)).status).toBe(204);
    expectError(await get(`/places/${p.id}`), 404);
    expectError(await get(`/places/${p.id}/visits`), 404);
    expect((await get('/location-history?limit=500')).body.map((x: { id: string }) => x.id)).not.toContain(v.id);
    expectError(await server.api().delete(`/users/${alice.id}/places/${p.id}`).set(alice.auth), 404);
  });

  test('an invalid place id is a 422 at ["path","place_id"]', async () => {
    expect422(await get('/places/abc'), ['path', 'place_id']);
    expect422(await get('/places/abc/visits'), ['path', 'place_id']);
    expect422(await server.api().delete(`/users/${alice.id}/visits/abc`).set(alice.auth), ['path', 'visit_id']);
  });

  test("another user's place and visit ids are a 404 on every route", async () => {
    const p = await place();
    const v = (await visit(p.id)).body;
    const as = (path: string) => `/users/${bob.id}${path}`;
    expectError(
      await server
        .api()
        .get(as(`/places/${p.id}`))
        .set(bob.auth),
      404,
    );
    expectError(
      await server
        .api()
        .patch(as(`/places/${p.id}`))
        .set(bob.auth)
        .send({ name: 'x' }),
      404,
    );
    expectError(
      await server
        .api()
        .delete(as(`/places/${p.id}`))
        .set(bob.auth),
      404,
    );
    expectError(
      await server
        .api()
        .post(as(`/places/${p.id}/visits`))
        .set(bob.auth)
        .send({}),
      404,
    );
    expectError(
      await server
        .api()
        .get(as(`/places/${p.id}/visits`))
        .set(bob.auth),
      404,
    );
    expectError(
      await server
        .api()
        .delete(as(`/visits/${v.id}`))
        .set(bob.auth),
      404,
    );
    expect((await get(`/places/${p.id}`)).body).toMatchObject({ name: BASE.name, visit_count: 1 });
  });

  test('401 without a token and 403 with another user token on every id route', async () => {
    const p = await place();
    const v = (await visit(p.id)).body;
    const url = `/users/${alice.id}/places/${p.id}`;
    expectError(await server.api().get(url), 401);
    expectError(await server.api().get(url).set(bob.auth), 403);
    expectError(await server.api().patch(url).set(bob.auth).send({}), 403);
    expectError(await server.api().delete(url).set(bob.auth), 403);
    expectError(await server.api().post(`${url}/visits`).set(bob.auth).send({}), 403);
    expectError(await server.api().get(`${url}/visits`).set(bob.auth), 403);
    expectError(await server.api().delete(`/users/${alice.id}/visits/${v.id}`).set(bob.auth), 403);
    expectError(await server.api().get(`/users/${alice.id}/location-history`).set(bob.auth), 403);
  });
});

describe('visits', () => {
  test('rule 11: occurred_at defaults to now and local_date is stamped in the user timezone', async () => {
    const p = await place();
    const res = await visit(p.id);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      'ended_at',
      'id',
      'lat',
      'lng',
      'local_date',
      'note',
      'occurred_at',
      'place_id',
      'place_name',
      'source',
    ]);
    expect(res.body).toMatchObject({
      place_id: p.id,
      place_name: p.name,
      lat: p.lat,
      lng: p.lng,
      ended_at: null,
      note: null,
      source: 'manual',
    });
    expect(Math.abs(Date.parse(res.body.occurred_at) - Date.now())).toBeLessThan(60_000);
    const expected = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date(res.body.occurred_at));
    expect(res.body.local_date).toBe(expected);
    const late = await visit(p.id, { occurred_at: '2026-01-01T12:00:00Z', ended_at: '2026-01-01T13:15:00+01:00', note: 'lunch' });
    expect(late.body).toMatchObject({
      occurred_at: '2026-01-01T12:00:00.000Z',
      ended_at: '2026-01-01T12:15:00.000Z',
      local_date: '2026-01-02',
      note: 'lunch',
    });
    const given = await visit(p.id, { occurred_at: '2026-01-01T12:00:00Z', local_date: '2026-01-01' });
    expect(given.body.local_date).toBe('2026-01-01');
  });

  test('visit_count and last_visit_at follow the visits as they are added and deleted', async () => {
    const p = await place();
    const first = (await visit(p.id, { occurred_at: '2026-02-01T08:00:00Z' })).body;
    const second = (await visit(p.id, { occurred_at: '2026-02-03T08:00:00Z' })).body;
    await visit(p.id, { occurred_at: '2026-02-02T08:00:00Z' });
    expect((await get(`/places/${p.id}`)).body).toMatchObject({ visit_count: 3, last_visit_at: '2026-02-03T08:00:00.000Z' });
    expect((await server.api().delete(`/users/${alice.id}/visits/${second.id}`).set(alice.auth)).status).toBe(204);
    expect((await get(`/places/${p.id}`)).body).toMatchObject({ visit_count: 2, last_visit_at: '2026-02-02T08:00:00.000Z' });
    expect((await get('/places?limit=500')).body.find((x: { id: string }) => x.id === p.id)).toMatchObject({ visit_count: 2 });
    const list = await get(`/places/${p.id}/visits`);
    expect(list.body.map((v: { occurred_at: string }) => v.occurred_at)).toEqual(['2026-02-02T08:00:00.000Z', '2026-02-01T08:00:00.000Z']);
    expect(list.body[1]).toEqual(first);
    expect((await get(`/places/${p.id}/visits?limit=1&offset=1`)).body).toEqual([first]);
    expectError(await server.api().delete(`/users/${alice.id}/visits/${second.id}`).set(alice.auth), 404);
  });

  test.each([
    [{ occurred_at: 'now' }, ['body', 'occurred_at']],
    [{ occurred_at: '2026-01-01T10:00:00' }, ['body', 'occurred_at']],
    [{ ended_at: 'later' }, ['body', 'ended_at']],
    [{ occurred_at: '2026-01-01T10:00:00Z', ended_at: '2026-01-01T10:00:00Z' }, ['body', 'ended_at']],
    [{ occurred_at: '2026-01-01T10:00:00Z', ended_at: '2026-01-01T09:00:00Z' }, ['body', 'ended_at']],
    [{ ended_at: '2020-01-01T09:00:00Z' }, ['body', 'ended_at']],
    [{ local_date: '2026-02-30' }, ['body', 'local_date']],
    [{ note: 'x'.repeat(2001) }, ['body', 'note']],
    [{ note: 5 }, ['body', 'note']],
  ])('rejects bad visit case %# with a 422 at its loc', async (body, loc) => {
    const p = await place();
    expect422(await visit(p.id, body), loc);
  });

  test('a note of exactly 2000 characters is accepted', async () => {
    const p = await place();
    expect((await visit(p.id, { note: 'x'.repeat(2000) })).status).toBe(201);
  });

  test('an unknown place is a 404', async () => {
    expectError(await visit(randomUUID()), 404);
    expectError(await get(`/places/${randomUUID()}/visits`), 404);
  });
});

describe('GET /users/{user_id}/location-history', () => {
  test('every visit of every place, newest first, with the place name and position; from/to as dates or instants', async () => {
    const user = await signUp(server, { timezone: 'Europe/Berlin' });
    const mk = async (name: string, lat: number) => (await create(user, { ...BASE, name, lat })).body;
    const home = await mk('Home', 50);
    const gym = await mk('Gym', 51);
    const log = (p: { id: string }, occurred_at: string) =>
      server
        .api()
        .post(`/users/${user.id}/places/${p.id}/visits`)
        .set(user.auth)
        .send({ occurred_at })
        .then((r) => r.body);
    const a = await log(home, '2026-03-01T08:00:00Z');
    const b = await log(gym, '2026-03-01T23:30:00Z'); // 2026-03-02 in Berlin
    const c = await log(home, '2026-03-03T08:00:00Z');
    const history = (q = '') => server.api().get(`/users/${user.id}/location-history${q}`).set(user.auth);
    const all = await history();
    expect(all.status).toBe(200);
    expect(all.body).toEqual([c, b, a]);
    expect(all.body[1]).toMatchObject({ place_name: 'Gym', lat: 51, lng: BASE.lng, local_date: '2026-03-02' });
    expect((await history('?from=2026-03-02&to=2026-03-02')).body).toEqual([b]);
    expect((await history('?from=2026-03-01T08:00:00Z&to=2026-03-03T08:00:00Z')).body).toEqual([b, a]);
    expect((await history('?limit=1&offset=2')).body).toEqual([a]);
  });

  test.each([
    ['?from=yesterday', ['query', 'from']],
    ['?to=2026-13-01', ['query', 'to']],
    ['?limit=501', ['query', 'limit']],
  ])('rejects %s with a 422 at %j', async (q, loc) => {
    expect422(await get(`/location-history${q}`), loc);
  });
});
