import type { GOAL_DIRECTIONS } from '../goals/goal.entity.ts';
import type { RESOLUTION_OPERATORS } from '../metrics/metric.entity.ts';

/** One source's own value of a metric on the day. */
export type DayMetricSource = { source: string; value: number };

/** A metric with a value on the day, and how its sources resolved to it (docs/daily-summary.md). */
export type DayMetric = {
  slug: string;
  /** The metric type's top-level field in the REST summary (steps, sleep_hours ...), if it has one. */
  valueField: string | null;
  value: number;
  operator: (typeof RESOLUTION_OPERATORS)[number];
  /** The source the value came from; null when no single source gave it (mean). */
  resolvedFrom: string | null;
  sources: DayMetricSource[];
};

/** The day's event count of one tag or one category (never 0: absent factors are left out). */
export type DayFactor = {
  /** `tag:<tag>` or `category:<id>`, the insight graph's column key. */
  key: string;
  tag: string | null;
  categoryId: string | null;
  count: number;
};

/** An active goal measured against the day's value; value, met and progress are null without a value. */
export type GoalProgress = {
  slug: string;
  valueField: string | null;
  target: number;
  direction: (typeof GOAL_DIRECTIONS)[number];
  value: number | null;
  met: boolean | null;
  progress: number | null;
};

/** One local day: its metrics in resolution order, factors by key, every event, every active goal. */
export type DaySummary = {
  date: string;
  metrics: DayMetric[];
  factors: DayFactor[];
  eventCount: number;
  goals: GoalProgress[];
};
