import type { loadDailyMatrix as LoadDailyMatrix } from '../../src/domain/days/summary.service.ts';
// The catalogue's data only: a module that imports nothing, so the app stays out of this registry.
import { METRIC_TYPES } from '../../src/domain/metric-types/catalogue.ts';
import { startIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expect422, expectError } from '../helpers/expect.ts';
import { definitionOf, ingestOk, reading } from '../metrics/support.ts';

let server: IsolatedServer;
let u: TestUser;
let other: TestUser;
let coffeeCategory: string;

/** The daily matrix, read by the server's process in a unit of work on its database. */
const loadDailyMatrix = (...args: Parameters<typeof LoadDailyMatrix>) =>
  server.call<typeof LoadDailyMatrix>('domain/days/summary.service.ts', 'loadDailyMatrix', ...args);

const event = (body: object) => server.api().post(`/users/${u.id}/events`).set(u.auth).send(body);

beforeAll(async () => {
  server = await startIsolatedServer();
  u = await signUp(server, { timezone: 'America/New_York' });
  other = await signUp(server);
  coffeeCategory = (await server.api().post(`/users/${u.id}/categories`).set(u.auth).send({ name: 'Coffee' })).body.id;
  await ingestOk(server, u, [
    reading({ value: 4000, recorded_at: '2026-03-02T03:00:00Z' }), // 22:00 on 03-01 in New York
    reading({ value: 6000, recorded_at: '2026-03-02T15:00:00Z' }),
    reading({ metric_type_slug: 'sleep_duration', source: 'ring', value: 450, unit: 'min', recorded_at: '2026-03-02T12:00:00Z' }),
    reading({ metric_type_slug: 'caffeine', source: 'manual', value: 95, recorded_at: '2026-03-02T14:00:00Z' }),
    reading({ metric_type_slug: 'caffeine', source: 'manual', value: 150, recorded_at: '2026-03-02T18:00:00Z' }),
    reading({ metric_type_slug: 'heart_rate', source: 'watch', value: 60, recorded_at: '2026-03-02T14:00:00Z' }),
    reading({ metric_type_slug: 'heart_rate', source: 'watch', value: 70, recorded_at: '2026-03-02T16:00:00Z' }),
    reading({ metric_type_slug: 'protein', source: 'app', value: 0.1, unit: 'kg', recorded_at: '2026-03-03T16:00:00Z' }),
  ]);
  for (const body of [
    { local_date: '2026-03-02', category_id: coffeeCategory, tags: ['morning'] },
    { local_date: '2026-03-02', category_id: coffeeCategory },
    { local_date: '2026-03-02', tags: ['morning', 'run'] },
    { local_date: '2026-03-04', tags: ['run'] },
  ])
    expect((await event(body)).status).toBe(201);
  await server.api().put(`/users/${u.id}/goals/steps`).set(u.auth).send({ target: 8000, direction: 'at_least' });
  await server.api().put(`/users/${u.id}/goals/caffeine`).set(u.auth).send({ target: 200, direction: 'at_most' });
  await server.api().put(`/users/${u.id}/goals/water`).set(u.auth).send({ target: 2000, direction: 'at_least', active: false });
});
afterAll(async () => {
  await server.stop();
});

