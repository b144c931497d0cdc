import { expect422, expectError } from '../helpers/expect.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { day, local } from './day-fixture.ts';

let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f), { timezone: 'Europe/Berlin' });

const record = (u: TestUser, samples: unknown) => server.api().post(`/users/${u.id}/locations`).set(u.auth).send({ samples });
const get = (u: TestUser, path: string) =>
  server
    .api()
    .get(`/users/${u.id}${path}`)
    .set(u.auth)
    .then((r) => r.body);

/** A Berlin user with the fixture's places: their ids by name. */
async function userWithPlaces(): Promise<{ user: TestUser; ids: Record<string, string> }> {
  const user = await signUp(server, { timezone: 'Europe/Berlin' });
  const ids: Record<string, string> = {};
  for (const p of day.places) ids[p.name] = (await server.api().post(`/users/${user.id}/places`).set(user.auth).send(p)).body.id;
  return { user, ids };
}
const EXPECTED_STAYS = [
  ['Home', '17:58', '23:55'],
  ['Office', '14:45', '17:21'],
  ['Office', '12:53', '13:59'],
  ['Office', '08:18', '12:02'],
  ['Home', '00:00', '07:51'],
].map(([name, from, to]) => ({
  place_name: name,
  occurred_at: local(from),
  ended_at: local(to),
  source: 'detected',
  local_date: '2026-06-10',
}));
const shape = (v: Record<string, unknown>) => ({
  place_name: v.place_name,
  occurred_at: v.occurred_at,
  ended_at: v.ended_at,
  source: v.source,
  local_date: v.local_date,
});
const newPlaces = async (u: TestUser, status = 'pending') =>
  (await get(u, `/suggestions?status=${status}`)).suggestions.filter((s: { kind: string }) => s.kind === 'new_place');

