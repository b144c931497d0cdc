import { CursorParam } from '../../core/paging.ts';
import { z } from 'zod';
import { dateTime, isoDate, Pagination, uuid } from '../../core/validation.ts';
import { durationSeconds } from './duration.ts';

/** Tags are case-insensitive labels: trimmed, lower-cased, a leading '#' dropped, duplicates removed. */
export const Tag = z
  .string()
  .transform((t) => t.trim().replace(/^#/, '').toLowerCase())
  .pipe(z.string().min(1, 'Tag must not be empty').max(64));
export const Tags = z
  .array(Tag)
  .max(50)
  .transform((tags) => [...new Set(tags)]);

const Duration = z
  .string()
  .max(64)
  .refine((d) => durationSeconds(d) !== null, 'Input should be an ISO 8601 duration such as PT27M or P1DT2H');

const Metadata = z
  .record(z.string(), z.unknown())
  .refine((m) => JSON.stringify(m).length <= 65_536, 'Metadata must be at most 64 KiB of JSON');

const fields = {
  boolean_value: z.boolean().nullable(),
  category_id: uuid().nullable(),
  duration: Duration.nullable(),
  encrypted_payload: z.string().max(262_144).nullable(),
  local_date: isoDate(),
  metadata: Metadata,
  notes: z.string().max(10_000).nullable(),
  occurred_at: dateTime(),
  saved_meal_id: uuid().nullable(),
  scalar_value: z.number().finite().nullable(),
  tags: Tags.nullable(),
};

export const EventCreate = z
  .object({ ...z.object(fields).partial().shape, client_id: uuid().nullable().optional() })
  .meta({ id: 'EventCreate' });
export type EventCreate = z.output<typeof EventCreate>;

/** PATCH: omitted fields stay; null clears a nullable field; occurred_at, local_date and metadata cannot be null. */
export const EventUpdate = z.object(fields).partial().meta({ id: 'EventUpdate' });

export const EventListQuery = z
  .object({
    from: dateTime().or(isoDate()).optional(),
    to: dateTime().or(isoDate()).optional(),
    category_id: uuid().optional(),
    tag: Tag.optional(),
    ...Pagination,
    ...CursorParam,
  })
  .meta({ id: 'EventListQuery' });
