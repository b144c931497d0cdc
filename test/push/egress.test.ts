import { randomUUID } from 'node:crypto';
import { expect422 } from '../helpers/expect.ts';
import { testConfig } from '../helpers/config.ts';
import { startPushReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * WEB_PUSH_NETWORKS=public (the default): an endpoint comes from a client and the server posts to
 * it, so it must be https and may not reach loopback, private, link-local or reserved addresses,
 * neither when it is registered (422 at endpoint) nor on any push (the rule as configured now).
 */
let server: IsolatedServer;
let u: TestUser;
let receiver: PushReceiver;
withIsolatedServer(
  (f) => ({ server, owner: u } = f),
  {},
  () => ({ webPush: { ...testConfig().webPush, networks: 'public' } }),
);
beforeAll(async () => {
  receiver = await startPushReceiver();
});
afterAll(() => receiver.stop());

test.each([
  ['plain http, even to a public address', 'http://93.184.215.14/push/x'],
  ['plain http to this machine', null],
  ['loopback', 'https://127.0.0.1/push/x'],
  ['loopback by name', 'https://localhost/push/x'],
  ['a private address', 'https://10.1.2.3/push/x'],
  ['link-local (cloud metadata)', 'https://169.254.169.254/latest'],
  ['IPv6 loopback', 'https://[::1]/push/x'],
])('%s is refused when registered: 422 at endpoint', async (_what, endpoint) => {
  const browser = receiver.subscribe().toJSON();
  const res = await server
    .api()
    .post(`/users/${u.id}/web-push/subscriptions`)
    .set(u.auth)
    .send({ ...browser, endpoint: endpoint ?? browser.endpoint });
  expect422(res, ['body', 'endpoint']);
});

/** A subscription saved under other rules (WEB_PUSH_NETWORKS=any then): written straight to the table. */
async function savedEarlier(endpoint: string): Promise<string> {
  const id = randomUUID();
  const { keys } = receiver.subscribe().toJSON();
  await server.sql(
    `insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at, updated_at) values ($1, $2, $3, $4, $5, now(), now())`,
    [id, u.id, endpoint, keys.p256dh, keys.auth],
  );
  return id;
}

test('a plain http endpoint saved while WEB_PUSH_NETWORKS=any is not pushed to once it is public: the outcome says why', async () => {
  const id = await savedEarlier(`${receiver.origin}/wpush/old`);
  const res = await server.api().post(`/users/${u.id}/web-push/subscriptions/${id}/test`).set(u.auth);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    subscription_id: id,
    ok: false,
    status: null,
    error: 'Not sent: the endpoint is not https, and plain http is allowed only where WEB_PUSH_NETWORKS=any',
  });
  expect(receiver.received).toHaveLength(0);
});

test('an https endpoint on a non-public address is refused at the connection, and reaches nothing', async () => {
  const id = await savedEarlier(`${receiver.origin.replace(/^http:/, 'https:')}/wpush/private`);
  const res = await server.api().post(`/users/${u.id}/web-push/subscriptions/${id}/test`).set(u.auth);
  expect(res.body).toMatchObject({
    ok: false,
    status: null,
    error: "The push service's address 127.0.0.1 is not on the public internet (WEB_PUSH_NETWORKS=any allows it)",
  });
  const [sub] = (await server.api().get(`/users/${u.id}/web-push/subscriptions`).set(u.auth)).body.filter(
    (s: { id: string }) => s.id === id,
  );
  expect(sub.last_error).toBe(res.body.error);
  expect(receiver.received).toHaveLength(0);
});
