import { randomUUID } from 'node:crypto';
import { captureParsed } from '../captures/flow.ts';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { plantExpiredSuggestion } from '../suggestions/planted.ts';
import { SUGGESTION_FIELDS, suggestionAsGraphQL } from './inbox-fields.ts';

/** The inbox through GraphQL: the same suggestions, decisions, results and errors as the REST routes. */
let server: IsolatedServer;
let owner: TestUser;
let other: TestUser;
withIsolatedServer((f) => ({ server, owner, other } = f));

type Rest = Record<string, any>;
const PAGE = `query($status: SuggestionStatus, $limit: Int, $offset: Int) {
  me { suggestions(status: $status, limit: $limit, offset: $offset) { pendingCount items { ${SUGGESTION_FIELDS} } } } }`;
const ONE = `query($id: UUID!) { me { suggestion(id: $id) { ${SUGGESTION_FIELDS}
  resultingEvent { id occurredAt notes } capture { id text capturedAt status } } } }`;
const ACCEPT = `mutation($id: UUID!, $input: SuggestionAcceptInput) { acceptSuggestion(id: $id, input: $input) { ${SUGGESTION_FIELDS}
  resultingEvent { id occurredAt localDate notes tags metadata source category { id } } } }`;
const DISMISS = `mutation($id: UUID!) { dismissSuggestion(id: $id) { ${SUGGESTION_FIELDS} } }`;

const rest = (u: TestUser, path: string) =>
  server
    .api()
    .get(`/users/${u.id}${path}`)
    .set(u.auth)
    .then((r) => r.body);
const restDecide = (u: TestUser, id: string, decision: 'accept' | 'dismiss', body: object = {}) =>
  server.api().post(`/users/${u.id}/suggestions/${id}/${decision}`).set(u.auth).send(body);

async function one(u: TestUser, text: string): Promise<Rest> {
  const c = await captureParsed(server, u, text, { captured_at: '2026-03-10T15:30:00Z' });
  if (c.suggestions.length !== 1) throw new Error(`expected one suggestion from "${text}", got ${c.suggestions.length}`);
  return c.suggestions[0];
}

const expired = (u: TestUser) => plantExpiredSuggestion(server, u.id, { automation: 'test' });

/** What accepting created, as REST shows it, without what differs between two accepts (ids, times, the suggestion's id). */
async function createdBy(u: TestUser, s: Rest): Promise<Rest> {
  if (s.resulting_event_id) {
    const {
      id: _id,
      created_at: _c,
      updated_at: _u,
      metadata: { suggestion_id: _s, ...metadata },
      ...event
    } = await rest(u, `/events/${s.resulting_event_id}`);
    return { ...event, metadata };
  }
  const reading = (await rest(u, '/health/metrics?limit=500')).find((r: Rest) => r.id === s.resulting_reading_id);
  return {
    metric_type_slug: reading.metric_type_slug,
    value: reading.value,
    unit: reading.unit,
    recorded_at: reading.recorded_at,
    source: reading.source,
  };
}

test('suggestions equals the REST inbox: pendingCount, every field, status filters and paging', async () => {
  const u = await signUp(server);
  const [a, b] = [await one(u, 'weight 70 kg'), await one(u, 'resting hr 50')];
  await one(u, 'slept 8h');
  await one(u, 'ran 5k');
  expect((await restDecide(u, a.id, 'accept')).status).toBe(200);
  expect((await restDecide(u, b.id, 'dismiss')).status).toBe(200);
  await expired(u);
  const cases: [Record<string, unknown>, string][] = [
    [{}, ''],
    [{ limit: 1, offset: 1 }, '?limit=1&offset=1'],
    [{ status: 'accepted' }, '?status=accepted'],
    [{ status: 'dismissed' }, '?status=dismissed'],
    [{ status: 'expired' }, '?status=expired'],
  ];
  for (const [variables, query] of cases) {
    const { me } = await gqlData(server, u, PAGE, variables);
    const inbox = await rest(u, `/suggestions${query}`);
    expect(inbox.suggestions.length).toBeGreaterThan(0);
    expect(me.suggestions).toEqual({ pendingCount: inbox.pending_count, items: inbox.suggestions.map(suggestionAsGraphQL) });
  }

  const bad = await gqlError(server, u, PAGE, { limit: 0, offset: -1 });
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.locs).toEqual(expect.arrayContaining(['limit', 'offset']));
});

