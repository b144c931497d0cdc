import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid, NotFound } from '../../core/errors.ts';
import { z } from 'zod';
import { isoDate, parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { METRIC_TYPES, metricType, metricTypeById, type MetricCategory, type MetricType } from '../metric-types/catalogue.ts';
import { MetricGoal } from './goal.entity.ts';
import { GoalHistoryQuery, GoalSkipsCreate, historySpan, MetricGoalUpdate } from './goals.schemas.ts';
import { addDays, daysBetween, goalHistory, periodOf, type GoalPeriod, type PeriodResult } from './periods.ts';
import { calendarOf, goalData, ruleOf, standings, type GoalStanding } from './standing.ts';

type Direction = MetricGoal['direction'];

/**
 * A goalable metric with its standing goal; target is null (and isSet false) where none is set.
 * A set goal has its period, and where it stands now: the current period's value, its streaks and
 * its strength (null where none is set).
 */
export type GoalMetric = {
  slug: string;
  label: string;
  unit: string;
  category: MetricCategory;
  direction: Direction;
  valueField: string | null;
  target: number | null;
  active: boolean;
  isSet: boolean;
  period: GoalPeriod;
  timesPerPeriod: number | null;
  standing: GoalStanding | null;
};

/** The direction the editor proposes for a metric without a goal: less is better for these. */
const LESS_IS_BETTER = new Set(['caffeine', 'resting_heart_rate', 'weight', 'body_fat']);

const defaultDirection = (t: MetricType): Direction => (LESS_IS_BETTER.has(t.slug) ? 'at_most' : 'at_least');

function goalMetric(t: MetricType, goal: MetricGoal | undefined, standing: GoalStanding | undefined): GoalMetric {
  return {
    slug: t.slug,
    label: t.label,
    unit: t.unit,
    category: t.category,
    direction: goal?.direction ?? defaultDirection(t),
    valueField: t.valueField,
    target: goal ? Number(goal.target) : null,
    active: goal?.active ?? false,
    isSet: goal !== undefined,
    period: goal?.period ?? 'day',
    timesPerPeriod: goal?.timesPerPeriod ?? null,
    standing: standing ?? null,
  };
}

function goalable(slug: string): MetricType {
  const t = metricType(slug);
  if (!t || !t.goalable) throw new NotFound(`Goalable metric "${slug}"`);
  return t;
}

/** The user's goal of a metric, or NotFound when none is set. */
async function setGoal(actor: Actor, slug: string): Promise<{ type: MetricType; goal: MetricGoal }> {
  const type = goalable(slug);
  const goal = await em().findOne(MetricGoal, { userId: actor.userId, metricTypeId: type.id });
  if (!goal) throw new NotFound('Goal');
  return { type, goal };
}

/** Every goalable metric, in catalogue order; `target` is null where no goal is set. */
export async function listGoals(actor: Actor): Promise<GoalMetric[]> {
  authorize(actor, actor.userId, 'read');
  const goals = await em().find(MetricGoal, { userId: actor.userId });
  const byType = new Map(goals.map((g) => [g.metricTypeId, g]));
  const standing = await standings(actor.userId, goals);
  return METRIC_TYPES.filter((t) => t.goalable).map((t) => goalMetric(t, byType.get(t.id), standing.get(t.id)));
}

/** Rule 9: creates or replaces the metric's standing goal (the spec's body alone: a daily goal). */
export async function putGoal(actor: Actor, slug: string, input: z.input<typeof MetricGoalUpdate>): Promise<GoalMetric> {
  authorize(actor, actor.userId, 'write');
  const type = goalable(slug);
  const data = parse(MetricGoalUpdate, input);
  const now = new Date();
  await em().upsert(
    MetricGoal,
    {
      userId: actor.userId,
      metricTypeId: type.id,
      target: data.target,
      direction: data.direction,
      active: data.active,
      period: data.period,
      timesPerPeriod: data.times_per_period,
      createdAt: now,
      updatedAt: now,
    },
    { onConflictFields: ['userId', 'metricTypeId'], onConflictExcludeFields: ['createdAt'] },
  );
  const goal = await em().findOneOrFail(MetricGoal, { userId: actor.userId, metricTypeId: type.id }, { refresh: true });
  return goalMetric(type, goal, (await standings(actor.userId, [goal])).get(type.id));
}

export async function deleteGoal(actor: Actor, slug: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const type = goalable(slug);
  const deleted = await em().nativeDelete(MetricGoal, { userId: actor.userId, metricTypeId: type.id });
  if (deleted === 0) throw new NotFound('Goal');
}

/** GET …/goals/{slug}/history: each period of from..to (default: the last twelve) with its value, target and outcome, oldest first. */
export async function getGoalHistory(actor: Actor, slug: string, input: z.input<typeof GoalHistoryQuery>): Promise<PeriodResult[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(GoalHistoryQuery, input);
  const { type, goal } = await setGoal(actor, slug);
  const { today, weekStart } = await calendarOf(actor.userId);
  const to = q.to ?? today;
  let from = q.from;
  if (from === undefined) {
    from = to;
    for (let i = 0; i < 11; i++) from = periodOf(addDays(periodOf(from, goal.period, weekStart).start, -1), goal.period, weekStart).start;
  }
  if (from > to) throw Invalid.at(['to'], '`to` must not be before `from`');
  if (daysBetween(from, to) >= historySpan.maxDays) throw Invalid.at(['to'], `At most ${historySpan.maxDays} days per request`);
  const first = periodOf(from, goal.period, weekStart).start;
  const last = periodOf(to, goal.period, weekStart).end;
  const data = await goalData(actor.userId, [type.id], first, last < today ? last : today);
  return goalHistory(ruleOf(goal), data.values.get(type.id)!, data.skips.get(type.id)!, from, to, today, weekStart);
}

/** The days the user skipped the goal in from..to (all of them without a range), oldest first. */
export async function listGoalSkips(actor: Actor, slug: string): Promise<string[]> {
  authorize(actor, actor.userId, 'read');
  const { type } = await setGoal(actor, slug);
  const rows = await query<{ day: string }>(
    `select day::text as day from goal_skips where user_id = $1 and metric_type_id = $2 order by day`,
    [actor.userId, type.id],
  );
  return rows.map((r) => r.day);
}

/** Every goal's skip days, oldest first, by the goal's slug, in one read: what an export adds to each goal's line. */
export async function goalSkipsBySlug(actor: Actor): Promise<Map<string, string[]>> {
  authorize(actor, actor.userId, 'read');
  const rows = await query<{ metric_type_id: number; days: string[] }>(
    `select metric_type_id, array_agg(day::text order by day) as days from goal_skips where user_id = $1 group by metric_type_id`,
    [actor.userId],
  );
  return new Map(rows.map((r) => [metricTypeById(r.metric_type_id)!.slug, r.days]));
}

/** POST …/goals/{slug}/skips: days (or a pause from..to) the goal is set aside; days already skipped stay. Answers every skip. */
export async function addGoalSkips(actor: Actor, slug: string, input: z.input<typeof GoalSkipsCreate>): Promise<string[]> {
  authorize(actor, actor.userId, 'write');
  const body = parse(GoalSkipsCreate, input);
  const { type } = await setGoal(actor, slug);
  const days = body.dates ?? Array.from({ length: daysBetween(body.from!, body.to!) + 1 }, (_, i) => addDays(body.from!, i));
  await query(
    `insert into goal_skips (user_id, metric_type_id, day) select $1, $2, d from unnest($3::date[]) as d on conflict do nothing`,
    [actor.userId, type.id, [...new Set(days)]],
  );
  return listGoalSkips(actor, slug);
}

const SkipDay = z.object({ day: isoDate() });

/** DELETE …/goals/{slug}/skips/{date}: the day counts again. */
export async function deleteGoalSkip(actor: Actor, slug: string, date: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const { day } = parse(SkipDay, { day: date });
  const { type } = await setGoal(actor, slug);
  const deleted = await query(`delete from goal_skips where user_id = $1 and metric_type_id = $2 and day = $3::date returning 1`, [
    actor.userId,
    type.id,
    day,
  ]);
  if (deleted.length === 0) throw new NotFound('Skip');
}
