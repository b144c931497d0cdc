import { getCapture, listCaptures, submitCapture } from '../../domain/captures/captures.service.ts';
import { suggestionsByCaptureIds } from '../../domain/suggestions/suggestions.service.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const captureResolvers: Resolvers = {
  User: {
    logCaptures: (_user, args, { actor }) => listCaptures(actor, serviceArgs(args)),
    logCapture: (_user, { id }, { actor }) => getCapture(actor, id),
  },
  LogCapture: {
    // As REST presents it (presenters/captures.ts): none until the capture's row says parsed.
    suggestions: (capture, _args, { loaders }) =>
      capture.status === 'parsed' ? loaders.manyById(suggestionsByCaptureIds).load(capture.id) : [],
  },
  Mutation: {
    createLogCapture: async (_root, { input }, { actor }) =>
      (await withInput('input', () => submitCapture(actor, serviceInput(input)))).capture,
  },
};
