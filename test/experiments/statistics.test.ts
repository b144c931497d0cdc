import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyse, type Better } from '../../src/domain/experiments/analysis.ts';
import { blockArms, buildPlan, type Design } from '../../src/domain/experiments/schedule.ts';
import { compareArms, neweyWestLags, tCritical } from '../../src/domain/experiments/stats.ts';
import { expectClose } from '../insights/fixtures.ts';
import { rng } from '../insights/synthetic.ts';

/**
 * The experiments' statistics against SciPy and statsmodels (test/fixtures/experiments/make_reference.py
 * wrote reference.json), and their false-positive rate on autocorrelated noise without an effect.
 */
type Json = Record<string, any>;
const REFERENCE = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'experiments', 'reference.json'), 'utf8'),
) as { stats: Json[]; schedules: Json[]; pipelines: Json[] };

/** The reference's snake_case result keys, as the Comparison's fields. */
const FIELDS: Record<string, string> = {
  n_a: 'nA',
  n_b: 'nB',
  mean_a: 'meanA',
  mean_b: 'meanB',
  difference: 'difference',
  hedges_g: 'hedgesG',
  hac_se: 'hacSe',
  ols_se: 'olsSe',
  se: 'se',
  hac_lags: 'hacLags',
  runs: 'runs',
  df: 'df',
  ci_low: 'ciLow',
  ci_high: 'ciHigh',
  p_value: 'pValue',
};

function expectReference(actual: Json, expected: Json, what: string): void {
  for (const [key, field] of Object.entries(FIELDS)) {
    const value = actual[field] as number;
    if (Number.isInteger(expected[key])) expect([what, key, value]).toEqual([what, key, expected[key]]);
    else expectClose(value, expected[key] as number, 1e-6, `${what} ${key}`);
  }
}

