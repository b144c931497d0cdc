import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { acceptedUnits, METRIC_TYPES, metricType, metricTypeById } from './catalogue.ts';
import { HealthMetric } from './metric.entity.ts';
import { HealthMetricListQuery, type HealthMetricRead } from './metrics.schemas.ts';

export function listMetricTypes() {
  return METRIC_TYPES.map((t) => ({
    id: t.id,
    slug: t.slug,
    label: t.label,
    category: t.category,
    unit: t.unit,
    aggregation: t.aggregation,
    goalable: t.goalable,
    value_field: t.valueField,
    accepted_units: acceptedUnits(t.slug),
  }));
}

export function toHealthMetricRead(h: HealthMetric): HealthMetricRead {
  const type = metricTypeById(h.metricTypeId)!;
  const createdAt = h.createdAt.toISOString();
  return {
    id: h.id,
    user_id: h.userId,
    metric_type_id: h.metricTypeId,
    metric_type_slug: type.slug,
    recorded_at: h.recordedAt.toISOString(),
    created_at: createdAt,
    // Readings are immutable.
    updated_at: createdAt,
    metadata: h.metadata,
    reading_group_id: h.readingGroupId ?? null,
    source: h.source,
    source_id: h.sourceId ?? null,
    unit: type.unit,
    value: Number(h.value),
  };
}

/** Readings, newest first; from/to take a date (local day, inclusive) or a date-time (to exclusive). */
export async function listReadings(actor: Actor, input: unknown): Promise<HealthMetricRead[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(HealthMetricListQuery, input);
  const where: Record<string, unknown> = { userId: actor.userId };
  if (q.metric !== undefined) {
    const type = metricType(q.metric);
    if (!type) throw Invalid.at(['metric'], `Unknown metric type "${q.metric}"`);
    where.metricTypeId = type.id;
  }
  if (q.source !== undefined) where.source = q.source;
  const bound = (value: string | undefined, dateOp: string, instantOp: string) => {
    if (!value) return;
    const [field, op, v] = value.length === 10 ? ['localDate', dateOp, value] : ['recordedAt', instantOp, new Date(value)];
    where[field] = { ...(where[field] as object), [op]: v };
  };
  bound(q.from, '$gte', '$gte');
  bound(q.to, '$lte', '$lt');
  const rows = await em().find(HealthMetric, where, {
    orderBy: { recordedAt: 'desc', id: 'desc' },
    limit: q.limit,
    offset: q.offset,
  });
  return rows.map(toHealthMetricRead);
}
