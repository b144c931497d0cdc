import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { GOAL_PERIODS } from './periods.ts';

export const GOAL_DIRECTIONS = ['at_least', 'at_most'] as const;

/** A standing goal: one per user per metric type, daily (the spec's) or over a week or a month. */
export const MetricGoal = defineEntity({
  name: 'MetricGoal',
  tableName: 'metric_goals',
  properties: {
    userId: p.uuid().primary(),
    metricTypeId: p.smallint().primary(),
    target: p.double(),
    direction: p.enum(GOAL_DIRECTIONS),
    active: p.boolean(),
    period: p.enum(GOAL_PERIODS),
    /** On how many days of the period the daily value must meet the target; null: the period's aggregate against it. */
    timesPerPeriod: p.smallint().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type MetricGoal = InferEntity<typeof MetricGoal>;
