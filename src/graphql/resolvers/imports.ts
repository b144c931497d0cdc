import { importCsv } from '../../domain/imports/csv-import.service.ts';
import { serviceInput, withInput } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const importResolvers: Resolvers = {
  Mutation: {
    importCsv: (_root, { input }, { actor }) => withInput('input', () => importCsv(actor, serviceInput(input))),
  },
};
