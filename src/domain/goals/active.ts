import { em } from '../../db/context.ts';
import { MetricGoal } from './goal.entity.ts';

/** A user's goals in force, by metric type: what the day summary and the goal.met check measure. */
export async function activeGoals(userId: string): Promise<MetricGoal[]> {
  return em().find(MetricGoal, { userId, active: true }, { orderBy: { metricTypeId: 'asc' } });
}
