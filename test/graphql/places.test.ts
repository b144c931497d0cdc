import { gql, gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { asInputIssues } from '../helpers/input-issues.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { statementsOf } from '../helpers/statements.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { day } from '../places/day-fixture.ts';

/** Places, visits and location history through GraphQL: the same services, answers and rules as REST. */
let server: IsolatedServer;
let owner: TestUser;
let other: TestUser;
// No job workers: background rounds (the outbound pump, periodic jobs) would add statements to a measurement.
withIsolatedServer(
  (f) => ({ server, owner, other } = f),
  { timezone: 'Europe/Berlin' },
  () => ({ workers: 0 }),
);

const rest = (path: string) =>
  server
    .api()
    .get(`/users/${owner.id}${path}`)
    .set(owner.auth)
    .then((r) => r.body);
const restPost = (path: string, body: object) =>
  server
    .api()
    .post(`/users/${owner.id}${path}`)
    .set(owner.auth)
    .send(body)
    .then((r) => r.body);
const PLACE = 'id name lat lng radiusM source tags liked notes rating visitCount lastVisitAt createdAt updatedAt';
const VISIT = 'id occurredAt endedAt localDate note source place { id name lat lng }';

/** A REST PlaceRead in the GraphQL shape, for a field-by-field comparison. */
const asPlace = (p: Record<string, any>) => ({
  id: p.id,
  name: p.name,
  lat: p.lat,
  lng: p.lng,
  radiusM: p.radius_m,
  source: p.source,
  tags: p.tags,
  liked: p.liked,
  notes: p.notes,
  rating: p.rating,
  visitCount: p.visit_count,
  lastVisitAt: p.last_visit_at,
  createdAt: p.created_at,
  updatedAt: p.updated_at,
});
/** A REST PlaceVisitRead in the GraphQL shape: the place's name and position come through the relation. */
const asVisit = (v: Record<string, any>) => ({
  id: v.id,
  occurredAt: v.occurred_at,
  endedAt: v.ended_at,
  localDate: v.local_date,
  note: v.note,
  source: v.source,
  place: { id: v.place_id, name: v.place_name, lat: v.lat, lng: v.lng },
});

test('createPlace, updatePlace (omitted stays, null clears) and deletePlace equal REST', async () => {
  const input = { name: 'Park', lat: 48.1, lng: 11.5, radiusM: 60, tags: ['Green', '#green'], liked: true, notes: 'ducks', rating: 4 };
  const { createPlace: made } = await gqlData(
    server,
    owner,
    `mutation($input: PlaceCreateInput!) { createPlace(input: $input) { ${PLACE} } }`,
    { input },
  );
  expect(made).toEqual(asPlace(await rest(`/places/${made.id}`)));
  expect(made).toMatchObject({ tags: ['green'], source: 'user', visitCount: 0, lastVisitAt: null });
  const { updatePlace } = await gqlData(
    server,
    owner,
    `mutation($id: UUID!) { updatePlace(id: $id, input: { notes: null, rating: 5, radiusM: 80 }) { ${PLACE} } }`,
    { id: made.id },
  );
  expect(updatePlace).toEqual(asPlace(await rest(`/places/${made.id}`)));
  expect(updatePlace).toMatchObject({ notes: null, rating: 5, radiusM: 80, liked: true, tags: ['green'] });
  expect((await gqlData(server, owner, 'mutation($id: UUID!) { deletePlace(id: $id) }', { id: made.id })).deletePlace).toBe(true);
  expect((await server.api().get(`/users/${owner.id}/places/${made.id}`).set(owner.auth)).status).toBe(404);
});

test('places, place(id), placeVisits and locationHistory list what REST lists; visits show their place through the relation', async () => {
  const home = await restPost('/places', { name: 'Home', lat: 52.5, lng: 13.4 });
  const gym = await restPost('/places', { name: 'Gym', lat: 52.6, lng: 13.3, radius_m: 30 });
  await restPost(`/places/${home.id}/visits`, { occurred_at: '2026-03-01T08:00:00Z', note: 'morning' });
  await restPost(`/places/${gym.id}/visits`, { occurred_at: '2026-03-01T23:30:00Z', ended_at: '2026-03-02T00:30:00Z' });
  await restPost(`/places/${home.id}/visits`, { occurred_at: '2026-03-03T08:00:00Z' });
  const { me } = await gqlData(
    server,
    owner,
    `query($id: UUID!) { me {
    places { ${PLACE} }
    place(id: $id) { ${PLACE} visits(limit: 1) { ${VISIT} } }
    placeVisits(placeId: $id, limit: 1, offset: 1) { ${VISIT} }
    locationHistory(from: "2026-03-02", to: "2026-03-03") { ${VISIT} }
    all: locationHistory { ${VISIT} }
  } }`,
    { id: home.id },
  );
  expect(me.places).toEqual((await rest('/places')).map(asPlace));
  expect(me.place).toEqual({
    ...asPlace(await rest(`/places/${home.id}`)),
    visits: (await rest(`/places/${home.id}/visits?limit=1`)).map(asVisit),
  });
  expect(me.place.visitCount).toBe(2);
  expect(me.placeVisits).toEqual((await rest(`/places/${home.id}/visits?limit=1&offset=1`)).map(asVisit));
  expect(me.locationHistory).toEqual((await rest('/location-history?from=2026-03-02&to=2026-03-03')).map(asVisit));
  expect(me.locationHistory).toHaveLength(2);
  expect(me.all).toEqual((await rest('/location-history')).map(asVisit));
});

test('Place.visits and PlaceVisit.place cost the same statements for 2 places as for 8 (one batch each, no N+1)', async () => {
  const user = other;
  const post = (path: string, body: object) =>
    server
      .api()
      .post(`/users/${user.id}${path}`)
      .set(user.auth)
      .send(body)
      .then((r) => r.body);
  const query = `{ me { places { id visits(limit: 3) { id place { name visitCount } } } locationHistory { id place { id name } } } }`;
  const addPlaces = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const p = await post('/places', { name: `P${i}`, lat: 1 + i / 100, lng: 2 });
      for (let k = 0; k < 2; k++) await post(`/places/${p.id}/visits`, { occurred_at: `2026-04-0${k + 1}T0${i % 9}:00:00Z` });
    }
  };
  await addPlaces(2);
  const few = await statementsOf(server, () => gqlData(server, user, query));
  await addPlaces(6);
  expect(await statementsOf(server, () => gqlData(server, user, query))).toBe(few);
});

