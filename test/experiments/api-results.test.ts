import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expectClose } from '../insights/fixtures.ts';
import { datesFrom, rng } from '../insights/synthetic.ts';
import { ingestOk } from '../metrics/support.ts';

/**
 * Experiments end to end: data go in as events and readings through the API, the schedule,
 * adherence and results come out of GET: the reference's numbers (SciPy/statsmodels), and
 * planted effects found in the direction planted.
 */
let server: HttpServer;
withServer((f) => ({ server } = f));

type Json = Record<string, any>;
const REFERENCE = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'experiments', 'reference.json'), 'utf8'),
) as { pipelines: Json[] };

const RESULT_KEYS = [
  'n_a',
  'n_b',
  'mean_a',
  'mean_b',
  'difference',
  'hedges_g',
  'hac_se',
  'ols_se',
  'se',
  'hac_lags',
  'runs',
  'df',
  'ci_low',
  'ci_high',
  'p_value',
];

async function create(u: TestUser, body: object): Promise<Json> {
  const res = await server.api().post(`/users/${u.id}/experiments`).set(u.auth).send(body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Json;
}
const read = async (u: TestUser, id: string): Promise<Json> =>
  (await server.api().get(`/users/${u.id}/experiments/${id}`).set(u.auth)).body;

async function tag(u: TestUser, date: string, tags: string[], extra: object = {}): Promise<void> {
  const res = await server
    .api()
    .post(`/users/${u.id}/events`)
    .set(u.auth)
    .send({ tags, occurred_at: `${date}T09:00:00Z`, ...extra });
  expect(res.status).toBe(201);
}

/** AR(1) noise with unit variance, φ as given. */
function ar1(seed: number, n: number, phi: number): number[] {
  const r = rng(seed);
  let x = r.normal();
  return Array.from({ length: n }, () => {
    const v = x;
    x = phi * x + Math.sqrt(1 - phi * phi) * r.normal();
    return v;
  });
}

describe('the reference (make_reference.py) through the API: caffeine readings as the intervention, mood as the outcome', () => {
  const cases = REFERENCE.pipelines.filter((c) => c.spec.stopped_on === null);

  test.each(cases.map((c) => [c.spec.name, c] as const))(
    '%s: days, adherence and results as statsmodels computed them',
    async (_name, c) => {
      const u = await signUp(server, { timezone: 'UTC' });
      const s = c.spec;
      // On: at most 100 mg that day; off: more; unknown: no caffeine reading at all.
      const caffeine = Object.entries(c.intervention as Record<string, boolean | null>)
        .filter(([, on]) => on !== null)
        .map(([date, on]) => ({ metric_type_slug: 'caffeine', recorded_at: `${date}T08:00:00Z`, source: 'manual', value: on ? 50 : 300 }));
      const mood = Object.entries(c.outcome as Record<string, number | null>)
        .filter(([, v]) => v !== null)
        .map(([date, value]) => ({ metric_type_slug: 'mood', recorded_at: `${date}T20:00:00Z`, source: 'manual', value }));
      await ingestOk(server, u, [...caffeine, ...mood]);
      const experiment = await create(u, {
        hypothesis: 'Less caffeine, better mood',
        intervention: 'metric:caffeine<=100',
        outcome: 'mood',
        design: s.design,
        blocks: s.blocks,
        block_days: s.block_days,
        washout_days: s.washout_days,
        start: s.start,
        ...(s.seed === null ? {} : { seed: s.seed }),
        lag: s.lag,
        better: s.better,
      });
      expect(experiment.days).toEqual(c.expected.days);
      expect(experiment.adherence).toEqual(c.expected.adherence);
      for (const key of RESULT_KEYS) {
        const expected = c.expected.results[key] as number;
        if (Number.isInteger(expected)) expect([key, experiment.results[key]]).toEqual([key, expected]);
        else expectClose(experiment.results[key], expected, 1e-6, key);
      }
      expect(experiment.results.verdict).toBe(c.expected.results.verdict);
      expect(experiment.status).toBe('completed');
      expect(await read(u, experiment.id)).toEqual(experiment);
    },
  );
});

describe('planted effects', () => {
  test('no coffee after noon, an hour more sleep: found (improved), with the adherence the events show', async () => {
    const u = await signUp(server, { timezone: 'UTC' });
    const start = '2026-07-06';
    const experiment = await create(u, {
      hypothesis: 'No coffee after noon lengthens my sleep',
      intervention: 'tag:#No_Coffee_After_Noon',
      outcome: 'sleep_hours',
      design: 'randomized',
      block_days: 3,
      blocks: 12,
      washout_days: 1,
      start,
      seed: 11,
    });
    expect(experiment).toMatchObject({ intervention: 'tag:no_coffee_after_noon', outcome: 'sleep_duration', better: 'higher', lag: 0 });
    const days = experiment.days as { date: string; arm: 'A' | 'B'; washout: boolean }[];
    expect(days).toHaveLength(36);
    // Something logged before the experiment: from then on a day without the tag counts as a day without it.
    await tag(u, '2026-07-01', ['walk']);
    const noise = ar1(5, days.length, 0.4);
    const slips = new Set([
      days.findIndex((d) => d.arm === 'B'),
      days.findLastIndex((d) => d.arm === 'B'),
      days.findIndex((d) => d.arm === 'A'),
    ]);
    for (const [i, d] of days.entries()) {
      if ((d.arm === 'B') !== slips.has(i)) await tag(u, d.date, ['no_coffee_after_noon']);
    }
    await ingestOk(
      server,
      u,
      days.map((d, i) => ({
        metric_type_slug: 'sleep_duration',
        recorded_at: `${d.date}T07:00:00Z`,
        source: 'watch',
        value: Math.round((6.8 + 0.5 * noise[i] + (d.arm === 'B' ? 1 : 0)) * 100) / 100,
      })),
    );
    const now = await read(u, experiment.id);
    expect(now.adherence).toEqual({ days_known: 36, days_adherent: 33, rate: 33 / 36 });
    expect(now.days.filter((d: Json) => d.adherent === false).map((d: Json) => d.date)).toEqual(
      [...slips].sort((a, b) => a - b).map((i) => days[i].date),
    );
    const r = now.results;
    const washouts = days.filter((d) => d.washout).length;
    expect(r.n_a + r.n_b).toBe(36 - washouts);
    expect(r.verdict).toBe('improved');
    expect(r.ci_low).toBeGreaterThan(0);
    expect(r.difference).toBeGreaterThan(0.6);
    expect(r.difference).toBeLessThan(1.4);
    expect(r.hedges_g).toBeGreaterThan(1);
    // The same day summary through GET /days: the outcomes the experiment read are the summary's sleep_hours.
    const summary = (await server.api().get(`/users/${u.id}/days?from=${start}&to=2026-08-10`).set(u.auth)).body as Json[];
    const hours = new Map(summary.map((s) => [s.date, s.sleep_hours]));
    for (const d of now.days) expect([d.date, d.outcome]).toEqual([d.date, hours.get(d.outcome_date)]);
  });

  test('screens in the evening (a category, by name), energy the next day: a drop with better higher is worsened', async () => {
    const u = await signUp(server, { timezone: 'UTC' });
    const screens = await server.api().post(`/users/${u.id}/categories`).set(u.auth).send({ name: 'Evening screens' });
    const experiment = await create(u, {
      hypothesis: 'Screens in the evening leave me tired the next day',
      intervention: 'category:evening SCREENS',
      outcome: 'energy',
      design: 'abab',
      blocks: 6,
      block_days: 7,
      washout_days: 1,
      start: '2026-05-04',
      lag: 1,
    });
    expect(experiment.intervention).toBe(`category:${screens.body.id}`);
    const days = experiment.days as { date: string; arm: 'A' | 'B' }[];
    for (const d of days) if (d.arm === 'B') await tag(u, d.date, [], { category_id: screens.body.id });
    // Energy on day t answers the screens of day t - 1; one more day of readings past the last.
    const dates = datesFrom('2026-05-04', days.length + 1);
    const noise = ar1(9, dates.length, 0.5);
    await ingestOk(
      server,
      u,
      dates.map((date, t) => ({
        metric_type_slug: 'energy',
        recorded_at: `${date}T18:00:00Z`,
        source: 'manual',
        value: Math.round((6 + 0.8 * noise[t] - (t > 0 && days[t - 1].arm === 'B' ? 1.5 : 0)) * 10) / 10,
      })),
    );
    const r = (await read(u, experiment.id)).results;
    expect(r.verdict).toBe('worsened');
    expect(r.ci_high).toBeLessThan(0);
    expect(r.difference).toBeLessThan(-0.8);
    expect(r.runs).toBe(6);
    expect(r.df).toBe(3);
  });

  test('cold showers and mood with nothing planted: no clear effect', async () => {
    const u = await signUp(server, { timezone: 'UTC' });
    const experiment = await create(u, {
      hypothesis: 'Cold showers lift my mood',
      intervention: 'tag:cold_shower',
      outcome: 'mood',
      design: 'randomized',
      blocks: 8,
      start: '2026-04-06',
      seed: 2026,
    });
    const days = experiment.days as { date: string; arm: 'A' | 'B' }[];
    for (const d of days) if (d.arm === 'B') await tag(u, d.date, ['cold_shower']);
    const noise = ar1(21, days.length, 0.5);
    await ingestOk(
      server,
      u,
      days.map((d, t) => ({
        metric_type_slug: 'mood',
        recorded_at: `${d.date}T20:00:00Z`,
        source: 'manual',
        value: Math.round((6 + noise[t]) * 10) / 10,
      })),
    );
    const now = await read(u, experiment.id);
    expect(now.adherence.rate).toBe(1);
    expect(now.results).toMatchObject({ n_a: 28, n_b: 28, verdict: 'no_clear_effect' });
    expect(now.results.ci_low).toBeLessThan(0);
    expect(now.results.ci_high).toBeGreaterThan(0);
  });
});
