import type { localDateOf } from '../../src/core/clock.ts';
import type { seedDemo } from '../../src/tools/demo-data.ts';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { statementsOf } from '../helpers/statements.ts';
import type { TestUser } from '../helpers/users.ts';

/** Goals (with today's progress) and insights through GraphQL: the same goals, numbers and ids as REST. */
let server: IsolatedServer;
let owner: TestUser;
let other: TestUser;
const TZ = 'America/New_York';
// No job workers: background rounds (the outbound pump, periodic jobs) would add statements to a measurement.
withIsolatedServer(
  (f) => ({ server, owner, other } = f),
  { timezone: TZ },
  () => ({ workers: 0 }),
);

type Rest = Record<string, any>;
const rest = async (u: TestUser, path: string): Promise<any> => (await server.api().get(`/users/${u.id}${path}`).set(u.auth)).body;

// Seeded up to the real today, so today's summary has values for Goal.today.
let today: string;
beforeAll(async () => {
  await server.call<typeof seedDemo>('tools/demo-data.ts', 'seedDemo', owner.id, TZ, { days: 90, seed: 3 });
  today = await server.call<typeof localDateOf>('core/clock.ts', 'localDateOf', new Date(), TZ);
});

const GOAL = 'slug label unit category direction valueField target active isSet';
const PROGRESS = 'slug valueField target direction value met progress';
const goalAsGraphQL = (g: Rest) => ({
  slug: g.slug,
  label: g.label,
  unit: g.unit,
  category: g.category,
  direction: g.direction,
  valueField: g.value_field,
  target: g.target,
  active: g.active,
  isSet: g.is_set,
});
const progressAsGraphQL = (g: Rest) => ({
  slug: g.slug,
  valueField: g.value_field,
  target: g.target,
  direction: g.direction,
  value: g.value,
  met: g.met,
  progress: g.progress,
});

