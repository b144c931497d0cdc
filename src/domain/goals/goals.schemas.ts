import { z } from 'zod';
import { GOAL_DIRECTIONS } from './goal.entity.ts';

export const MetricGoalUpdate = z
  .object({
    target: z.number().finite().gt(0, 'Target must be positive'),
    direction: z.enum(GOAL_DIRECTIONS),
    active: z.boolean().default(true),
  })
  .meta({ id: 'MetricGoalUpdate' });

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
export type GoalMetricRead = z.infer<typeof GoalMetricRead>;
