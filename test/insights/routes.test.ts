import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { datesFrom, rng } from './synthetic.ts';

/**
 * Insights end to end: data goes in through the public API (metric ingest and events), the graph
 * and episodes come out of GET routes, checked field for field.
 */
let server: SharedServer;
withSharedServer((s) => (server = s));
let user: TestUser;
let other: TestUser;

const DAYS = 60;
const END = '2026-03-01';
const DATES = datesFrom('2025-12-31', DAYS + 1).slice(1); // 2026-01-01 .. 2026-03-01
const graphUrl = (q: string) => `/users/${user.id}/insights/graph?${q}`;
const episodesUrl = (q: string) => `/users/${user.id}/insights/episodes?${q}`;

const EDGE_KEYS = ['confidence', 'direction', 'key', 'kind', 'label', 'lag', 'n', 'q_value', 'r', 'support'];
const CARD_REQUIRED = [
  'baseline_days',
  'caution',
  'direction',
  'headline',
  'id',
  'key',
  'kind',
  'label',
  'recent_days',
  'window_days',
  'z',
];

async function seed(u: TestUser): Promise<void> {
  const r = rng(42);
  const sleep = DATES.map(() => Math.round((6 + 2 * r.uniform()) * 10) / 10);
  const readings = DATES.flatMap((date, d) => {
    const mood = Math.round((5 + 1.5 * ((d ? sleep[d - 1] : 7) - 7) + 0.3 * r.normal()) * 10) / 10;
    const rhr = Math.round((58 + 1.5 * r.normal() + (d >= DAYS - 5 ? 12 : 0)) * 10) / 10;
    return [
      {
        metric_type_slug: 'sleep_duration',
        recorded_at: `${date}T07:00:00Z`,
        source: 'watch',
        source_id: `s-${date}`,
        value: sleep[d],
        unit: 'h',
      },
      { metric_type_slug: 'mood', recorded_at: `${date}T20:00:00Z`, source: 'manual', source_id: `m-${date}`, value: mood },
      // The heart rate moves from the watch to a ring halfway: the episode's caution says so.
      {
        metric_type_slug: 'resting_heart_rate',
        recorded_at: `${date}T08:00:00Z`,
        source: d < 30 ? 'watch' : 'ring',
        source_id: `r-${date}`,
        value: rhr,
        unit: 'bpm',
      },
    ];
  });
  const ingest = await server.api().post(`/users/${u.id}/health/metrics`).set(u.auth).send({ readings });
  expect(ingest.status).toBe(200);
  expect(ingest.body.created).toHaveLength(readings.length);
  const exercise = await server.api().post(`/users/${u.id}/categories`).set(u.auth).send({ name: 'Exercise' });
  expect(exercise.status).toBe(201);
  for (const [d, date] of DATES.entries()) {
    if (r.uniform() < 0.4) {
      const res = await server
        .api()
        .post(`/users/${u.id}/events`)
        .set(u.auth)
        .send({ tags: ['coffee'], occurred_at: `${date}T09:00:00Z`, local_date: date });
      expect(res.status).toBe(201);
    }
    if (d % 3 === 0) {
      const res = await server
        .api()
        .post(`/users/${u.id}/events`)
        .set(u.auth)
        .send({ category_id: exercise.body.id, occurred_at: `${date}T18:00:00Z`, local_date: date });
      expect(res.status).toBe(201);
    }
  }
}

beforeAll(async () => {
  user = await signUp(server);
  other = await signUp(server);
  await seed(user);
});

