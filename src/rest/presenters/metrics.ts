import { z } from 'zod';
import type { MetricType } from '../../domain/metrics/catalogue.ts';
import type { IngestResult } from '../../domain/metrics/ingest.service.ts';
import type { Reading } from '../../domain/metrics/readings.service.ts';

export const MetricTypeRead = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    label: z.string(),
    category: z.enum(['activity', 'sleep', 'body', 'heart', 'nutrition', 'mind']),
    unit: z.string(),
    aggregation: z.enum(['sum', 'mean', 'last', 'max', 'min']),
    goalable: z.boolean(),
    value_field: z.string().nullable(),
    accepted_units: z.array(z.string()),
  })
  .meta({ id: 'MetricTypeRead' });
export type MetricTypeRead = z.infer<typeof MetricTypeRead>;

export const HealthMetricRead = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    metric_type_id: z.number().int(),
    metric_type_slug: z.string(),
    recorded_at: z.iso.datetime(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    metadata: z.record(z.string(), z.unknown()),
    reading_group_id: z.uuid().nullable(),
    source: z.string(),
    source_id: z.string().nullable(),
    unit: z.string(),
    value: z.number(),
  })
  .meta({ id: 'HealthMetricRead' });
export type HealthMetricRead = z.infer<typeof HealthMetricRead>;

export const HealthMetricBatchResult = z
  .object({ created: z.array(HealthMetricRead), skipped_count: z.number().int() })
  .meta({ id: 'HealthMetricBatchResult' });
export type HealthMetricBatchResult = z.infer<typeof HealthMetricBatchResult>;

export function presentMetricType(t: MetricType): MetricTypeRead {
  return {
    id: t.id,
    slug: t.slug,
    label: t.label,
    category: t.category,
    unit: t.unit,
    aggregation: t.aggregation,
    goalable: t.goalable,
    value_field: t.valueField,
    accepted_units: [...t.acceptedUnits],
  };
}

export function presentReading(r: Reading): HealthMetricRead {
  const createdAt = r.createdAt.toISOString();
  return {
    id: r.id,
    user_id: r.userId,
    metric_type_id: r.metricTypeId,
    metric_type_slug: r.metricTypeSlug,
    recorded_at: r.recordedAt.toISOString(),
    created_at: createdAt,
    // Readings are immutable.
    updated_at: createdAt,
    metadata: r.metadata,
    reading_group_id: r.readingGroupId,
    source: r.source,
    source_id: r.sourceId,
    unit: r.unit,
    value: r.value,
  };
}

export function presentIngestResult(result: IngestResult): HealthMetricBatchResult {
  return { created: result.created.map(presentReading), skipped_count: result.skippedCount };
}
