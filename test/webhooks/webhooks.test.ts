import { createServer, type AddressInfo } from 'node:net';
import { Webhook as Verifier } from 'standardwebhooks';
import { captureParsed } from '../captures/flow.ts';
import { waitFor } from '../captures/wait.ts';
import { expect422, expectError } from '../helpers/expect.ts';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { withServer, type SharedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { startReceiver, type Receiver, type Received } from '../helpers/webhook-receiver.ts';

/**
 * Webhooks through the public API, with a real receiver over HTTP: what is sent (Standard
 * Webhooks signatures checked with the specification's own library), when (the events, their
 * filters), how failures are retried, recorded and end, and who may manage them.
 */
let server: SharedServer;
let u: TestUser;
let other: TestUser;
let receiver: Receiver;
withServer((f) => ({ server, owner: u, other } = f));
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.stop());

type Hook = { id: string; secret: string; url: string };

// An account has at most WEBHOOK_MAX_PER_USER (10) webhooks: each test starts with none.
afterEach(async () => {
  const hooks = (await server.api().get(`/users/${u.id}/webhooks`).set(u.auth)).body as Hook[];
  for (const hook of hooks) expect((await server.api().delete(`/users/${u.id}/webhooks/${hook.id}`).set(u.auth)).status).toBe(204);
});

async function createHook(body: Record<string, unknown>, user = u): Promise<Hook> {
  const res = await server.api().post(`/users/${user.id}/webhooks`).set(user.auth).send(body);
  expect(res.status).toBe(201);
  return res.body as Hook;
}

/** The deliveries of a hook once `done(list)` holds (polling the API, as a client would). */
async function deliveriesWhen(hook: Hook, done: (items: Delivery[]) => boolean, what: string): Promise<Delivery[]> {
  return waitFor(async () => {
    const res = await server.api().get(`/users/${u.id}/webhooks/${hook.id}/deliveries`).set(u.auth);
    expect(res.status).toBe(200);
    return done(res.body.items) ? (res.body.items as Delivery[]) : undefined;
  }, what);
}
type Delivery = {
  id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  last_response_code: number | null;
  last_error: string | null;
  attempt_log: { response_code: number | null; error: string | null; duration_ms: number }[];
};

/** The request verified with the Standard Webhooks library and the hook's secret: its parsed body. */
function verified(
  r: Received,
  secret: string,
): { id: string; type: string; timestamp: string; user_id: string; data: Record<string, unknown> } {
  return new Verifier(secret).verify(r.body, r.headers) as ReturnType<typeof verified>;
}

