import { getNarrativeDigest } from '../../domain/narratives/digest.ts';
import { getNarrative, listNarratives, pageNarratives, saveNarrative } from '../../domain/narratives/narratives.service.ts';
import { pageArgs, pageInfo } from '../paging.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const narrativeResolvers: Resolvers = {
  NarrativePage: { pageInfo },
  User: {
    narratives: (_user, args, { actor }) => listNarratives(actor, serviceArgs(args)),
    narrativesPage: (_user, args, { actor }) => pageNarratives(actor, serviceArgs(pageArgs(args))),
    narrative: (_user, { id }, { actor }) => getNarrative(actor, id),
    narrativeDigest: (_user, args, { actor }) => getNarrativeDigest(actor, serviceArgs(args)),
  },
  NarrativeDigest: {
    digest: (d) => d.text,
  },
  Mutation: {
    saveNarrative: async (_root, { input }, { actor }) =>
      (await withInput('input', () => saveNarrative(actor, serviceInput(input)))).narrative,
  },
};
