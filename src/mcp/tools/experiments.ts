import { z } from 'zod';
import { getExperiment, listExperiments } from '../../domain/experiments/experiments.service.ts';
import { presentExperiment } from '../../representation/experiments.ts';
import { checkId, idArg } from './args.ts';
import { defineTool } from './tool.ts';

export const experimentTools = [
  defineTool({
    name: 'list_experiments',
    title: 'n-of-1 experiments',
    description:
      "The user's n-of-1 experiments, newest first: hypothesis, intervention (B days on, A days off), outcome, schedule, adherence and results " +
      '(difference of the outcome B − A, Hedges g, Newey–West 95% interval, verdict improved/worsened/no_clear_effect/inconclusive). ' +
      'Same JSON as GET /users/{user_id}/experiments.',
    input: z.object({}),
    run: async ({ actor }) => (await listExperiments(actor)).map(presentExperiment),
  }),
  defineTool({
    name: 'get_experiment',
    title: 'One n-of-1 experiment',
    description:
      'One experiment by id with every planned day (arm, washout, whether the intervention happened, the outcome read), adherence and results. ' +
      'Same JSON as GET /users/{user_id}/experiments/{experiment_id}.',
    input: z.object({ experiment_id: idArg('experiment') }),
    run: async ({ actor }, args) => presentExperiment(await getExperiment(actor, checkId('experiment_id', args))),
  }),
];
