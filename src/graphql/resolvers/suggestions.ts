import { eventsByIds } from '../../domain/events/events.service.ts';
import { listSuggestions } from '../../domain/suggestions/suggestions.service.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const suggestionResolvers: Resolvers = {
  User: {
    suggestions: (_user, args, { actor }) => listSuggestions(actor, args),
  },
  SuggestionPage: {
    items: (page) => page.suggestions,
  },
  Suggestion: {
    resultingEvent: (s, _args, { loaders }) => (s.resulting_event_id ? loaders.byId(eventsByIds).load(s.resulting_event_id) : null),
  },
};
