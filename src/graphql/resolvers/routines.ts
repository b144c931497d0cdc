import { completeRoutine } from '../../domain/routines/completions.service.ts';
import { createRoutine, deleteRoutine, getRoutine, listRoutines, updateRoutine } from '../../domain/routines/routines.service.ts';
import { serviceInput, withInput } from '../args.ts';
import { atVersion } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const routineResolvers: Resolvers = {
  User: {
    routines: (_user, _args, { actor }) => listRoutines(actor),
    routine: (_user, { id }, { actor }) => getRoutine(actor, id),
  },
  Mutation: {
    createRoutine: (_root, { input }, { actor }) => withInput('input', () => createRoutine(actor, serviceInput(input))),
    updateRoutine: (_root, { id, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'routine', id }, expectedVersion, () =>
        withInput('input', () => updateRoutine(actor, id, serviceInput(input))),
      ),
    deleteRoutine: async (_root, { id }, { actor }) => (await deleteRoutine(actor, id), true),
    completeRoutine: (_root, { id, input }, { actor }) => withInput('input', () => completeRoutine(actor, id, serviceInput(input))),
  },
};
