import { withServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { imported } from './uploads.ts';

/**
 * Google's own visits arrive as visits (not recomputed from the raw points): on the local day of
 * the trip, at the user's place when they have it (by Google's place id kept as an alias, or by
 * radius), otherwise as one new-place suggestion per place whose acceptance brings the visits.
 */
let server: SharedServer;
withServer((f) => ({ server } = f));

const e7 = (deg: number) => Math.round(deg * 1e7);
const visit = (
  placeId: string,
  name: string,
  lat: number,
  lng: number,
  start: string,
  end: string,
  raw: [number, number, string][] = [],
) => ({
  placeVisit: {
    location: { latitudeE7: e7(lat), longitudeE7: e7(lng), placeId, name, address: `${name} street 1` },
    duration: { startTimestamp: start, endTimestamp: end },
    ...(raw.length ? { simplifiedRawPath: { points: raw.map(([la, ln, t]) => ({ latE7: e7(la), lngE7: e7(ln), timestamp: t })) } } : {}),
  },
});

// Tokyo: the first visit starts on 10 March there, which is still 9 March in Berlin.
const TOKYO = { lat: 35.6586, lng: 139.7454 };
const CAFE = { lat: 35.6895, lng: 139.6917 };
const semantic = JSON.stringify({
  timelineObjects: [
    visit('ChIJ_tower', 'Tokyo Tower', TOKYO.lat, TOKYO.lng, '2024-03-10T01:30:00+09:00', '2024-03-10T03:30:00+09:00', [
      [TOKYO.lat, TOKYO.lng, '2024-03-10T01:31:00+09:00'],
      [TOKYO.lat + 0.0001, TOKYO.lng, '2024-03-10T02:00:00+09:00'],
      [TOKYO.lat, TOKYO.lng + 0.0001, '2024-03-10T03:29:00+09:00'],
    ]),
    visit('ChIJ_cafe', 'Café Kissa', CAFE.lat, CAFE.lng, '2024-03-10T10:00:00+09:00', '2024-03-10T11:00:00+09:00'),
    visit('ChIJ_cafe', 'Café Kissa', CAFE.lat, CAFE.lng, '2024-03-11T10:00:00+09:00', '2024-03-11T10:45:00+09:00'),
  ],
});

const get = async (user: TestUser, path: string) => {
  const res = await server.api().get(`/users/${user.id}${path}`).set(user.auth);
  expect(res.status).toBe(200);
  return res.body;
};
const newPlaces = async (user: TestUser) =>
  ((await get(user, '/suggestions?status=pending&limit=100')).suggestions as Record<string, any>[]).filter((s) => s.kind === 'new_place');

test("a visit at the user's place lands there on the trip's local day; an unknown place is suggested once, and accepting it brings its visits", async () => {
  const user = await signUp(server, { timezone: 'Europe/Berlin' });
  const tower = await server
    .api()
    .post(`/users/${user.id}/places`)
    .set(user.auth)
    .send({ name: 'The tower', lat: TOKYO.lat, lng: TOKYO.lng, radius_m: 150 });
  expect(tower.status).toBe(201);

  const first = await imported(server, user, semantic);
  expect(first).toMatchObject({ status: 'succeeded', detected_format: 'google_semantic' });
  // 3 visits and 3 raw points.
  expect(first.counts).toMatchObject({ read: 6, created: 6, present: 0 });

  const atTower = await get(user, `/places/${tower.body.id}/visits`);
  expect(atTower).toEqual([
    expect.objectContaining({
      source: 'import',
      occurred_at: '2024-03-09T16:30:00.000Z',
      ended_at: '2024-03-09T18:30:00.000Z',
      local_date: '2024-03-10',
    }),
  ]);
  // The raw points inside Google's visit are not detected as a second stay.
  const history = (await get(user, '/location-history?from=2024-03-09&to=2024-03-12')) as { source: string }[];
  expect(history.map((v) => v.source)).toEqual(['import']);

  const [cafe, ...more] = await newPlaces(user);
  expect(more).toEqual([]);
  expect(cafe).toMatchObject({ title: 'A new place: Café Kissa?', payload: { place_ref: 'ChIJ_cafe', visits: 2, name: 'Café Kissa' } });

  const accepted = await server.api().post(`/users/${user.id}/suggestions/${cafe.id}/accept`).set(user.auth).send({});
  expect(accepted.status).toBe(200);
  const places = (await get(user, '/places')) as { id: string; name: string; aliases: string[] }[];
  const made = places.find((p) => p.name === 'Café Kissa')!;
  expect(made.aliases).toEqual(['ChIJ_cafe']);
  const cafeVisits = (await get(user, `/places/${made.id}/visits`)) as { local_date: string; source: string }[];
  expect(cafeVisits.map((v) => [v.local_date, v.source])).toEqual([
    ['2024-03-11', 'import'],
    ['2024-03-10', 'import'],
  ]);

  // Again: every record already there, no new suggestion, no second visit.
  const again = await imported(server, user, semantic);
  expect(again.counts).toMatchObject({ read: 6, created: 0, present: 6 });
  expect(await newPlaces(user)).toEqual([]);
  expect(await get(user, `/places/${made.id}/visits`)).toHaveLength(2);
  expect(await get(user, `/places/${tower.body.id}/visits`)).toHaveLength(1);
});

test("the Android export's HOME label names its place's suggestion, and a place is matched by its Google id before its radius", async () => {
  const user = await signUp(server, { timezone: 'UTC' });
  const home = { lat: 48.8566, lng: 2.3522 };
  const timeline = JSON.stringify({
    semanticSegments: [
      {
        startTime: '2024-05-01T18:00:00.000+02:00',
        endTime: '2024-05-01T23:00:00.000+02:00',
        startTimeTimezoneUtcOffsetMinutes: 120,
        visit: {
          hierarchyLevel: 0,
          probability: 0.9,
          topCandidate: {
            placeId: 'ChIJ_home',
            semanticType: 'HOME',
            probability: 0.9,
            placeLocation: { latLng: `${home.lat}°, ${home.lng}°` },
          },
        },
      },
    ],
    rawSignals: [],
    userLocationProfile: { frequentPlaces: [{ placeId: 'ChIJ_home', placeLocation: `${home.lat}°, ${home.lng}°`, label: 'HOME' }] },
  });
  const done = await imported(server, user, timeline);
  expect(done).toMatchObject({ status: 'succeeded', detected_format: 'google_timeline_android', counts: { created: 1 } });
  const [suggestion] = await newPlaces(user);
  expect(suggestion).toMatchObject({ title: 'A new place: Home?', payload: { place_ref: 'ChIJ_home', name: 'Home' } });
  expect((await server.api().post(`/users/${user.id}/suggestions/${suggestion.id}/accept`).set(user.auth).send({})).status).toBe(200);
  const [place] = (await get(user, '/places')) as { id: string; name: string }[];
  expect(place.name).toBe('Home');
  // The visit's local day is in its own offset: 1 May, 18:00 at +02:00.
  expect(await get(user, `/places/${place.id}/visits`)).toEqual([expect.objectContaining({ local_date: '2024-05-01', source: 'import' })]);
  // Another user has the place 2 km off, under Google's id as an alias: the id finds it, the radius would not.
  const other = await signUp(server);
  const flat = await server
    .api()
    .post(`/users/${other.id}/places`)
    .set(other.auth)
    .send({ name: 'Flat', lat: home.lat + 0.018, lng: home.lng, radius_m: 50, aliases: ['ChIJ_home'] });
  expect((await imported(server, other, timeline)).counts).toMatchObject({ created: 1 });
  expect(await get(other, `/places/${flat.body.id}/visits`)).toEqual([expect.objectContaining({ source: 'import' })]);
  expect(await newPlaces(other)).toEqual([]);
  // A later visit there lands at the place the suggestion made, without another suggestion.
  const later = timeline.replaceAll('2024-05-01', '2024-05-02');
  expect((await imported(server, user, later)).counts).toMatchObject({ created: 1 });
  expect(await get(user, `/places/${place.id}/visits`)).toHaveLength(2);
  expect(await newPlaces(user)).toEqual([]);
});
