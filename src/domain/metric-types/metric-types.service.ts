import { authorize, type Actor } from '../../core/actor.ts';
import { METRIC_TYPES, metricType, type MetricType } from './catalogue.ts';

/** The metric catalogue, in catalogue order: the same for every user. */
export function listMetricTypes(actor: Actor): MetricType[] {
  authorize(actor, actor.userId, 'read');
  return [...METRIC_TYPES];
}

/**
 * Batch read for relations (a reading's or a definition's metric type), by slug. The catalogue is
 * static, but relations still load through a batch function like every other area's.
 */
export async function metricTypesBySlugs(actor: Actor, slugs: string[]): Promise<Map<string, MetricType>> {
  authorize(actor, actor.userId, 'read');
  return new Map(
    slugs.flatMap((slug) => {
      const type = metricType(slug);
      return type ? [[slug, type] as const] : [];
    }),
  );
}
