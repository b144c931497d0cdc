import { createPublicKey, randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { sendWebPush } from '../../src/domain/push/push.service.ts';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { gql, gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { startPushReceiver, type Browser, type PushReceiver } from '../helpers/push-receiver.ts';
import { withServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

/**
 * Web Push end to end: a browser (test/helpers/push-receiver.ts: a push service on 127.0.0.1 and the
 * browser's keys behind it) subscribes with the server's VAPID key; the server encrypts each
 * notification to the browser's keys and signs it with its VAPID key, and the receiver verifies and
 * decrypts it with the reference implementations (jose, http_ece). REST, GraphQL and MCP answer the same.
 */
let server: SharedServer;
let owner: TestUser;
let other: TestUser;
let receiver: PushReceiver;
withServer((f) => ({ server, owner, other } = f));
beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver.stop());

type Json = Record<string, any>;
const path = (u: TestUser, rest = '') => `/users/${u.id}/web-push${rest}`;
const register = (u: TestUser, body: object, auth: Record<string, string> = u.auth) =>
  server.api().post(path(u, '/subscriptions')).set(auth).send(body);
const list = async (u: TestUser): Promise<Json[]> => {
  const res = await server.api().get(path(u, '/subscriptions')).set(u.auth);
  expect(res.status).toBe(200);
  return res.body;
};
const testPush = (u: TestUser, id: string, auth: Record<string, string> = u.auth) =>
  server
    .api()
    .post(path(u, `/subscriptions/${id}/test`))
    .set(auth);

/** A browser subscribed at the receiver and registered for the user; its subscription's REST read. */
async function subscribed(u: TestUser, label?: string): Promise<{ browser: Browser; sub: Json }> {
  const browser = receiver.subscribe();
  const res = await register(u, { ...browser.toJSON(), ...(label ? { label } : {}) });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { browser, sub: res.body };
}

const send = (u: TestUser, ...args: [Parameters<typeof sendWebPush>[1], Parameters<typeof sendWebPush>[2]?]) =>
  server.call<typeof sendWebPush>('domain/push/push.service.ts', 'sendWebPush', u.id, ...args);

describe('the VAPID key', () => {
  test('is the same on every call, for every user, and a valid 65-byte P-256 point (GraphQL says the same)', async () => {
    const first = await server.api().get(path(owner, '/key')).set(owner.auth);
    expect(first.status).toBe(200);
    const again = await server.api().get(path(owner, '/key')).set(owner.auth);
    const others = await server.api().get(path(other, '/key')).set(other.auth);
    expect(again.body).toEqual(first.body);
    expect(others.body).toEqual(first.body);
    const key: string = first.body.public_key;
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    const point = Buffer.from(key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(0x04);
    const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
    expect(createPublicKey({ key: jwk, format: 'jwk' }).asymmetricKeyDetails).toEqual({ namedCurve: 'prime256v1' });
    expect((await gqlData(server, owner, '{ me { webPushKey } }')).me.webPushKey).toBe(key);
  });
});

describe('registering', () => {
  test('201 with the origin only; the list never shows the endpoint or keys; the same endpoint again keeps one (200)', async () => {
    const u = await signUp(server);
    const browser = receiver.subscribe();
    const json = browser.toJSON();
    const made = await register(u, { ...json, label: 'Laptop' });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      id: expect.stringMatching(UUID),
      label: 'Laptop',
      endpoint_origin: receiver.origin,
      created_at: expect.stringMatching(ISO_UTC),
      updated_at: expect.stringMatching(ISO_UTC),
      last_success_at: null,
      last_failure_at: null,
      last_error: null,
    });
    const listed = await list(u);
    expect(listed).toEqual([made.body]);
    for (const secret of [browser.path.split('/').pop()!, json.keys.p256dh, json.keys.auth]) {
      expect(JSON.stringify(made.body)).not.toContain(secret);
      expect(JSON.stringify(listed)).not.toContain(secret);
    }

    // The page registers again on its next load (new keys, no label): the same subscription, label kept.
    const fresh = receiver.subscribe().toJSON().keys;
    const again = await register(u, { ...json, keys: fresh });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: made.body.id, label: 'Laptop', created_at: made.body.created_at });
    const relabelled = await register(u, { ...json, keys: fresh, label: 'Work laptop' });
    expect(relabelled.status).toBe(200);
    expect(await list(u)).toEqual([expect.objectContaining({ id: made.body.id, label: 'Work laptop' })]);
  });

  /** A user all of whose registrations are refused. */
  let refused: TestUser;
  beforeAll(async () => {
    refused = await signUp(server);
  });
  type Sent = ReturnType<Browser['toJSON']>;
  const keys = (good: Sent, k: object) => ({ ...good, keys: { ...good.keys, ...k } });
  const b64 = (bytes: Buffer) => bytes.toString('base64url');
  const point = (good: Sent) => Buffer.from(good.keys.p256dh, 'base64url');
  test.each<[string, (good: Sent) => object, (string | number)[]]>([
    ['not a URL', (g) => ({ ...g, endpoint: 'not a url' }), ['body', 'endpoint']],
    ['not http(s)', (g) => ({ ...g, endpoint: 'ftp://push.example.com/x' }), ['body', 'endpoint']],
    ['over 2048 characters', (g) => ({ ...g, endpoint: `https://push.example.com/${'x'.repeat(2048)}` }), ['body', 'endpoint']],
    ['credentials in the endpoint', (g) => ({ ...g, endpoint: 'https://me:pw@push.example.com/x' }), ['body', 'endpoint']],
    ['no endpoint', (g) => ({ keys: g.keys }), ['body', 'endpoint']],
    ['no keys', (g) => ({ endpoint: g.endpoint }), ['body', 'keys']],
    ['p256dh of 64 bytes', (g) => keys(g, { p256dh: b64(point(g).subarray(1)) }), ['body', 'keys', 'p256dh']],
    [
      'p256dh compressed (0x02)',
      (g) => keys(g, { p256dh: b64(Buffer.concat([Buffer.from([2]), point(g).subarray(1)])) }),
      ['body', 'keys', 'p256dh'],
    ],
    [
      'p256dh not on the curve',
      (g) => keys(g, { p256dh: b64(Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)])) }),
      ['body', 'keys', 'p256dh'],
    ],
    ['p256dh not base64url', (g) => keys(g, { p256dh: 'not base64!' }), ['body', 'keys', 'p256dh']],
    ['auth of 15 bytes', (g) => keys(g, { auth: b64(randomBytes(15)) }), ['body', 'keys', 'auth']],
    ['auth of 32 bytes', (g) => keys(g, { auth: b64(randomBytes(32)) }), ['body', 'keys', 'auth']],
    ['an empty label', (g) => ({ ...g, label: '' }), ['body', 'label']],
  ])('%s: 422 at its field, nothing saved', async (_what, body, loc) => {
    expect422(await register(refused, body(receiver.subscribe().toJSON())), loc);
    expect(await list(refused)).toEqual([]);
  });

  test('at most 20 per user: the 21st is a 422 at endpoint; one already there may still register again', async () => {
    const u = await signUp(server);
    const browsers = Array.from({ length: 20 }, () => receiver.subscribe());
    for (const b of browsers) expect((await register(u, b.toJSON())).status).toBe(201);
    const res = await register(u, receiver.subscribe().toJSON());
    expect422(res, ['body', 'endpoint']);
    expect(res.body.detail[0].msg).toContain('20');
    expect((await register(u, browsers[3].toJSON())).status).toBe(200);
    expect(await list(u)).toHaveLength(20);
  });
});