describe('POST /users/{user_id}/locations on a recorded day', () => {
  test('stores every sample, detects the five stays at known places and suggests the one new place', async () => {
    const { user, ids } = await userWithPlaces();
    const res = await record(user, day.samples);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created_count: day.samples.length, skipped_count: 0 });
    expect(res.body.visits.map(shape)).toEqual(EXPECTED_STAYS);
    expect(res.body.visits[0]).toMatchObject({ place_id: ids.Home, lat: 52.52, lng: 13.405, note: null });
    expect(res.body.suggestions).toHaveLength(1);
    const [cafe] = res.body.suggestions;
    expect(cafe).toMatchObject({
      kind: 'new_place',
      source: 'location',
      status: 'pending',
      window_start: local('12:09'),
      window_end: local('12:46'),
    });
    expect(cafe.payload).toMatchObject({ radius_m: 100, started_at: local('12:09'), ended_at: local('12:46') });
    expect(Math.abs(cafe.payload.lat - 52.5255)).toBeLessThan(0.0003);
    expect(Math.abs(cafe.payload.lng - 13.39)).toBeLessThan(0.0003);
    expect(await newPlaces(user)).toEqual([cafe]);
    // The history holds the detected visits beside a manual one, newest first.
    const manual = (
      await server
        .api()
        .post(`/users/${user.id}/places/${ids.Bakery}/visits`)
        .set(user.auth)
        .send({ occurred_at: local('07:56') })
    ).body;
    const history = await get(user, '/location-history?from=2026-06-10&to=2026-06-10');
    expect(history.map((v: { id: string }) => v.id)).toEqual([...res.body.visits.slice(0, 4), manual, res.body.visits[4]].map((v) => v.id));
    expect(await get(user, `/places/${ids.Office}`)).toMatchObject({ visit_count: 3, last_visit_at: local('14:45') });
  });

  test('re-sending the day is idempotent on (user, recorded_at): all skipped, no second visit or suggestion', async () => {
    const { user } = await userWithPlaces();
    const first = await record(user, day.samples);
    const again = await record(user, day.samples);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ created_count: 0, skipped_count: day.samples.length, visits: [], suggestions: [] });
    expect(await get(user, '/location-history?limit=500')).toEqual(first.body.visits);
    expect(await newPlaces(user)).toHaveLength(1);
  });

  test('the day sent in three batches, out of order, ends with the same visits and one suggestion', async () => {
    const { user } = await userWithPlaces();
    const third = Math.ceil(day.samples.length / 3);
    for (const part of [day.samples.slice(third, 2 * third), day.samples.slice(2 * third), day.samples.slice(0, third)]) {
      expect((await record(user, part)).status).toBe(200);
    }
    expect((await get(user, '/location-history?limit=500')).map(shape)).toEqual(EXPECTED_STAYS);
    expect(await newPlaces(user)).toHaveLength(1);
  });

  test('five concurrent copies of the day store each sample once and detect each stay once', async () => {
    const { user } = await userWithPlaces();
    const results = await Promise.all(Array.from({ length: 5 }, () => record(user, day.samples)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.reduce((n, r) => n + r.body.created_count, 0)).toBe(day.samples.length);
    expect((await get(user, '/location-history?limit=500')).map(shape)).toEqual(EXPECTED_STAYS);
    expect(await newPlaces(user)).toHaveLength(1);
  });

  test('with the location source switched off, stays are still detected but no new place is suggested', async () => {
    const { user } = await userWithPlaces();
    const location = (await get(user, '/event-sources')).find((s: { kind: string }) => s.kind === 'location');
    await server.api().patch(`/users/${user.id}/event-sources/${location.id}`).set(user.auth).send({ enabled: false });
    const res = await record(user, day.samples);
    expect(res.body.visits).toHaveLength(5);
    expect(res.body.suggestions).toEqual([]);
    expect(await newPlaces(user)).toEqual([]);
  });

  test('a sample repeated within a batch is stored once', async () => {
    const s = { lat: 1, lng: 2, recorded_at: '2026-01-01T10:00:00Z' };
    const res = await record(owner, [s, { ...s, recorded_at: '2026-01-01T11:00:00+01:00' }, { ...s, recorded_at: '2026-01-01T10:00:01Z' }]);
    expect(res.body).toMatchObject({ created_count: 2, skipped_count: 1 });
  });

  test('10,000 samples in one batch: one stay, one transaction', async () => {
    const { user, ids } = await userWithPlaces();
    const start = Date.parse('2026-07-01T00:00:00Z');
    const samples = Array.from({ length: 10_000 }, (_, i) => ({
      lat: 52.53,
      lng: 13.385,
      recorded_at: new Date(start + i * 5_000).toISOString(),
      accuracy_m: 10,
    }));
    const res = await record(user, samples);
    expect(res.body).toMatchObject({ created_count: 10_000, skipped_count: 0 });
    expect(res.body.visits).toEqual([
      expect.objectContaining({ place_id: ids.Office, occurred_at: samples[0].recorded_at, ended_at: samples[9_999].recorded_at }),
    ]);
  });

  test('after accepting the new place, its stay is not detected again beside the accepted visit and not suggested again', async () => {
    const { user } = await userWithPlaces();
    const [cafe] = (await record(user, day.samples)).body.suggestions;
    const accepted = await server
      .api()
      .post(`/users/${user.id}/suggestions/${cafe.id}/accept`)
      .set(user.auth)
      .send({ name: 'Café Tre', tags: ['lunch'] });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted' });
    const place = await get(user, `/places/${accepted.body.resulting_place_id}`);
    expect(place).toMatchObject({
      name: 'Café Tre',
      source: 'suggestion',
      radius_m: 100,
      tags: ['lunch'],
      lat: cafe.payload.lat,
      lng: cafe.payload.lng,
      visit_count: 1,
      last_visit_at: local('12:09'),
    });
    expect(await get(user, `/places/${place.id}/visits`)).toEqual([
      expect.objectContaining({
        source: 'suggestion',
        occurred_at: local('12:09'),
        ended_at: local('12:46'),
        local_date: '2026-06-10',
        place_name: 'Café Tre',
      }),
    ]);
    // A late sample at the cafe re-detects the lunch: the accepted visit stands alone, nothing is suggested.
    const late = await record(user, [
      { lat: 52.5255, lng: 13.39, recorded_at: new Date(Date.parse(local('12:30')) + 30_000).toISOString(), accuracy_m: 10 },
    ]);
    expect(late.body).toMatchObject({ created_count: 1, suggestions: [] });
    expect((await get(user, `/places/${place.id}`)).visit_count).toBe(1);
    expect(await newPlaces(user)).toEqual([]);
  });

  test('accepting with an invalid place field is a 422 at its body loc and changes nothing', async () => {
    const { user } = await userWithPlaces();
    const [cafe] = (await record(user, day.samples)).body.suggestions;
    const url = `/users/${user.id}/suggestions/${cafe.id}/accept`;
    expect422(await server.api().post(url).set(user.auth).send({ radius_m: 0 }), ['body', 'radius_m']);
    expect422(await server.api().post(url).set(user.auth).send({ name: '' }), ['body', 'name']);
    expect((await get(user, `/suggestions/${cafe.id}`)).status).toBe('pending');
    expect(await get(user, '/places')).toHaveLength(3);
    const named = await server.api().post(url).set(user.auth).send({});
    expect((await get(user, `/places/${named.body.resulting_place_id}`)).name).toMatch(/^Place near 52\.525\d, 13\.3\d{3}$/);
  });
});

