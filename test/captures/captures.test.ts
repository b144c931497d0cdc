import { randomUUID } from 'node:crypto';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { captureParsed, waitParsed } from './flow.ts';

let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
withServer((f) => ({ server, owner: alice, other: bob } = f), { timezone: 'Europe/Berlin' });

const submit = (u: TestUser, body: unknown) =>
  server
    .api()
    .post(`/users/${u.id}/log-captures`)
    .set(u.auth)
    .send(body as object);

const CAPTURE_KEYS = [
  'captured_at',
  'client_id',
  'created_at',
  'failure_reason',
  'id',
  'parsed_at',
  'parser_version',
  'status',
  'suggestions',
  'text',
  'updated_at',
  'user_id',
].sort();
const SUGGESTION_KEYS = [
  'confidence',
  'created_at',
  'decided_at',
  'expires_at',
  'id',
  'kind',
  'occurred_at',
  'payload',
  'provenance',
  'resulting_event_id',
  'resulting_place_id',
  'resulting_reading_id',
  'resulting_visit_id',
  'source',
  'status',
  'summary',
  'title',
  'window_end',
  'window_start',
].sort();

describe('POST /users/{user_id}/log-captures', () => {
  test('201 with LogCaptureRead, status queued; the worker then parses it', async () => {
    const client_id = randomUUID();
    const res = await submit(alice, { text: 'weight 72.4 kg', captured_at: '2026-03-10T08:00:00+01:00', client_id });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(CAPTURE_KEYS);
    expect(res.body).toMatchObject({
      user_id: alice.id,
      client_id,
      text: 'weight 72.4 kg',
      captured_at: '2026-03-10T07:00:00.000Z',
      status: 'queued',
      failure_reason: null,
      parser_version: null,
      parsed_at: null,
      suggestions: [],
    });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.created_at).toMatch(ISO_UTC);
    expect(res.body.updated_at).toMatch(ISO_UTC);

    const done = await waitParsed(server, alice, res.body.id);
    expect(done.status).toBe('parsed');
    expect(done.parser_version).toMatch(/^capture-grammar\//);
    expect(done.parsed_at).toMatch(ISO_UTC);
    expect(done.suggestions).toHaveLength(1);
    const s = done.suggestions[0];
    expect(Object.keys(s).sort()).toEqual(SUGGESTION_KEYS);
    expect(s).toMatchObject({
      kind: 'metric_reading',
      source: 'log_capture',
      status: 'pending',
      title: 'Weight 72.4 kg',
      decided_at: null,
      occurred_at: '2026-03-10T07:00:00.000Z',
      window_start: null,
      window_end: null,
      resulting_event_id: null,
      resulting_place_id: null,
      resulting_reading_id: null,
      resulting_visit_id: null,
      payload: { metric_type_slug: 'weight', value: 72.4, unit: 'kg', recorded_at: '2026-03-10T07:00:00.000Z' },
      provenance: { log_capture_id: res.body.id, parser_version: done.parser_version, span: { start: 0, end: 14, text: 'weight 72.4 kg' } },
    });
    expect(s.confidence).toBeGreaterThan(0);
    expect(s.confidence).toBeLessThanOrEqual(1);
    expect(typeof s.summary).toBe('string');
    expect(Date.parse(s.expires_at)).toBeGreaterThan(Date.parse(s.created_at));
  });

  test('captured_at defaults to the submit time', async () => {
    const before = Date.now();
    const res = await submit(alice, { text: 'feeling fine' });
    expect(res.status).toBe(201);
    expect(Date.parse(res.body.captured_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(res.body.captured_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(res.body.client_id).toBeNull();
  });

  test('the same client_id again: 200 with the original capture, parsed once', async () => {
    const client_id = randomUUID();
    const first = await submit(alice, { text: 'resting hr 54', client_id });
    expect(first.status).toBe(201);
    const parsed = await waitParsed(server, alice, first.body.id);
    const again = await submit(alice, { text: 'resting hr 54', client_id });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.text).toBe('resting hr 54');
    // The same key with other text is a reused key, not a retry: 409, and nothing changes.
    const reused = await submit(alice, { text: 'something else entirely', client_id });
    expectError(reused, 409);
    expect(reused.body.detail).toMatch(/already used for a different request/);
    const stored = await server.api().get(`/users/${alice.id}/log-captures/${first.body.id}`).set(alice.auth);
    expect(stored.body.text).toBe('resting hr 54');
    expect(again.body.suggestions.map((s: { id: string }) => s.id)).toEqual(parsed.suggestions.map((s: { id: string }) => s.id));
    // Another user's identical client_id is theirs alone.
    const other = await submit(bob, { text: 'resting hr 60', client_id });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
  });

  test('10 concurrent submits with one client_id: one capture, one set of suggestions', async () => {
    const u = await signUp(server);
    const client_id = randomUUID();
    const text = 'weight 70 kg, slept 8h, 2 coffees';
    const replies = await Promise.all(Array.from({ length: 10 }, () => submit(u, { text, client_id })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(replies.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as string[];
    const parsed = await waitParsed(server, u, id);
    expect(parsed.suggestions).toHaveLength(3);
    const list = await server.api().get(`/users/${u.id}/log-captures`).set(u.auth);
    expect(list.body).toHaveLength(1);
    const inbox = await server.api().get(`/users/${u.id}/suggestions`).set(u.auth);
    expect(inbox.body.pending_count).toBe(3);
    expect(inbox.body.suggestions.map((s: { payload: { metric_type_slug: string } }) => s.payload.metric_type_slug).sort()).toEqual([
      'caffeine',
      'sleep_duration',
      'weight',
    ]);
  });

  test('text of 0 and 2001 characters is a 422 at body.text; 2000 emoji are fine', async () => {
    expect422(await submit(alice, { text: '' }), ['body', 'text']);
    expect422(await submit(alice, { text: 'a'.repeat(2001) }), ['body', 'text']);
    expect422(await submit(alice, { text: '   ' }), ['body', 'text']);
    expect422(await submit(alice, {}), ['body', 'text']);
    const ok = await submit(alice, { text: '🙂'.repeat(2000) });
    expect(ok.status).toBe(201);
    expect(ok.body.text).toBe('🙂'.repeat(2000));
  });

  test('wrong types are 422 at their field', async () => {
    expect422(await submit(alice, { text: 42 }), ['body', 'text']);
    expect422(await submit(alice, { text: ['ran'] }), ['body', 'text']);
    expect422(await submit(alice, { text: 'ok', captured_at: 'yesterday' }), ['body', 'captured_at']);
    expect422(await submit(alice, { text: 'ok', captured_at: '2026-03-10T10:00:00' }), ['body', 'captured_at']);
    expect422(await submit(alice, { text: 'ok', client_id: 'not-a-uuid' }), ['body', 'client_id']);
    expect422(await submit(alice, { text: 'ok', client_id: 7 }), ['body', 'client_id']);
    expect422(await submit(alice, { text: 'bad \u0000 byte' }), ['body', 'text']);
  });

  test('null captured_at and client_id are accepted (both nullable)', async () => {
    const res = await submit(alice, { text: 'fine', captured_at: null, client_id: null });
    expect(res.status).toBe(201);
  });

  test('401 without a token, 403 with another user token', async () => {
    const none = await server.api().post(`/users/${alice.id}/log-captures`).send({ text: 'x' });
    expectError(none, 401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="http:\/\/[^"]+\/\.well-known\/oauth-protected-resource"/);
    expectError(await server.api().post(`/users/${alice.id}/log-captures`).set(bob.auth).send({ text: 'x' }), 403);
  });
});

describe('GET /users/{user_id}/log-captures', () => {
  test('newest first, with status filter and paging', async () => {
    const u = await signUp(server);
    const a = await captureParsed(server, u, 'slept 7h20');
    const b = await captureParsed(server, u, 'resting hr 54');
    const list = await server.api().get(`/users/${u.id}/log-captures`).set(u.auth);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: string }) => c.id)).toEqual([b.id, a.id]);
    expect(Object.keys(list.body[0]).sort()).toEqual(CAPTURE_KEYS);
    expect(list.body[0].suggestions[0].payload.metric_type_slug).toBe('resting_heart_rate');
    const page = await server.api().get(`/users/${u.id}/log-captures?limit=1&offset=1`).set(u.auth);
    expect(page.body.map((c: { id: string }) => c.id)).toEqual([a.id]);
    const parsed = await server.api().get(`/users/${u.id}/log-captures?status=parsed`).set(u.auth);
    expect(parsed.body).toHaveLength(2);
    const failed = await server.api().get(`/users/${u.id}/log-captures?status=failed`).set(u.auth);
    expect(failed.body).toEqual([]);
  });

  test('bad query values are 422 at query.<name>', async () => {
    expect422(await server.api().get(`/users/${alice.id}/log-captures?limit=0`).set(alice.auth), ['query', 'limit']);
    expect422(await server.api().get(`/users/${alice.id}/log-captures?limit=501`).set(alice.auth), ['query', 'limit']);
    expect422(await server.api().get(`/users/${alice.id}/log-captures?offset=-1`).set(alice.auth), ['query', 'offset']);
    expect422(await server.api().get(`/users/${alice.id}/log-captures?status=done`).set(alice.auth), ['query', 'status']);
  });

  test('401 without a token, 403 with another user token', async () => {
    expectError(await server.api().get(`/users/${alice.id}/log-captures`), 401);
    expectError(await server.api().get(`/users/${alice.id}/log-captures`).set(bob.auth), 403);
  });
});

describe('GET /users/{user_id}/log-captures/{capture_id}', () => {
  test("another user's capture is a 404, as is an unknown id; a malformed id is a 422", async () => {
    const mine = await submit(bob, { text: 'weight 80 kg' });
    expectError(await server.api().get(`/users/${alice.id}/log-captures/${mine.body.id}`).set(alice.auth), 404);
    expectError(await server.api().get(`/users/${alice.id}/log-captures/${randomUUID()}`).set(alice.auth), 404);
    expect422(await server.api().get(`/users/${alice.id}/log-captures/nope`).set(alice.auth), ['path', 'capture_id']);
  });

  test('401 without a token, 403 with another user token', async () => {
    const mine = await submit(alice, { text: 'weight 71 kg' });
    expectError(await server.api().get(`/users/${alice.id}/log-captures/${mine.body.id}`), 401);
    expectError(await server.api().get(`/users/${alice.id}/log-captures/${mine.body.id}`).set(bob.auth), 403);
  });
});

describe('what the parser makes of the issue examples', () => {
  test('run, readings, meal and a tagged headache', async () => {
    const u = await signUp(server, { timezone: 'Europe/Berlin' });
    const run = await server.api().post(`/users/${u.id}/categories`).set(u.auth).send({ name: 'Running' });
    const at = { captured_at: '2026-03-10T15:30:00Z' };

    const r = await captureParsed(server, u, 'ran 5k this morning in 27 min', at);
    expect(r.suggestions).toHaveLength(1);
    expect(r.suggestions[0]).toMatchObject({
      kind: 'event',
      occurred_at: '2026-03-10T07:00:00.000Z',
      payload: {
        category_id: run.body.id,
        duration: 'PT27M',
        scalar_value: 5,
        metadata: { unit: 'km' },
        occurred_at: '2026-03-10T07:00:00.000Z',
      },
    });

    const m = await captureParsed(server, u, 'weight 72.4 kg\nslept 7h20\nresting hr 54\n2 coffees', at);
    expect(
      m.suggestions.map((s: { kind: string; payload: { metric_type_slug: string; value: number; unit: string } }) => [
        s.kind,
        s.payload.metric_type_slug,
        s.payload.value,
        s.payload.unit,
      ]),
    ).toEqual([
      ['metric_reading', 'weight', 72.4, 'kg'],
      ['metric_reading', 'sleep_duration', 7.33333333333, 'h'],
      ['metric_reading', 'resting_heart_rate', 54, 'bpm'],
      ['metric_reading', 'caffeine', 190, 'mg'],
    ]);
    expect(m.suggestions.map((s: { provenance: { span: { text: string } } }) => s.provenance.span.text)).toEqual([
      'weight 72.4 kg',
      'slept 7h20',
      'resting hr 54',
      '2 coffees',
    ]);

    const meal = await captureParsed(server, u, 'lunch at Café Nero: chicken salad and a latte', at);
    expect(meal.suggestions).toHaveLength(1);
    expect(meal.suggestions[0]).toMatchObject({
      kind: 'meal',
      payload: {
        meal_type: 'lunch',
        place_text: 'Café Nero',
        items: [
          { name: 'chicken salad', quantity: null },
          { name: 'latte', quantity: 1 },
        ],
      },
    });

    const h = await captureParsed(server, u, 'yesterday 9pm headache #migraine', at);
    expect(h.suggestions[0]).toMatchObject({
      kind: 'event',
      occurred_at: '2026-03-09T20:00:00.000Z',
      payload: { tags: ['migraine'], notes: 'headache', occurred_at: '2026-03-09T20:00:00.000Z' },
    });
  });

  test('text it cannot read still becomes a low-confidence event holding the text', async () => {
    const c = await captureParsed(server, alice, 'zzkx qwv');
    expect(c.status).toBe('parsed');
    expect(c.suggestions).toHaveLength(1);
    expect(c.suggestions[0].kind).toBe('event');
    expect(c.suggestions[0].payload.notes).toBe('zzkx qwv');
    expect(c.suggestions[0].confidence).toBeLessThan(0.5);
  });
});
