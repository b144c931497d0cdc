import { randomUUID } from 'node:crypto';
import { parseCapture, type ParseContext } from '../../src/domain/captures/parser/index.ts';
import { findPlaces } from '../../src/domain/captures/parser/places.ts';
import { expect422, expectError, UUID } from '../helpers/expect.ts';
import { gqlData } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { captureParsed } from './flow.ts';

/**
 * Captures naming one of the user's own places (by name or alias, any case and accents) suggest a
 * visit there at the time they state, beside whatever else they say; accepting one logs the visit.
 */
let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
withServer((f) => ({ server, owner: alice, other: bob } = f), { timezone: 'Europe/Berlin' });

// 16:30 in Berlin (CET), so "at 7" is 07:00 today, 06:00Z.
const CAPTURED_AT = '2026-03-10T15:30:00Z';
type S = { id: string; kind: string; payload: Record<string, any>; provenance: Record<string, any>; [k: string]: any };
type Place = { id: string; name: string };

const makePlace = async (u: TestUser, name: string, aliases?: string[]): Promise<Place> => {
  const res = await server
    .api()
    .post(`/users/${u.id}/places`)
    .set(u.auth)
    .send({ name, lat: 52.5, lng: 13.4, ...(aliases ? { aliases } : {}) });
  expect(res.status).toBe(201);
  return res.body;
};
const suggestionsOf = async (u: TestUser, text: string): Promise<S[]> =>
  (await captureParsed(server, u, text, { captured_at: CAPTURED_AT })).suggestions;
const visitsIn = (list: S[]) => list.filter((s) => s.kind === 'place_visit');
const accept = (caller: TestUser, userId: string, id: string, body: object = {}) =>
  server.api().post(`/users/${userId}/suggestions/${id}/accept`).set(caller.auth).send(body);
const visitsAt = async (placeId: string) =>
  (await server.api().get(`/users/${alice.id}/places/${placeId}/visits`).set(alice.auth)).body as Record<string, any>[];

let gym: Place;
let luigis: Place;
let nero: Place;
let office: Place;

beforeAll(async () => {
  gym = await makePlace(alice, 'Gym', ['fitness first']);
  luigis = await makePlace(alice, "Luigi's");
  nero = await makePlace(alice, 'Café Nero');
  office = await makePlace(alice, 'Office HQ', ['the office']);
  await makePlace(bob, 'Bakery', ['the bakery']);
});

