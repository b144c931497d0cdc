import { fixtureBytes, imported } from '../imports/uploads.ts';
import { allRoutes } from '../../src/rest/routes/index.ts';
import type { Route } from '../../src/rest/route.ts';
import { waitFor } from '../captures/wait.ts';
import { captureParsed } from '../captures/flow.ts';
import { eventsFeed, startIcsServer, type IcsServer } from '../helpers/ics-server.ts';
import { oauthToken } from '../helpers/oauth.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { snapshot } from '../helpers/snapshot.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * Every route of the table, every kind of someone else's credential: user B's session, B's
 * write access token and B's read-only OAuth token, on user A's paths (403) and on B's own paths
 * naming A's real ids (404, or 403 for a write with the read-only token). Nothing of A's is in any
 * answer and no row changes. A route with a new kind of id fails here until it gets a fixture.
 */
let server: IsolatedServer;
let alice: TestUser;
let bob: TestUser;
let ics: IcsServer;
withIsolatedServer((f) => ({ server, owner: alice, other: bob } = f));
beforeAll(async () => {
  ics = await startIcsServer({ bigBytes: 1024 });
});
afterAll(() => ics?.stop());

const routes = allRoutes({ allowRegistration: true }).filter((r) => r.path.startsWith('/users/{user_id}'));
const label = (r: Route) => `${r.method.toUpperCase()} ${r.path}`;

/** Alice's real ids, one per path parameter, made through the API as she would. */
async function aliceIds(): Promise<Record<string, string>> {
  const api = (method: 'get' | 'post' | 'put' | 'patch', path: string, body?: object) => {
    const req = server.api()[method](`/users/${alice.id}${path}`).set(alice.auth);
    return (body ? req.send(body) : req).then((res) => {
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
      return res.body;
    });
  };
  const capture = await captureParsed(server, alice, 'coffee at 9am');
  const definition =
    (await api('get', '/metric-definitions')).find((d: { metric_type: { slug: string } }) => d.metric_type?.slug === 'steps') ??
    (await api('get', '/metric-definitions'))[0];
  const food = await api('post', '/food-items', { name: 'oat milk', calories: 45 });
  const place = await api('post', '/places', { name: 'Café Uno', lat: 52.52, lng: 13.405 });
  ics.serve('/alice.ics', eventsFeed([{ uid: 'alice-dentist', day: 2 }]));
  const feed = await api('post', '/event-sources', { source_label: 'Alice calendar', config: { url: `${ics.url}/alice.ics` } });
  await api('post', `/event-sources/${feed.id}/sync`);
  // Disabled once synced: the periodic sync (every quarter hour) must not change Alice's data while Bob's requests run.
  await api('patch', `/event-sources/${feed.id}`, { enabled: false });
  const key = { kdf_salt: 'c2FsdA==', verifier: 'dmVyaWZpZXI=' };
  await api('put', '/encryption-key', { ...key, wrapped_dek: 'Zmlyc3Q=' });
  await api('put', '/encryption-key', { ...key, wrapped_dek: 'c2Vjb25k' });
  // Disabled, and its one delivery (a ping, refused by the calendar server) over before Bob's requests start.
  const webhook = await api('post', '/webhooks', { url: `${ics.url}/alice-hook`, enabled: false });
  const ping = await api('post', `/webhooks/${webhook.id}/test`);
  await waitFor(async () => {
    const [delivery] = (await api('get', `/webhooks/${webhook.id}/deliveries`)).items;
    return delivery.status === 'pending' ? undefined : true;
  }, "Alice's ping to end");
  return {
    import_id: (await imported(server, alice, fixtureBytes('tracks/track-1.0.gpx'))).id,
    webhook_id: webhook.id,
    delivery_id: ping.id,
    replaced_id: (await api('get', '/encryption-key/replaced'))[0].id,
    event_id: (await api('post', '/events', { notes: 'private note' })).id,
    calendar_event_id: (await api('get', '/calendar/events'))[0].id,
    category_id: (await api('post', '/categories', { name: 'Secret' })).id,
    capture_id: capture.id,
    suggestion_id: capture.suggestions[0].id,
    definition_id: definition.id,
    automation_id: (
      await api('post', `/metric-definitions/${definition.id}/automations`, {
        trigger_type: 'threshold',
        trigger_config: { operator: 'gte', value: 10000 },
        action_type: 'log_event',
        action_config: { tags: ['goal'] },
      })
    ).id,
    source_id: feed.id,
    timer_id: (await api('post', '/tracking-timers', { label: 'reading' })).id,
    food_item_id: food.id,
    saved_meal_id: (await api('post', '/saved-meals', { name: 'Breakfast', items: [{ food_item_id: food.id }] })).id,
    place_id: place.id,
    visit_id: (await api('post', `/places/${place.id}/visits`, {})).id,
    routine_id: (await api('post', '/routines', { name: 'Stretch' })).id,
    experiment_id: (
      await api('post', '/experiments', {
        hypothesis: 'Private',
        intervention: 'tag:x',
        outcome: 'mood',
        design: 'abab',
        start: '2026-11-02',
      })
    ).id,
    share_id: (
      await api('post', '/shares', {
        label: 'Private',
        scope: { metrics: ['steps'] },
        last_days: 7,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).id,
    reminder_id: (await api('post', '/reminders', { label: 'Private pills', times: ['08:00'], channel: 'web_push' })).id,
    narrative_id: (await api('post', '/narratives', { period_start: '2026-11-09', narrative_text: 'A private week.' })).id,
    // A browser's subscription (its endpoint on the calendar server: nothing is pushed to it here, Bob's tests are refused first).
    subscription_id: (
      await api('post', '/web-push/subscriptions', {
        endpoint: `${ics.url}/alice-push`,
        keys: {
          p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
          auth: 'BTBZMqHH6r4Tts7J_aSIgg',
        },
      })
    ).id,
    slug: 'steps',
    tag: 'goal',
    date: '2026-11-20',
  };
}

/** The path with the given user and Alice's ids ({event_id} under /calendar is a calendar event's). */
function fill(r: Route, userId: string, ids: Record<string, string>): string {
  return r.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'user_id') return userId;
    const key = name === 'event_id' && r.path.includes('/calendar/') ? 'calendar_event_id' : name;
    const id = ids[key];
    if (!id) throw new Error(`${label(r)}: no fixture for {${name}}; add one to aliceIds()`);
    return id;
  });
}