test('suggestion(id) equals REST GET; capture and resultingEvent are the rows REST names', async () => {
  const c = await captureParsed(server, owner, 'yoga 30 min', { captured_at: '2026-03-10T15:30:00Z' });
  const accepted = (await restDecide(owner, c.suggestions[0].id, 'accept')).body;
  const event = await rest(owner, `/events/${accepted.resulting_event_id}`);
  const { me } = await gqlData(server, owner, ONE, { id: accepted.id });
  const capture = await rest(owner, `/log-captures/${c.id}`);
  expect(me.suggestion).toEqual({
    ...suggestionAsGraphQL(await rest(owner, `/suggestions/${accepted.id}`)),
    resultingEvent: { id: event.id, occurredAt: event.occurred_at, notes: event.notes },
    capture: { id: capture.id, text: capture.text, capturedAt: capture.captured_at, status: capture.status },
  });

  const automated = await expired(owner);
  const read = (await gqlData(server, owner, ONE, { id: automated })).me.suggestion;
  expect(read).toEqual({ ...suggestionAsGraphQL(await rest(owner, `/suggestions/${automated}`)), resultingEvent: null, capture: null });
  expect(read.status).toBe('expired');
});

test('acceptSuggestion with typed overrides creates what the REST accept body creates, for every kind', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const cat = (await server.api().post(`/users/${u.id}/categories`).set(u.auth).send({ name: 'Migraine' })).body;
  const kinds: { text: string; input: Rest; body: Rest }[] = [
    {
      text: 'yesterday 9pm headache',
      input: { categoryId: cat.id, notes: 'bad one', tags: ['Aura'] },
      body: { category_id: cat.id, notes: 'bad one', tags: ['Aura'] },
    },
    { text: 'weight 72.4 kg', input: { value: 160, unit: 'lb' }, body: { value: 160, unit: 'lb' } },
    {
      text: 'lunch at Café Nero: chicken salad and a latte',
      input: { mealType: 'dinner', items: [{ name: 'chicken salad', quantity: 1 }, { name: 'flat white' }] },
      body: { meal_type: 'dinner', items: [{ name: 'chicken salad', quantity: 1 }, { name: 'flat white' }] },
    },
  ];
  for (const { text, input, body } of kinds) {
    const [viaGraphQL, viaRest] = [await one(u, text), await one(u, text)];
    const answer = (await gqlData(server, u, ACCEPT, { id: viaGraphQL.id, input })).acceptSuggestion;
    const restReply = await restDecide(u, viaRest.id, 'accept', body);
    expect(restReply.status).toBe(200);

    const stored = await rest(u, `/suggestions/${viaGraphQL.id}`);
    const { resultingEvent, ...fields } = answer;
    expect(fields).toEqual(suggestionAsGraphQL(stored));
    expect(stored.status).toBe('accepted');
    expect(await createdBy(u, stored)).toEqual(await createdBy(u, restReply.body));
    if (stored.resulting_event_id) {
      const event = await rest(u, `/events/${stored.resulting_event_id}`);
      expect(resultingEvent).toEqual({
        id: event.id,
        occurredAt: event.occurred_at,
        localDate: event.local_date,
        notes: event.notes,
        tags: event.tags,
        metadata: event.metadata,
        source: 'suggestion',
        category: event.category_id ? { id: event.category_id } : null,
      });
    } else {
      expect(resultingEvent).toBeNull();
    }
  }
});

test('an accepted reading suggestion resolves its resultingReading, equal to the REST reading', async () => {
  const u = await signUp(server);
  const s = await one(u, 'weight 72.4 kg');
  const query = `mutation($id: UUID!) { acceptSuggestion(id: $id) { resultingEvent { id }
    resultingReading { id value unit source recordedAt metricType { slug } } } }`;
  const { acceptSuggestion } = await gqlData(server, u, query, { id: s.id });
  const stored = await rest(u, `/suggestions/${s.id}`);
  const reading = (await rest(u, '/health/metrics')).find((r: Rest) => r.id === stored.resulting_reading_id);
  expect(acceptSuggestion).toEqual({
    resultingEvent: null,
    resultingReading: {
      id: reading.id,
      value: reading.value,
      unit: reading.unit,
      source: reading.source,
      recordedAt: reading.recorded_at,
      metricType: { slug: reading.metric_type_slug },
    },
  });
});

