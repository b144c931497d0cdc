import { randomUUID } from 'node:crypto';
import type { expireSuggestions as ExpireSuggestions } from '../../src/domain/suggestions/suggestions.service.ts';
import { captureParsed } from '../captures/flow.ts';
import { plantExpiredSuggestion, plantSuggestion } from './planted.ts';
import { expect422, expectError, ISO_UTC } from '../helpers/expect.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

let server: IsolatedServer;
let alice: TestUser;
let bob: TestUser;
withIsolatedServer((f) => ({ server, owner: alice, other: bob } = f), { timezone: 'Europe/Berlin' });

type S = { id: string; kind: string; status: string; payload: Record<string, unknown>; [k: string]: unknown };
const inbox = (u: TestUser, query = '') => server.api().get(`/users/${u.id}/suggestions${query}`).set(u.auth);
const accept = (u: TestUser, id: string, body?: object) => {
  const req = server.api().post(`/users/${u.id}/suggestions/${id}/accept`).set(u.auth);
  return body ? req.send(body) : req;
};
const dismiss = (u: TestUser, id: string) => server.api().post(`/users/${u.id}/suggestions/${id}/dismiss`).set(u.auth);
async function one(u: TestUser, text: string): Promise<S> {
  const c = await captureParsed(server, u, text, { captured_at: '2026-03-10T15:30:00Z' });
  if (c.suggestions.length !== 1) throw new Error(`expected one suggestion from "${text}", got ${c.suggestions.length}`);
  return c.suggestions[0];
}

describe('GET /users/{user_id}/suggestions', () => {
  test('SuggestionListResponse: pending by default, newest first, pending_count ignores paging', async () => {
    const u = await signUp(server);
    const a = await one(u, 'weight 70 kg');
    const b = await one(u, 'resting hr 50');
    const c = await one(u, 'slept 8h');
    const res = await inbox(u);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['next_cursor', 'pending_count', 'suggestions']);
    expect(res.body.pending_count).toBe(3);
    expect(res.body.suggestions.map((s: S) => s.id)).toEqual([c.id, b.id, a.id]);
    const page = await inbox(u, '?limit=1&offset=1');
    expect(page.body.pending_count).toBe(3);
    expect(page.body.suggestions.map((s: S) => s.id)).toEqual([b.id]);
    for (const s of res.body.suggestions) {
      expect(s.created_at).toMatch(ISO_UTC);
      expect(s.status).toBe('pending');
    }
  });

  test('suggestions of one capture keep the order of the text', async () => {
    const u = await signUp(server);
    const c = await captureParsed(server, u, 'weight 70 kg, resting hr 50, slept 8h');
    const res = await inbox(u);
    expect(res.body.suggestions.map((s: S) => s.id)).toEqual(c.suggestions.map((s: S) => s.id));
  });

  test('status filter: accepted, dismissed; pending_count counts only pending', async () => {
    const u = await signUp(server);
    const a = await one(u, 'weight 70 kg');
    const b = await one(u, 'resting hr 50');
    await one(u, 'slept 8h');
    expect((await accept(u, a.id)).status).toBe(200);
    expect((await dismiss(u, b.id)).status).toBe(200);
    const pending = await inbox(u);
    expect(pending.body.pending_count).toBe(1);
    expect(pending.body.suggestions).toHaveLength(1);
    const accepted = await inbox(u, '?status=accepted');
    expect(accepted.body.suggestions.map((s: S) => s.id)).toEqual([a.id]);
    expect(accepted.body.pending_count).toBe(1);
    const dismissed = await inbox(u, '?status=dismissed');
    expect(dismissed.body.suggestions.map((s: S) => s.id)).toEqual([b.id]);
  });

  test('bad query values are 422 at query.<name>', async () => {
    expect422(await inbox(alice, '?status=open'), ['query', 'status']);
    expect422(await inbox(alice, '?limit=0'), ['query', 'limit']);
    expect422(await inbox(alice, '?limit=501'), ['query', 'limit']);
    expect422(await inbox(alice, '?limit=ten'), ['query', 'limit']);
    expect422(await inbox(alice, '?offset=-1'), ['query', 'offset']);
    expect((await inbox(alice, '?limit=500')).status).toBe(200);
  });

  test('401 without a token, 403 with another user token', async () => {
    expectError(await server.api().get(`/users/${alice.id}/suggestions`), 401);
    expectError(await server.api().get(`/users/${alice.id}/suggestions`).set(bob.auth), 403);
  });
});