describe('goals', () => {
  const PUT = `mutation($slug: String!, $input: GoalInput!) { putGoal(slug: $slug, input: $input) { ${GOAL} } }`;
  const DELETE = 'mutation($slug: String!) { deleteGoal(slug: $slug) }';

  test('goals equal REST /goals; Goal.today equals the REST day summary of the local today', async () => {
    await server.api().put(`/users/${owner.id}/goals/hrv_sdnn`).set(owner.auth).send({ target: 50, direction: 'at_least', active: false });
    const { me } = await gqlData(server, owner, `{ me { goals { ${GOAL} today { ${PROGRESS} } } } }`);
    const goals: Rest[] = await rest(owner, '/goals');
    expect(me.goals.map(({ today: _, ...g }: Rest) => g)).toEqual(goals.map(goalAsGraphQL));

    const day = await rest(owner, `/days/${today}`);
    expect(day.goals.length).toBeGreaterThanOrEqual(4);
    expect(day.goals.some((g: Rest) => g.value !== null)).toBe(true);
    for (const g of me.goals) {
      const progress = day.goals.find((p: Rest) => p.slug === g.slug);
      // Only set, active goals make progress; an unset or inactive one (hrv_sdnn) has none.
      expect(g.today).toEqual(progress ? progressAsGraphQL(progress) : null);
    }
    expect(me.goals.find((g: Rest) => g.slug === 'hrv_sdnn')).toMatchObject({ isSet: true, active: false, today: null });
  });

  test("every goal's today shares one day summary: 8 active goals cost the statements of 4", async () => {
    const statements = () => statementsOf(server, () => gqlData(server, owner, `{ me { goals { slug today { value } } } }`));
    const four = await statements();
    for (const slug of ['distance', 'active_energy', 'workout_minutes', 'resting_heart_rate']) {
      await server.api().put(`/users/${owner.id}/goals/${slug}`).set(owner.auth).send({ target: 10, direction: 'at_least' });
    }
    const { me } = await gqlData(server, owner, '{ me { goals { slug today { slug } } } }');
    expect(me.goals.filter((g: Rest) => g.today).length).toBe(8);
    expect(await statements()).toBe(four);
  });

  test('putGoal creates and replaces a goal: the same answer as REST PUT, and REST reads it back', async () => {
    const { putGoal } = await gqlData(server, owner, PUT, {
      slug: 'water',
      input: { target: 2500.5, direction: 'at_most', active: false },
    });
    const listed = (await rest(owner, '/goals')).find((g: Rest) => g.slug === 'water');
    expect(putGoal).toEqual(goalAsGraphQL(listed));
    expect(putGoal).toMatchObject({ target: 2500.5, direction: 'at_most', active: false, isSet: true });
    const viaRest = await server.api().put(`/users/${owner.id}/goals/water`).set(owner.auth).send({ target: 2000, direction: 'at_least' });
    const again = await gqlData(server, owner, PUT, { slug: 'water', input: { target: 2000, direction: 'at_least' } });
    expect(again.putGoal).toEqual(goalAsGraphQL(viaRest.body));
    expect(again.putGoal.active).toBe(true);
  });

  test.each([
    [{ target: 0, direction: 'at_least' }, ['input.target']],
    [{ target: -5, direction: 'at_most', active: null }, ['input.active', 'input.target']],
  ])('putGoal with %j is BAD_USER_INPUT at %j, nothing changed', async (input, locs) => {
    const before = await rest(owner, '/goals');
    const error = await gqlError(server, owner, PUT, { slug: 'steps', input });
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.locs.sort()).toEqual(locs);
    expect(await rest(owner, '/goals')).toEqual(before);
  });

  test.each(['no_such_metric', 'heart_rate'])('putGoal and deleteGoal on %s (not a goalable metric) are NOT_FOUND', async (slug) => {
    expect((await gqlError(server, owner, PUT, { slug, input: { target: 1, direction: 'at_least' } })).code).toBe('NOT_FOUND');
    expect((await gqlError(server, owner, DELETE, { slug })).code).toBe('NOT_FOUND');
  });

  test('deleteGoal removes the goal (true), then it is NOT_FOUND', async () => {
    await server.api().put(`/users/${owner.id}/goals/body_fat`).set(owner.auth).send({ target: 20, direction: 'at_most' });
    expect(await gqlData(server, owner, DELETE, { slug: 'body_fat' })).toEqual({ deleteGoal: true });
    expect((await rest(owner, '/goals')).find((g: Rest) => g.slug === 'body_fat')).toMatchObject({ is_set: false, target: null });
    expect((await gqlError(server, owner, DELETE, { slug: 'body_fat' })).code).toBe('NOT_FOUND');
  });

  test('a read-only token is FORBIDDEN for both mutations, and nothing changes', async () => {
    const reader = await readOnly(server, owner);
    const before = await rest(owner, '/goals');
    expect((await gqlError(server, reader, PUT, { slug: 'steps', input: { target: 1, direction: 'at_least' } })).code).toBe('FORBIDDEN');
    expect((await gqlError(server, reader, DELETE, { slug: 'steps' })).code).toBe('FORBIDDEN');
    expect(await rest(owner, '/goals')).toEqual(before);
  });

  test("another user reaches only their own goals: the owner's stay as they are", async () => {
    const before = await rest(owner, '/goals');
    expect((await gqlError(server, other, DELETE, { slug: 'steps' })).code).toBe('NOT_FOUND');
    await gqlData(server, other, PUT, { slug: 'sleep_duration', input: { target: 9, direction: 'at_least' } });
    expect(await rest(owner, '/goals')).toEqual(before);
    const foreign = await gqlError(server, other, `query($id: UUID!) { user(id: $id) { goals { slug } } }`, { id: owner.id });
    expect(foreign.code).toBe('FORBIDDEN');
    const { me } = await gqlData(server, other, `{ me { goals { slug isSet today { target value } } } }`);
    expect(me.goals.filter((g: Rest) => g.isSet)).toEqual([{ slug: 'sleep_duration', isSet: true, today: { target: 9, value: null } }]);
  });
});

