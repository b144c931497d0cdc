import { Webhook as Verifier } from 'standardwebhooks';
import { waitFor } from '../captures/wait.ts';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

/** Webhooks through GraphQL: the same services, answers and rules as REST. */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
let receiver: Receiver;
withServer((f) => ({ server, owner, other } = f));
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.stop());

const rest = (path: string, user = owner) =>
  server
    .api()
    .get(`/users/${user.id}${path}`)
    .set(user.auth)
    .then((r) => r.body);

const WEBHOOK = 'id url events format enabled description disabledReason failingSince previousSecretExpiresAt createdAt updatedAt';
const DELIVERY =
  'id webhookId eventId eventType status attempts nextAttemptAt lastResponseCode lastError lastDurationMs createdAt completedAt';

test('createWebhook shows the secret once; webhooks and webhook read as REST does; deliveries are listed with their tries', async () => {
  const { createWebhook } = await gqlData(
    server,
    owner,
    `mutation($input: WebhookCreateInput!) { createWebhook(input: $input) { secret webhook { ${WEBHOOK} } } }`,
    { input: { url: receiver.url('/gql'), events: ['event_created', 'goal_met'], description: 'dashboard' } },
  );
  expect(createWebhook.secret).toMatch(/^whsec_/);
  const id = createWebhook.webhook.id as string;
  const restRead = await rest(`/webhooks/${id}`);
  expect(createWebhook.webhook).toEqual({
    id,
    url: restRead.url,
    events: ['event_created', 'goal_met'],
    format: 'standard',
    enabled: true,
    description: 'dashboard',
    disabledReason: null,
    failingSince: null,
    previousSecretExpiresAt: null,
    createdAt: restRead.created_at,
    updatedAt: restRead.updated_at,
  });
  expect(restRead.events).toEqual(['event.created', 'goal.met']);

  const { testWebhook } = await gqlData(server, owner, `mutation($id: UUID!) { testWebhook(id: $id) { ${DELIVERY} } }`, { id });
  expect(testWebhook).toMatchObject({ eventType: 'ping', status: 'pending', webhookId: id });
  const [got] = await receiver.waitFor(1, '/gql');
  expect(new Verifier(createWebhook.secret).verify(got.body, got.headers)).toMatchObject({ type: 'ping' });

  const page = await waitFor(async () => {
    const { me } = await gqlData(
      server,
      owner,
      `query($id: UUID!) { me { webhookDeliveries(webhookId: $id) { total items { ${DELIVERY} attemptLog { at durationMs responseCode error } } } } }`,
      { id },
    );
    return me.webhookDeliveries.items[0]?.status === 'succeeded' ? me.webhookDeliveries : undefined;
  }, 'the ping to succeed');
  const restPage = await rest(`/webhooks/${id}/deliveries`);
  expect(page.total).toBe(restPage.total);
  expect(page.items[0]).toMatchObject({
    id: restPage.items[0].id,
    eventId: restPage.items[0].event_id,
    attempts: 1,
    lastResponseCode: 204,
    completedAt: restPage.items[0].completed_at,
  });
  expect(page.items[0].attemptLog).toEqual(
    restPage.items[0].attempt_log.map((a: Record<string, unknown>) => ({
      at: a.at,
      durationMs: a.duration_ms,
      responseCode: a.response_code,
      error: a.error,
    })),
  );

  const { me } = await gqlData(server, owner, `{ me { webhooks { id } } }`);
  expect(me.webhooks.map((w: { id: string }) => w.id)).toEqual((await rest('/webhooks')).map((w: { id: string }) => w.id));
});

