import { CursorParam } from '../../core/paging.ts';
import { z } from 'zod';
import { dateTime, isoDate, Pagination, uuid } from '../../core/validation.ts';

export const MAX_READINGS = 10_000;

const Metadata = z
  .record(z.string(), z.unknown())
  .refine((m) => JSON.stringify(m).length <= 8_192, 'Metadata must be at most 8 KiB of JSON per reading');

/** One reading as a client sends it; the unit is converted to the metric's canonical unit on write. */
const HealthMetricIngest = z
  .object({
    metric_type_slug: z.string().min(1).max(64),
    recorded_at: dateTime(),
    source: z.string().trim().min(1, 'Source must not be empty').max(100),
    value: z.number().finite(),
    metadata: Metadata.optional(),
    reading_group_id: uuid().nullable().optional(),
    source_id: z.string().min(1).max(255).nullable().optional(),
    unit: z.string().max(32).nullable().optional(),
  })
  .meta({ id: 'HealthMetricIngest' });

export const HealthMetricBatch = z
  .object({ readings: z.array(HealthMetricIngest).max(MAX_READINGS, `At most ${MAX_READINGS} readings per request`) })
  .meta({ id: 'HealthMetricBatch' });

export const HealthMetricListQuery = z
  .object({
    metric: z.string().min(1).max(64).optional(),
    from: dateTime().or(isoDate()).optional(),
    to: dateTime().or(isoDate()).optional(),
    source: z.string().min(1).max(100).optional(),
    ...Pagination,
    ...CursorParam,
  })
  .meta({ id: 'HealthMetricListQuery' });