describe('expiry', () => {
  // A server of the block's own without workers: the expiry job (every five minutes) cannot run
  // between the planting and the test's own run of it, which once found nothing left to expire.
  let quiet: IsolatedServer;
  let u: TestUser;
  withIsolatedServer(
    (f) => ({ server: quiet, owner: u } = f),
    {},
    () => ({ workers: 0 }),
  );
  const inboxOf = (query = '') => quiet.api().get(`/users/${u.id}/suggestions${query}`).set(u.auth);
  const decide = (id: string, decision: 'accept' | 'dismiss') =>
    quiet.api().post(`/users/${u.id}/suggestions/${id}/${decision}`).set(u.auth);

  test('a pending suggestion past expires_at is never read as pending; the job marks it expired', async () => {
    const stale = await plantExpiredSuggestion(quiet, u.id, {});
    const fresh = await plantSuggestion(quiet, u.id, {}, new Date(Date.now() + 7 * 86_400_000));
    const pending = await inboxOf();
    expect(pending.body.pending_count).toBe(1);
    expect(pending.body.suggestions.map((s: S) => s.id)).toEqual([fresh]);
    const expired = await inboxOf('?status=expired');
    expect(expired.body.suggestions.map((s: S) => [s.id, s.status])).toEqual([[stale, 'expired']]);
    expectError(await decide(stale, 'accept'), 409);
    expectError(await decide(stale, 'dismiss'), 409);
    // Still stored as pending: only the job writes the status.
    const [row] = await quiet.sql<{ status: string }>(`select status from suggestions where id = $1`, [stale]);
    expect(row.status).toBe('pending');

    // The expiry job's service, run by the server's process in a unit of work on its database.
    const expireSuggestions = (...args: Parameters<typeof ExpireSuggestions>) =>
      quiet.call<typeof ExpireSuggestions>('domain/suggestions/suggestions.service.ts', 'expireSuggestions', ...args);
    expect(await expireSuggestions()).toBe(1);
    const after = await quiet.api().get(`/users/${u.id}/suggestions/${stale}`).set(u.auth);
    expect(after.body.status).toBe('expired');
    expect((await inboxOf('?status=expired')).body.suggestions).toHaveLength(1);
    expect((await inboxOf()).body.suggestions.map((s: S) => s.id)).toEqual([fresh]);
  });
});