test('createPlaceVisit stamps localDate in the user timezone and equals REST; deletePlaceVisit; validation locs in argument names', async () => {
  const park = await restPost('/places', { name: 'Park', lat: 48, lng: 11 });
  const { createPlaceVisit: v } = await gqlData(
    server,
    owner,
    `mutation($id: UUID!) { createPlaceVisit(id: $id, input: { occurredAt: "2026-05-01T22:30:00Z", note: "late" }) { ${VISIT} } }`,
    { id: park.id },
  );
  expect(v).toMatchObject({ localDate: '2026-05-02', source: 'manual', note: 'late', place: { id: park.id, name: 'Park' } });
  expect(v).toEqual(asVisit((await rest(`/places/${park.id}/visits`))[0]));

  const badInput = { occurredAt: '2026-05-01T10:00:00Z', endedAt: '2026-05-01T09:00:00Z', note: 'x'.repeat(2001) };
  const bad = await gqlError(
    server,
    owner,
    'mutation($id: UUID!, $input: PlaceVisitCreateInput!) { createPlaceVisit(id: $id, input: $input) { id } }',
    { id: park.id, input: badInput },
  );
  const restBad = await server
    .api()
    .post(`/users/${owner.id}/places/${park.id}/visits`)
    .set(owner.auth)
    .send({ occurred_at: badInput.occurredAt, ended_at: badInput.endedAt, note: badInput.note });
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.detail).toEqual(asInputIssues(restBad));
  const badPlace = await gqlError(server, owner, 'mutation { createPlace(input: { name: "x", lat: 91, lng: 0, radiusM: 0 }) { id } }');
  expect(badPlace.locs.sort()).toEqual(['input.lat', 'input.radiusM']);

  expect((await gqlData(server, owner, 'mutation($id: UUID!) { deletePlaceVisit(id: $id) }', { id: v.id })).deletePlaceVisit).toBe(true);
  expect(await rest(`/places/${park.id}/visits`)).toEqual([]);
  expect((await gqlError(server, owner, 'mutation($id: UUID!) { deletePlaceVisit(id: $id) }', { id: v.id })).code).toBe('NOT_FOUND');
});

test("another user's place and visit ids are NOT_FOUND on every field and mutation", async () => {
  const place = await restPost('/places', { name: 'Secret', lat: 1, lng: 1 });
  const visit = await restPost(`/places/${place.id}/visits`, {});
  for (const query of [
    'query($id: UUID!) { me { place(id: $id) { id } } }',
    'query($id: UUID!) { me { placeVisits(placeId: $id) { id } } }',
    'mutation($id: UUID!) { updatePlace(id: $id, input: { name: "x" }) { id } }',
    'mutation($id: UUID!) { deletePlace(id: $id) }',
    'mutation($id: UUID!) { createPlaceVisit(id: $id, input: {}) { id } }',
    'mutation($visit: UUID!) { deletePlaceVisit(id: $visit) }',
  ]) {
    expect((await gqlError(server, other, query, { id: place.id, visit: visit.id })).code).toBe('NOT_FOUND');
  }
  const { me } = await gqlData(server, other, '{ me { places { name } locationHistory { place { name } } } }');
  expect(me.places.map((p: { name: string }) => p.name)).not.toContain('Secret');
  expect(me.locationHistory.map((v: { place: { name: string } }) => v.place.name)).not.toContain('Secret');
  expect(await rest(`/places/${place.id}`)).toMatchObject({ name: 'Secret', visit_count: 1 });
});

