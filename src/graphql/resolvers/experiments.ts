import {
  createExperiment,
  deleteExperiment,
  getExperiment,
  listExperiments,
  updateExperiment,
} from '../../domain/experiments/experiments.service.ts';
import { serviceInput, withInput } from '../args.ts';
import { atVersion, versionField } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const experimentResolvers: Resolvers = {
  User: {
    experiments: (_user, _args, { actor }) => listExperiments(actor),
    experiment: (_user, { id }, { actor }) => getExperiment(actor, id),
  },
  Experiment: { version: versionField('experiment', (e) => e.id) },
  Mutation: {
    createExperiment: (_root, { input }, { actor }) => withInput('input', () => createExperiment(actor, serviceInput(input))),
    updateExperiment: (_root, { id, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'experiment', id }, expectedVersion, () =>
        withInput('input', () => updateExperiment(actor, id, serviceInput(input))),
      ),
    deleteExperiment: async (_root, { id }, { actor }) => (await deleteExperiment(actor, id), true),
  },
};