describe('suggestions', () => {
  test('"gym at 7": a visit to the gym at 07:00 beside the workout, with the span of its name', async () => {
    const list = await suggestionsOf(alice, 'gym at 7');
    expect(list.find((s) => s.kind === 'event')?.payload.metadata).toMatchObject({ activity: 'strength' });
    const [visit, ...more] = visitsIn(list);
    expect(more).toEqual([]);
    expect(visit).toMatchObject({
      title: 'Visit: Gym',
      occurred_at: '2026-03-10T06:00:00.000Z',
      window_start: null,
      window_end: null,
      confidence: 0.8,
      payload: { place_id: gym.id, occurred_at: '2026-03-10T06:00:00.000Z', ended_at: null, note: null },
      provenance: { span: { start: 0, end: 3, text: 'gym' } },
    });
    expect(Object.keys(visit.payload).sort()).toEqual(['ended_at', 'note', 'occurred_at', 'place_id']);
  });

  test('"lunch at Luigi\'s: pizza": the meal and a visit at the meal\'s time', async () => {
    const list = await suggestionsOf(alice, "lunch at Luigi's: pizza");
    const meal = list.find((s) => s.kind === 'meal')!;
    expect(meal.payload).toMatchObject({ meal_type: 'lunch', place_text: "Luigi's", items: [{ name: 'pizza', quantity: null }] });
    const [visit] = visitsIn(list);
    expect(visit.payload).toMatchObject({ place_id: luigis.id, occurred_at: meal.occurred_at, ended_at: null });
    expect(visit.occurred_at).toBe('2026-03-10T11:30:00.000Z');
    expect(visit.provenance.span).toEqual({ start: 9, end: 16, text: "Luigi's" });
    // Text order: the meal (the whole line) first, then the visit inside it.
    expect(list.map((s) => s.kind)).toEqual(['meal', 'place_visit']);
  });

  test('"Cafe nero at 10" is Café Nero (accents and case do not matter)', async () => {
    const [visit] = visitsIn(await suggestionsOf(alice, 'Cafe nero at 10'));
    expect(visit).toMatchObject({ title: 'Visit: Café Nero', occurred_at: '2026-03-10T09:00:00.000Z' });
    expect(visit.payload.place_id).toBe(nero.id);
    expect(visit.provenance.span).toEqual({ start: 0, end: 9, text: 'Cafe nero' });
  });

  test('"worked at the office 9-17": an alias, a range with its end, and what was done as the note', async () => {
    const [visit] = visitsIn(await suggestionsOf(alice, 'worked at the office 9-17'));
    expect(visit).toMatchObject({
      occurred_at: '2026-03-10T08:00:00.000Z',
      window_start: '2026-03-10T08:00:00.000Z',
      window_end: '2026-03-10T16:00:00.000Z',
      confidence: 0.7,
      payload: { place_id: office.id, occurred_at: '2026-03-10T08:00:00.000Z', ended_at: '2026-03-10T16:00:00.000Z', note: 'worked' },
      provenance: { span: { start: 10, end: 20, text: 'the office' } },
    });
  });

  test('no time said: the capture time, with less confidence; an alias less than a name', async () => {
    const [byAlias] = visitsIn(await suggestionsOf(alice, 'went to Fitness First'));
    expect(byAlias).toMatchObject({ occurred_at: '2026-03-10T15:30:00.000Z', confidence: 0.5, payload: { place_id: gym.id } });
    const [byName] = visitsIn(await suggestionsOf(alice, 'went to luigis'));
    expect(byName).toMatchObject({ confidence: 0.6, payload: { place_id: luigis.id } });
  });

  test("another user's place never matches", async () => {
    const list = await suggestionsOf(alice, 'went to the bakery at 9');
    expect(visitsIn(list)).toEqual([]);
    // And bob's own capture finds his place, not alice's gym.
    const bobs = visitsIn(await suggestionsOf(bob, 'the bakery at 9, then the gym'));
    expect(bobs).toHaveLength(1);
    expect(bobs[0].title).toBe('Visit: Bakery');
  });
});

