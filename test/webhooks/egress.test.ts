import { randomUUID } from 'node:crypto';
import { waitFor } from '../captures/wait.ts';
import { expect422 } from '../helpers/expect.ts';
import { testConfig } from '../helpers/config.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

/**
 * WEBHOOK_NETWORKS=public (the default): a webhook URL is user input the server posts to, so it
 * must be https and may not reach loopback, private, link-local or reserved addresses, neither
 * when it is saved (422) nor on any connection a delivery makes (the address a name resolves to
 * then, which may have changed since).
 */
let server: IsolatedServer;
let u: TestUser;
let receiver: Receiver;
withIsolatedServer(
  (f) => ({ server, owner: u } = f),
  {},
  () => ({ webhooks: { ...testConfig().webhooks, networks: 'public' } }),
);
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.stop());

test.each([
  ['plain http, even to a public address', 'http://93.184.215.14/hook'],
  ['loopback', 'https://127.0.0.1/hook'],
  ['loopback by name', 'https://localhost/hook'],
  ['a private address', 'https://10.1.2.3/hook'],
  ['link-local (cloud metadata)', 'https://169.254.169.254/latest'],
  ['IPv6 loopback', 'https://[::1]/hook'],
  ['an IPv4-mapped private address', 'https://[::ffff:192.168.1.1]/hook'],
])('%s is refused when saved: 422 at url', async (_what, url) => {
  expect422(await server.api().post(`/users/${u.id}/webhooks`).set(u.auth).send({ url }), ['body', 'url']);
});

test('a PATCH to such a URL is refused too, and the webhook keeps its URL', async () => {
  const created = await server
    .api()
    .post(`/users/${u.id}/webhooks`)
    .set(u.auth)
    .send({ url: 'https://93.184.215.14/hook', enabled: false });
  expect(created.status).toBe(201);
  expect422(await server.api().patch(`/users/${u.id}/webhooks/${created.body.id}`).set(u.auth).send({ url: 'https://192.168.0.10/' }), [
    'body',
    'url',
  ]);
  expect((await server.api().get(`/users/${u.id}/webhooks/${created.body.id}`).set(u.auth)).body.url).toBe('https://93.184.215.14/hook');
});

/** A webhook as saved before the rules now in force (another WEBHOOK_NETWORKS, a name resolving elsewhere): written straight to the table. */
async function savedEarlier(url: string): Promise<string> {
  const id = randomUUID();
  await server.sql(
    `insert into webhooks (id, user_id, url, format, enabled, secret, created_at, updated_at)
     values ($1, $2, $3, 'standard', true, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', now(), now())`,
    [id, u.id, url],
  );
  return id;
}

test('a delivery whose address is not public when it connects fails at once, says why, and reaches nothing', async () => {
  // As a name that resolved to a public address when saved and to this one now would: written straight to the table
  // (https, so that it is the address that is refused, at the connection, not the scheme before it).
  const id = await savedEarlier(receiver.url('/private').replace(/^http:/, 'https:'));
  expect((await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'stays home' })).status).toBe(201);
  const delivery = await waitFor(async () => {
    const [d] = (await server.api().get(`/users/${u.id}/webhooks/${id}/deliveries`).set(u.auth)).body.items;
    return d?.status === 'failed' ? d : undefined;
  }, 'the delivery to be refused');
  expect(delivery).toMatchObject({ attempts: 1, last_response_code: null });
  expect(delivery.last_error).toBe("The webhook's address 127.0.0.1 is not on the public internet (WEBHOOK_NETWORKS=any allows it)");
  expect(receiver.received).toHaveLength(0);
});

test('a plain http webhook saved while WEBHOOK_NETWORKS=any is not posted to once it is public: its deliveries fail at once, saying why', async () => {
  // A public address: before the scheme was checked when sending, this was posted to over plain http (and retried).
  const id = await savedEarlier('http://93.184.215.14/hook');
  expect((await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'not in clear text' })).status).toBe(201);
  const ping = await server.api().post(`/users/${u.id}/webhooks/${id}/test`).set(u.auth);
  expect(ping.status).toBe(202);
  const deliveries = await waitFor(async () => {
    const items = (await server.api().get(`/users/${u.id}/webhooks/${id}/deliveries`).set(u.auth)).body.items as Record<string, unknown>[];
    return items.length === 2 && items.every((d) => d.status === 'failed') ? items : undefined;
  }, 'both deliveries to be refused');
  for (const delivery of deliveries) {
    expect(delivery).toMatchObject({ attempts: 1, last_response_code: null, next_attempt_at: null });
    expect(delivery.last_error).toBe(
      "Not sent: the webhook's URL is not https, and plain http is allowed only where WEBHOOK_NETWORKS=any; change it to an https URL",
    );
  }
  expect(new Set(deliveries.map((d) => d.event_type))).toEqual(new Set(['event.created', 'ping']));
  // Changing it to https (a public address) is what the reason asks for, and is accepted.
  const fixed = await server
    .api()
    .patch(`/users/${u.id}/webhooks/${id}`)
    .set(u.auth)
    .send({ url: 'https://93.184.215.14/hook', enabled: false });
  expect(fixed.status).toBe(200);
});
