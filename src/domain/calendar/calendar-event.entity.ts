import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const CALENDAR_EVENT_STATUSES = ['confirmed', 'tentative', 'cancelled'] as const;
export type CalendarEventStatus = (typeof CALENDAR_EVENT_STATUSES)[number];

/**
 * One event (or one instance of a recurring event) read from a calendar source's feed. Written only
 * by the sync, keyed by (user, source, external_id); an event gone from the feed becomes cancelled.
 */
export const CalendarEvent = defineEntity({
  name: 'CalendarEvent',
  tableName: 'calendar_events',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    sourceId: p.uuid(),
    externalId: p.text(),
    title: p.text().nullable(),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    isAllDay: p.boolean(),
    status: p.enum(CALENDAR_EVENT_STATUSES),
    attendeeCount: p.integer().nullable(),
    calendarName: p.text().nullable(),
    rsvpStatus: p.text().nullable(),
    userRelevance: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type CalendarEvent = InferEntity<typeof CalendarEvent>;
