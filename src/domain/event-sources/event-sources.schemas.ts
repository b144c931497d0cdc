import { z } from 'zod';
import { Pagination } from '../../core/validation.ts';

const small = (c: object) => JSON.stringify(c).length <= 16_384;
const TOO_BIG = 'Config must be at most 16 KiB of JSON';
const Config = z.record(z.string(), z.unknown()).refine(small, TOO_BIG);

/** A calendar feed's address: http or https, at most 2048 characters. */
const FeedUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, message: 'Input should be an http or https URL' }));

/**
 * A calendar source's config: `url` is its iCalendar feed (required when the source is created,
 * optional on a PATCH of the default calendar source); other keys are kept as the client wrote them.
 */
export const CalendarConfig = z.looseObject({ url: FeedUrl.optional() });

/** PATCH: omitted fields stay; none of these is nullable, so null is a 422. */
export const EventSourceUpdate = z
  .object({
    config: Config.optional(),
    enabled: z.boolean().optional(),
    source_label: z.string().trim().min(1, 'Label must not be empty').max(100).optional(),
  })
  .meta({ id: 'EventSourceUpdate' });

/** Another calendar feed: kind calendar (the only kind a user adds), config.url required. */
export const EventSourceCreate = z
  .object({
    kind: z.enum(['calendar']).default('calendar'),
    source_label: z.string().trim().min(1, 'Label must not be empty').max(100).default('Calendar'),
    enabled: z.boolean().default(true),
    config: z.looseObject({ url: FeedUrl }).refine(small, TOO_BIG),
  })
  .meta({ id: 'EventSourceCreate' });

export const EventSourceListQuery = z.object({ ...Pagination }).meta({ id: 'EventSourceListQuery' });
