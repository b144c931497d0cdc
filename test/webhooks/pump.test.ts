import pg from 'pg';
import { waitFor } from '../captures/wait.ts';
import { testConfig } from '../helpers/config.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

/**
 * How the workers take due deliveries and post them. Fair across accounts: an account's backlog
 * to a receiver that hangs (each try held to the 2 s timeout) holds WEBHOOK_MAX_IN_FLIGHT_PER_USER
 * posts, and a host WEBHOOK_MAX_IN_FLIGHT_PER_HOST, never the worker's every slot, so another
 * account's delivery goes out meanwhile. And a claimed delivery is checked again just before its
 * post: one whose webhook was deleted or disabled since is not sent.
 */
const onPostgres = process.env.DATABASE_URL ? test : test.skip;
const LIMITS = { maxInFlightPerUser: 2, maxInFlightPerHost: 3 };

let server: IsolatedServer;
let receiver: Receiver;
withIsolatedServer(
  (f) => ({ server } = f),
  {},
  () => ({ webhooks: { ...testConfig().webhooks, limits: LIMITS } }),
);
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.stop());

type Delivery = { id: string; status: string; attempts: number; event_id: string };

async function hook(user: TestUser, url: string): Promise<string> {
  const res = await server
    .api()
    .post(`/users/${user.id}/webhooks`)
    .set(user.auth)
    .send({ url, events: ['event.created'] });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function events(user: TestUser, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await server
      .api()
      .post(`/users/${user.id}/events`)
      .set(user.auth)
      .send({ notes: `#${i}` });
    expect(res.status).toBe(201);
  }
}

const deliveries = async (user: TestUser, webhook: string): Promise<Delivery[]> =>
  (await server.api().get(`/users/${user.id}/webhooks/${webhook}/deliveries`).set(user.auth)).body.items;

/** Ends a test's slow webhooks (their deliveries with them), so the next test starts with every slot free. */
const remove = async (user: TestUser, webhook: string) =>
  expect((await server.api().delete(`/users/${user.id}/webhooks/${webhook}`).set(user.auth)).status).toBe(204);

const hanging = (path: string, n: number) => receiver.answer(path, ...Array.from({ length: n }, () => ({ status: 200, hang: true })));

/** How many posts to paths starting with `prefix` arrived from `since` (ms) until the first post to `path`. */
function postsBefore(path: string, prefix: string, since: number): number {
  const end = receiver.received.findIndex((r) => r.path === path);
  expect(end).toBeGreaterThanOrEqual(0);
  return receiver.received.slice(0, end).filter((r) => r.path.startsWith(prefix) && r.at >= since).length;
}

const allPending = async (list: [TestUser, string][]) => {
  const items = (await Promise.all(list.map(([user, webhook]) => deliveries(user, webhook)))).flat();
  return items.every((d) => d.status === 'pending') ? items.length : -1;
};

test("one account's backlog to a receiver that hangs does not hold another account's delivery: it goes out while the backlog waits", async () => {
  const [a, b] = [await signUp(server), await signUp(server)];
  hanging('/a-slow', 200);
  const slow = await hook(a, receiver.url('/a-slow'));
  const fast = await hook(b, receiver.url('/b-fast'));
  await events(a, 20);
  const since = Date.now();
  await events(b, 1);
  await waitFor(async () => ((await deliveries(b, fast))[0]?.status === 'succeeded' ? true : undefined), "B's delivery");
  // B's succeeded while every one of A's twenty was still pending.
  expect(await allPending([[a, slow]])).toBe(20);
  // A held its two slots, so B's went out next: not after A's untried ones. (Two more of A's at most, should A's
  // tries time out first on a slow machine.)
  expect(postsBefore('/b-fast', '/a-slow', since)).toBeLessThanOrEqual(LIMITS.maxInFlightPerUser);
  await remove(a, slow);
}, 60_000);

