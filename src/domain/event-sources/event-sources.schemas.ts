import { z } from 'zod';
import { Pagination } from '../../core/validation.ts';

const Config = z
  .record(z.string(), z.unknown())
  .refine((c) => JSON.stringify(c).length <= 16_384, 'Config must be at most 16 KiB of JSON');

/** PATCH: omitted fields stay; none of these is nullable, so null is a 422. */
export const EventSourceUpdate = z
  .object({
    config: Config.optional(),
    enabled: z.boolean().optional(),
    source_label: z.string().trim().min(1, 'Label must not be empty').max(100).optional(),
  })
  .meta({ id: 'EventSourceUpdate' });

export const EventSourceListQuery = z.object({ ...Pagination }).meta({ id: 'EventSourceListQuery' });