test("B's session, access token and OAuth token get nothing of A's, on A's paths or with A's ids, and change nothing", async () => {
  const ids = await aliceIds();
  const secrets = Object.entries(ids)
    .filter(([k]) => k.endsWith('_id'))
    .map(([, v]) => v);
  const writePat = (await server.api().post('/auth/tokens').set(bob.auth).send({ name: 'rw', scope: 'write' })).body.token as string;
  const credentials = {
    session: bob.auth,
    'write access token': { Authorization: `Bearer ${writePat}` },
    'OAuth read token': (await oauthToken(server, bob)).auth,
  };
  const before = await snapshot(server);
  let checked = 0;

  for (const r of routes) {
    const send = (path: string, auth: Record<string, string>) => {
      const req = server.api()[r.method](path).set(auth);
      return r.method === 'get' || r.method === 'delete' ? req : req.send({});
    };
    for (const [who, auth] of Object.entries(credentials)) {
      const onAlicesPath = await send(fill(r, alice.id, ids), auth);
      if (onAlicesPath.status !== 403)
        throw new Error(`${label(r)} with Bob's ${who} on Alice's path: ${onAlicesPath.status} ${onAlicesPath.text}`);

      // Names, not ids (a metric's slug, a tag, a date): Bob's own path with them is his own data.
      if (!/\{(?!user_id)\w+\}/.test(r.path) || /\{(slug|tag|date)\}/.test(r.path)) continue;
      const withAlicesIds = await send(fill(r, bob.id, ids), auth);
      const readOnlyWrite = who === 'OAuth read token' && r.access !== 'read';
      const needsSession = who === 'write access token' && r.access === 'account';
      const allowed = readOnlyWrite || needsSession ? [403] : r.body && r.method === 'post' ? [404, 422] : [404];
      if (!allowed.includes(withAlicesIds.status)) {
        throw new Error(`${label(r)} with Bob's ${who} and Alice's ids: ${withAlicesIds.status} ${withAlicesIds.text}`);
      }
      for (const secret of secrets) expect(withAlicesIds.text).not.toContain(secret);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(60);
  expect(await snapshot(server)).toEqual(before);
  // And Alice's data is all still hers to read.
  expect((await server.api().get(`/users/${alice.id}/events/${ids.event_id}`).set(alice.auth)).status).toBe(200);
});
