import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const GOAL_DIRECTIONS = ['at_least', 'at_most'] as const;

/** A standing daily goal: one per user per metric type. */
export const MetricGoal = defineEntity({
  name: 'MetricGoal',
  tableName: 'metric_goals',
  properties: {
    userId: p.uuid().primary(),
    metricTypeId: p.smallint().primary(),
    target: p.double(),
    direction: p.enum(GOAL_DIRECTIONS),
    active: p.boolean(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type MetricGoal = InferEntity<typeof MetricGoal>;
