import { z } from 'zod';
import { GOAL_DIRECTIONS } from '../../domain/goals/goal.entity.ts';
import type { GoalMetric } from '../../domain/goals/goals.service.ts';

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
  };
}
