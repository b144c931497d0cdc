import { deleteAccount, eraseData } from '../../domain/erasure/erasure.service.ts';
import { serviceInput, withInput } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const erasureResolvers: Resolvers = {
  Mutation: {
    eraseData: (_root, { input }, { actor, client }) => withInput('input', () => eraseData(actor, serviceInput(input), client)),
    deleteAccount: async (_root, { input }, { actor, client }) => (
      await withInput('input', () => deleteAccount(actor, serviceInput(input), client)),
      true
    ),
  },
};
