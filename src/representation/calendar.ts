import { z } from 'zod';
import { CALENDAR_EVENT_STATUSES, type CalendarEvent } from '../domain/calendar/calendar-event.entity.ts';

export const CalendarEventRead = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    external_id: z.string().meta({
      description: "The feed's UID; a recurring instance is UID::<original start> (UTC date-time, or the date of an all-day one)",
    }),
    starts_at: z.iso.datetime().meta({ description: 'Start (UTC); an all-day event starts at 00:00Z of its date' }),
    ends_at: z.iso.datetime().meta({ description: 'End (UTC, exclusive); an all-day event ends at 00:00Z of the day after its last day' }),
    is_all_day: z.boolean(),
    status: z.enum(CALENDAR_EVENT_STATUSES).meta({ description: 'cancelled when the feed cancels it or no longer lists it' }),
    title: z.string().nullable().meta({ description: 'SUMMARY' }),
    attendee_count: z.number().int().nullable().meta({ description: 'How many ATTENDEEs the event lists' }),
    calendar_id: z.string().meta({ description: 'The id of the event source (calendar feed) it comes from' }),
    calendar_name: z.string().nullable().meta({ description: "The feed's X-WR-CALNAME, else the source's label" }),
    rsvp_status: z
      .string()
      .nullable()
      .meta({ description: "The user's PARTSTAT (accepted, declined, tentative, needs-action ...) when the user's email is an attendee" }),
    user_relevance: z
      .string()
      .nullable()
      .meta({ description: "organizer or attendee when the user's email is the ORGANIZER or an ATTENDEE; else null" }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'CalendarEventRead' });
export type CalendarEventRead = z.infer<typeof CalendarEventRead>;

export function presentCalendarEvent(e: CalendarEvent): CalendarEventRead {
  return {
    id: e.id,
    user_id: e.userId,
    external_id: e.externalId,
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    is_all_day: e.isAllDay,
    status: e.status,
    title: e.title ?? null,
    attendee_count: e.attendeeCount ?? null,
    calendar_id: e.sourceId,
    calendar_name: e.calendarName ?? null,
    rsvp_status: e.rsvpStatus ?? null,
    user_relevance: e.userRelevance ?? null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}
