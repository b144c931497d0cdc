import { CursorParam } from '../../core/paging.ts';
import { z } from 'zod';
import { dateTime, isoDate, Pagination, uuid } from '../../core/validation.ts';
import { metricType } from '../metric-types/catalogue.ts';

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

/** Most metrics a scope names: more than the catalogue has, so a list of every one with repeats still fits. */
const MAX_SCOPE_METRICS = 100;

/**
 * Which readings leave the service together (a FHIR export, later a share link): local days from/to,
 * inclusive, and metric slugs (a comma list in a query string, or a list); each left out means all.
 * The slugs are turned into the catalogue's types here, so an unknown one is a 422 at `metrics`.
 */
export const ReadingsScope = z
  .object({
    from: isoDate().optional().describe('First local day (YYYY-MM-DD), inclusive; left out: from the first reading'),
    to: isoDate().optional().describe('Last local day (YYYY-MM-DD), inclusive; left out: up to the last reading'),
    metrics: z
      .union([z.string().max(2000), z.array(z.string().max(64)).max(MAX_SCOPE_METRICS)])
      .optional()
      .describe('Metric slugs, comma-separated (steps,weight,blood_pressure_systolic); left out: every metric')
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const slugs = [...new Set((Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))];
        if (!slugs.length)
          ctx.addIssue({ code: 'custom', message: 'Name at least one metric slug, or leave metrics out for every metric' });
        const unknown = slugs.filter((s) => !metricType(s));
        if (unknown.length) ctx.addIssue({ code: 'custom', message: `Unknown metric type ${unknown.map((s) => `"${s}"`).join(', ')}` });
        return slugs.flatMap((s) => metricType(s) ?? []);
      }),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` must not be before `from`', input: q.to });
  });