describe('insights', () => {
  const EDGE = 'key label kind direction confidence lag n support r qValue metricType { slug unit }';
  const GRAPH = `center { key label unit metricType { slug } } edges { ${EDGE} } mode windowDays`;
  const CARD = 'id key kind label direction z ratio headline caution corroboration baselineDays recentDays windowDays';

  const edgeAsGraphQL = (e: Rest, units: Map<string, string>) => ({
    key: e.key,
    label: e.label,
    kind: e.kind,
    direction: e.direction,
    confidence: e.confidence,
    lag: e.lag,
    n: e.n,
    support: e.support,
    r: e.r,
    qValue: e.q_value,
    metricType: e.kind === 'metric' ? { slug: e.key, unit: units.get(e.key) } : null,
  });
  const graphAsGraphQL = (g: Rest, units: Map<string, string>) => ({
    center: { ...g.center, metricType: units.has(g.center.key) ? { slug: g.center.key } : null },
    edges: g.edges.map((e: Rest) => edgeAsGraphQL(e, units)),
    mode: g.mode,
    windowDays: g.window_days,
  });
  const cardAsGraphQL = (c: Rest) => ({
    id: c.id,
    key: c.key,
    kind: c.kind,
    label: c.label,
    direction: c.direction,
    z: c.z,
    ratio: c.ratio ?? null,
    headline: c.headline,
    caution: c.caution,
    corroboration: c.corroboration ?? null,
    baselineDays: c.baseline_days,
    recentDays: c.recent_days,
    windowDays: c.window_days,
  });
  let units: Map<string, string>;
  beforeAll(async () => {
    units = new Map((await server.api().get('/metric-types').set(owner.auth)).body.map((t: Rest) => [t.slug, t.unit]));
  });

  test.each([
    ['sleep_hours', 90, 'explore'],
    ['mood', 60, 'significant'],
    ['tag:coffee', 30, 'explore'],
  ])('insightGraph(%s, %i, %s) equals REST field by field: r, q-values, lags, metric types', async (metric, windowDays, mode) => {
    const { me } = await gqlData(
      server,
      owner,
      `query($metric: String!, $w: Int, $mode: GraphMode, $end: Date) {
      me { insightGraph(metric: $metric, windowDays: $w, mode: $mode, endDate: $end) { ${GRAPH} } } }`,
      { metric, w: windowDays, mode, end: today },
    );
    const graph = await rest(
      owner,
      `/insights/graph?metric=${encodeURIComponent(metric)}&window_days=${windowDays}&mode=${mode}&end_date=${today}`,
    );
    expect(me.insightGraph).toEqual(graphAsGraphQL(graph, units));
    expect(graph.edges.length).toBeGreaterThan(0);
  });

  test('the default graph and a factor-centred one: every edge kind, a factor has no metric type', async () => {
    const { me } = await gqlData(server, owner, `{ me { insightGraph(metric: "sleep_duration") { ${GRAPH} } } }`);
    const graph = await rest(owner, '/insights/graph?metric=sleep_duration');
    expect(me.insightGraph).toEqual(graphAsGraphQL(graph, units));
    expect(new Set(me.insightGraph.edges.map((e: Rest) => e.kind))).toEqual(new Set(['metric', 'factor']));
    expect(me.insightGraph.edges.filter((e: Rest) => e.kind === 'factor').every((e: Rest) => e.metricType === null)).toBe(true);
  });

  test.each([[90], [30]])('episodes(%i) equal REST field by field: ids, z, ratio, caution', async (windowDays) => {
    const { me } = await gqlData(
      server,
      owner,
      `query($w: Int, $end: Date) { me { episodes(windowDays: $w, endDate: $end) { windowDays episodes { ${CARD} } } } }`,
      { w: windowDays, end: today },
    );
    const episodes = await rest(owner, `/insights/episodes?window_days=${windowDays}&end_date=${today}`);
    expect(me.episodes).toEqual({ windowDays: episodes.window_days, episodes: episodes.episodes.map(cardAsGraphQL) });
    expect(me.episodes.episodes.length).toBeGreaterThan(0);
  });

  test('bad arguments are BAD_USER_INPUT in argument names', async () => {
    const graph = await gqlError(
      server,
      owner,
      '{ me { insightGraph(metric: "tag:never-used", windowDays: 400, endDate: "2026-02-30") { mode } } }',
    );
    expect(graph.code).toBe('BAD_USER_INPUT');
    expect(graph.locs.sort()).toEqual(['endDate', 'windowDays']);
    const unknown = await gqlError(server, owner, `{ me { insightGraph(metric: "tag:never-used", endDate: "${today}") { mode } } }`);
    expect(unknown.locs).toEqual(['metric']);
    const episodes = await gqlError(server, owner, '{ me { episodes(windowDays: 13) { windowDays } } }');
    expect(episodes).toMatchObject({ code: 'BAD_USER_INPUT', locs: ['windowDays'] });
  });

  test("another user cannot reach the owner's insights, and their own show none of the owner's data", async () => {
    const foreign = await gqlError(server, other, `query($id: UUID!) { user(id: $id) { insightGraph(metric: "mood") { mode } } }`, {
      id: owner.id,
    });
    expect(foreign.code).toBe('FORBIDDEN');
    const { me } = await gqlData(
      server,
      other,
      `{ me { insightGraph(metric: "mood") { ${GRAPH} } episodes { windowDays episodes { id } } } }`,
    );
    expect(me.insightGraph.edges).toEqual([]);
    expect(me.episodes.episodes).toEqual([]);
    expect((await gqlError(server, other, '{ me { insightGraph(metric: "tag:coffee") { mode } } }')).code).toBe('BAD_USER_INPUT');
  });
});
