import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { METRIC_TYPES, metricType, type MetricCategory, type MetricType } from '../metrics/catalogue.ts';
import { MetricGoal } from './goal.entity.ts';
import { MetricGoalUpdate } from './goals.schemas.ts';

type Direction = MetricGoal['direction'];

/** A goalable metric with its standing daily goal; target is null (and isSet false) where none is set. */
export type GoalMetric = {
  slug: string;
  label: string;
  unit: string;
  category: MetricCategory;
  direction: Direction;
  valueField: string | null;
  target: number | null;
  active: boolean;
  isSet: boolean;
};

/** The direction the editor proposes for a metric without a goal: less is better for these. */
const LESS_IS_BETTER = new Set(['caffeine', 'resting_heart_rate', 'weight', 'body_fat']);

const defaultDirection = (t: MetricType): Direction => (LESS_IS_BETTER.has(t.slug) ? 'at_most' : 'at_least');

function goalMetric(t: MetricType, goal: MetricGoal | undefined): GoalMetric {
  return {
    slug: t.slug,
    label: t.label,
    unit: t.unit,
    category: t.category,
    direction: goal?.direction ?? defaultDirection(t),
    valueField: t.valueField,
    target: goal ? Number(goal.target) : null,
    active: goal?.active ?? false,
    isSet: goal !== undefined,
  };
}

function goalable(slug: string): MetricType {
  const t = metricType(slug);
  if (!t || !t.goalable) throw new NotFound(`Goalable metric "${slug}"`);
  return t;
}

/** Every goalable metric, in catalogue order; `target` is null where no goal is set. */
export async function listGoals(actor: Actor): Promise<GoalMetric[]> {
  authorize(actor, actor.userId, 'read');
  const goals = await em().find(MetricGoal, { userId: actor.userId });
  const byType = new Map(goals.map((g) => [g.metricTypeId, g]));
  return METRIC_TYPES.filter((t) => t.goalable).map((t) => goalMetric(t, byType.get(t.id)));
}

/** Rule 9: creates or replaces the metric's standing daily goal. */
export async function putGoal(actor: Actor, slug: string, input: z.input<typeof MetricGoalUpdate>): Promise<GoalMetric> {
  authorize(actor, actor.userId, 'write');
  const type = goalable(slug);
  const data = parse(MetricGoalUpdate, input);
  const now = new Date();
  await em().upsert(
    MetricGoal,
    {
      userId: actor.userId,
      metricTypeId: type.id,
      target: data.target,
      direction: data.direction,
      active: data.active,
      createdAt: now,
      updatedAt: now,
    },
    { onConflictFields: ['userId', 'metricTypeId'], onConflictExcludeFields: ['createdAt'] },
  );
  const goal = await em().findOneOrFail(MetricGoal, { userId: actor.userId, metricTypeId: type.id }, { refresh: true });
  return goalMetric(type, goal);
}

export async function deleteGoal(actor: Actor, slug: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const type = goalable(slug);
  const deleted = await em().nativeDelete(MetricGoal, { userId: actor.userId, metricTypeId: type.id });
  if (deleted === 0) throw new NotFound('Goal');
}

/** Active goals, for the day summary. */
export async function activeGoals(userId: string): Promise<MetricGoal[]> {
  return em().find(MetricGoal, { userId, active: true }, { orderBy: { metricTypeId: 'asc' } });
}
