import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import { Tags } from '../events/events.schemas.ts';
import { ACTION_TYPES, TRIGGER_TYPES } from './metric.entity.ts';

const Config = z.record(z.string(), z.unknown());
const SourceFilter = z.string().trim().min(1).max(100).nullable().optional();

/**
 * Trigger configs:
 * - threshold: the day's resolved value (basis `day`, default) or any new reading (basis `reading`)
 *   compared with `value` (in `unit`, default the canonical unit) by `operator`;
 * - reading_received: any new reading of the metric today, optionally only from `source`;
 * - missing_by: no reading of the metric today (optionally from `source`) by local time `time` (HH:MM).
 */
export const TRIGGER_CONFIGS = {
  threshold: z.object({
    operator: z.enum(['gt', 'gte', 'lt', 'lte']),
    value: z.number().finite(),
    unit: z.string().max(32).nullable().optional(),
    basis: z.enum(['day', 'reading']).default('day'),
    source: SourceFilter,
  }),
  reading_received: z.object({ source: SourceFilter }),
  missing_by: z.object({
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Input should be a local time HH:MM (24-hour)'),
    source: SourceFilter,
  }),
} as const;

/** Action configs: a suggestion in the inbox (source `automation`), or an event logged at once. */
export const ACTION_CONFIGS = {
  create_suggestion: z.object({
    title: z.string().trim().min(1).max(200).optional(),
    summary: z.string().max(2000).optional(),
    /** Default: `metric_reading` (log the missing value) for missing_by, else `event`. */
    kind: z.enum(['event', 'metric_reading']).optional(),
    /** Merged into the suggestion's payload (what accepting it creates). */
    payload: z
      .record(z.string(), z.unknown())
      .refine((m) => JSON.stringify(m).length <= 8_192, 'Payload must be at most 8 KiB of JSON')
      .optional(),
  }),
  log_event: z
    .object({
      category_id: uuid().optional(),
      tags: Tags.optional(),
      notes: z.string().max(10_000).optional(),
      scalar_value: z.number().finite().optional(),
    })
    .refine((c) => c.category_id !== undefined || (c.tags?.length ?? 0) > 0, 'A log_event action needs a category_id or tags'),
} as const;

export const AutomationCreate = z
  .object({
    enabled: z.boolean().default(true),
    trigger_type: z.enum(TRIGGER_TYPES),
    trigger_config: Config.default({}),
    action_type: z.enum(ACTION_TYPES),
    action_config: Config.default({}),
  })
  .meta({ id: 'AutomationCreate' });

/** PATCH: omitted fields stay; a changed type re-validates the (new or kept) config against it. */
export const AutomationUpdate = z
  .object({
    enabled: z.boolean(),
    trigger_type: z.enum(TRIGGER_TYPES),
    trigger_config: Config,
    action_type: z.enum(ACTION_TYPES),
    action_config: Config,
  })
  .partial()
  .meta({ id: 'AutomationUpdate' });