describe('GET /users/{user_id}/days/{date}', () => {
  test('every metric resolved on the local day, core fields, factors and goal progress', async () => {
    const res = await server.api().get(`/users/${u.id}/days/2026-03-02`).set(u.auth);
    expect(res.status).toBe(200);
    const core = METRIC_TYPES.filter((t) => t.valueField).map((t) => t.valueField!);
    expect(Object.keys(res.body).sort()).toEqual(['date', 'event_count', 'factors', 'goals', 'metrics', 'resolution', ...core].sort());
    expect(res.body).toMatchObject({
      date: '2026-03-02',
      steps: 6000,
      sleep_hours: 7.5,
      caffeine_mg: 245,
      weight_kg: null,
      metrics: { steps: 6000, sleep_duration: 7.5, caffeine: 245, heart_rate: 65 },
      resolution: {
        steps: { operator: 'priority', resolved_from: 'watch', sources: { watch: 6000 } },
        heart_rate: { operator: 'priority', resolved_from: 'watch', sources: { watch: 65 } },
      },
      factors: { 'tag:morning': 2, 'tag:run': 1, [`category:${coffeeCategory}`]: 2 },
      event_count: 3,
    });
    expect(Object.keys(res.body.metrics).sort()).toEqual(['caffeine', 'heart_rate', 'sleep_duration', 'steps']);
    expect(res.body.goals).toEqual([
      { slug: 'steps', value_field: 'steps', target: 8000, direction: 'at_least', value: 6000, met: false, progress: 0.75 },
      { slug: 'caffeine', value_field: 'caffeine_mg', target: 200, direction: 'at_most', value: 245, met: false, progress: 1.225 },
    ]);
  });

  test('a day without data', async () => {
    const res = await server.api().get(`/users/${u.id}/days/2025-01-01`).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: '2025-01-01', steps: null, metrics: {}, resolution: {}, factors: {}, event_count: 0 });
    expect(res.body.goals.map((g: { value: null; met: null }) => [g.value, g.met])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  test('the previous local day got the late-evening reading', async () => {
    const res = await server.api().get(`/users/${u.id}/days/2026-03-01`).set(u.auth);
    expect(res.body.steps).toBe(4000);
    expect(res.body.goals[0]).toMatchObject({ met: false, progress: 0.5 });
  });

  test('422, 401, 403', async () => {
    expect422(await server.api().get(`/users/${u.id}/days/2026-02-30`).set(u.auth), ['path', 'date']);
    expect422(await server.api().get(`/users/${u.id}/days/today`).set(u.auth), ['path', 'date']);
    expectError(await server.api().get(`/users/${u.id}/days/2026-03-02`), 401);
    expectError(await server.api().get(`/users/${u.id}/days/2026-03-02`).set(other.auth), 403);
  });
});

describe('GET /users/{user_id}/days?from=&to=', () => {
  test('one summary per day, oldest first', async () => {
    const res = await server.api().get(`/users/${u.id}/days?from=2026-03-01&to=2026-03-04`).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body.map((d: { date: string; steps: number | null; event_count: number }) => [d.date, d.steps, d.event_count])).toEqual([
      ['2026-03-01', 4000, 0],
      ['2026-03-02', 6000, 3],
      ['2026-03-03', null, 0],
      ['2026-03-04', null, 1],
    ]);
    expect(res.body[2].metrics).toEqual({ protein: 100 });
    const single = await server.api().get(`/users/${u.id}/days/2026-03-02`).set(u.auth);
    expect(res.body[1]).toEqual(single.body);
  });

  test('at most 366 days', async () => {
    const res = await server.api().get(`/users/${u.id}/days?from=2025-03-05&to=2026-03-05`).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(366);
    expect422(await server.api().get(`/users/${u.id}/days?from=2025-03-04&to=2026-03-05`).set(u.auth), ['query', 'to']);
  });

  test.each([
    [['query', 'from'], '?to=2026-03-01'],
    [['query', 'to'], '?from=2026-03-01'],
    [['query', 'from'], '?from=March&to=2026-03-01'],
    [['query', 'to'], '?from=2026-03-05&to=2026-03-01'],
  ])('422 at %j (%s)', async (loc, q) => {
    expect422(await server.api().get(`/users/${u.id}/days${q}`).set(u.auth), loc);
  });

  test('401 and 403', async () => {
    expectError(await server.api().get(`/users/${u.id}/days?from=2026-03-01&to=2026-03-02`), 401);
    expectError(await server.api().get(`/users/${u.id}/days?from=2026-03-01&to=2026-03-02`).set(other.auth), 403);
  });
});

describe('loadDailyMatrix', () => {
  test('metric and factor columns aligned with the dates', async () => {
    const stepsDef = await definitionOf(server, u, 'steps');
    await server.api().patch(`/users/${u.id}/metric-definitions/${stepsDef.id}`).set(u.auth).send({ display_name: 'Walking' });
    const m = await loadDailyMatrix(u.id, '2026-02-28', '2026-03-04');
    expect(m.dates).toEqual(['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04']);
    expect(m.columns.map((c) => c.key)).toEqual([
      'steps',
      'sleep_duration',
      'heart_rate',
      'caffeine',
      'protein',
      `category:${coffeeCategory}`,
      'tag:morning',
      'tag:run',
    ]);
    const col = (key: string) => m.columns.find((c) => c.key === key)!;
    expect(col('steps')).toEqual({ key: 'steps', label: 'Walking', unit: 'count', kind: 'metric', values: [null, 4000, 6000, null, null] });
    expect(col('sleep_duration').values).toEqual([null, null, 7.5, null, null]);
    expect(col('protein')).toMatchObject({ unit: 'g', values: [null, null, null, 100, null] });
    // Factors: null before the user's first event (03-02), then a count, 0 on days without one.
    expect(col('tag:run')).toEqual({ key: 'tag:run', label: '#run', unit: 'count', kind: 'factor', values: [null, null, 1, 0, 1] });
    expect(col('tag:morning').values).toEqual([null, null, 2, 0, 0]);
    expect(col(`category:${coffeeCategory}`)).toMatchObject({ label: 'Coffee', values: [null, null, 2, 0, 0] });
  });

  test("a year of one user's days in a few queries, and nothing of another user", async () => {
    const m = await loadDailyMatrix(other.id, '2025-03-05', '2026-03-04');
    expect(m.dates).toHaveLength(365);
    expect(m.columns).toEqual([]);
  });
});
