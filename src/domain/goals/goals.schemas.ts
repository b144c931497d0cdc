import { z } from 'zod';
import { GOAL_DIRECTIONS } from './goal.entity.ts';

export const MetricGoalUpdate = z
  .object({
    target: z.number().finite().gt(0, 'Target must be positive'),
    direction: z.enum(GOAL_DIRECTIONS),
    active: z.boolean().default(true),
  })
  .meta({ id: 'MetricGoalUpdate' });