describe('POST /users/{user_id}/suggestions/{suggestion_id}/accept', () => {
  test('an event suggestion with overrides creates the event (source suggestion) and records it', async () => {
    const u = await signUp(server, { timezone: 'Europe/Berlin' });
    const cat = await server.api().post(`/users/${u.id}/categories`).set(u.auth).send({ name: 'Migraine' });
    const s = await one(u, 'yesterday 9pm headache');
    expect(s.payload.category_id).toBeNull();
    const res = await accept(u, s.id, { category_id: cat.body.id, notes: 'bad one', tags: ['Aura'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.id, status: 'accepted', resulting_place_id: null, resulting_reading_id: null });
    expect(res.body.decided_at).toMatch(ISO_UTC);
    const ev = await server.api().get(`/users/${u.id}/events/${res.body.resulting_event_id}`).set(u.auth);
    expect(ev.body).toMatchObject({
      source: 'suggestion',
      category_id: cat.body.id,
      notes: 'bad one',
      tags: ['aura'],
      occurred_at: '2026-03-09T20:00:00.000Z',
      local_date: '2026-03-09',
      metadata: { suggestion_id: s.id },
    });
  });

  test('a metric_reading suggestion ingests one reading in the canonical unit', async () => {
    const u = await signUp(server);
    const s = await one(u, 'weight 160 lbs');
    expect(s.payload).toMatchObject({ metric_type_slug: 'weight', unit: 'kg', input_value: 160, input_unit: 'lb' });
    const res = await accept(u, s.id);
    expect(res.status).toBe(200);
    expect(res.body.resulting_reading_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.resulting_event_id).toBeNull();
    const readings = await server.api().get(`/users/${u.id}/health/metrics`).set(u.auth);
    const r = readings.body.find((x: { id: string }) => x.id === res.body.resulting_reading_id);
    expect(r).toMatchObject({ metric_type_slug: 'weight', unit: 'kg', source: 'manual', source_id: `suggestion:${s.id}` });
    expect(r.value).toBeCloseTo(72.5747792, 6);
  });

  test('a metric_reading accept may change the value and unit', async () => {
    const u = await signUp(server);
    const s = await one(u, 'weight 72.4 kg');
    const res = await accept(u, s.id, { value: 160, unit: 'lb' });
    expect(res.status).toBe(200);
    const readings = await server.api().get(`/users/${u.id}/health/metrics`).set(u.auth);
    expect(readings.body.find((x: { id: string }) => x.id === res.body.resulting_reading_id).value).toBeCloseTo(72.5747792, 6);
  });

  test('a meal suggestion becomes an event holding the items in its metadata', async () => {
    const u = await signUp(server);
    const s = await one(u, 'lunch at Café Nero: chicken salad and a latte');
    const res = await accept(u, s.id, { items: [{ name: 'chicken salad', quantity: 1 }, { name: 'flat white' }] });
    expect(res.status).toBe(200);
    const ev = await server.api().get(`/users/${u.id}/events/${res.body.resulting_event_id}`).set(u.auth);
    expect(ev.body).toMatchObject({
      source: 'suggestion',
      notes: 'Lunch at Café Nero: chicken salad, flat white',
      metadata: {
        meal: {
          meal_type: 'lunch',
          place_text: 'Café Nero',
          items: [
            { name: 'chicken salad', quantity: 1 },
            { name: 'flat white', quantity: null },
          ],
        },
        suggestion_id: s.id,
      },
    });
  });

  test('bad overrides are 422 at body.<field>, and nothing is applied', async () => {
    const u = await signUp(server);
    const ev = await one(u, 'headache');
    expect422(await accept(u, ev.id, { occurred_at: 'last tuesday' }), ['body', 'occurred_at']);
    expect422(await accept(u, ev.id, { category_id: randomUUID() }), ['body', 'category_id']);
    expect422(await accept(u, ev.id, { duration: 'forever' }), ['body', 'duration']);
    const reading = await one(u, 'weight 72 kg');
    expect422(await accept(u, reading.id, { value: 'heavy' }), ['body', 'value']);
    expect422(await accept(u, reading.id, { value: -3 }), ['body', 'value']);
    expect422(await accept(u, reading.id, { unit: 'parsec' }), ['body', 'unit']);
    const meal = await one(u, 'dinner: pasta');
    expect422(await accept(u, meal.id, { items: [{ name: '' }] }), ['body', 'items', 0, 'name']);
    expect422(await server.api().post(`/users/${u.id}/suggestions/${ev.id}/accept`).set(u.auth).send([1, 2]), ['body']);
    const still = await inbox(u);
    expect(still.body.pending_count).toBe(3);
    const events = await server.api().get(`/users/${u.id}/events`).set(u.auth);
    expect(events.body).toEqual([]);
  });

  test('deciding twice is a 409; concurrent accepts create one event', async () => {
    const u = await signUp(server);
    const s = await one(u, 'yoga 30 min');
    const replies = await Promise.all(Array.from({ length: 5 }, () => accept(u, s.id)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expectError(await accept(u, s.id), 409);
    expectError(await dismiss(u, s.id), 409);
    const events = await server.api().get(`/users/${u.id}/events`).set(u.auth);
    expect(events.body).toHaveLength(1);
  });

  test("another user's suggestion is a 404; a malformed id a 422", async () => {
    const s = await one(bob, 'weight 80 kg');
    expectError(await accept(alice, s.id), 404);
    expectError(await dismiss(alice, s.id), 404);
    expectError(await server.api().get(`/users/${alice.id}/suggestions/${s.id}`).set(alice.auth), 404);
    expectError(await accept(alice, randomUUID()), 404);
    expect422(await accept(alice, 'nope'), ['path', 'suggestion_id']);
    // Bob's suggestion is untouched.
    expect((await server.api().get(`/users/${bob.id}/suggestions/${s.id}`).set(bob.auth)).body.status).toBe('pending');
  });

  test('401 without a token, 403 with another user token', async () => {
    const s = await one(alice, 'weight 71 kg');
    expectError(await server.api().post(`/users/${alice.id}/suggestions/${s.id}/accept`), 401);
    expectError(await server.api().post(`/users/${alice.id}/suggestions/${s.id}/accept`).set(bob.auth), 403);
  });
});

describe('POST /users/{user_id}/suggestions/{suggestion_id}/dismiss', () => {
  test('dismissed: status, decided_at, nothing created', async () => {
    const u = await signUp(server);
    const s = await one(u, 'ran 5k');
    const res = await dismiss(u, s.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.id, status: 'dismissed', resulting_event_id: null });
    expect(res.body.decided_at).toMatch(ISO_UTC);
    expect((await server.api().get(`/users/${u.id}/events`).set(u.auth)).body).toEqual([]);
    expect((await inbox(u)).body.pending_count).toBe(0);
  });

  test('401 without a token, 403 with another user token', async () => {
    const s = await one(alice, 'weight 71.5 kg');
    expectError(await server.api().post(`/users/${alice.id}/suggestions/${s.id}/dismiss`), 401);
    expectError(await server.api().post(`/users/${alice.id}/suggestions/${s.id}/dismiss`).set(bob.auth), 403);
  });
});