test('a host holds at most WEBHOOK_MAX_IN_FLIGHT_PER_HOST posts, every account counted: one to another host goes out meanwhile', async () => {
  const [a, c, d] = [await signUp(server), await signUp(server), await signUp(server)];
  hanging('/host-a', 200);
  hanging('/host-c', 200);
  const slowA = await hook(a, receiver.url('/host-a'));
  const slowC = await hook(c, receiver.url('/host-c'));
  // The same receiver by another name: another host.
  const other = await hook(d, receiver.url('/other-host').replace('127.0.0.1', 'localhost'));
  await events(a, 10);
  await events(c, 10);
  await waitFor(async () => (receiver.received.filter((r) => r.path.startsWith('/host-')).length >= 3 ? true : undefined), 'three posts');
  const since = Date.now();
  await events(d, 1);
  await waitFor(async () => ((await deliveries(d, other))[0]?.status === 'succeeded' ? true : undefined), "D's delivery");
  expect(
    await allPending([
      [a, slowA],
      [c, slowC],
    ]),
  ).toBe(20);
  // 127.0.0.1 held three (two of one account, one of the other), not the worker's eight; D's host had room.
  expect(postsBefore('/other-host', '/host-', since)).toBeLessThanOrEqual(LIMITS.maxInFlightPerHost);
  await remove(a, slowA);
  await remove(c, slowC);
}, 60_000);

/**
 * Holds the worker between its claim of a delivery and the post: rendering the event's payload
 * reads the events table, which a transaction of the test's locks (PostgreSQL: on the embedded
 * database every connection waits for any open transaction, the test's requests too).
 */
async function heldBetweenClaimAndPost(user: TestUser, path: string, change: (webhook: string) => Promise<void>) {
  const webhook = await hook(user, receiver.url(path));
  receiver.answer(path, { status: 410 });
  await events(user, 1);
  const [first] = await waitFor(async () => {
    const items = await deliveries(user, webhook);
    return items[0]?.status === 'failed' ? items : undefined;
  }, 'the first delivery');
  await server.sql(`update outbox_events set payload = null where id = $1`, [first.event_id]);
  const lock = new pg.Client({ connectionString: server.databaseUrl });
  await lock.connect();
  try {
    await lock.query('begin');
    await lock.query('lock table events in access exclusive mode');
    const again = await server.api().post(`/users/${user.id}/webhooks/${webhook}/deliveries/${first.id}/redeliver`).set(user.auth);
    expect(again.status).toBe(202);
    await waitFor(
      async () => ((await deliveries(user, webhook)).find((d) => d.id === again.body.id)?.attempts === 1 ? true : undefined),
      'the claim',
    );
    await change(webhook);
    await lock.query('commit');
    // The worker's next round comes after the held one: another account's event going out means the held post was decided.
    const witness = await signUp(server);
    await hook(witness, receiver.url(`${path}-witness`));
    await events(witness, 1);
    await receiver.waitFor(1, `${path}-witness`);
    await new Promise((r) => setTimeout(r, 500));
    return { webhook, redelivery: again.body.id as string };
  } finally {
    await lock.end();
  }
}

onPostgres(
  'a delivery claimed before its webhook was deleted is not posted',
  async () => {
    const u = await signUp(server);
    await heldBetweenClaimAndPost(u, '/deleted', async (webhook) => remove(u, webhook));
    expect(receiver.received.filter((r) => r.path === '/deleted')).toHaveLength(1);
  },
  60_000,
);

onPostgres(
  'a delivery claimed before its webhook was disabled is not posted: it waits, untried, for the webhook to be enabled',
  async () => {
    const u = await signUp(server);
    const { webhook, redelivery } = await heldBetweenClaimAndPost(u, '/disabled', async (id) => {
      expect((await server.api().patch(`/users/${u.id}/webhooks/${id}`).set(u.auth).send({ enabled: false })).status).toBe(200);
    });
    // Its claim given back: pending, the try not counted.
    await waitFor(async () => {
      const d = (await deliveries(u, webhook)).find((x) => x.id === redelivery);
      return d?.status === 'pending' && d.attempts === 0 ? true : undefined;
    }, 'the claim to be given back');
    expect(receiver.received.filter((r) => r.path === '/disabled')).toHaveLength(1);
    expect((await server.api().patch(`/users/${u.id}/webhooks/${webhook}`).set(u.auth).send({ enabled: true })).status).toBe(200);
    await receiver.waitFor(2, '/disabled');
  },
  60_000,
);