/** A port nothing listens on (it was just freed). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

const bodies = (path: string) =>
  receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as { type: string; id: string });

describe('managing webhooks', () => {
  test('the secret is shown once, on create; reads never show it; PATCH changes and DELETE removes', async () => {
    const created = await server
      .api()
      .post(`/users/${u.id}/webhooks`)
      .set(u.auth)
      .send({ url: receiver.url('/manage'), events: ['goal.met'], description: 'Home Assistant' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      url: receiver.url('/manage'),
      events: ['goal.met'],
      format: 'standard',
      enabled: true,
      description: 'Home Assistant',
      disabled_reason: null,
      failing_since: null,
      user_id: u.id,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = created.body.id as string;

    const list = await server.api().get(`/users/${u.id}/webhooks`).set(u.auth);
    expect(list.status).toBe(200);
    expect(list.body.map((w: { id: string }) => w.id)).toContain(id);
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);
    const one = await server.api().get(`/users/${u.id}/webhooks/${id}`).set(u.auth);
    expect(one.body).not.toHaveProperty('secret');

    const patched = await server.api().patch(`/users/${u.id}/webhooks/${id}`).set(u.auth).send({ events: null, enabled: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ events: null, enabled: false, description: 'Home Assistant' });

    expect((await server.api().delete(`/users/${u.id}/webhooks/${id}`).set(u.auth)).status).toBe(204);
    expectError(await server.api().get(`/users/${u.id}/webhooks/${id}`).set(u.auth), 404);
  });

  test.each([
    [{ url: 'not a url' }, ['body', 'url']],
    [{ url: 'ftp://example.com/hook' }, ['body', 'url']],
    [{ url: 'https://user:pass@example.com/hook' }, ['body', 'url']],
    [{ url: 'https://example.com/hook', events: ['goal.met', 'nope'] }, ['body', 'events', 1]],
    [{ url: 'https://example.com/hook', events: [] }, ['body', 'events']],
    [{ url: 'https://example.com/hook', format: 'xml' }, ['body', 'format']],
    [{ url: 'https://example.com/hook', description: 'x'.repeat(501) }, ['body', 'description']],
    [{ url: 'https://example.com/hook', secret: 'mine' }, ['body', 'secret']],
    [{}, ['body', 'url']],
  ])('%j is a 422 at %j and creates nothing', async (body, loc) => {
    const before = (await server.api().get(`/users/${u.id}/webhooks`).set(u.auth)).body.length;
    expect422(await server.api().post(`/users/${u.id}/webhooks`).set(u.auth).send(body), loc);
    expect((await server.api().get(`/users/${u.id}/webhooks`).set(u.auth)).body).toHaveLength(before);
  });

  test('a PATCH is checked as a create is', async () => {
    const hook = await createHook({ url: receiver.url('/patch') });
    expect422(await server.api().patch(`/users/${u.id}/webhooks/${hook.id}`).set(u.auth).send({ enabled: 'yes' }), ['body', 'enabled']);
    expect422(await server.api().patch(`/users/${u.id}/webhooks/${hook.id}`).set(u.auth).send({ url: 'nope' }), ['body', 'url']);
    expect422(await server.api().patch(`/users/${u.id}/webhooks/not-a-uuid`).set(u.auth).send({}), ['path', 'webhook_id']);
  });

  test("another user's token gets 403 on every webhook route, and their webhook is a 404 through their own path", async () => {
    const hook = await createHook({ url: receiver.url('/private') });
    const base = `/users/${u.id}/webhooks`;
    const api = server.api();
    expectError(await api.get(base).set(other.auth), 403);
    expectError(await api.post(base).set(other.auth).send({ url: receiver.url() }), 403);
    expectError(await api.get(`${base}/${hook.id}`).set(other.auth), 403);
    expectError(await api.patch(`${base}/${hook.id}`).set(other.auth).send({ enabled: false }), 403);
    expectError(await api.delete(`${base}/${hook.id}`).set(other.auth), 403);
    expectError(await api.post(`${base}/${hook.id}/rotate-secret`).set(other.auth), 403);
    expectError(await api.post(`${base}/${hook.id}/test`).set(other.auth), 403);
    expectError(await api.get(`${base}/${hook.id}/deliveries`).set(other.auth), 403);
    // Through the other user's own path, the webhook does not exist.
    expectError(await api.get(`/users/${other.id}/webhooks/${hook.id}`).set(other.auth), 404);
    expectError(await api.get(`/users/${other.id}/webhooks/${hook.id}/deliveries`).set(other.auth), 404);
    expectError(await api.post(`/users/${other.id}/webhooks/${hook.id}/test`).set(other.auth), 404);
  });

  test('a read-only token may list webhooks and deliveries but not create, change or send', async () => {
    const hook = await createHook({ url: receiver.url('/readonly') });
    const ro = await readOnly(server, u);
    expect((await server.api().get(`/users/${u.id}/webhooks`).set(ro.auth)).status).toBe(200);
    expect((await server.api().get(`/users/${u.id}/webhooks/${hook.id}/deliveries`).set(ro.auth)).status).toBe(200);
    expectError(await server.api().post(`/users/${u.id}/webhooks`).set(ro.auth).send({ url: receiver.url() }), 403);
    expectError(await server.api().patch(`/users/${u.id}/webhooks/${hook.id}`).set(ro.auth).send({ enabled: false }), 403);
    expectError(await server.api().post(`/users/${u.id}/webhooks/${hook.id}/test`).set(ro.auth), 403);
    expectError(await server.api().post(`/users/${u.id}/webhooks/${hook.id}/rotate-secret`).set(ro.auth), 403);
  });

  test('creating a webhook or changing its URL needs a signed-in session: a write access token is refused (REST and GraphQL alike)', async () => {
    const pat = await server.api().post('/auth/tokens').set(u.auth).send({ name: 'automation', scope: 'write' });
    expect(pat.status).toBe(201);
    const token = { auth: { Authorization: `Bearer ${pat.body.token}` } };
    const base = `/users/${u.id}/webhooks`;
    const refused = await server
      .api()
      .post(base)
      .set(token.auth)
      .send({ url: receiver.url('/by-token') });
    expectError(refused, 403);
    expect(refused.body.detail).toBe(
      'Creating a webhook or changing its URL needs a signed-in session (email and password): an access token may not',
    );
    const create = `mutation($url: String!) { createWebhook(input: { url: $url }) { webhook { id } } }`;
    expect((await gqlError(server, token, create, { url: receiver.url('/by-token') })).code).toBe('FORBIDDEN');
    expect((await server.api().get(base).set(u.auth)).body).toEqual([]);

    // With the session: created. The token may still pause it, rename it, filter it; not point it elsewhere.
    const hook = await createHook({ url: receiver.url('/by-session') });
    expectError(
      await server
        .api()
        .patch(`${base}/${hook.id}`)
        .set(token.auth)
        .send({ url: receiver.url('/elsewhere') }),
      403,
    );
    const update = `mutation($id: UUID!, $url: String) { updateWebhook(id: $id, input: { url: $url }) { url } }`;
    expect((await gqlError(server, token, update, { id: hook.id, url: receiver.url('/elsewhere') })).code).toBe('FORBIDDEN');
    const paused = await server.api().patch(`${base}/${hook.id}`).set(token.auth).send({ enabled: false, description: 'paused' });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ url: receiver.url('/by-session'), enabled: false, description: 'paused' });
    const moved = await gqlData(server, u, update, { id: hook.id, url: receiver.url('/moved') });
    expect(moved.updateWebhook.url).toBe(receiver.url('/moved'));
  });
});

describe('deliveries', () => {
  test('an event created through REST reaches the receiver signed as Standard Webhooks say, its data as GET shows it', async () => {
    const hook = await createHook({ url: receiver.url('/events'), events: ['event.created'] });
    const event = await server
      .api()
      .post(`/users/${u.id}/events`)
      .set(u.auth)
      .send({ notes: 'went running', tags: ['run'] });
    expect(event.status).toBe(201);
    const [got] = await receiver.waitFor(1, '/events');
    expect(got.headers['content-type']).toBe('application/json');
    const body = verified(got, hook.secret);
    expect(body.type).toBe('event.created');
    expect(body.user_id).toBe(u.id);
    expect(got.headers['webhook-id']).toBe(body.id);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) * 1000 - Date.now())).toBeLessThan(60_000);
    expect(body.data).toEqual((await server.api().get(`/users/${u.id}/events/${event.body.id}`).set(u.auth)).body);
    // A signature made with another secret does not verify.
    expect(() => new Verifier(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(got.body, got.headers)).toThrow();
    const [delivery] = await deliveriesWhen(hook, (d) => d[0]?.status === 'succeeded', 'the delivery to succeed');
    expect(delivery).toMatchObject({ event_type: 'event.created', attempts: 1, last_response_code: 204, last_error: null });
    expect(delivery.event_id).toBe(body.id);
  });

  test('a capture sends suggestion.created for each suggestion and log_capture.parsed once, to a webhook of every type', async () => {
    const hook = await createHook({ url: receiver.url('/all') });
    const capture = await captureParsed(server, u, 'slept 7 hours, walked 5000 steps');
    const suggestions = capture.suggestions as { id: string }[];
    expect(suggestions.length).toBeGreaterThan(0);
    await waitFor(
      async () => (bodies('/all').filter((b) => b.type === 'log_capture.parsed').length === 1 ? true : undefined),
      'log_capture.parsed',
    );
    const all = receiver.received.filter((r) => r.path === '/all').map((r) => verified(r, hook.secret));
    const parsed = all.find((b) => b.type === 'log_capture.parsed')!;
    expect(parsed.data.id).toBe(capture.id);
    expect(parsed.data.status).toBe('parsed');
    await waitFor(
      async () =>
        receiver.received.filter((r) => r.path === '/all' && JSON.parse(r.body).type === 'suggestion.created').length >= suggestions.length
          ? true
          : undefined,
      'a suggestion.created per suggestion',
    );
    const created = receiver.received
      .filter((r) => r.path === '/all')
      .map((r) => verified(r, hook.secret))
      .filter((b) => b.type === 'suggestion.created');
    expect(created.map((b) => b.data.id).sort()).toEqual(suggestions.map((s) => s.id).sort());
  });

  test('a batch of readings is one health_metric.ingested with its counts; a goal met today is goal.met, once', async () => {
    const hook = await createHook({ url: receiver.url('/health'), events: ['health_metric.ingested', 'goal.met'] });
    expect((await server.api().put(`/users/${u.id}/goals/steps`).set(u.auth).send({ target: 1000, direction: 'at_least' })).status).toBe(
      200,
    );
    const now = Date.now();
    const readings = [0, 1, 2].map((i) => ({
      metric_type_slug: 'steps',
      recorded_at: new Date(now - (i + 1) * 60_000).toISOString(),
      value: 600,
      source: 'watch',
      source_id: `health-${i}`,
    }));
    const sent = await server.api().post(`/users/${u.id}/health/metrics`).set(u.auth).send({ readings });
    expect(sent.status).toBe(200);
    // The same batch again: nothing new, so no event.
    expect((await server.api().post(`/users/${u.id}/health/metrics`).set(u.auth).send({ readings })).status).toBe(200);
    await receiver.waitFor(2, '/health');
    const received = receiver.received.filter((r) => r.path === '/health').map((r) => verified(r, hook.secret));
    const ingested = received.filter((b) => b.type === 'health_metric.ingested');
    expect(ingested).toHaveLength(1);
    expect(ingested[0].data).toEqual({
      created_count: 3,
      skipped_count: 0,
      metric_types: ['steps'],
      from: readings[2].recorded_at,
      to: readings[0].recorded_at,
    });
    const met = received.find((b) => b.type === 'goal.met')!;
    expect(met.data).toMatchObject({ slug: 'steps', target: 1000, direction: 'at_least', value: 1800, active: true });
    expect(met.data.date).toBe(new Date().toISOString().slice(0, 10));
    // More steps the same day: the goal was already met today, so no second goal.met.
    await server
      .api()
      .post(`/users/${u.id}/health/metrics`)
      .set(u.auth)
      .send({ readings: [{ ...readings[0], source_id: 'health-more', value: 5000 }] });
    await waitFor(
      async () => (bodies('/health').filter((b) => b.type === 'health_metric.ingested').length === 2 ? true : undefined),
      'a second batch',
    );
    await new Promise((r) => setTimeout(r, 7000));
    expect(bodies('/health').filter((b) => b.type === 'goal.met')).toHaveLength(1);
  }, 60_000);

  test('a webhook only gets the event types it lists', async () => {
    await createHook({ url: receiver.url('/goals-only'), events: ['goal.met'] });
    await createHook({ url: receiver.url('/events-only'), events: ['event.created'] });
    await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'filtered' });
    await receiver.waitFor(1, '/events-only');
    expect(receiver.received.filter((r) => r.path === '/goals-only')).toHaveLength(0);
  });

  test("another user's events never reach this user's webhooks", async () => {
    await createHook({ url: receiver.url('/mine') });
    await server.api().post(`/users/${other.id}/events`).set(other.auth).send({ notes: 'not yours' });
    await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'yours' });
    await receiver.waitFor(1, '/mine');
    await new Promise((r) => setTimeout(r, 1000));
    const users = receiver.received.filter((r) => r.path === '/mine').map((r) => JSON.parse(r.body).user_id);
    expect(new Set(users)).toEqual(new Set([u.id]));
  });

  test('5xx and 429 (with Retry-After) are retried until a 2xx; every try is listed', async () => {
    receiver.answer('/flaky', { status: 503 }, { status: 429, headers: { 'retry-after': '1' } }, { status: 200 });
    const hook = await createHook({ url: receiver.url('/flaky'), events: ['event.created'] });
    await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'eventually' });
    const tries = await receiver.waitFor(3, '/flaky');
    // Retry-After: 1 is honoured (the backoff here would be about 0.4 s).
    expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(950);
    expect(new Set(tries.map((t) => t.headers['webhook-id'])).size).toBe(1);
    const [delivery] = await deliveriesWhen(hook, (d) => d[0]?.status === 'succeeded', 'the third try to succeed');
    expect(delivery.attempts).toBe(3);
    expect(delivery.attempt_log.map((a) => a.response_code)).toEqual([200, 429, 503]);
    expect(delivery.attempt_log[2].error).toBe('HTTP 503');
  });

  test('another 4xx fails at once, without retries', async () => {
    receiver.answer('/gone', { status: 410 });
    const hook = await createHook({ url: receiver.url('/gone'), events: ['event.created'] });
    await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'nobody home' });
    const [delivery] = await deliveriesWhen(hook, (d) => d[0]?.status === 'failed', 'the delivery to fail');
    expect(delivery).toMatchObject({ attempts: 1, last_response_code: 410, last_error: 'HTTP 410' });
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received.filter((r) => r.path === '/gone')).toHaveLength(1);
  });

  test('a receiver that does not answer in time is tried again', async () => {
    receiver.answer('/slow', { status: 200, hang: true });
    const hook = await createHook({ url: receiver.url('/slow'), events: ['event.created'] });
    await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'slow' });
    const [delivery] = await deliveriesWhen(hook, (d) => d[0]?.status === 'succeeded', 'the retry after the timeout');
    expect(delivery.attempts).toBe(2);
    expect(delivery.attempt_log[1]).toMatchObject({ response_code: null, error: 'No answer within 2000 ms' });
  });

  test("a receiver's long answer is not read past the cap: the delivery succeeds on its status", async () => {
    receiver.answer('/chatty', { status: 200, body: 'x'.repeat(8 * 1024 * 1024) });
    const hook = await createHook({ url: receiver.url('/chatty'), events: ['event.created'] });
    await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'talkative receiver' });
    const [delivery] = await deliveriesWhen(hook, (d) => d[0]?.status === 'succeeded', 'the delivery to succeed');
    expect(delivery).toMatchObject({ attempts: 1, last_response_code: 200 });
  });

  test('a receiver that refuses connections is tried again, and the error says why', async () => {
    const closed = await closedPort();
    const hook = await createHook({ url: `http://127.0.0.1:${closed}/closed`, events: ['event.created'] });
    await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'closed' });
    const [delivery] = await deliveriesWhen(hook, (d) => (d[0]?.attempts ?? 0) >= 2, 'a second try');
    expect(delivery.status).toBe('pending');
    expect(delivery.last_error).toMatch(/^Could not connect: ECONNREFUSED/);
    await server.api().patch(`/users/${u.id}/webhooks/${hook.id}`).set(u.auth).send({ enabled: false });
  });

  test('test sends a ping; redeliver sends an event again with the same webhook-id, 409 while it is still pending', async () => {
    const hook = await createHook({ url: receiver.url('/ping'), events: ['goal.met'] });
    const ping = await server.api().post(`/users/${u.id}/webhooks/${hook.id}/test`).set(u.auth);
    expect(ping.status).toBe(202);
    expect(ping.body).toMatchObject({ event_type: 'ping', status: 'pending', webhook_id: hook.id });
    const [first] = await receiver.waitFor(1, '/ping');
    expect(verified(first, hook.secret)).toMatchObject({ type: 'ping', data: { webhook_id: hook.id } });
    await deliveriesWhen(hook, (d) => d[0]?.status === 'succeeded', 'the ping to succeed');

    receiver.answer('/ping', { status: 200, delayMs: 1500 });
    const again = await server.api().post(`/users/${u.id}/webhooks/${hook.id}/deliveries/${ping.body.id}/redeliver`).set(u.auth);
    expect(again.status).toBe(202);
    expect(again.body.id).not.toBe(ping.body.id);
    expect(again.body.event_id).toBe(ping.body.event_id);
    const conflict = await server.api().post(`/users/${u.id}/webhooks/${hook.id}/deliveries/${again.body.id}/redeliver`).set(u.auth);
    expectError(conflict, 409);
    const [, second] = await receiver.waitFor(2, '/ping');
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expectError(await server.api().post(`/users/${u.id}/webhooks/${hook.id}/deliveries/${crypto.randomUUID()}/redeliver`).set(u.auth), 404);
  });

  test('after rotate-secret both secrets verify for 24 hours, and the old one is not shown again', async () => {
    const hook = await createHook({ url: receiver.url('/rotate'), events: ['event.created'] });
    const rotated = await server.api().post(`/users/${u.id}/webhooks/${hook.id}/rotate-secret`).set(u.auth);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(hook.secret);
    const expires = Date.parse(rotated.body.previous_secret_expires_at);
    expect(Math.abs(expires - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);
    await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'rotation' });
    const [got] = await receiver.waitFor(1, '/rotate');
    expect(got.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verified(got, rotated.body.secret).type).toBe('event.created');
    expect(verified(got, hook.secret).type).toBe('event.created');
  });

  test('the ntfy preset posts a plain-text message with a title, still signed', async () => {
    const hook = await createHook({ url: receiver.url('/ntfy'), format: 'ntfy', events: ['health_metric.ingested'] });
    await server
      .api()
      .post(`/users/${u.id}/health/metrics`)
      .set(u.auth)
      .send({ readings: [{ metric_type_slug: 'heart_rate', recorded_at: new Date().toISOString(), value: 61, source: 'ntfy-test' }] });
    const [got] = await receiver.waitFor(1, '/ntfy');
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(got.headers.title).toBe('Readings received');
    expect(got.body).toBe('1 new readings (0 already stored)');
    expect(() => new Verifier(hook.secret).verify(got.body, got.headers, { jsonParse: false })).not.toThrow();
    expect(() => new Verifier(hook.secret).verify(`${got.body}!`, got.headers, { jsonParse: false })).toThrow();
  });

  test('a receiver failing for three days is disabled with the reason shown; enabling it clears that', async () => {
    receiver.answer('/dying', { status: 500 });
    const hook = await createHook({ url: receiver.url('/dying'), events: ['event.created'] });
    await server.sql(`update webhooks set failing_since = now() - interval '3 days 1 minute' where id = $1`, [hook.id]);
    await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'the last straw' });
    const read = await waitFor(async () => {
      const res = await server.api().get(`/users/${u.id}/webhooks/${hook.id}`).set(u.auth);
      return res.body.enabled === false ? res.body : undefined;
    }, 'the webhook to be disabled');
    expect(read.disabled_reason).toMatch(/every delivery failed for 3 days \(last: HTTP 500\)/);
    const [delivery] = (await server.api().get(`/users/${u.id}/webhooks/${hook.id}/deliveries`).set(u.auth)).body.items;
    expect(delivery.status).toBe('failed');
    const enabled = await server.api().patch(`/users/${u.id}/webhooks/${hook.id}`).set(u.auth).send({ enabled: true });
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });
});
