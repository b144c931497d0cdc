import { pagedReply } from '../paging.ts';
import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as calendar from '../../domain/calendar/calendar.service.ts';
import { CalendarEventListQuery } from '../../domain/calendar/calendar.schemas.ts';
import { CalendarEventRead, presentCalendarEvent } from '../../representation/calendar.ts';
import { ok, route, type Route } from '../route.ts';

const tag = 'calendar';
const params = z.object({ event_id: uuid() });

export const calendarRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/calendar/events',
    tag,
    access: 'read',
    graphql: 'User.calendarEvents',
    summary:
      'Calendar events from the feeds, by starts_at; from (inclusive) and to (exclusive) bound starts_at (a date means 00:00Z); cancelled ones only with include_cancelled=true',
    query: CalendarEventListQuery,
    responses: { 200: z.array(CalendarEventRead) },
    paged: true,
    graphqlPage: 'User.calendarEventsPage',
    handler: async (r) => pagedReply(r, await calendar.pageCalendarEvents(r.actor, r.query), presentCalendarEvent),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/calendar/events/{event_id}',
    version: { type: 'calendar_event', param: 'event_id' },
    tag,
    access: 'read',
    graphql: 'User.calendarEvent',
    summary: 'One calendar event',
    params,
    responses: { 200: CalendarEventRead },
    handler: async (r) => ok(presentCalendarEvent(await calendar.getCalendarEvent(r.actor, r.params.event_id))),
  }),
];
