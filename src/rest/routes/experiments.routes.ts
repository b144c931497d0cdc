import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as experiments from '../../domain/experiments/experiments.service.ts';
import { ExperimentCreate, ExperimentUpdate } from '../../domain/experiments/experiments.schemas.ts';
import { ExperimentRead, presentExperiment } from '../../representation/experiments.ts';
import { created, noContent, ok, route, type Route } from '../route.ts';

const tag = 'experiments';
const params = z.object({ experiment_id: uuid() });

export const experimentRoutes: Route[] = [
  route({
    method: 'post',
    path: '/users/{user_id}/experiments',
    tag,
    access: 'write',
    graphql: 'Mutation.createExperiment',
    summary:
      'Plan an n-of-1 experiment: B days switch the intervention on, A days off, in blocks from start (ab, abab or seeded randomized pairs); the answer has the schedule, and results as the data come in',
    body: ExperimentCreate,
    responses: { 201: ExperimentRead },
    handler: async (r) => created(presentExperiment(await experiments.createExperiment(r.actor, r.body))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/experiments',
    tag,
    access: 'read',
    graphql: 'User.experiments',
    summary: 'Every experiment, newest first, each with its schedule, adherence and results computed now',
    responses: { 200: z.array(ExperimentRead) },
    handler: async (r) => ok((await experiments.listExperiments(r.actor)).map(presentExperiment)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/experiments/{experiment_id}',
    version: { type: 'experiment', param: 'experiment_id' },
    tag,
    access: 'read',
    graphql: 'User.experiment',
    summary:
      'One experiment: its schedule, adherence per day and as a rate, and the difference of the outcome between B and A days with Hedges g, a Newey–West 95% interval and a verdict',
    params,
    responses: { 200: ExperimentRead },
    handler: async (r) => ok(presentExperiment(await experiments.getExperiment(r.actor, r.params.experiment_id))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/experiments/{experiment_id}',
    version: { type: 'experiment', param: 'experiment_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updateExperiment',
    summary: "Reword the hypothesis, extend the schedule (more blocks) or stop it (status stopped: it ends on the user's local today)",
    params,
    body: ExperimentUpdate,
    responses: { 200: ExperimentRead },
    handler: async (r) => ok(presentExperiment(await experiments.updateExperiment(r.actor, r.params.experiment_id, r.body))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/experiments/{experiment_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.deleteExperiment',
    summary: 'Delete an experiment (the events and readings it read stay)',
    params,
    responses: { 204: null },
    handler: async (r) => (await experiments.deleteExperiment(r.actor, r.params.experiment_id), noContent()),
  }),
];