describe('GET /users/{user_id}/insights/graph', () => {
  test('centred on a metric: InsightGraphResponse and InsightEdge field for field', async () => {
    const res = await server
      .api()
      .get(graphUrl(`metric=mood&window_days=${DAYS}&end_date=${END}`))
      .set(user.auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['center', 'edges', 'mode', 'window_days']);
    expect(res.body.center).toEqual({ key: 'mood', label: expect.any(String), unit: 'score' });
    expect(res.body.mode).toBe('explore');
    expect(res.body.window_days).toBe(DAYS);
    expect(res.body.edges.length).toBeGreaterThan(0);
    for (const edge of res.body.edges) {
      expect(Object.keys(edge).sort()).toEqual(EDGE_KEYS);
      expect(edge).toEqual({
        key: expect.any(String),
        label: expect.any(String),
        kind: expect.stringMatching(/^(metric|factor)$/),
        direction: expect.stringMatching(/^(positive|negative)$/),
        confidence: expect.stringMatching(/^(strong|moderate|suggestive|weak)$/),
        lag: expect.any(Number),
        n: expect.any(Number),
        support: expect.any(Number),
        q_value: expect.any(Number),
        r: expect.any(Number),
      });
      expect([0, 1, 2, 3]).toContain(edge.lag);
      expect(Number.isInteger(edge.n) && Number.isInteger(edge.support)).toBe(true);
      expect(Number(edge.r.toPrecision(4))).toBe(edge.r);
      expect(Number(edge.q_value.toPrecision(4))).toBe(edge.q_value);
    }
    // Mood follows the previous night's sleep.
    expect(res.body.edges[0]).toMatchObject({
      key: 'sleep_duration',
      kind: 'metric',
      lag: 1,
      direction: 'positive',
      confidence: 'strong',
      n: DAYS - 1,
      support: DAYS - 1,
    });
  });

  test('defaults: window_days 90, mode explore; mode=significant keeps strong and moderate only', async () => {
    const res = await server
      .api()
      .get(graphUrl(`metric=mood&end_date=${END}`))
      .set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ window_days: 90, mode: 'explore' });
    const sig = await server
      .api()
      .get(graphUrl(`metric=mood&end_date=${END}&mode=significant&window_days=${DAYS}`))
      .set(user.auth);
    expect(sig.status).toBe(200);
    expect(sig.body.mode).toBe('significant');
    expect(sig.body.edges.length).toBeGreaterThan(0);
    for (const e of sig.body.edges) expect(['strong', 'moderate']).toContain(e.confidence);
  });

  test('a factor can be the centre: tag:<tag> and category:<id>', async () => {
    const tag = await server
      .api()
      .get(graphUrl(`metric=tag:coffee&window_days=${DAYS}&end_date=${END}`))
      .set(user.auth);
    expect(tag.status).toBe(200);
    expect(tag.body.center.key).toBe('tag:coffee');
    const categories = await server.api().get(`/users/${user.id}/categories`).set(user.auth);
    const id = categories.body.find((c: { name: string }) => c.name === 'Exercise').id;
    const cat = await server
      .api()
      .get(graphUrl(`metric=category:${id}&window_days=${DAYS}&end_date=${END}`))
      .set(user.auth);
    expect(cat.status).toBe(200);
    expect(cat.body.center.key).toBe(`category:${id}`);
  });

  test('a catalogue metric without data in the window: its centre and no edges', async () => {
    const res = await server
      .api()
      .get(graphUrl(`metric=weight&window_days=${DAYS}&end_date=${END}`))
      .set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ center: { key: 'weight', label: 'Weight', unit: 'kg' }, edges: [], mode: 'explore', window_days: DAYS });
  });

  test('deterministic: the same data and query give byte-identical JSON', async () => {
    const url = graphUrl(`metric=mood&window_days=${DAYS}&end_date=${END}`);
    const a = await server.api().get(url).set(user.auth);
    const b = await server.api().get(url).set(user.auth);
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
  });

  test('new data shows up at once: a new tag becomes a column after its first events', async () => {
    const u = await signUp(server);
    const url = `/users/${u.id}/insights/graph?metric=tag:tea&window_days=30&end_date=${END}`;
    expect((await server.api().get(url).set(u.auth)).status).toBe(422);
    await server
      .api()
      .post(`/users/${u.id}/events`)
      .set(u.auth)
      .send({ tags: ['tea'], occurred_at: `${END}T10:00:00Z`, local_date: END });
    const res = await server.api().get(url).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      center: { key: 'tag:tea', label: expect.any(String), unit: expect.any(String) },
      edges: [],
      mode: 'explore',
      window_days: 30,
    });
  });

  test.each([
    ['', ['query', 'metric'], 'missing'],
    ['metric=', ['query', 'metric'], 'too_short'],
    ['metric=no_such_metric', ['query', 'metric'], 'value_error'],
    ['metric=tag:never-used', ['query', 'metric'], 'value_error'],
    ['metric=mood&window_days=13', ['query', 'window_days'], 'greater_than_equal'],
    ['metric=mood&window_days=366', ['query', 'window_days'], 'less_than_equal'],
    ['metric=mood&window_days=30.5', ['query', 'window_days'], undefined],
    ['metric=mood&window_days=abc', ['query', 'window_days'], undefined],
    ['metric=mood&mode=everything', ['query', 'mode'], 'enum'],
    ['metric=mood&end_date=2026-02-30', ['query', 'end_date'], undefined],
    ['metric=mood&end_date=yesterday', ['query', 'end_date'], undefined],
  ])('422 for ?%s at %j', async (query, loc, type) => {
    const res = await server
      .api()
      .get(graphUrl(`${query}${query.includes('end_date') ? '' : `&end_date=${END}`}`))
      .set(user.auth);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc, msg: expect.any(String), type: type ?? expect.any(String) }]);
  });

  test.each([
    ['3', 'Input should be between 14 and 365 days'],
    ['366', 'Input should be between 14 and 365 days'],
    ['abc', 'Input should be a valid integer'],
  ])('window_days=%s says what is wrong: %s', async (days, msg) => {
    const res = await server
      .api()
      .get(graphUrl(`metric=mood&window_days=${days}&end_date=${END}`))
      .set(user.auth);
    expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'window_days'], msg })]);
  });
});

