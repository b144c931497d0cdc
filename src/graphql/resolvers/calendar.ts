import { eventSourcesByIds, getCalendarEvent, listCalendarEvents, syncEventSource } from '../../domain/calendar/calendar.service.ts';
import { serviceArgs } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const calendarResolvers: Resolvers = {
  User: {
    // REST's query string carries include_cancelled as text; the service reads it the same way from both.
    calendarEvents: (_user, { includeCancelled, ...args }, { actor }) =>
      listCalendarEvents(actor, {
        ...serviceArgs(args),
        ...(includeCancelled != null ? { include_cancelled: includeCancelled ? 'true' : 'false' } : {}),
      }),
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
