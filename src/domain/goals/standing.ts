import { localDateOf } from '../../core/clock.ts';
import { query } from '../../db/sql.ts';
import { resolvedDays } from '../metrics/resolved-days.ts';
import { metricTypeById } from '../metric-types/catalogue.ts';
import { loadUser } from '../users/users.service.ts';
import type { MetricGoal } from './goal.entity.ts';
import { addDays, goalHistory, habitStrength, periodOf, streaks, type GoalRule, type PeriodResult } from './periods.ts';
import { type Weekday } from '../users/preferences.ts';

/** How far back streaks and strength look: a year (a daily habit's strength is settled within three months). */
const STANDING_DAYS = 365;

/** Where a set goal stands now: its current period, its streaks, its strength. */
export type GoalStanding = {
  current: PeriodResult;
  streak: number;
  longestStreak: number;
  /** 0..100, four decimals (Loop's own tests hold its 0..1 score to 1e-6). */
  strength: number;
};

export const ruleOf = (g: MetricGoal): GoalRule => ({
  target: Number(g.target),
  direction: g.direction,
  period: g.period,
  timesPerPeriod: g.timesPerPeriod ?? null,
  aggregation: metricTypeById(g.metricTypeId)!.aggregation,
});

/** The user's local today and week start. */
export async function calendarOf(userId: string): Promise<{ today: string; weekStart: Weekday }> {
  const user = await loadUser(userId);
  return { today: localDateOf(new Date(), user.timezone), weekStart: user.weekStart };
}

/** The goals' metrics' resolved daily values and the user's skips of them, over from..to. */
export async function goalData(
  userId: string,
  metricTypeIds: number[],
  from: string,
  to: string,
): Promise<{ values: Map<number, Map<string, number>>; skips: Map<number, Set<string>> }> {
  const wanted = new Set(metricTypeIds);
  const [resolved, skipped] = await Promise.all([
    resolvedDays(userId, from, to),
    query<{ metric_type_id: number; day: string }>(
      `select metric_type_id, day::text as day from goal_skips
        where user_id = $1 and metric_type_id = any($2::smallint[]) and day between $3::date and $4::date`,
      [userId, metricTypeIds, from, to],
    ),
  ]);
  const values = new Map<number, Map<string, number>>(metricTypeIds.map((id) => [id, new Map()]));
  for (const r of resolved) if (wanted.has(r.metricTypeId)) values.get(r.metricTypeId)!.set(r.localDate, r.value);
  const skips = new Map<number, Set<string>>(metricTypeIds.map((id) => [id, new Set()]));
  for (const s of skipped) skips.get(Number(s.metric_type_id))!.add(s.day);
  return { values, skips };
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * The standing of each of the user's set goals, by metric type id: the periods of the last
 * STANDING_DAYS (from the start of the period holding their first day) give the streaks; the
 * strength runs Loop's score from the first day in that span with a value or a skip.
 */
export async function standings(userId: string, goals: MetricGoal[]): Promise<Map<number, GoalStanding>> {
  if (goals.length === 0) return new Map();
  const { today, weekStart } = await calendarOf(userId);
  const earliest = addDays(today, -STANDING_DAYS);
  // Far enough back for the week or month holding the earliest day.
  const from = addDays(earliest, -31);
  const data = await goalData(
    userId,
    goals.map((g) => g.metricTypeId),
    from,
    today,
  );
  const out = new Map<number, GoalStanding>();
  for (const g of goals) {
    const rule = ruleOf(g);
    const values = data.values.get(g.metricTypeId)!;
    const skips = data.skips.get(g.metricTypeId)!;
    const start = periodOf(earliest, rule.period, weekStart).start;
    const periods = goalHistory(rule, values, skips, start, today, today, weekStart);
    const firstDay = [...values.keys(), ...skips].filter((d) => d >= earliest).sort()[0];
    out.set(g.metricTypeId, {
      current: periods.at(-1)!,
      ...streaks(periods),
      strength: firstDay ? round4(habitStrength(rule, values, skips, firstDay, today)) : 0,
    });
  }
  return out;
}

/** The user's active goals whose period holding `day` is met as of now, each with that period. */
export async function periodsMetOn(
  userId: string,
  day: string,
  goals: MetricGoal[],
): Promise<{ goal: MetricGoal; period: PeriodResult }[]> {
  if (goals.length === 0) return [];
  const { today, weekStart } = await calendarOf(userId);
  const spans = goals.map((g) => periodOf(day, g.period, weekStart));
  const from = spans.map((s) => s.start).sort()[0];
  const data = await goalData(
    userId,
    goals.map((g) => g.metricTypeId),
    from,
    today,
  );
  return goals.flatMap((goal, i) => {
    const [period] = goalHistory(
      ruleOf(goal),
      data.values.get(goal.metricTypeId)!,
      data.skips.get(goal.metricTypeId)!,
      spans[i].start,
      spans[i].start,
      today,
      weekStart,
    );
    return period?.outcome === 'met' ? [{ goal, period }] : [];
  });
}
