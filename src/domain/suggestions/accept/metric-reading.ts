import { z } from 'zod';
import { Invalid } from '../../../core/errors.ts';
import { dateTime, parse } from '../../../core/validation.ts';
import { HealthMetricBatch } from '../../metrics/metrics.schemas.ts';
import { ingestReadings } from '../../metrics/ingest.service.ts';
import type { AcceptHandler } from './index.ts';
import { isObject } from './shared.ts';

const ReadingOverride = z.object({
  metric_type_slug: z.string().min(1).max(64).optional(),
  value: z.number().finite().optional(),
  unit: z.string().max(32).nullable().optional(),
  recorded_at: dateTime().optional(),
});

/**
 * A metric_reading becomes one reading through the metrics ingest (same validation, unit
 * conversion and automations as POST /health/metrics), inside the accept transaction. Its source
 * is `manual` and its source_id names the suggestion, so it can never be ingested twice.
 */
export const acceptMetricReading: AcceptHandler = async (actor, s, overrides) => {
  const o = parse(ReadingOverride, overrides);
  const p = s.payload;
  const reading = {
    metric_type_slug: o.metric_type_slug ?? p.metric_type_slug,
    value: o.value ?? p.value,
    // A new value without a unit is read in the unit the suggestion showed (the canonical one).
    unit: o.unit !== undefined ? o.unit : p.unit,
    recorded_at: o.recorded_at ?? p.recorded_at,
    // The user confirmed it by hand: a manual reading (the metrics area's fallback source).
    source: 'manual',
    source_id: `suggestion:${s.id}`,
    metadata: { ...(isObject(p.metadata) ? p.metadata : {}), suggestion_id: s.id, suggested_by: s.source },
  };
  try {
    const result = await ingestReadings(actor, parse(HealthMetricBatch, { readings: [reading] }));
    return { readingId: result.created[0]?.id };
  } catch (err) {
    // Locs of the batch ("readings", 0, "value") become locs of the accept body ("value").
    if (err instanceof Invalid) {
      throw new Invalid(err.issues.map((i) => ({ ...i, loc: i.loc[0] === 'readings' ? i.loc.slice(2) : i.loc })));
    }
    throw err;
  }
};
