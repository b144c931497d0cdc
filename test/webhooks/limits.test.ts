import { createServer, type AddressInfo } from 'node:net';
import { waitFor } from '../captures/wait.ts';
import { testConfig } from '../helpers/config.ts';
import { expectError } from '../helpers/expect.ts';
import { gqlError } from '../helpers/graphql.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

/**
 * What one account can make the server send and queue: webhooks per account (409 past
 * WEBHOOK_MAX_PER_USER), deliveries waiting to be sent per account and per account and host (test
 * and redeliver 429 with Retry-After past them; an event's fan-out past them recorded as failed,
 * untried, with the reason), and one pending delivery of an event per webhook (a redelivery
 * repeated is a 409). Small limits here, so a few deliveries reach them: deliveries to a port
 * nothing listens on stay pending (connection refused is retried).
 */
const LIMITS = { maxPerUser: 3, maxPendingPerUser: 3, maxPendingPerHost: 2 };

let server: IsolatedServer;
let u: TestUser;
let other: TestUser;
let receiver: Receiver;
withIsolatedServer(
  (f) => ({ server, owner: u, other } = f),
  {},
  () => ({ webhooks: { ...testConfig().webhooks, limits: LIMITS } }),
);
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.stop());

/** A port nothing listens on (it was just freed). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

type Delivery = { id: string; event_type: string; status: string; attempts: number; last_error: string | null };

async function createHook(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const res = await server.api().post(`/users/${user.id}/webhooks`).set(user.auth).send(body);
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const deliveries = async (user: TestUser, hook: string): Promise<Delivery[]> =>
  (await server.api().get(`/users/${user.id}/webhooks/${hook}/deliveries`).set(user.auth)).body.items;

async function removeHooks(user: TestUser): Promise<void> {
  for (const hook of (await server.api().get(`/users/${user.id}/webhooks`).set(user.auth)).body as { id: string }[]) {
    expect((await server.api().delete(`/users/${user.id}/webhooks/${hook.id}`).set(user.auth)).status).toBe(204);
  }
}
afterEach(async () => {
  await removeHooks(u);
  await removeHooks(other);
});

/** A 429 with a Retry-After of whole seconds, at least 1. */
function expectThrottled(res: Awaited<ReturnType<ReturnType<IsolatedServer['api']>['post']>>): void {
  expectError(res, 429);
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
}

test('an account has at most WEBHOOK_MAX_PER_USER webhooks: one more is a 409 (CONFLICT in GraphQL), and deleting one makes room', async () => {
  const ids: string[] = [];
  for (let i = 0; i < LIMITS.maxPerUser; i++) ids.push(await createHook(u, { url: receiver.url(`/cap-${i}`), enabled: false }));
  const refused = await server
    .api()
    .post(`/users/${u.id}/webhooks`)
    .set(u.auth)
    .send({ url: receiver.url('/cap-more') });
  expectError(refused, 409);
  expect(refused.body.detail).toBe('An account has at most 3 webhooks (WEBHOOK_MAX_PER_USER); delete one to add another');
  const gql = await gqlError(server, u, `mutation { createWebhook(input: { url: "${receiver.url('/cap-gql')}" }) { secret } }`);
  expect(gql.code).toBe('CONFLICT');
  expect((await server.api().get(`/users/${u.id}/webhooks`).set(u.auth)).body).toHaveLength(LIMITS.maxPerUser);
  // Counted per account: another account is not affected.
  await createHook(other, { url: receiver.url('/cap-other'), enabled: false });
  expect((await server.api().delete(`/users/${u.id}/webhooks/${ids[0]}`).set(u.auth)).status).toBe(204);
  await createHook(u, { url: receiver.url('/cap-again'), enabled: false });
});

test('the limits and their statuses are in /openapi.json', async () => {
  const doc = (await server.api().get('/openapi.json')).body;
  const op = (path: string, method: string) => doc.paths[`/users/{user_id}/webhooks${path}`][method];
  expect(op('', 'post')['x-access']).toBe('account');
  expect(Object.keys(op('', 'post').responses)).toEqual(expect.arrayContaining(['201', '403', '409']));
  expect(op('', 'post').summary).toMatch(/409 past WEBHOOK_MAX_PER_USER/);
  expect(Object.keys(op('/{webhook_id}/test', 'post').responses)).toEqual(expect.arrayContaining(['202', '429']));
  expect(op('/{webhook_id}/test', 'post').summary).toMatch(/WEBHOOK_MAX_PENDING_PER_USER/);
  const redeliver = op('/{webhook_id}/deliveries/{delivery_id}/redeliver', 'post');
  expect(Object.keys(redeliver.responses)).toEqual(expect.arrayContaining(['202', '409', '429']));
});

