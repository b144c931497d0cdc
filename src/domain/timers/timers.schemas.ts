import { z } from 'zod';
import { dateTime, Pagination, uuid } from '../../core/validation.ts';
import { Tags } from '../events/events.schemas.ts';

const Label = z.string().trim().min(1, 'Label must not be empty').max(200);

export const TrackingTimerStart = z
  .object({
    category_id: uuid().nullable().optional(),
    label: Label.nullable().optional(),
    started_at: dateTime().optional(),
  })
  .refine((t) => Boolean(t.category_id) || Boolean(t.label), {
    message: 'Give a category_id, a label, or both',
  })
  .meta({ id: 'TrackingTimerStart' });

export const TrackingTimerStop = z
  .object({
    ended_at: dateTime().optional(),
    notes: z.string().max(10_000).nullable().optional(),
    tags: Tags.nullable().optional(),
  })
  .meta({ id: 'TrackingTimerStop' });

export const TrackingTimerListQuery = z.object({ ...Pagination }).meta({ id: 'TrackingTimerListQuery' });