describe('who may', () => {
  test("another user's token: 403 on every route of this user's; this user's ids on their own paths: 404", async () => {
    const { sub } = await subscribed(owner);
    const auth = other.auth;
    const api = () => server.api();
    expectError(await api().get(path(owner, '/key')).set(auth), 403);
    expectError(await api().get(path(owner, '/subscriptions')).set(auth), 403);
    expectError(await register(owner, receiver.subscribe().toJSON(), auth), 403);
    expectError(
      await api()
        .delete(path(owner, `/subscriptions/${sub.id}`))
        .set(auth),
      403,
    );
    expectError(await testPush(owner, sub.id, auth), 403);
    expectError(
      await api()
        .delete(path(other, `/subscriptions/${sub.id}`))
        .set(auth),
      404,
    );
    expectError(await testPush(other, sub.id), 404);
    expect(await list(other)).toEqual([]);
    expect((await list(owner)).map((s) => s.id)).toContain(sub.id);
  });

  test('a read-only access token reads, and is refused every write (403)', async () => {
    const u = await signUp(server);
    const { browser, sub } = await subscribed(u);
    const ro = (await readOnly(server, u)).auth;
    expect((await server.api().get(path(u, '/key')).set(ro)).status).toBe(200);
    expect((await server.api().get(path(u, '/subscriptions')).set(ro)).body).toEqual(await list(u));
    expectError(await register(u, receiver.subscribe().toJSON(), ro), 403);
    expectError(
      await server
        .api()
        .delete(path(u, `/subscriptions/${sub.id}`))
        .set(ro),
      403,
    );
    expectError(await testPush(u, sub.id, ro), 403);
    for (const mutation of [
      `mutation { deletePushSubscription(id: "${sub.id}") }`,
      `mutation { testPushSubscription(id: "${sub.id}") { ok } }`,
    ]) {
      expect((await gqlError(server, { auth: ro }, mutation)).code).toBe('FORBIDDEN');
    }
    expect(await list(u)).toHaveLength(1);
    expect(receiver.received.filter((p) => p.path === browser.path)).toEqual([]);
  });
});

