import { z } from 'zod';
import { RESOLUTION_OPERATORS } from '../metrics/metric.entity.ts';
import { isoDate } from '../../core/validation.ts';
import { METRIC_TYPES } from '../metrics/catalogue.ts';

export const MAX_DAYS = 366;

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const DayParams = z.object({ date: isoDate() });

export const DayRangeQuery = z
  .object({ from: isoDate(), to: isoDate() })
  .superRefine((q, ctx) => {
    const n = daysBetween(q.from, q.to);
    if (n < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` must not be before `from`', input: q.to });
    else if (n > MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_DAYS} days per request`, input: q.to });
  })
  .meta({ id: 'DayRangeQuery' });

const coreFields = Object.fromEntries(
  METRIC_TYPES.filter((t) => t.valueField).map((t) => [t.valueField!, z.number().nullable().meta({ description: `${t.label} (${t.unit})` })]),
);

export const GoalProgress = z
  .object({
    slug: z.string(),
    value_field: z.string().nullable(),
    target: z.number(),
    direction: z.enum(['at_least', 'at_most']),
    value: z.number().nullable(),
    met: z.boolean().nullable(),
    progress: z.number().nullable(),
  })
  .meta({ id: 'GoalProgress' });

export const MetricResolution = z
  .object({
    operator: z.enum(RESOLUTION_OPERATORS),
    resolved_from: z.string().nullable(),
    sources: z.record(z.string(), z.number()),
  })
  .meta({ id: 'MetricResolution' });

export const DaySummary = z
  .object({
    date: z.iso.date(),
    ...coreFields,
    metrics: z.record(z.string(), z.number()),
    resolution: z.record(z.string(), MetricResolution),
    factors: z.record(z.string(), z.number().int()),
    event_count: z.number().int(),
    goals: z.array(GoalProgress),
  })
  .meta({ id: 'DaySummary' });
export type DaySummary = z.infer<typeof DaySummary>;
