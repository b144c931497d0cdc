import { z } from 'zod';
import type { DaySummary, GoalProgress } from '../domain/days/day-summary.ts';
import { GOAL_DIRECTIONS } from '../domain/goals/goal.entity.ts';
import { METRIC_TYPES } from '../domain/metric-types/catalogue.ts';
import { RESOLUTION_OPERATORS } from '../domain/metrics/metric.entity.ts';

/** The catalogue's core metrics: each is a top-level field of the REST summary, null without a value. */
const CORE = METRIC_TYPES.filter((t) => t.valueField);

const coreFields = Object.fromEntries(
  CORE.map((t) => [
    t.valueField!,
    z
      .number()
      .nullable()
      .meta({ description: `${t.label} (${t.unit})` }),
  ]),
);

export const GoalProgressRead = z
  .object({
    slug: z.string(),
    value_field: z.string().nullable(),
    target: z.number(),
    direction: z.enum(GOAL_DIRECTIONS),
    value: z.number().nullable(),
    met: z.boolean().nullable(),
    progress: z.number().nullable(),
  })
  .meta({ id: 'GoalProgress' });
type GoalProgressRead = z.infer<typeof GoalProgressRead>;

const MetricResolution = z
  .object({
    operator: z.enum(RESOLUTION_OPERATORS),
    resolved_from: z.string().nullable(),
    sources: z.record(z.string(), z.number()),
  })
  .meta({ id: 'MetricResolution' });

export const DaySummaryRead = z
  .object({
    date: z.iso.date(),
    ...coreFields,
    metrics: z.record(z.string(), z.number()),
    resolution: z.record(z.string(), MetricResolution),
    factors: z.record(z.string(), z.number().int()),
    event_count: z.number().int(),
    goals: z.array(GoalProgressRead),
  })
  .meta({ id: 'DaySummary' });
type DaySummaryRead = z.infer<typeof DaySummaryRead>;

export function presentGoalProgress(g: GoalProgress): GoalProgressRead {
  return {
    slug: g.slug,
    value_field: g.valueField,
    target: g.target,
    direction: g.direction,
    value: g.value,
    met: g.met,
    progress: g.progress,
  };
}

/** The maps keep the summary's order (metrics as resolved, factors by key), so equal data prints equal JSON. */
export function presentDaySummary(d: DaySummary): DaySummaryRead {
  const core: Record<string, number | null> = Object.fromEntries(CORE.map((t) => [t.valueField!, null]));
  for (const m of d.metrics) if (m.valueField) core[m.valueField] = m.value;
  return {
    date: d.date,
    ...core,
    metrics: Object.fromEntries(d.metrics.map((m) => [m.slug, m.value])),
    resolution: Object.fromEntries(
      d.metrics.map((m) => [
        m.slug,
        { operator: m.operator, resolved_from: m.resolvedFrom, sources: Object.fromEntries(m.sources.map((s) => [s.source, s.value])) },
      ]),
    ),
    factors: Object.fromEntries(d.factors.map((f) => [f.key, f.count])),
    event_count: d.eventCount,
    goals: d.goals.map(presentGoalProgress),
  };
}
