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
    // As REST presents it (presenters/captures.ts): none until the capture's row says parsed. The
    // batch is asked for either way, so a page costs the same statements whatever its captures' state.
    suggestions: async (capture, _args, { loaders }) => {
      const suggestions = await loaders.manyById(suggestionsByCaptureIds).load(capture.id);
      return capture.status === 'parsed' ? suggestions : [];
    },
  },
  Mutation: {
    createLogCapture: async (_root, { input }, { actor }) =>
      (await withInput('input', () => submitCapture(actor, serviceInput(input)))).capture,
  },
};