test('test past the pending limits is a 429 with Retry-After: per host (WEBHOOK_MAX_PENDING_PER_HOST), then per account', async () => {
  const port = await closedPort();
  const [first, second, elsewhere] = [
    await createHook(u, { url: `http://127.0.0.1:${port}/one` }),
    await createHook(u, { url: `http://127.0.0.1:${port}/two` }),
    await createHook(u, { url: `http://localhost:${port}/three` }),
  ];
  const ping = (hook: string) => server.api().post(`/users/${u.id}/webhooks/${hook}/test`).set(u.auth);
  expect((await ping(first)).status).toBe(202);
  expect((await ping(second)).status).toBe(202);
  // Two waiting for 127.0.0.1 (another webhook, the same host): a third for it is refused.
  const byHost = await ping(first);
  expectThrottled(byHost);
  expect(byHost.body.detail).toMatch(/^2 deliveries of this account to this webhook's host are waiting to be sent \(at most 2/);
  // localhost is another host: room there, until the account's three are waiting.
  expect((await ping(elsewhere)).status).toBe(202);
  const byUser = await ping(elsewhere);
  expectThrottled(byUser);
  expect(byUser.body.detail).toMatch(/^3 deliveries of this account are waiting to be sent \(at most 3/);
  const gql = await gqlError(server, u, `mutation { testWebhook(id: "${elsewhere}") { id } }`);
  expect(gql.code).toBe('RATE_LIMITED');
  // Nothing was added by the refusals; and another account has its own room.
  const all = [...(await deliveries(u, first)), ...(await deliveries(u, second)), ...(await deliveries(u, elsewhere))];
  expect(all.map((d) => d.status)).toEqual(['pending', 'pending', 'pending']);
  const theirs = await createHook(other, { url: `http://127.0.0.1:${port}/theirs` });
  expect((await server.api().post(`/users/${other.id}/webhooks/${theirs}/test`).set(other.auth)).status).toBe(202);

  // A ping to a disabled webhook is still sent, so it still counts: disabling the webhook frees no room.
  expect((await server.api().patch(`/users/${u.id}/webhooks/${elsewhere}`).set(u.auth).send({ enabled: false })).status).toBe(200);
  expectThrottled(await ping(elsewhere));
  // Deleting it does.
  expect((await server.api().delete(`/users/${u.id}/webhooks/${second}`).set(u.auth)).status).toBe(204);
  expect((await ping(first)).status).toBe(202);
});

test('an event past the pending limits is not queued: its delivery is failed at once, untried, saying why; redeliver once there is room', async () => {
  const port = await closedPort();
  // Two receivers that are down, on two hosts: 127.0.0.1 and localhost.
  const down = await createHook(u, { url: `http://127.0.0.1:${port}/down`, events: ['event.created'] });
  const alsoDown = await createHook(u, { url: `http://localhost:${port}/also-down`, events: ['event.created'] });
  const all = async () => [...(await deliveries(u, down)), ...(await deliveries(u, alsoDown))];
  for (const [i, notes] of ['one', 'two', 'three'].entries()) {
    expect((await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes })).status).toBe(201);
    await waitFor(async () => ((await all()).length === 2 * (i + 1) ? true : undefined), `the deliveries of event ${notes}`);
  }
  // The first event: both queued. The second: the account's third queued, its fourth dropped. The third: the host already
  // holding two drops one; the other would be the account's fourth.
  const items = await all();
  expect(items.filter((d) => d.status === 'pending')).toHaveLength(3);
  const dropped = items.filter((d) => d.status === 'failed');
  expect(dropped.map((d) => d.attempts)).toEqual([0, 0, 0]);
  const reasons = dropped.map((d) => d.last_error).sort();
  expect(reasons).toEqual([
    'Not sent: 2 deliveries of this account to this host were already waiting (WEBHOOK_MAX_PENDING_PER_HOST); redeliver it once they have gone out',
    'Not sent: 3 deliveries of this account were already waiting (WEBHOOK_MAX_PENDING_PER_USER); redeliver it once they have gone out',
    'Not sent: 3 deliveries of this account were already waiting (WEBHOOK_MAX_PENDING_PER_USER); redeliver it once they have gone out',
  ]);
  // Each webhook lost one at least: the first's cannot be redelivered while the backlog is there.
  const droppedOfDown = (await deliveries(u, down)).find((d) => d.status === 'failed')!;
  const redeliver = () => server.api().post(`/users/${u.id}/webhooks/${down}/deliveries/${droppedOfDown.id}/redeliver`).set(u.auth);
  expectThrottled(await redeliver());
  // The receiver back (the webhook pointed at one that answers): its backlog goes out, and then the dropped one may follow.
  expect(
    (
      await server
        .api()
        .patch(`/users/${u.id}/webhooks/${down}`)
        .set(u.auth)
        .send({ url: receiver.url('/back') })
    ).status,
  ).toBe(200);
  await waitFor(async () => ((await deliveries(u, down)).every((d) => d.status !== 'pending') ? true : undefined), 'the backlog to go out');
  const again = await redeliver();
  expect(again.status).toBe(202);
  await waitFor(
    async () => ((await deliveries(u, down)).find((d) => d.id === again.body.id)?.status === 'succeeded' ? true : undefined),
    'the redelivery',
  );
});

test('redeliver repeated on one finished delivery: one pending redelivery at a time (409), as many as wanted one after another', async () => {
  const hook = await createHook(u, { url: receiver.url('/again'), events: ['event.created'] });
  expect((await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'once' })).status).toBe(201);
  const [first] = await waitFor(async () => {
    const items = await deliveries(u, hook);
    return items[0]?.status === 'succeeded' ? items : undefined;
  }, 'the first delivery');
  // The receiver holds the redelivery until released.
  receiver.answer('/again', { status: 200, delayMs: 1500 });
  const redeliver = () => server.api().post(`/users/${u.id}/webhooks/${hook}/deliveries/${first.id}/redeliver`).set(u.auth);
  expect((await redeliver()).status).toBe(202);
  const repeated = await redeliver();
  expectError(repeated, 409);
  expect(repeated.body.detail).toMatch(/already on its way to this webhook/);
  const gql = await gqlError(server, u, `mutation { redeliverWebhookDelivery(webhookId: "${hook}", deliveryId: "${first.id}") { id } }`);
  expect(gql.code).toBe('CONFLICT');
  // Once it has ended, again.
  await waitFor(async () => ((await deliveries(u, hook)).every((d) => d.status !== 'pending') ? true : undefined), 'the redelivery');
  expect((await redeliver()).status).toBe(202);
  await receiver.waitFor(3, '/again');
  expect((await deliveries(u, hook)).filter((d) => d.status !== 'failed')).toHaveLength(3);
});