test('a read-only token reads places but every place mutation is FORBIDDEN and changes nothing', async () => {
  const place = await restPost('/places', { name: 'Kept', lat: 2, lng: 2 });
  const visit = await restPost(`/places/${place.id}/visits`, {});
  const reader = await readOnly(server, owner);
  const before = await rest('/places?limit=500');
  for (const query of [
    'mutation { createPlace(input: { name: "x", lat: 0, lng: 0 }) { id } }',
    'mutation($id: UUID!) { updatePlace(id: $id, input: { name: "x" }) { id } }',
    'mutation($id: UUID!) { deletePlace(id: $id) }',
    'mutation($id: UUID!) { createPlaceVisit(id: $id, input: {}) { id } }',
    'mutation($visit: UUID!) { deletePlaceVisit(id: $visit) }',
    'mutation { recordLocations(input: { samples: [{ lat: 1, lng: 1, recordedAt: "2026-01-01T00:00:00Z" }] }) { createdCount } }',
  ]) {
    expect((await gqlError(server, reader, query, { id: place.id, visit: visit.id })).code).toBe('FORBIDDEN');
  }
  expect(await rest('/places?limit=500')).toEqual(before);
  expect((await gql(server, reader, '{ me { places(limit: 500) { id } } }')).body.data.me.places).toHaveLength(before.length);
});

test('recordLocations equals the REST batch result; accepting the new place shows it as Suggestion.resultingPlace', async () => {
  const twin = async () => {
    const user = await signUp(server, { timezone: 'Europe/Berlin' });
    for (const p of day.places) await server.api().post(`/users/${user.id}/places`).set(user.auth).send(p);
    return user;
  };
  const viaRest = await twin();
  const viaGraphql = await twin();
  const restResult = (await server.api().post(`/users/${viaRest.id}/locations`).set(viaRest.auth).send({ samples: day.samples })).body;
  const samples = day.samples.map((s) => ({ lat: s.lat, lng: s.lng, recordedAt: s.recorded_at, accuracyM: s.accuracy_m }));
  const { recordLocations: r } = await gqlData(
    server,
    viaGraphql,
    `mutation($input: LocationBatchInput!) { recordLocations(input: $input) {
    createdCount skippedCount visits { occurredAt endedAt localDate note source place { name lat lng } } suggestions { id kind source status payload windowStart windowEnd }
  } }`,
    { input: { samples } },
  );
  // Two users: the ids differ, everything else is the same.
  const withoutIds = (v: Record<string, any>) => {
    const {
      id: _visit,
      place: { id: _place, ...place },
      ...rest
    } = asVisit(v);
    return { ...rest, place };
  };
  expect(r).toEqual({
    createdCount: restResult.created_count,
    skippedCount: restResult.skipped_count,
    visits: restResult.visits.map(withoutIds),
    suggestions: [
      expect.objectContaining({
        kind: 'new_place',
        source: 'location',
        status: 'pending',
        payload: restResult.suggestions[0].payload,
        windowStart: restResult.suggestions[0].window_start,
        windowEnd: restResult.suggestions[0].window_end,
      }),
    ],
  });

  const accept = `mutation($id: UUID!, $input: SuggestionAcceptInput) { acceptSuggestion(id: $id, input: $input) { status resultingPlace { ${PLACE} visits { source occurredAt endedAt } } } }`;
  const bad = await gqlError(server, viaGraphql, accept, { id: r.suggestions[0].id, input: { radiusM: 0 } });
  expect(bad.locs).toEqual(['input.radiusM']);
  const { acceptSuggestion } = await gqlData(server, viaGraphql, accept, {
    id: r.suggestions[0].id,
    input: { name: 'Café Tre', rating: 4 },
  });
  const place = (await server.api().get(`/users/${viaGraphql.id}/places`).set(viaGraphql.auth)).body.find(
    (p: { name: string }) => p.name === 'Café Tre',
  );
  expect(acceptSuggestion).toEqual({
    status: 'accepted',
    resultingPlace: {
      ...asPlace(place),
      visits: [{ source: 'suggestion', occurredAt: r.suggestions[0].windowStart, endedAt: r.suggestions[0].windowEnd }],
    },
  });
  expect(acceptSuggestion.resultingPlace).toMatchObject({ source: 'suggestion', rating: 4, visitCount: 1 });
});
