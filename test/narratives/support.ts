import { addDays } from '../../src/domain/insights/window.ts';
import type { HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { ingestOk, reading } from '../metrics/support.ts';

export const WEEK = '2026-11-16';
export const WEEK_END = '2026-11-22';

/**
 * Five weeks of data ending on WEEK's Sunday, through the public API: sleep every night (shorter
 * after a late coffee, so the graph links them), resting heart rate that jumps in the last week
 * (an episode), steps in the last week only, and a standing sleep goal of 7 h.
 */
export async function seedWeeks(server: HttpServer, u: TestUser): Promise<void> {
  const first = addDays(WEEK, -28);
  const readings = [];
  for (let i = 0; i < 35; i++) {
    const day = addDays(first, i);
    const coffee = i % 3 === 0;
    const afterCoffee = i % 3 === 1;
    if (coffee) {
      const res = await server
        .api()
        .post(`/users/${u.id}/events`)
        .set(u.auth)
        .send({ occurred_at: `${day}T20:00:00Z`, tags: ['coffee'], notes: 'late coffee' });
      if (res.status !== 201) throw new Error(`event: ${res.status}`);
    }
    readings.push(
      reading({
        metric_type_slug: 'sleep_duration',
        source: 'ring',
        unit: 'h',
        value: (afterCoffee ? 6 : 7.5) + (i % 5) * 0.1,
        recorded_at: `${day}T07:00:00Z`,
      }),
    );
    readings.push(
      reading({
        metric_type_slug: 'resting_heart_rate',
        source: 'ring',
        value: i >= 28 ? 68 + (i % 2) : 55 + (i % 3) * 0.5,
        recorded_at: `${day}T07:00:00Z`,
      }),
    );
    if (i >= 28)
      readings.push(reading({ metric_type_slug: 'steps', source: 'watch', value: 6000 + i * 100, recorded_at: `${day}T18:00:00Z` }));
  }
  await ingestOk(server, u, readings);
  const goal = await server.api().put(`/users/${u.id}/goals/sleep_duration`).set(u.auth).send({ target: 7, direction: 'at_least' });
  if (goal.status !== 200) throw new Error(`goal: ${goal.status} ${JSON.stringify(goal.body)}`);
}

const round2 = (x: number) => String(Math.round(x * 100) / 100);

/** The facts the digest must carry, read from the API's own answers for the week. */
export async function apiFacts(server: HttpServer, u: TestUser) {
  const get = async (path: string) => {
    const res = await server.api().get(`/users/${u.id}${path}`).set(u.auth);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return res.body;
  };
  const days: { sleep_hours: number | null; steps: number | null; event_count: number; goals: { slug: string; met: boolean | null }[] }[] =
    await get(`/days?from=${WEEK}&to=${WEEK_END}`);
  const sleepGoal = days.map((d) => d.goals.find((g) => g.slug === 'sleep_duration')!);
  const episodes = (await get(`/insights/episodes?window_days=90&end_date=${WEEK_END}`)).episodes as { headline: string }[];
  const graph = await get(`/insights/graph?metric=sleep_duration&window_days=90&end_date=${WEEK_END}&mode=explore`);
  return {
    sleepLine: `- Sleep (sleep_duration, h): ${days.map((d) => (d.sleep_hours === null ? '-' : round2(d.sleep_hours))).join(' ')}`,
    stepsLine: `- Steps (steps, count): ${days.map((d) => (d.steps === null ? '-' : round2(d.steps))).join(' ')}`,
    eventsLine: `Events logged: ${days.reduce((a, d) => a + d.event_count, 0)} (per day ${days.map((d) => d.event_count).join(' ')}).`,
    goalLine: `- Sleep at least 7 h: ${sleepGoal.filter((g) => g.met).length}/${sleepGoal.filter((g) => g.met !== null).length}`,
    episodes: episodes.map((e) => e.headline),
    firstEdge: graph.edges[0] as { label: string; direction: string; confidence: string; r: number; lag: number } | undefined,
  };
}
