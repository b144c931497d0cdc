import { importCsv } from '../../domain/imports/csv-import.service.ts';
import { cancelImport, getImport, listImports } from '../../imports/imports.service.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const importResolvers: Resolvers = {
  User: {
    imports: (_user, args, { actor }) => listImports(actor, serviceArgs(args)),
    import: (_user, { id }, { actor }) => getImport(actor, id),
  },
  Mutation: {
    importCsv: (_root, { input }, { actor }) => withInput('input', () => importCsv(actor, serviceInput(input))),
    cancelImport: async (_root, { id }, { actor }) => (await cancelImport(actor, id), true),
  },
  Import: {
    bytesRead: (j) => Number(j.bytesRead),
    bytesTotal: (j) => Number(j.bytesTotal),
    format: (j) => j.format ?? null,
    filename: (j) => j.filename ?? null,
    error: (j) => j.error ?? null,
    startedAt: (j) => j.startedAt ?? null,
    finishedAt: (j) => j.finishedAt ?? null,
  },
};
