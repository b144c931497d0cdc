import { z } from 'zod';
import { isoDate } from '../../core/validation.ts';
import { GOAL_DIRECTIONS } from './goal.entity.ts';
import { GOAL_PERIODS } from './periods.ts';

/**
 * PUT /users/{user_id}/goals/{slug}: the spec's body (target, direction, active) is a daily goal;
 * `period` and `times_per_period` make it a weekly or monthly one ("on 5 days of the week").
 */
export const MetricGoalUpdate = z
  .object({
    target: z.number().finite().gt(0, 'Target must be positive'),
    direction: z.enum(GOAL_DIRECTIONS),
    active: z.boolean().default(true),
    period: z
      .enum(GOAL_PERIODS)
      .default('day')
      .meta({ description: "day (the default: the spec's daily goal), week (from the profile's week_start) or month" }),
    times_per_period: z.number().int().min(1).max(31).nullable().default(null).meta({
      description:
        'On how many days of the period the daily value must meet the target; null (the default): the period’s total (a mean for metrics that do not add up) against it',
    }),
  })
  .superRefine((g, ctx) => {
    if (g.times_per_period === null) return;
    if (g.period === 'day') {
      ctx.addIssue({
        code: 'custom',
        path: ['times_per_period'],
        message: 'A daily goal has no times per period: set period week or month',
      });
    } else if (g.period === 'week' && g.times_per_period > 7) {
      ctx.addIssue({ code: 'custom', path: ['times_per_period'], message: 'A week has 7 days' });
    }
  })
  .meta({ id: 'MetricGoalUpdate' });

/** At most two years of periods per request (24 months, 105 weeks, 731 days). */
const MAX_HISTORY_DAYS = 731;

export const GoalHistoryQuery = z
  .object({
    from: isoDate().optional().describe("First day (default: twelve periods before `to`'s)"),
    to: isoDate().optional().describe("Last day (default: the user's local today)"),
  })
  .meta({ id: 'GoalHistoryQuery' });

export const historySpan = { maxDays: MAX_HISTORY_DAYS };

/** Days to skip: a list, or a range (a pause), not both; at most a year at once. */
export const GoalSkipsCreate = z
  .object({
    dates: z.array(isoDate()).min(1).max(366).optional().describe('Days to skip'),
    from: isoDate().optional().describe('First day of a pause'),
    to: isoDate().optional().describe('Last day of a pause (inclusive)'),
  })
  .strict()
  .superRefine((b, ctx) => {
    const range = b.from !== undefined || b.to !== undefined;
    if (b.dates && range) ctx.addIssue({ code: 'custom', path: ['dates'], message: 'Give dates, or from and to, not both' });
    if (!b.dates && !range) ctx.addIssue({ code: 'custom', path: [], message: 'Give dates, or from and to' });
    if (range && (b.from === undefined || b.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [b.from === undefined ? 'from' : 'to'], message: 'A pause needs both from and to' });
    }
    if (b.from && b.to && b.from > b.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    if (b.from && b.to && Date.parse(b.to) - Date.parse(b.from) > 365 * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'A pause is at most 366 days' });
    }
  })
  .meta({ id: 'GoalSkipsCreate' });
