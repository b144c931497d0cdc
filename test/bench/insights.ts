/**
 * npm run bench:insights — times the insights routes over REST on a user with a year of data:
 * every catalogue metric (41 since the label nutrients joined; ingest accepts catalogue slugs only)
 * and 54 factors (44 tags, 10 categories), i.e. 95 columns, more than the 40 + 40 of issue 5. Prints p50/p95 for the graph (one
 * centre, all lags, explore) and episodes, at 90 and 365 days, plus the pure computation on a
 * synthetic matrix of the same shape. Uses DATABASE_URL when set, else embedded PGlite.
 *
 *   npm run bench:insights [-- --iterations 40]
 */
import { withContext } from '../../src/db/context.ts';
import { loadDailyMatrix } from '../../src/domain/days/summary.service.ts';
import { computeEpisodes } from '../../src/domain/insights/episodes.ts';
import { computeGraph } from '../../src/domain/insights/graph.ts';
import { METRIC_TYPES } from '../../src/domain/metric-types/catalogue.ts';
import { startTestServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { column, datesFrom, matrix, rng } from '../insights/synthetic.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ITERATIONS = arg('iterations', 40);
const WARMUP = 5;
const DAYS = 365;
const TAGS = 44;
const CATEGORIES = 10;
const END = '2026-06-30';
const DATES = datesFrom('2025-07-01', DAYS);

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

async function time(label: string, run: () => Promise<void> | void): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const result = { p50: percentile(samples, 50), p95: percentile(samples, 95) };
  console.log(`${label.padEnd(44)} p50 ${result.p50.toFixed(1).padStart(7)} ms   p95 ${result.p95.toFixed(1).padStart(7)} ms`);
  return result;
}

async function post(base: string, u: TestUser, path: string, body: unknown): Promise<{ id?: string }> {
  const res = await fetch(`${base}/users/${u.id}${path}`, {
    method: 'POST',
    headers: { ...u.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id?: string };
}

/** A year of correlated, seeded data, with a few planted recent shifts so episodes are not empty. */
async function seed(base: string, u: TestUser): Promise<void> {
  const r = rng(2026);
  const drive = DATES.map(() => r.normal()); // a shared daily "state" so some columns correlate
  const tagDays = Array.from({ length: TAGS }, (_, t) =>
    DATES.map((_, d) => r.uniform() < 0.15 + (0.25 * (t % 3)) / 2 + (t < 6 ? 0.1 * drive[d] : 0)),
  );
  const readings = METRIC_TYPES.flatMap((type, m) =>
    DATES.map((date, d) => {
      const lagged = d > 0 && m % 4 === 0 ? 0.8 * drive[d - 1] : 0;
      const shift = m % 9 === 0 && d >= DAYS - 5 ? 4 : 0;
      const z = 0.6 * lagged + (m % 3 === 0 ? 0.5 * drive[d] : 0) + r.normal() + shift + (tagDays[m % TAGS][d] ? 0.5 : 0);
      const value = Math.max(0, 50 + 10 * z);
      return {
        metric_type_slug: type.slug,
        recorded_at: `${date}T12:00:00Z`,
        source: 'bench',
        source_id: `${type.slug}-${date}`,
        value: Math.round(value * 10) / 10,
        unit: type.unit,
      };
    }),
  );
  for (let i = 0; i < readings.length; i += 5000) await post(base, u, '/health/metrics', { readings: readings.slice(i, i + 5000) });
  const categories: string[] = [];
  for (let c = 0; c < CATEGORIES; c++) categories.push((await post(base, u, '/categories', { name: `Category ${c}` })).id!);
  for (const [d, date] of DATES.entries()) {
    const tags = tagDays.map((days, t) => (days[d] ? `tag${t}` : null)).filter((t): t is string => t !== null);
    const cats = categories.filter((_, c) => r.uniform() < 0.2 + 0.05 * c);
    const events = Math.max(1, cats.length);
    for (let e = 0; e < events; e++) {
      await post(base, u, '/events', {
        occurred_at: `${date}T${String(8 + e).padStart(2, '0')}:00:00Z`,
        local_date: date,
        ...(e === 0 && tags.length ? { tags } : {}),
        ...(cats[e] ? { category_id: cats[e] } : {}),
      });
    }
  }
}

async function main(): Promise<void> {
  const server = await startTestServer();
  try {
    const user = await signUp(server);
    const t0 = performance.now();
    await seed(server.url, user);
    console.log(
      `seeded ${DAYS} days × (${METRIC_TYPES.length} metrics + ${TAGS + CATEGORIES} factors) in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );
    const get = async (path: string) => {
      const res = await fetch(`${server.url}/users/${user.id}/insights/${path}`, { headers: user.auth });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ edges?: unknown[]; episodes?: unknown[] }>;
    };
    for (const days of [90, 365]) {
      const graph = await get(`graph?metric=mood&window_days=${days}&end_date=${END}`);
      const episodes = await get(`episodes?window_days=${days}&end_date=${END}`);
      console.log(`-- ${days} days: graph has ${graph.edges!.length} edges, ${episodes.episodes!.length} episodes`);
      await time(
        `REST graph (mood, explore, ${days} d)`,
        async () => void (await get(`graph?metric=mood&window_days=${days}&end_date=${END}`)),
      );
      await time(`REST episodes (${days} d)`, async () => void (await get(`episodes?window_days=${days}&end_date=${END}`)));
      // Where the time goes: the daily summary's matrix alone, and the statistics on it.
      const from = DATES[DAYS - days];
      const loaded = await withContext(() => loadDailyMatrix(user.id, from, END), server.db.orm);
      await time(`  of which loadDailyMatrix (${days} d)`, () =>
        withContext(async () => void (await loadDailyMatrix(user.id, from, END)), server.db.orm),
      );
      await time(
        `  of which compute graph (${days} d)`,
        () => void computeGraph({ ...loaded }, 'mood', { mode: 'explore', windowDays: days }),
      );
      await time(
        `  of which compute episodes (${days} d)`,
        () => void computeEpisodes({ ...loaded }, { userId: user.id, windowDays: days }),
      );
    }
  } finally {
    await server.stop();
  }

  // The statistics alone, on a synthetic matrix of the same shape (no database, no HTTP).
  for (const days of [90, 365]) {
    const r = rng(days);
    const columns = [
      ...Array.from({ length: 40 }, (_, i) =>
        column(
          `m${i}`,
          'metric',
          Array.from({ length: days }, () => Math.round(r.normal() * 10) / 10),
        ),
      ),
      ...Array.from({ length: 40 }, (_, i) =>
        column(
          `tag:f${i}`,
          'factor',
          Array.from({ length: days }, () => r.bernoulli(0.3)),
        ),
      ),
    ];
    await time(
      `compute graph (40 + 40 columns, ${days} d)`,
      () => void computeGraph(matrix(days, columns), 'm0', { mode: 'explore', windowDays: days }),
    );
    await time(
      `compute episodes (40 + 40 columns, ${days} d)`,
      () => void computeEpisodes(matrix(days, columns), { userId: 'bench', windowDays: days }),
    );
  }
}

await main();
