import { categoriesByIds } from '../../domain/categories/categories.service.ts';
import { createEvent, deleteEvent, getEvent, listEvents, pageEvents, updateEvent } from '../../domain/events/events.service.ts';
import { pageArgs, pageInfo } from '../paging.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import { atVersion } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const eventResolvers: Resolvers = {
  EventPage: { pageInfo },
  User: {
    events: (_user, args, { actor }) => listEvents(actor, serviceArgs(args)),
    eventsPage: (_user, args, { actor }) => pageEvents(actor, serviceArgs(pageArgs(args))),
    event: (_user, { id }, { actor }) => getEvent(actor, id),
  },
  Event: {
    category: (event, _args, { loaders }) => (event.categoryId ? loaders.byId(categoriesByIds).load(event.categoryId) : null),
  },
  Mutation: {
    createEvent: async (_root, { input }, { actor }) => (await withInput('input', () => createEvent(actor, serviceInput(input)))).event,
    updateEvent: (_root, { id, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'event', id }, expectedVersion, () => withInput('input', () => updateEvent(actor, id, serviceInput(input)))),
    deleteEvent: async (_root, { id }, { actor }) => (await deleteEvent(actor, id), true),
  },
};
