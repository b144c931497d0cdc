import {
  createEventSource,
  deleteEventSource,
  getEventSource,
  listEventSources,
  updateEventSource,
} from '../../domain/event-sources/event-sources.service.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import { atVersion } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const eventSourceResolvers: Resolvers = {
  User: {
    eventSources: (_user, args, { actor }) => listEventSources(actor, serviceArgs(args)),
    eventSource: (_user, { id }, { actor }) => getEventSource(actor, id),
  },
  Mutation: {
    updateEventSource: (_root, { id, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'event_source', id }, expectedVersion, () =>
        withInput('input', () => updateEventSource(actor, id, serviceInput(input))),
      ),
    createEventSource: (_root, { input }, { actor }) => withInput('input', () => createEventSource(actor, serviceInput(input))),
    deleteEventSource: async (_root, { id }, { actor }) => (await deleteEventSource(actor, id), true),
  },
};
