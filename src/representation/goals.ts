import { z } from 'zod';
import { GOAL_DIRECTIONS } from '../domain/goals/goal.entity.ts';
import type { GoalMetric } from '../domain/goals/goals.service.ts';
import { GOAL_PERIODS, PERIOD_OUTCOMES, type PeriodResult } from '../domain/goals/periods.ts';

export const GoalMetricRead = z
  .object({
    slug: z.string(),
    label: z.string(),
    unit: z.string(),
    category: z.string(),
    direction: z.enum(GOAL_DIRECTIONS),
    value_field: z.string().nullable(),
    target: z.number().nullable(),
    active: z.boolean(),
    is_set: z.boolean(),
    period: z.enum(GOAL_PERIODS).meta({ description: 'day (the daily goal), week or month' }),
    times_per_period: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'On how many days of the period the daily value must meet the target; null: the period total (or mean)' }),
    period_value: z
      .number()
      .nullable()
      .meta({ description: 'The current period so far: its total (or mean), or the days the target was met; null without a goal or data' }),
    streak: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Met periods in a row up to now (skipped ones stepped over); null without a goal' }),
    longest_streak: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The longest run of met periods in the last year; null without a goal' }),
    strength: z.number().nullable().meta({
      description: "Habit strength, 0 to 100 (Loop Habit Tracker's score; a miss lowers it, it does not reset it); null without a goal",
    }),
  })
  .meta({ id: 'GoalMetricRead' });
type GoalMetricRead = z.infer<typeof GoalMetricRead>;

export function presentGoal(g: GoalMetric): GoalMetricRead {
  return {
    slug: g.slug,
    label: g.label,
    unit: g.unit,
    category: g.category,
    direction: g.direction,
    value_field: g.valueField,
    target: g.target,
    active: g.active,
    is_set: g.isSet,
    period: g.period,
    times_per_period: g.timesPerPeriod,
    period_value: g.standing?.current.value ?? null,
    streak: g.standing?.streak ?? null,
    longest_streak: g.standing?.longestStreak ?? null,
    strength: g.standing?.strength ?? null,
  };
}

export const GoalPeriodRead = z
  .object({
    start: z.iso.date(),
    end: z.iso.date(),
    value: z.number().nullable().meta({ description: 'The period total (or mean), or the days the target was met; null without data' }),
    target: z.number().meta({ description: 'What the value is held to: the target, or the days required (less the skipped ones)' }),
    outcome: z.enum(PERIOD_OUTCOMES),
  })
  .meta({ id: 'GoalPeriodRead' });

export const presentPeriod = (p: PeriodResult): z.infer<typeof GoalPeriodRead> => ({
  start: p.start,
  end: p.end,
  value: p.value === null ? null : Math.round(p.value * 1000) / 1000,
  target: Math.round(p.target * 1000) / 1000,
  outcome: p.outcome,
});
