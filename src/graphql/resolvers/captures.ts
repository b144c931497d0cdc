import { getCapture, listCaptures, pageCaptures, submitCapture } from '../../domain/captures/captures.service.ts';
import { suggestionsByCaptureIds } from '../../domain/suggestions/suggestions.service.ts';
import { pageArgs, pageInfo } from '../paging.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const captureResolvers: Resolvers = {
  LogCapturePage: { pageInfo },
  User: {
    logCaptures: (_user, args, { actor }) => listCaptures(actor, serviceArgs(args)),
    logCapturesPage: (_user, args, { actor }) => pageCaptures(actor, serviceArgs(pageArgs(args))),
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
