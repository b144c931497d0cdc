import { METRIC_TYPES } from '../../src/domain/metric-types/catalogue.ts';
import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { datesFrom, rng } from './synthetic.ts';

/**
 * The graph's `metric` accepts every column key of the daily summary: a metric slug, the day
 * summary's top-level field of a metric (sleep_hours), tag:<tag> and category:<id or name>.
 * An alias centres on the canonical key, so the answer is the same as for that key.
 */
let server: SharedServer;
withSharedServer((s) => (server = s));
let user: TestUser;
let categoryId: string;

const DAYS = 40;
const END = '2026-03-01';
const DATES = datesFrom('2026-01-21', DAYS);
const graph = (metric: string) =>
  server
    .api()
    .get(`/users/${user.id}/insights/graph?metric=${encodeURIComponent(metric)}&window_days=${DAYS}&end_date=${END}`)
    .set(user.auth);

/** Every core metric that has a value_field, except weight: it stays without data in the window. */
const WITH_DATA = METRIC_TYPES.filter((t) => t.valueField && t.slug !== 'weight');

beforeAll(async () => {
  user = await signUp(server);
  const r = rng(5);
  const readings = DATES.flatMap((date) =>
    WITH_DATA.map((t) => ({
      metric_type_slug: t.slug,
      recorded_at: `${date}T12:00:00Z`,
      source: 'manual',
      source_id: `${t.slug}-${date}`,
      value: Math.round((t.slug === 'mood' || t.slug === 'energy' ? 3 + 4 * r.uniform() : 10 + 100 * r.uniform()) * 10) / 10,
    })),
  );
  expect((await server.api().post(`/users/${user.id}/health/metrics`).set(user.auth).send({ readings })).status).toBe(200);
  const cat = await server.api().post(`/users/${user.id}/categories`).set(user.auth).send({ name: 'Alcohol' });
  expect(cat.status).toBe(201);
  categoryId = cat.body.id;
  for (const [d, date] of DATES.entries()) {
    if (d % 3 === 0) {
      const res = await server
        .api()
        .post(`/users/${user.id}/events`)
        .set(user.auth)
        .send({ tags: ['wine'], category_id: categoryId, occurred_at: `${date}T20:00:00Z`, local_date: date });
      expect(res.status).toBe(201);
    }
  }
});

test('a metric slug centres on itself', async () => {
  const res = await graph('sleep_duration');
  expect(res.status).toBe(200);
  expect(res.body.center).toEqual({ key: 'sleep_duration', label: 'Sleep', unit: 'h' });
});

test.each(WITH_DATA.map((t) => [t.valueField!, t.slug]))(
  'the day summary column %s centres on the slug %s, with the same answer',
  async (field, slug) => {
    const [alias, canonical] = [await graph(field), await graph(slug)];
    expect(alias.status).toBe(200);
    expect(alias.body.center.key).toBe(slug);
    expect(alias.text).toBe(canonical.text);
  },
);

test('a day summary column of a metric without data in the window: its centre and no edges', async () => {
  const res = await graph('weight_kg');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ center: { key: 'weight', label: 'Weight', unit: 'kg' }, edges: [], mode: 'explore', window_days: DAYS });
});

test('tag:<tag> and category:<id> are columns; category:<name> (any case) centres on the id', async () => {
  const tag = await graph('tag:wine');
  expect(tag.status).toBe(200);
  expect(tag.body.center).toEqual({ key: 'tag:wine', label: '#wine', unit: 'count' });
  const byId = await graph(`category:${categoryId}`);
  expect(byId.status).toBe(200);
  expect(byId.body.center).toEqual({ key: `category:${categoryId}`, label: 'Alcohol', unit: 'count' });
  for (const name of ['Alcohol', 'alcohol']) {
    const byName = await graph(`category:${name}`);
    expect(byName.status).toBe(200);
    expect(byName.text).toBe(byId.text);
  }
});

test.each([
  ['x', ''],
  ['Sleep_Hours', ''],
  ['metrics', ''],
  ['event_count', ''],
  ['tag:never-used', ': no event with this tag in the window'],
  ['category:Coffee', ': no event in this category in the window'],
])('422 for the unknown key %s at ["query","metric"], listing what is accepted', async (key, why) => {
  const res = await graph(key);
  expect(res.status).toBe(422);
  expect(res.body.detail).toEqual([{ loc: ['query', 'metric'], msg: expect.any(String), type: 'value_error' }]);
  const msg: string = res.body.detail[0].msg;
  expect(msg.startsWith(`Unknown metric key '${key}'${why}. Accepted: a metric slug (steps, distance, `)).toBe(true);
  for (const t of METRIC_TYPES) expect(msg).toContain(t.slug);
  expect(msg).toContain('a day summary column (steps, distance_km, active_energy_kcal, ');
  expect(msg).toContain('sleep_hours');
  expect(msg).toContain('weight_kg');
  expect(msg).toMatch(/tag:<tag> or category:<id or name> with events in the window$/);
});
