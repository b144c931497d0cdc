import {
  eventSourcesByIds,
  getCalendarEvent,
  listCalendarEvents,
  pageCalendarEvents,
  syncEventSource,
} from '../../domain/calendar/calendar.service.ts';
import { pageArgs, pageInfo } from '../paging.ts';
import { serviceArgs } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

/** REST's query string carries include_cancelled as text; the service reads it the same way from both. */
const calendarQuery = <T extends object>({ includeCancelled, ...args }: T & { includeCancelled?: boolean | null }) => ({
  ...serviceArgs(args),
  ...(includeCancelled != null ? { include_cancelled: includeCancelled ? ('true' as const) : ('false' as const) } : {}),
});

export const calendarResolvers: Resolvers = {
  CalendarEventPage: { pageInfo },
  User: {
    calendarEvents: (_user, args, { actor }) => listCalendarEvents(actor, calendarQuery(args)),
    calendarEventsPage: (_user, args, { actor }) => pageCalendarEvents(actor, calendarQuery(pageArgs(args))),
    calendarEvent: (_user, { id }, { actor }) => getCalendarEvent(actor, id),
  },
  CalendarEvent: {
    calendarId: (event) => event.sourceId,
    source: (event, _args, { loaders }) => loaders.byId(eventSourcesByIds).load(event.sourceId),
  },
  Mutation: {
    syncEventSource: (_root, { id }, { actor }) => syncEventSource(actor, id),
  },
};
