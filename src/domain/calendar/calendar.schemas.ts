import { CursorParam } from '../../core/paging.ts';
import { z } from 'zod';
import { dateTime, isoDate, Pagination, queryBool } from '../../core/validation.ts';

/** A bound is a date-time, or a date meaning 00:00Z of that day (how all-day events are stored). */
const Bound = dateTime().or(isoDate());
const instant = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v).getTime();

/** Calendar events starting in [from, to), by starts_at; cancelled ones only when asked. */
export const CalendarEventListQuery = z
  .object({
    include_cancelled: queryBool().default(false),
    from: Bound.optional(),
    to: Bound.optional(),
    ...Pagination,
    ...CursorParam,
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && instant(q.to) < instant(q.from)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    }
  })
  .meta({ id: 'CalendarEventListQuery' });
