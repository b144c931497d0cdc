import { capturesByIds } from '../../domain/captures/captures.service.ts';
import { eventsByIds } from '../../domain/events/events.service.ts';
import { readingsByIds } from '../../domain/metrics/readings.service.ts';
import {
  acceptSuggestion,
  dismissSuggestion,
  getSuggestion,
  listSuggestions,
  suggestionStatus,
} from '../../domain/suggestions/suggestions.service.ts';
import { pageArgs, pageInfo } from '../paging.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const suggestionResolvers: Resolvers = {
  SuggestionPage: { pageInfo },
  User: {
    suggestions: (_user, args, { actor }) => listSuggestions(actor, serviceArgs(pageArgs(args))),
    suggestion: (_user, { id }, { actor }) => getSuggestion(actor, id),
  },
  Suggestion: {
    status: (s) => suggestionStatus(s),
    resultingEvent: (s, _args, { loaders }) => (s.resultingEventId ? loaders.byId(eventsByIds).load(s.resultingEventId) : null),
    resultingReading: (s, _args, { loaders }) => (s.resultingReadingId ? loaders.byId(readingsByIds).load(s.resultingReadingId) : null),
    capture: (s, _args, { loaders }) => (s.logCaptureId ? loaders.byId(capturesByIds).load(s.logCaptureId) : null),
  },
  Mutation: {
    acceptSuggestion: (_root, { id, input }, { actor }) => withInput('input', () => acceptSuggestion(actor, id, serviceInput(input))),
    dismissSuggestion: (_root, { id }, { actor }) => dismissSuggestion(actor, id),
  },
};
