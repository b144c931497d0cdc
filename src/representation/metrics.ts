import { z } from 'zod';
import type { MetricType } from '../domain/metric-types/catalogue.ts';
import type { CreatedRow, IngestResult } from '../domain/metrics/ingest-result.ts';
import { JsonTextWriter, type JsonText } from './json-text.ts';
import type { Reading } from '../domain/metrics/readings.service.ts';

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
/** The batch's answer to `Prefer: return=minimal`: how many were created and skipped, without the readings. */
export const HealthMetricBatchCounts = z
  .object({ created_count: z.number().int(), skipped_count: z.number().int() })
  .meta({ id: 'HealthMetricBatchCounts' });

export function presentIngestCounts(result: IngestResult): z.infer<typeof HealthMetricBatchCounts> {
  return { created_count: result.createdCount, skipped_count: result.skippedCount };
}

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
 * A batch's answer, up to 10,000 readings, written as JSON text straight from the batch's columns:
 * no object per reading for JSON.stringify to walk and the collector to sweep (that was a third of
 * the server's own time on a 10,000-reading batch). Keys in HealthMetricRead's order (readingJson);
 * ids, date-times and numbers need no escaping; every other string goes through JSON.stringify,
 * once per run of equal values. The ingest tests compare it with what GET shows for the same rows.
 */
export function presentIngestResult(result: IngestResult): JsonText {
  const user = `","user_id":"${result.userId}","metric_type_id":`;
  const createdAt = result.createdAt.toISOString();
  const times = `","created_at":"${createdAt}","updated_at":"${createdAt}","metadata":`;
  const sourceText = lastValue((source: string) => JSON.stringify(source));
  const typeText = lastValue((t: MetricType) => `${t.id},"metric_type_slug":${JSON.stringify(t.slug)},"recorded_at":"`);
  const unitText = lastValue((t: MetricType) => `,"unit":${JSON.stringify(t.unit)},"value":`);
  // About 380 bytes a reading with no metadata and short source ids: room for some more.
  const out = new JsonTextWriter(result.createdCount * 448 + 64);
  out.write('{"created":[');
  let first = true;
  result.eachCreated((r: CreatedRow) => {
    out.write(
      `${first ? '' : ','}{"id":"${r.id}${user}${typeText(r.type)}${r.recordedAt}${times}${JSON.stringify(r.metadata)},"reading_group_id":${
        r.readingGroupId === null ? 'null' : `"${r.readingGroupId}"`
      },"source":${sourceText(r.source)},"source_id":${r.sourceId === null ? 'null' : JSON.stringify(r.sourceId)}${unitText(r.type)}${jsonNumber(r.value)}}`,
    );
    first = false;
  });
  out.write(`],"skipped_count":${result.skippedCount}}`);
  return out.done();
}

/** f, remembering its last argument and answer: a batch is runs of one source, one type. */
function lastValue<A, R>(f: (a: A) => R): (a: A) => R {
  let last: A | undefined;
  let answer: R | undefined;
  return (a) => {
    if (a !== last || answer === undefined) answer = f((last = a));
    return answer;
  };
}

/** As JSON.stringify writes a number (the values are finite: the schema refuses the rest). */
const jsonNumber = (n: number) => (Number.isFinite(n) ? String(n) : 'null');