describe('accepting', () => {
  test('creates a visit (source suggestion) at the place; the suggestion records the place and the visit', async () => {
    const [visit] = visitsIn(await suggestionsOf(alice, 'worked at the office 9-17'));
    const res = await accept(alice, alice.id, visit.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'accepted', resulting_place_id: office.id, resulting_event_id: null });
    expect(res.body.resulting_visit_id).toMatch(UUID);
    const listed = (await visitsAt(office.id)).find((v) => v.id === res.body.resulting_visit_id);
    expect(listed).toEqual({
      id: res.body.resulting_visit_id,
      place_id: office.id,
      place_name: 'Office HQ',
      lat: 52.5,
      lng: 13.4,
      occurred_at: '2026-03-10T08:00:00.000Z',
      ended_at: '2026-03-10T16:00:00.000Z',
      local_date: '2026-03-10',
      note: 'worked',
      source: 'suggestion',
    });
    const place = await server.api().get(`/users/${alice.id}/places/${office.id}`).set(alice.auth);
    expect(place.body.visit_count).toBeGreaterThanOrEqual(1);
    expectError(await accept(alice, alice.id, visit.id), 409);
  });

  test("the body may move the visit to another of the user's places and change its times and note", async () => {
    const [visit] = visitsIn(await suggestionsOf(alice, 'gym at 7'));
    const res = await accept(alice, alice.id, visit.id, {
      place_id: nero.id,
      occurred_at: '2026-03-10T07:00:00+01:00',
      ended_at: '2026-03-10T08:15:00+01:00',
      note: 'coffee instead',
    });
    expect(res.status).toBe(200);
    expect(res.body.resulting_place_id).toBe(nero.id);
    expect((await visitsAt(nero.id)).find((v) => v.id === res.body.resulting_visit_id)).toMatchObject({
      occurred_at: '2026-03-10T06:00:00.000Z',
      ended_at: '2026-03-10T07:15:00.000Z',
      note: 'coffee instead',
      source: 'suggestion',
    });
  });

  test('a place of another user, an unknown or malformed place id, or an end before the start is a 422 at its loc, and nothing changes', async () => {
    const [visit] = visitsIn(await suggestionsOf(alice, 'Cafe nero at 10'));
    const bobsPlace = await makePlace(bob, 'Bob HQ');
    const before = await visitsAt(nero.id);
    expect422(await accept(alice, alice.id, visit.id, { place_id: bobsPlace.id }), ['body', 'place_id']);
    expect422(await accept(alice, alice.id, visit.id, { place_id: randomUUID() }), ['body', 'place_id']);
    expect422(await accept(alice, alice.id, visit.id, { place_id: 'nero' }), ['body', 'place_id']);
    expect422(await accept(alice, alice.id, visit.id, { ended_at: '2026-03-10T08:00:00Z' }), ['body', 'ended_at']);
    expect422(await accept(alice, alice.id, visit.id, { note: 'x'.repeat(2001) }), ['body', 'note']);
    expect(await visitsAt(nero.id)).toEqual(before);
    const still = await server.api().get(`/users/${alice.id}/suggestions/${visit.id}`).set(alice.auth);
    expect(still.body).toMatchObject({ status: 'pending', resulting_visit_id: null });
  });

  test('a place deleted since the suggestion is a 422 at place_id; naming another place accepts it', async () => {
    const pub = await makePlace(alice, 'The Crown');
    const [visit] = visitsIn(await suggestionsOf(alice, 'the crown at 8pm'));
    expect(visit.payload.place_id).toBe(pub.id);
    expect((await server.api().delete(`/users/${alice.id}/places/${pub.id}`).set(alice.auth)).status).toBe(204);
    expect422(await accept(alice, alice.id, visit.id), ['body', 'place_id']);
    const res = await accept(alice, alice.id, visit.id, { place_id: luigis.id });
    expect(res.status).toBe(200);
    expect(res.body.resulting_place_id).toBe(luigis.id);
  });

  test("another user's token cannot accept: 403 on alice's path, 404 on its own", async () => {
    const [visit] = visitsIn(await suggestionsOf(alice, 'gym at 7'));
    expectError(await accept(bob, alice.id, visit.id), 403);
    expectError(await accept(bob, bob.id, visit.id), 404);
    const still = await server.api().get(`/users/${alice.id}/suggestions/${visit.id}`).set(alice.auth);
    expect(still.body.status).toBe('pending');
  });

  test('GraphQL acceptSuggestion takes placeId, endedAt and note, and shows resultingPlace and resultingVisit', async () => {
    const [visit] = visitsIn(await suggestionsOf(alice, 'Cafe nero at 10'));
    const { acceptSuggestion } = await gqlData(
      server,
      alice,
      `mutation($id: UUID!, $place: UUID!) {
        acceptSuggestion(id: $id, input: { placeId: $place, endedAt: "2026-03-10T10:00:00Z", note: "by the window" }) {
          status resultingPlace { id name } resultingVisit { id occurredAt endedAt note source place { id } }
        }
      }`,
      { id: visit.id, place: gym.id },
    );
    expect(acceptSuggestion).toMatchObject({
      status: 'accepted',
      resultingPlace: { id: gym.id, name: 'Gym' },
      resultingVisit: {
        occurredAt: '2026-03-10T09:00:00.000Z',
        endedAt: '2026-03-10T10:00:00.000Z',
        note: 'by the window',
        source: 'suggestion',
        place: { id: gym.id },
      },
    });
    expect((await visitsAt(gym.id)).map((v) => v.id)).toContain(acceptSuggestion.resultingVisit.id);
  });
});