describe('pushing', () => {
  test('a test push arrives, signed (VAPID JWT verified, aud the origin) and decrypting to the JSON notification', async () => {
    const u = await signUp(server);
    const { browser, sub } = await subscribed(u, 'Phone');
    const key = (await server.api().get(path(u, '/key')).set(u.auth)).body.public_key;
    const res = await testPush(u, sub.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subscription_id: sub.id, ok: true, status: 201, error: null });
    const [push] = await receiver.waitFor(1, browser.path);
    expect(push.problems).toEqual([]);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('60');
    expect(push.headers.urgency).toBe('normal');
    expect(push.vapidKey).toBe(key);
    expect(push.claims).toEqual({ aud: receiver.origin, exp: expect.any(Number), sub: 'mailto:tests@lifetrack.example' });
    expect(push.notification).toEqual({
      title: 'lifetrack',
      body: 'Test notification: push notifications reach this browser.',
      tag: 'lifetrack-test',
    });
    const [after] = await list(u);
    expect(after.last_success_at).toMatch(ISO_UTC);
    expect(after).toMatchObject({ last_failure_at: null, last_error: null });
  });

  test('sendWebPush (for reminders) reaches every browser of the user with its options, and only that user', async () => {
    const u = await signUp(server);
    const a = await subscribed(u, 'Phone');
    const b = await subscribed(u, 'Laptop');
    const bystander = await subscribed(other);
    const notification = {
      title: 'Take your vitamins',
      body: 'Due at 08:00',
      url: '/reminders/1',
      tag: 'reminder-1',
      actions: [{ action: 'done', title: 'Done', url: '/reminders/1/done' }],
    };
    const outcomes = await send(u, notification, { ttlSeconds: 900, urgency: 'high', topic: 'reminder-1' });
    expect(outcomes).toEqual(
      expect.arrayContaining([
        { subscriptionId: a.sub.id, ok: true, status: 201, error: null },
        { subscriptionId: b.sub.id, ok: true, status: 201, error: null },
      ]),
    );
    expect(outcomes).toHaveLength(2);
    for (const browser of [a.browser, b.browser]) {
      const [push] = await receiver.waitFor(1, browser.path);
      expect(push.problems).toEqual([]);
      expect(push.notification).toEqual(notification);
      expect(push.headers).toMatchObject({ ttl: '900', urgency: 'high', topic: 'reminder-1' });
    }
    expect(receiver.received.filter((p) => p.path === bystander.browser.path)).toEqual([]);
    // A user without subscriptions: nothing to do.
    expect(await send(await signUp(server), notification)).toEqual([]);
  });

  test('a long body is trimmed to fit 3,000 bytes of payload, with an ellipsis', async () => {
    const u = await signUp(server);
    const { browser } = await subscribed(u);
    const [outcome] = await send(u, { title: 'Long', body: 'é'.repeat(5000) });
    expect(outcome.ok).toBe(true);
    const [push] = await receiver.waitFor(1, browser.path);
    expect(push.payloadBytes).toBeLessThanOrEqual(3000);
    expect(push.payloadBytes).toBeGreaterThan(2900);
    const n = push.notification as { title: string; body: string };
    expect(n.title).toBe('Long');
    expect(n.body).toMatch(/^é+…$/);
  });

  test.each([410, 404])('a push service answering %i: the subscription is gone, and removed', async (status) => {
    const u = await signUp(server);
    const { browser, sub } = await subscribed(u);
    const kept = await subscribed(u);
    receiver.answer(browser.path, { status });
    const outcomes = await send(u, { title: 't', body: 'b' });
    expect(outcomes).toContainEqual({ subscriptionId: sub.id, ok: false, status, error: expect.stringContaining('removed') });
    expect((await list(u)).map((s) => s.id)).toEqual([kept.sub.id]);
    expectError(await testPush(u, sub.id), 404);
  });

  test('a 500 is recorded on the subscription (last_failure_at, last_error), which stays; nothing throws', async () => {
    const u = await signUp(server);
    const { browser, sub } = await subscribed(u);
    receiver.answer(browser.path, { status: 500, body: 'upstream unavailable' });
    const [outcome] = await send(u, { title: 't', body: 'b' });
    expect(outcome).toEqual({ subscriptionId: sub.id, ok: false, status: 500, error: 'HTTP 500: upstream unavailable' });
    const [after] = await list(u);
    expect(after).toMatchObject({ id: sub.id, last_error: 'HTTP 500: upstream unavailable', last_success_at: null });
    expect(after.last_failure_at).toMatch(ISO_UTC);
    // The next push succeeds: the success is recorded beside the last failure.
    const res = await testPush(u, sub.id);
    expect(res.body).toMatchObject({ ok: true, status: 201 });
    expect((await list(u))[0].last_success_at).toMatch(ISO_UTC);
  });

  test('a push service that never answers is cut at WEB_PUSH_TIMEOUT_MS, and the others still get theirs', async () => {
    const u = await signUp(server);
    const hung = await subscribed(u);
    const fine = await subscribed(u);
    receiver.answer(hung.browser.path, { status: 201, hang: true });
    const started = Date.now();
    const outcomes = await send(u, { title: 't', body: 'b' });
    const took = Date.now() - started;
    const cut = outcomes.find((o) => o.subscriptionId === hung.sub.id)!;
    expect(cut).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/^No answer within \d+ ms$/) });
    const timeoutMs = Number(/(\d+)/.exec(cut.error!)![1]);
    expect(took).toBeGreaterThanOrEqual(timeoutMs - 50);
    expect(took).toBeLessThan(timeoutMs + 15_000);
    expect(outcomes.find((o) => o.subscriptionId === fine.sub.id)).toMatchObject({ ok: true });
    expect((await list(u)).find((s) => s.id === hung.sub.id)).toMatchObject({ last_error: cut.error });
  });

  test('deleting one: 204, then it is not listed, not pushed to, and a second delete is 404', async () => {
    const u = await signUp(server);
    const { browser, sub } = await subscribed(u);
    expect(
      (
        await server
          .api()
          .delete(path(u, `/subscriptions/${sub.id}`))
          .set(u.auth)
      ).status,
    ).toBe(204);
    expect(await list(u)).toEqual([]);
    expect(await send(u, { title: 't', body: 'b' })).toEqual([]);
    expect(receiver.received.filter((p) => p.path === browser.path)).toEqual([]);
    expectError(
      await server
        .api()
        .delete(path(u, `/subscriptions/${sub.id}`))
        .set(u.auth),
      404,
    );
  });

  test('in the changes feed as push_subscription, with its REST read (no endpoint path, no keys)', async () => {
    const u = await signUp(server);
    const { browser, sub } = await subscribed(u, 'Tablet');
    const feed = await server.api().get(`/users/${u.id}/changes`).query({ types: 'push_subscription' }).set(u.auth);
    expect(feed.status).toBe(200);
    expect(feed.body.changes).toEqual([expect.objectContaining({ type: 'push_subscription', id: sub.id, op: 'upsert', data: sub })]);
    expect(JSON.stringify(feed.body)).not.toContain(browser.toJSON().keys.auth);
  });
});

