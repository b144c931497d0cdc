import { z } from 'zod';
import type { MetricType } from '../../domain/metrics/catalogue.ts';
import type { CreatedRow, IngestResult } from '../../domain/metrics/ingest.service.ts';
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
  return readingJson(
    r.id,
    r.userId,
    r.metricTypeId,
    r.metricTypeSlug,
    r.unit,
    r.recordedAt.toISOString(),
    r.createdAt.toISOString(),
    r.metadata,
    r.readingGroupId,
    r.source,
    r.sourceId,
    r.value,
  );
}

/** HealthMetricRead, its keys in one order for every answer (readings are immutable: updated_at is created_at). */
function readingJson(
  id: string,
  userId: string,
  metricTypeId: number,
  slug: string,
  unit: string,
  recordedAt: string,
  createdAt: string,
  metadata: Record<string, unknown>,
  readingGroupId: string | null,
  source: string,
  sourceId: string | null,
  value: number,
): HealthMetricRead {
  return {
    id,
    user_id: userId,
    metric_type_id: metricTypeId,
    metric_type_slug: slug,
    recorded_at: recordedAt,
    created_at: createdAt,
    updated_at: createdAt,
    metadata,
    reading_group_id: readingGroupId,
    source,
    source_id: sourceId,
    unit,
    value,
  };
}

/**
 * A batch's answer, up to 10,000 readings: straight from the batch's columns (no Reading or Date
 * per reading), the user and creation time written once.
 */
export function presentIngestResult(result: IngestResult): HealthMetricBatchResult {
  const userId = result.userId;
  const createdAt = result.createdAt.toISOString();
  const created = result.mapCreated((r: CreatedRow) =>
    readingJson(
      r.id,
      userId,
      r.type.id,
      r.type.slug,
      r.type.unit,
      r.recordedAt,
      createdAt,
      r.metadata,
      r.readingGroupId,
      r.source,
      r.sourceId,
      r.value,
    ),
  );
  return { created, skipped_count: result.skippedCount };
}