describe('against statsmodels and SciPy', () => {
  test.each(REFERENCE.stats.map((c) => [c.name, c] as const))(
    '%s: difference, Hedges g, HAC and OLS standard errors, the interval and p agree to 1e-6',
    (name, c) => {
      expectReference(compareArms(c.y, c.b), c.expected, name);
    },
  );

  test('the cases cover the interval from the HAC error and from the OLS one, several lags and degrees of freedom', () => {
    const expected = REFERENCE.stats.map((c) => c.expected);
    expect(expected.some((e) => e.se === e.hac_se && e.hac_se > e.ols_se)).toBe(true);
    expect(expected.some((e) => e.se === e.ols_se && e.ols_se > e.hac_se)).toBe(true);
    expect(new Set(expected.map((e) => e.hac_lags)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(expected.map((e) => e.df)).size).toBeGreaterThanOrEqual(4);
  });

  test('t critical values against scipy.stats.t.ppf(0.975, df)', () => {
    // scipy.stats.t.ppf(0.975, df) for df = 1, 2, 3, 6, 12, 30.
    const ppf: [number, number][] = [
      [1, 12.706204736174698],
      [2, 4.302652729749464],
      [3, 3.182446305284263],
      [6, 2.4469118511449692],
      [12, 2.1788128296634177],
      [30, 2.0422724563012373],
    ];
    for (const [df, t] of ppf) expectClose(tCritical(df), t, 1e-9, `t(${df})`);
  });

  test('lags follow floor(4·(n/100)^(2/9))', () => {
    expect([10, 20, 27, 28, 60, 100, 200, 366].map(neweyWestLags)).toEqual([2, 2, 2, 3, 3, 4, 4, 5]);
  });

  test.each(REFERENCE.schedules.map((c) => [c.seed, c] as const))('seed %s: the randomized pairs the SHA-256 rule gives', (_seed, c) => {
    expect(blockArms('randomized', c.blocks, c.seed)).toEqual(c.arms);
  });

  test.each(REFERENCE.pipelines.map((c) => [c.spec.name, c] as const))(
    '%s: schedule, washout, lag, adherence and verdict as the reference computes them',
    (name, c) => {
      const s = c.spec;
      const plan = buildPlan({
        design: s.design as Design,
        blocks: s.blocks,
        blockDays: s.block_days,
        washoutDays: s.washout_days,
        start: s.start,
        seed: s.seed,
        stoppedOn: s.stopped_on,
      });
      const out = analyse(
        plan,
        { lag: s.lag, better: s.better as Better },
        { intervention: (d) => c.intervention[d] ?? null, outcome: (d) => c.outcome[d] ?? null },
      );
      expect(
        out.days.map((d) => ({
          date: d.date,
          arm: d.arm,
          block: d.block,
          washout: d.washout,
          intervention: d.intervention,
          adherent: d.adherent,
          outcome_date: d.outcomeDate,
          outcome: d.outcome,
          analysed: d.analysed,
        })),
      ).toEqual(c.expected.days);
      expect({ days_known: out.adherence.daysKnown, days_adherent: out.adherence.daysAdherent, rate: out.adherence.rate }).toEqual(
        c.expected.adherence,
      );
      expectReference(out.results, c.expected.results, name);
      expect(out.results.verdict).toBe(c.expected.results.verdict);
    },
  );
});

describe('edge cases', () => {
  test('one arm only: means, no regression', () => {
    const c = compareArms([1, 2, 3], [false, false, false]);
    expect(c).toMatchObject({ nA: 3, nB: 0, meanA: 2, meanB: null, difference: null, se: null, ciLow: null, pValue: null, runs: 1 });
  });

  test('each arm constant: no spread, so no g; an interval of the difference alone, which is an effect', () => {
    const c = compareArms([...Array(10).fill(1), ...Array(10).fill(3)], [...Array(10).fill(false), ...Array(10).fill(true)]);
    expect(c).toMatchObject({ difference: 2, hedgesG: null, se: 0, ciLow: 2, ciHigh: 2, pValue: 0 });
    const flat = compareArms(Array(20).fill(5), [...Array(10).fill(false), ...Array(10).fill(true)]);
    expect(flat).toMatchObject({ difference: 0, se: 0, ciLow: 0, ciHigh: 0, pValue: 1 });
  });

  test('a stopped plan ends on its stop day; washout follows a switch only', () => {
    const plan = buildPlan({
      design: 'abab',
      blocks: 4,
      blockDays: 3,
      washoutDays: 1,
      start: '2026-01-30',
      seed: null,
      stoppedOn: '2026-02-05',
    });
    expect(plan.blocks).toEqual([
      { index: 1, arm: 'A', from: '2026-01-30', to: '2026-02-01' },
      { index: 2, arm: 'B', from: '2026-02-02', to: '2026-02-04' },
      { index: 3, arm: 'A', from: '2026-02-05', to: '2026-02-05' },
    ]);
    expect(plan.days.filter((d) => d.washout).map((d) => d.date)).toEqual(['2026-02-02', '2026-02-05']);
    // Randomized pairs can put two blocks of one arm together: no switch, no washout.
    const seed = [...Array(50).keys()].find((s) => blockArms('randomized', 4, s).join('') === 'ABBA')!;
    const rand = buildPlan({ design: 'randomized', blocks: 4, blockDays: 2, washoutDays: 1, start: '2026-01-01', seed, stoppedOn: null });
    expect(rand.days.map((d) => `${d.arm}${d.washout ? '*' : ''}`).join('')).toBe('AAB*BBBA*A');
  });
});

/** AR(1) noise with unit variance: x_t = φ x_{t−1} + √(1−φ²) ε_t, started from its stationary law. */
function ar1(r: ReturnType<typeof rng>, n: number, phi: number): number[] {
  const out: number[] = [];
  let x = r.normal();
  for (let t = 0; t < n; t++) {
    out.push(x);
    x = phi * x + Math.sqrt(1 - phi * phi) * r.normal();
  }
  return out;
}

describe('500 experiments without an effect, on autocorrelated noise', () => {
  const SIMULATIONS = 500;
  const scenarios: { name: string; design: Design; blocks: number; blockDays: number; washoutDays: number; phi: number }[] = [
    { name: 'abab, 4 blocks of 7 days (the default)', design: 'abab', blocks: 4, blockDays: 7, washoutDays: 0, phi: 0.5 },
    { name: 'randomized, 8 blocks of 7 days (the default)', design: 'randomized', blocks: 8, blockDays: 7, washoutDays: 0, phi: 0.5 },
    { name: 'randomized, 8 blocks of 7 days', design: 'randomized', blocks: 8, blockDays: 7, washoutDays: 0, phi: 0.3 },
    { name: 'abab, 12 blocks of 7 days', design: 'abab', blocks: 12, blockDays: 7, washoutDays: 0, phi: 0.5 },
    { name: 'abab, 8 blocks of 5 days, 2 washout days', design: 'abab', blocks: 8, blockDays: 5, washoutDays: 2, phi: 0.5 },
    { name: 'randomized days, 28 blocks of 1 day', design: 'randomized', blocks: 28, blockDays: 1, washoutDays: 0, phi: 0.3 },
    { name: 'randomized, 20 blocks of 3 days', design: 'randomized', blocks: 20, blockDays: 3, washoutDays: 0, phi: 0.4 },
  ];

  test.each(scenarios.map((s, i) => [s.name, s.phi, s, i] as const))('%s, AR(1) φ = %s: at most 5%% claim an effect', (name, phi, s, i) => {
    const r = rng(1000 + i);
    let claims = 0;
    let verdicts = 0;
    for (let k = 0; k < SIMULATIONS; k++) {
      const plan = buildPlan({ ...s, start: '2026-01-01', seed: k, stoppedOn: null });
      const noise = ar1(r, plan.days.length, phi);
      const byDate = new Map(plan.days.map((d, t) => [d.date, 50 + 10 * noise[t]]));
      const { results } = analyse(plan, { lag: 0, better: 'higher' }, { intervention: () => null, outcome: (d) => byDate.get(d) ?? null });
      if (results.verdict !== 'inconclusive') verdicts++;
      if (results.verdict === 'improved' || results.verdict === 'worsened') claims++;
    }
    const rate = claims / SIMULATIONS;
    console.log(`null simulations, ${name}, φ = ${phi}: ${claims} of ${SIMULATIONS} claim an effect (${(100 * rate).toFixed(1)}%)`);
    expect(verdicts).toBe(SIMULATIONS);
    expect(rate).toBeLessThanOrEqual(0.05);
  });

  test('the same scenario with normal critical values and the HAC error alone would claim too many', () => {
    // Why the interval is calibrated: plain Newey–West with z = 1.96 on the default ABAB design.
    const r = rng(77);
    let claims = 0;
    for (let k = 0; k < SIMULATIONS; k++) {
      const plan = buildPlan({ design: 'abab', blocks: 4, blockDays: 7, washoutDays: 0, start: '2026-01-01', seed: null, stoppedOn: null });
      const y = ar1(r, plan.days.length, 0.5);
      const c = compareArms(
        y,
        plan.days.map((d) => d.arm === 'B'),
      );
      if (Math.abs(c.difference!) > 1.959964 * c.hacSe!) claims++;
    }
    console.log(
      `null simulations, plain HAC with z on abab 4×7, φ = 0.5: ${claims} of ${SIMULATIONS} (${((100 * claims) / SIMULATIONS).toFixed(1)}%)`,
    );
    expect(claims / SIMULATIONS).toBeGreaterThan(0.08);
  });
});
