import { Webhook as Verifier } from 'standardwebhooks';
import { waitFor } from '../captures/wait.ts';
import { withServer, type SharedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

/**
 * The events that come from evaluating a day (episode.detected), from a failing calendar feed and
 * from a narrative, each delivered once with its payload as the REST API reads it.
 */
let server: SharedServer;
let u: TestUser;
let receiver: Receiver;
withServer((f) => ({ server, owner: u } = f));
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.stop());

async function hook(path: string, events: string[]): Promise<string> {
  const res = await server
    .api()
    .post(`/users/${u.id}/webhooks`)
    .set(u.auth)
    .send({ url: receiver.url(path), events });
  expect(res.status).toBe(201);
  return res.body.secret as string;
}

const typed = (path: string, secret: string, type: string) =>
  receiver.received
    .filter((r) => r.path === path)
    .map((r) => new Verifier(secret).verify(r.body, r.headers) as { type: string; data: Record<string, any> })
    .filter((b) => b.type === type);

const DAY = 86_400_000;

test('a new episode card for today is episode.detected with the card, once per key and day', async () => {
  const secret = await hook('/episodes', ['episode.detected']);
  const now = Date.now();
  // Five weeks of a steady resting heart rate, then a week well above it, today included.
  const readings = Array.from({ length: 42 }, (_, i) => {
    const daysAgo = 41 - i;
    return {
      metric_type_slug: 'resting_heart_rate',
      recorded_at: new Date(now - daysAgo * DAY - 1000).toISOString(),
      value: daysAgo < 7 ? 78 + (i % 3) : 58 + (i % 4),
      source: 'watch',
      source_id: `rhr-${i}`,
    };
  });
  expect((await server.api().post(`/users/${u.id}/health/metrics`).set(u.auth).send({ readings })).status).toBe(200);
  const [event] = await waitFor(async () => {
    const found = typed('/episodes', secret, 'episode.detected');
    return found.length ? found : undefined;
  }, 'episode.detected');
  const episodes = (await server.api().get(`/users/${u.id}/insights/episodes`).set(u.auth)).body.episodes as Record<string, unknown>[];
  const card = episodes.find((e) => e.key === 'resting_heart_rate');
  expect(card).toBeDefined();
  expect(event.data).toEqual({ ...card, date: new Date().toISOString().slice(0, 10) });
  expect(event.data.headline).toMatch(/^Resting heart rate has been above your usual/);

  // Another reading today: the card is still there, but it is not new.
  await server
    .api()
    .post(`/users/${u.id}/health/metrics`)
    .set(u.auth)
    .send({ readings: [{ ...readings[41], source_id: 'rhr-again', value: 80 }] });
  await new Promise((r) => setTimeout(r, 7000));
  expect(typed('/episodes', secret, 'episode.detected')).toHaveLength(1);
}, 60_000);

test('a calendar feed that fails is calendar.sync_failed with the source and its error, once while the error stays the same', async () => {
  const secret = await hook('/calendar', ['calendar.sync_failed']);
  receiver.answer('/feed.ics', { status: 500 }, { status: 500 });
  const source = await server
    .api()
    .post(`/users/${u.id}/event-sources`)
    .set(u.auth)
    .send({ source_label: 'Work', config: { url: receiver.url('/feed.ics') } });
  expect(source.status).toBe(201);
  for (let i = 0; i < 2; i++) {
    const synced = await server.api().post(`/users/${u.id}/event-sources/${source.body.id}/sync`).set(u.auth);
    expect(synced.body.last_sync_status).toBe('error');
  }
  const [event] = await waitFor(async () => {
    const found = typed('/calendar', secret, 'calendar.sync_failed');
    return found.length ? found : undefined;
  }, 'calendar.sync_failed');
  // The source as read when the payload was rendered: the second failed sync may already have moved last_synced_at.
  const read = (await server.api().get(`/users/${u.id}/event-sources/${source.body.id}`).set(u.auth)).body;
  expect(event.data).toEqual({ ...read, last_synced_at: expect.any(String) });
  expect(event.data.last_sync_error).toBe('The feed answered HTTP 500');
  await new Promise((r) => setTimeout(r, 1000));
  expect(typed('/calendar', secret, 'calendar.sync_failed')).toHaveLength(1);
});

test('a narrative posted is narrative.created with the narrative', async () => {
  const secret = await hook('/narratives', ['narrative.created']);
  const posted = await server
    .api()
    .post(`/users/${u.id}/narratives`)
    .set(u.auth)
    .send({ period_start: '2026-11-09', narrative_text: 'A calm week.' });
  expect(posted.status).toBe(201);
  const [event] = await waitFor(async () => {
    const found = typed('/narratives', secret, 'narrative.created');
    return found.length ? found : undefined;
  }, 'narrative.created');
  expect(event.data).toEqual((await server.api().get(`/users/${u.id}/narratives/${posted.body.id}`).set(u.auth)).body);
});

test('a weekly goal met is goal.met once for the week, with the period it was met in', async () => {
  const secret = await hook('/weekly', ['goal.met']);
  expect(
    (
      await server
        .api()
        .put(`/users/${u.id}/goals/workout_minutes`)
        .set(u.auth)
        .send({ target: 30, direction: 'at_least', period: 'week', times_per_period: 1 })
    ).status,
  ).toBe(200);
  const workout = (id: string, value: number) => ({
    metric_type_slug: 'workout_minutes',
    recorded_at: new Date(Date.now() - 1000).toISOString(),
    value,
    source: 'watch',
    source_id: id,
  });
  expect(
    (
      await server
        .api()
        .post(`/users/${u.id}/health/metrics`)
        .set(u.auth)
        .send({ readings: [workout('w1', 45)] })
    ).status,
  ).toBe(200);
  const [met] = await waitFor(async () => {
    const found = typed('/weekly', secret, 'goal.met');
    return found.length ? found : undefined;
  }, 'goal.met for the week');
  const [week] = (await server.api().get(`/users/${u.id}/goals/workout_minutes/history`).set(u.auth)).body.slice(-1);
  expect(met.data).toMatchObject({
    slug: 'workout_minutes',
    period: 'week',
    times_per_period: 1,
    period_start: week.start,
    period_end: week.end,
    value: 1,
  });
  // Another workout the same week: the week was already met.
  await server
    .api()
    .post(`/users/${u.id}/health/metrics`)
    .set(u.auth)
    .send({ readings: [workout('w2', 50)] });
  await new Promise((r) => setTimeout(r, 7000));
  expect(typed('/weekly', secret, 'goal.met')).toHaveLength(1);
}, 60_000);
