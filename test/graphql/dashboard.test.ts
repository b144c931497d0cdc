import type { seedDemo } from '../../src/tools/demo-data.ts';
import { captureParsed } from '../captures/flow.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** The dashboard in one round trip: the same ids and numbers as the REST calls it replaces. */
let server: IsolatedServer;
let owner: TestUser;
let other: TestUser;
withIsolatedServer((f) => ({ server, owner, other } = f));

const END = '2026-06-30';
const DASHBOARD = `query($end: Date) { me {
  suggestions(limit: 20) { pendingCount items { id kind status title resultingEvent { id notes } } }
  accepted: suggestions(status: accepted) { items { id resultingEvent { id occurredAt tags } } }
  goals { slug target active isSet direction }
  episodes(endDate: $end) { windowDays episodes { id key kind direction z headline baselineDays } }
  insightGraph(metric: "sleep_hours", endDate: $end) { center { key } mode windowDays edges { key kind direction confidence lag n r qValue } }
} }`;

test('one GraphQL query returns what the REST calls return', async () => {
  await server.call<typeof seedDemo>('tools/demo-data.ts', 'seedDemo', owner.id, 'UTC', {
    days: 90,
    seed: 7,
    today: new Date(`${END}T12:00:00Z`),
  });
  await server.api().put(`/users/${owner.id}/goals/steps`).set(owner.auth).send({ target: 8000, direction: 'at_least' });
  const capture = await captureParsed(server, owner, 'ran 5k this morning, weight 72.4 kg, 2 coffees');
  await server.api().post(`/users/${owner.id}/suggestions/${capture.suggestions[0].id}/accept`).set(owner.auth).send({});

  const res = await server
    .api()
    .post('/graphql')
    .set(owner.auth)
    .send({ query: DASHBOARD, variables: { end: END } });
  expect(res.body.errors).toBeUndefined();
  const me = res.body.data.me;
  const rest = (path: string) =>
    server
      .api()
      .get(`/users/${owner.id}${path}`)
      .set(owner.auth)
      .then((r) => r.body);

  const inbox = await rest('/suggestions?limit=20');
  expect(me.suggestions.pendingCount).toBe(inbox.pending_count);
  expect(me.suggestions.items.map((s: { id: string }) => s.id)).toEqual(inbox.suggestions.map((s: { id: string }) => s.id));
  const accepted = await rest('/suggestions?status=accepted');
  const event = await rest(`/events/${accepted.suggestions[0].resulting_event_id}`);
  expect(me.accepted.items[0].resultingEvent).toEqual({ id: event.id, occurredAt: event.occurred_at, tags: event.tags });

  const goals = await rest('/goals');
  expect(me.goals).toEqual(
    goals.map((g: Record<string, unknown>) => ({
      slug: g.slug,
      target: g.target,
      active: g.active,
      isSet: g.is_set,
      direction: g.direction,
    })),
  );

  const episodes = await rest(`/insights/episodes?end_date=${END}`);
  expect(me.episodes.windowDays).toBe(episodes.window_days);
  expect(me.episodes.episodes.map((e: { id: string; z: number }) => [e.id, e.z])).toEqual(
    episodes.episodes.map((e: { id: string; z: number }) => [e.id, e.z]),
  );

  const graph = await rest(`/insights/graph?metric=sleep_hours&end_date=${END}`);
  expect(me.insightGraph.center.key).toBe(graph.center.key);
  expect(me.insightGraph.edges.length).toBeGreaterThan(0);
  expect(me.insightGraph.edges.map((e: { key: string; r: number; qValue: number; lag: number }) => [e.key, e.lag, e.r, e.qValue])).toEqual(
    graph.edges.map((e: { key: string; r: number; q_value: number; lag: number }) => [e.key, e.lag, e.r, e.q_value]),
  );
});

test('bad insight arguments are BAD_USER_INPUT with locs in argument names; another user cannot reach them', async () => {
  const res = await server
    .api()
    .post('/graphql')
    .set(owner.auth)
    .send({ query: '{ me { insightGraph(metric: "nope", windowDays: 3) { mode } } }' });
  expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  const locs = res.body.errors[0].extensions.detail.map((d: { loc: unknown[] }) => d.loc.join('.'));
  expect(locs).toEqual(expect.arrayContaining(['windowDays']));
  const foreign = await server
    .api()
    .post('/graphql')
    .set(other.auth)
    .send({ query: 'query($id: UUID!) { user(id: $id) { episodes { windowDays } } }', variables: { id: owner.id } });
  expect(foreign.body.errors[0].extensions.code).toBe('FORBIDDEN');
});