test('updateWebhook, rotateWebhookSecret, redeliverWebhookDelivery and deleteWebhook act as their REST twins', async () => {
  const { createWebhook } = await gqlData(
    server,
    owner,
    `mutation { createWebhook(input: { url: "${receiver.url('/gql-2')}" }) { secret webhook { id events } } }`,
  );
  const id = createWebhook.webhook.id as string;
  expect(createWebhook.webhook.events).toBeNull();
  const { updateWebhook } = await gqlData(
    server,
    owner,
    `mutation($id: UUID!) { updateWebhook(id: $id, input: { events: [narrative_created], format: ntfy }) { events format description } }`,
    { id },
  );
  expect(updateWebhook).toEqual({ events: ['narrative_created'], format: 'ntfy', description: null });
  expect((await rest(`/webhooks/${id}`)).events).toEqual(['narrative.created']);

  const { rotateWebhookSecret } = await gqlData(
    server,
    owner,
    `mutation($id: UUID!) { rotateWebhookSecret(id: $id) { secret webhook { previousSecretExpiresAt } } }`,
    { id },
  );
  expect(rotateWebhookSecret.secret).not.toBe(createWebhook.secret);
  expect(rotateWebhookSecret.webhook.previousSecretExpiresAt).not.toBeNull();

  const ping = await gqlData(server, owner, `mutation($id: UUID!) { testWebhook(id: $id) { id } }`, { id });
  await waitFor(
    async () => ((await rest(`/webhooks/${id}/deliveries`)).items[0].status === 'succeeded' ? true : undefined),
    'the ping to succeed',
  );
  const { redeliverWebhookDelivery } = await gqlData(
    server,
    owner,
    `mutation($w: UUID!, $d: UUID!) { redeliverWebhookDelivery(webhookId: $w, deliveryId: $d) { id eventType status } }`,
    { w: id, d: ping.testWebhook.id },
  );
  expect(redeliverWebhookDelivery).toMatchObject({ eventType: 'ping', status: 'pending' });

  expect((await gqlData(server, owner, `mutation($id: UUID!) { deleteWebhook(id: $id) }`, { id })).deleteWebhook).toBe(true);
  expect((await gqlError(server, owner, `{ me { webhook(id: "${id}") { id } } }`)).code).toBe('NOT_FOUND');
});

test('bad input is BAD_USER_INPUT at the argument; a read-only token is FORBIDDEN for every mutation; another user sees nothing', async () => {
  const bad = await gqlError(server, owner, `mutation { createWebhook(input: { url: "not a url" }) { secret } }`);
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.locs).toEqual(['input.url']);
  const empty = await gqlError(server, owner, `mutation { createWebhook(input: { url: "https://example.com/h", events: [] }) { secret } }`);
  expect(empty.locs).toEqual(['input.events']);

  const { createWebhook } = await gqlData(
    server,
    owner,
    `mutation { createWebhook(input: { url: "https://hooks.example.com/x", enabled: false }) { webhook { id } } }`,
  );
  const id = createWebhook.webhook.id as string;
  const ro = await readOnly(server, owner);
  for (const mutation of [
    `mutation { createWebhook(input: { url: "https://example.com/h" }) { secret } }`,
    `mutation { updateWebhook(id: "${id}", input: { enabled: true }) { id } }`,
    `mutation { deleteWebhook(id: "${id}") }`,
    `mutation { rotateWebhookSecret(id: "${id}") { secret } }`,
    `mutation { testWebhook(id: "${id}") { id } }`,
  ]) {
    expect((await gqlError(server, ro, mutation)).code).toBe('FORBIDDEN');
  }
  expect((await gqlData(server, ro, `{ me { webhooks { id } } }`)).me.webhooks.map((w: { id: string }) => w.id)).toContain(id);

  expect((await gqlError(server, other, `{ me { webhook(id: "${id}") { id } } }`)).code).toBe('NOT_FOUND');
  expect((await gqlError(server, other, `{ me { webhookDeliveries(webhookId: "${id}") { total } } }`)).code).toBe('NOT_FOUND');
  expect((await gqlError(server, other, `mutation { testWebhook(id: "${id}") { id } }`)).code).toBe('NOT_FOUND');
  expect((await gqlError(server, other, `mutation { deleteWebhook(id: "${id}") }`)).code).toBe('NOT_FOUND');
  expect((await gqlData(server, other, `{ me { webhooks { id } } }`)).me.webhooks).toEqual([]);
});