const FIELDS = 'id label endpointOrigin createdAt updatedAt lastSuccessAt lastFailureAt lastError version';
/** A GraphQL subscription in REST's shape. */
const asRest = (s: Json) => ({
  id: s.id,
  label: s.label,
  endpoint_origin: s.endpointOrigin,
  created_at: s.createdAt,
  updated_at: s.updatedAt,
  last_success_at: s.lastSuccessAt,
  last_failure_at: s.lastFailureAt,
  last_error: s.lastError,
});

describe('GraphQL and MCP', () => {
  test('GraphQL registers, lists, tests and deletes as REST does, with the same validation', async () => {
    const u = await signUp(server);
    const browser = receiver.subscribe();
    const register = `mutation($input: PushSubscriptionInput!) { registerPushSubscription(input: $input) { ${FIELDS} } }`;
    const made = (await gqlData(server, u, register, { input: { ...browser.toJSON(), label: 'Phone' } })).registerPushSubscription;
    expect(made).toMatchObject({ label: 'Phone', endpointOrigin: receiver.origin, lastError: null });
    expect(made.version).toEqual(expect.any(Number));
    const again = (await gqlData(server, u, register, { input: browser.toJSON() })).registerPushSubscription;
    expect(again.id).toBe(made.id);

    const listed = (await gqlData(server, u, `{ me { pushSubscriptions { ${FIELDS} } } }`)).me.pushSubscriptions;
    expect(listed.map(asRest)).toEqual(await list(u));

    const bad = await gqlError(server, u, register, {
      input: { ...browser.toJSON(), keys: { p256dh: 'AAAA', auth: randomBytes(16).toString('base64url') } },
    });
    expect(bad.code).toBe('BAD_USER_INPUT');
    expect(bad.locs).toEqual(['input.keys.p256dh']);

    const outcome = (
      await gqlData(server, u, `mutation($id: UUID!) { testPushSubscription(id: $id) { subscriptionId ok status error } }`, { id: made.id })
    ).testPushSubscription;
    expect(outcome).toEqual({ subscriptionId: made.id, ok: true, status: 201, error: null });
    const [push] = await receiver.waitFor(1, browser.path);
    expect(push.problems).toEqual([]);

    const foreign = await gql(server, other, `mutation($id: UUID!) { deletePushSubscription(id: $id) }`, { id: made.id });
    expect(foreign.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(
      (await gqlData(server, u, `mutation($id: UUID!) { deletePushSubscription(id: $id) }`, { id: made.id })).deletePushSubscription,
    ).toBe(true);
    expect(await list(u)).toEqual([]);
  });

  test('MCP list_push_subscriptions gives the REST list, with a read-only token', async () => {
    const u = await signUp(server);
    await subscribed(u, 'Phone');
    await subscribed(u, 'Laptop');
    const token = (await server.api().post('/auth/tokens').set(u.auth).send({ name: 'mcp', scope: 'read' })).body.token as string;
    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    try {
      const res = (await client.callTool({ name: 'list_push_subscriptions', arguments: {} })) as CallToolResult;
      expect(res.isError).toBeFalsy();
      const [first] = res.content as { type: string; text: string }[];
      expect(JSON.parse(first.text)).toEqual(await list(u));
    } finally {
      await client.close();
    }
  });
});