describe('the matcher', () => {
  const places = [
    { id: 'nero', name: 'Café Nero', aliases: ['nero'] },
    { id: 'ms', name: 'Marks and Spencer', aliases: ['M&S'] },
    { id: 'luigi', name: "Luigi's", aliases: [] },
    { id: 'gym', name: 'Gym', aliases: ['the gym'] },
    { id: 'office', name: 'Office HQ', aliases: ['the office'] },
  ];
  const ctx: ParseContext = { capturedAt: new Date(CAPTURED_AT), timezone: 'Europe/Berlin', categories: [], places };
  const found = (text: string) =>
    findPlaces(text, { start: 0, end: text.length }, places).map((m) => [m.place.id, text.slice(m.start, m.end), m.alias]);

  test('whole words, longest first, any case, accents and apostrophes', () => {
    expect(found('coffee at CAFÉ NERO then nero again')).toEqual([
      ['nero', 'CAFÉ NERO', false],
      ['nero', 'nero', true],
    ]);
    expect(found('luigis, Luigi’s and luigi')).toEqual([
      ['luigi', 'luigis', false],
      ['luigi', 'Luigi’s', false],
    ]);
    expect(found('gymnastics, the gym, neroli')).toEqual([['gym', 'the gym', true]]);
    expect(found('went to marks & spencer, m&s and marks and spencer')).toEqual([
      ['ms', 'm&s', true],
      ['ms', 'marks and spencer', false],
    ]);
    expect(found('')).toEqual([]);
  });

  test("a place's name is the visit's words, not a generic event's; a name that is also an activity keeps the workout", () => {
    const kinds = (text: string) =>
      parseCapture(text, ctx).map((d) => `${d.kind}${d.kind === 'event' ? `:${String(d.payload.notes)}` : ''}`);
    expect(kinds('cappuccino at Cafe Nero at 9')).toEqual(['metric_reading', 'place_visit']);
    expect(kinds('coffee at the office 10:30')).toEqual(['metric_reading', 'place_visit']);
    expect(kinds('gym at 7')).toEqual(['event:gym', 'place_visit']);
    // without the place, the same words are an event of their own
    expect(parseCapture('cappuccino at Cafe Nero at 9', { ...ctx, places: [] }).map((d) => d.kind)).toEqual(['metric_reading', 'event']);
  });

  test('parsing is the same with or without a match elsewhere, and spans point into the text', () => {
    const text = "weight 72 kg; lunch at Luigi's 13:00: pizza\ngym 18-19 #legs";
    const drafts = parseCapture(text, ctx);
    for (const d of drafts) expect(text.slice(d.span.start, d.span.end)).toBe(d.span.text);
    expect(drafts.map((d) => d.kind)).toEqual(['metric_reading', 'meal', 'place_visit', 'event', 'place_visit']);
    const gymVisit = drafts[4];
    // 18:00 is still ahead of the capture (16:30): yesterday's, as any bare clock time.
    expect(gymVisit.payload).toMatchObject({
      place_id: 'gym',
      occurred_at: '2026-03-09T17:00:00.000Z',
      ended_at: '2026-03-09T18:00:00.000Z',
    });
    const withoutPlaces = parseCapture(text, { ...ctx, places: [] });
    expect(withoutPlaces).toEqual(drafts.filter((d) => d.kind !== 'place_visit'));
  });

  test('hours next to a place are its visit; other numbers with a dash are not; a day said keeps them', () => {
    const visit = (text: string) => parseCapture(text, ctx).find((d) => d.kind === 'place_visit')!.payload;
    expect(visit('2-3 coffees at the office')).toEqual({
      place_id: 'office',
      occurred_at: CAPTURED_AT.replace('Z', '.000Z'),
      ended_at: null,
      note: '2-3 coffees',
    });
    expect(visit('9-5 at the office')).toMatchObject({ occurred_at: '2026-03-10T08:00:00.000Z', ended_at: '2026-03-10T16:00:00.000Z' });
    // chrono alone reads "17 yesterday" here.
    expect(visit('office hq 9-17 yesterday')).toMatchObject({
      occurred_at: '2026-03-09T08:00:00.000Z',
      ended_at: '2026-03-09T16:00:00.000Z',
    });
  });

  test('the same place at the same time in one line is one visit; at two times, two', () => {
    expect(parseCapture('gym, the gym, Gym', ctx).filter((d) => d.kind === 'place_visit')).toHaveLength(1);
    expect(
      parseCapture('gym at 7, gym at 18', ctx)
        .filter((d) => d.kind === 'place_visit')
        .map((d) => d.occurredAt.toISOString()),
    ).toEqual(['2026-03-10T06:00:00.000Z', '2026-03-09T17:00:00.000Z']);
  });
});