describe('GET /users/{user_id}/insights/episodes', () => {
  test('EpisodesResponse and EpisodeCard field for field; the planted 5-day rise is an episode', async () => {
    const res = await server
      .api()
      .get(episodesUrl(`window_days=${DAYS}&end_date=${END}`))
      .set(user.auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['episodes', 'window_days']);
    expect(res.body.window_days).toBe(DAYS);
    for (const card of res.body.episodes) {
      const keys = Object.keys(card);
      for (const k of CARD_REQUIRED) expect(keys).toContain(k);
      expect(keys.filter((k) => !CARD_REQUIRED.includes(k)).every((k) => k === 'ratio' || k === 'corroboration')).toBe(true);
      expect(card).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        key: expect.any(String),
        kind: expect.stringMatching(/^(metric|factor)$/),
        label: expect.any(String),
        headline: expect.any(String),
        caution: expect.any(String),
        direction: expect.stringMatching(/^(above|below)$/),
        baseline_days: expect.any(Number),
        recent_days: expect.any(Number),
        window_days: DAYS,
        z: expect.any(Number),
      });
      expect(Math.abs(card.z)).toBeGreaterThanOrEqual(2.5);
      expect(Math.round(card.z * 100) / 100).toBe(card.z);
      if ('ratio' in card) expect(typeof card.ratio).toBe('number');
      if ('corroboration' in card) expect(typeof card.corroboration).toBe('string');
    }
    const zs = res.body.episodes.map((e: { z: number }) => Math.abs(e.z));
    expect([...zs].sort((a, b) => b - a)).toEqual(zs);
    const rhr = res.body.episodes.find((e: { key: string }) => e.key === 'resting_heart_rate');
    expect(rhr).toMatchObject({ kind: 'metric', direction: 'above', recent_days: 7, baseline_days: DAYS - 7 });
    expect(rhr.headline).toMatch(
      /^Resting heart rate has been above your usual: a median of [\d.]+ bpm over the last 7 days, against [\d.]+ bpm over the 53 days before\.$/,
    );
    expect(rhr.caution).toBe(`The source changed from watch to ring on ${DATES[30]}.`);
    expect(rhr.ratio).toBeGreaterThan(1);
  });

  test('deterministic, and the id is stable for the same user, key and window', async () => {
    const url = episodesUrl(`window_days=${DAYS}&end_date=${END}`);
    const a = await server.api().get(url).set(user.auth);
    const b = await server.api().get(url).set(user.auth);
    expect(b.text).toBe(a.text);
    const shorter = await server
      .api()
      .get(episodesUrl(`window_days=${DAYS - 1}&end_date=${END}`))
      .set(user.auth);
    const id = (body: { episodes: { key: string; id: string }[] }) => body.episodes.find((e) => e.key === 'resting_heart_rate')?.id;
    expect(id(shorter.body)).toBeDefined();
    expect(id(shorter.body)).not.toBe(id(a.body));
  });

  test('defaults to a 90-day window', async () => {
    const res = await server
      .api()
      .get(episodesUrl(`end_date=${END}`))
      .set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body.window_days).toBe(90);
  });

  test.each([
    ['window_days=13', ['query', 'window_days'], 'greater_than_equal'],
    ['window_days=366', ['query', 'window_days'], 'less_than_equal'],
    ['window_days=x', ['query', 'window_days'], undefined],
    ['end_date=2026-1-1', ['query', 'end_date'], undefined],
  ])('422 for ?%s at %j', async (query, loc, type) => {
    const res = await server.api().get(episodesUrl(query)).set(user.auth);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc, msg: expect.any(String), type: type ?? expect.any(String) }]);
  });
});

describe('access', () => {
  test.each(['graph?metric=mood', 'episodes'])('%s: 401 without a token', async (path) => {
    const res = await server.api().get(`/users/${user.id}/insights/${path}`);
    expect(res.status).toBe(401);
  });

  test.each(['graph?metric=mood', 'episodes'])("%s: 403 with another user's token", async (path) => {
    const res = await server.api().get(`/users/${user.id}/insights/${path}`).set(other.auth);
    expect(res.status).toBe(403);
  });

  test.each(['graph?metric=mood', 'episodes'])('%s: a read-only access token may read', async (path) => {
    const pat = await server.api().post('/auth/tokens').set(user.auth).send({ name: 'reader', scope: 'read' });
    expect(pat.status).toBe(201);
    const url = `/users/${user.id}/insights/${path}${path.includes('?') ? '&' : '?'}end_date=${END}`;
    const res = await server.api().get(url).set('Authorization', `Bearer ${pat.body.token}`);
    expect(res.status).toBe(200);
  });
});