describe('POST /users/{user_id}/locations validation and access', () => {
  const ok = { lat: 52.5, lng: 13.4, recorded_at: '2026-01-01T10:00:00Z' };
  test.each([
    [{}, ['body', 'samples']],
    [{ samples: 'x' }, ['body', 'samples']],
    [{ samples: [{ ...ok, lat: 90.1 }] }, ['body', 'samples', 0, 'lat']],
    [{ samples: [ok, { ...ok, lng: -180.5 }] }, ['body', 'samples', 1, 'lng']],
    [{ samples: [{ ...ok, lat: undefined }] }, ['body', 'samples', 0, 'lat']],
    [{ samples: [{ ...ok, recorded_at: '2026-01-01 10:00' }] }, ['body', 'samples', 0, 'recorded_at']],
    [{ samples: [{ ...ok, recorded_at: '2026-01-01T10:00:00' }] }, ['body', 'samples', 0, 'recorded_at']],
    [{ samples: [{ ...ok, accuracy_m: -1 }] }, ['body', 'samples', 0, 'accuracy_m']],
    [{ samples: Array.from({ length: 10_001 }, () => ok) }, ['body', 'samples']],
  ])('rejects case %# with a 422 at its loc, writing nothing', async (body, loc) => {
    const user = await signUp(server);
    expect422(await server.api().post(`/users/${user.id}/locations`).set(user.auth).send(body), loc);
    expect((await record(user, [ok])).body.created_count).toBe(1);
  });

  test('401 without a token, 403 on another user path and with a read-only token', async () => {
    expectError(await server.api().post(`/users/${owner.id}/locations`).send({ samples: [] }), 401);
    expectError(await server.api().post(`/users/${owner.id}/locations`).set(other.auth).send({ samples: [] }), 403);
    const token = (await server.api().post('/auth/tokens').set(owner.auth).send({ name: 'r', scope: 'read' })).body.token;
    expectError(
      await server
        .api()
        .post(`/users/${owner.id}/locations`)
        .set({ Authorization: `Bearer ${token}` })
        .send({ samples: [] }),
      403,
    );
  });

  test('an empty batch does nothing', async () => {
    expect((await record(owner, [])).body).toEqual({ created_count: 0, skipped_count: 0, visits: [], suggestions: [] });
  });
});