test('dismissSuggestion equals REST GET afterwards; deciding twice or an expired one is a CONFLICT, as in REST', async () => {
  const d = await one(owner, 'slept 7h');
  const dismissed = (await gqlData(server, owner, DISMISS, { id: d.id })).dismissSuggestion;
  expect(dismissed).toEqual(suggestionAsGraphQL(await rest(owner, `/suggestions/${d.id}`)));
  expect(dismissed.status).toBe('dismissed');
  expect((await gqlError(server, owner, ACCEPT, { id: d.id })).code).toBe('CONFLICT');
  expect((await gqlError(server, owner, DISMISS, { id: d.id })).code).toBe('CONFLICT');
  expect((await restDecide(owner, d.id, 'accept')).status).toBe(409);

  const a = await one(owner, 'resting hr 48');
  expect((await gqlData(server, owner, ACCEPT, { id: a.id })).acceptSuggestion.status).toBe('accepted');
  expect((await gqlError(server, owner, ACCEPT, { id: a.id })).code).toBe('CONFLICT');
  expect((await gqlError(server, owner, DISMISS, { id: a.id })).code).toBe('CONFLICT');
  expect((await restDecide(owner, a.id, 'dismiss')).status).toBe(409);

  const old = await expired(owner);
  expect((await gqlError(server, owner, ACCEPT, { id: old })).code).toBe('CONFLICT');
  expect((await gqlError(server, owner, DISMISS, { id: old })).code).toBe('CONFLICT');
});

test('bad overrides are BAD_USER_INPUT at input.<field>, and nothing is applied', async () => {
  const u = await signUp(server);
  const [event, reading, meal] = [await one(u, 'headache'), await one(u, 'weight 72 kg'), await one(u, 'dinner: pasta')];
  const cases: [string, Rest, string][] = [
    [event.id, { occurredAt: 'last tuesday' }, 'input.occurredAt'],
    [event.id, { categoryId: randomUUID() }, 'input.categoryId'],
    [event.id, { duration: 'forever' }, 'input.duration'],
    [reading.id, { value: -3 }, 'input.value'],
    [reading.id, { unit: 'parsec' }, 'input.unit'],
    [meal.id, { items: [{ name: '' }] }, 'input.items.0.name'],
  ];
  for (const [id, input, loc] of cases) {
    const err = await gqlError(server, u, ACCEPT, { id, input });
    expect(err.code).toBe('BAD_USER_INPUT');
    expect(err.locs).toContain(loc);
  }
  expect((await rest(u, '/suggestions')).pending_count).toBe(3);
  expect(await rest(u, '/events')).toEqual([]);
});

test("another user's or an unknown id is NOT_FOUND for suggestion, acceptSuggestion and dismissSuggestion", async () => {
  const s = await one(owner, 'weight 69 kg');
  for (const [caller, id] of [
    [other, s.id],
    [owner, randomUUID()],
  ] as const) {
    expect((await gqlError(server, caller, ONE, { id })).code).toBe('NOT_FOUND');
    expect((await gqlError(server, caller, ACCEPT, { id, input: { value: 1 } })).code).toBe('NOT_FOUND');
    expect((await gqlError(server, caller, DISMISS, { id })).code).toBe('NOT_FOUND');
  }
  expect((await rest(owner, `/suggestions/${s.id}`)).status).toBe('pending');
  const theirs = (await gqlData(server, other, PAGE, { status: 'pending', limit: 500 })).me.suggestions;
  expect(theirs.items.map((i: Rest) => i.id)).not.toContain(s.id);
  const foreign = await gqlError(server, other, `query($id: UUID!) { user(id: $id) { suggestions { pendingCount } } }`, { id: owner.id });
  expect(foreign.code).toBe('FORBIDDEN');
});

test('a read-only token reads the inbox but cannot decide: FORBIDDEN, and the suggestion stays pending', async () => {
  const s = await one(owner, 'resting hr 55');
  const ro = await readOnly(server, owner);
  expect((await gqlError(server, ro, ACCEPT, { id: s.id })).code).toBe('FORBIDDEN');
  expect((await gqlError(server, ro, DISMISS, { id: s.id })).code).toBe('FORBIDDEN');
  const after = await rest(owner, `/suggestions/${s.id}`);
  expect(after.status).toBe('pending');
  expect((await gqlData(server, ro, ONE, { id: s.id })).me.suggestion.status).toBe('pending');
});
