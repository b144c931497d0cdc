import { z } from 'zod';
import * as goals from '../../domain/goals/goals.service.ts';
import { MetricGoalUpdate } from '../../domain/goals/goals.schemas.ts';
import { GoalMetricRead, presentGoal } from '../presenters/goals.ts';
import { noContent, ok, route, type Route } from '../route.ts';

const tag = 'goals';
const params = z.object({ slug: z.string().min(1).max(64) });

export const goalRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/goals',
    tag,
    access: 'read',
    graphql: 'User.goals',
    summary: 'Every goalable metric, with its goal or `target: null` when none is set',
    responses: { 200: z.array(GoalMetricRead) },
    handler: async (r) => ok((await goals.listGoals(r.actor)).map(presentGoal)),
  }),
  route({
    method: 'put',
    path: '/users/{user_id}/goals/{slug}',
    version: { type: 'goal', param: 'slug' },
    tag,
    access: 'write',
    graphql: 'Mutation.putGoal',
    summary: "Create or replace a metric's standing daily goal",
    params,
    body: MetricGoalUpdate,
    responses: { 200: GoalMetricRead },
    handler: async (r) => ok(presentGoal(await goals.putGoal(r.actor, r.params.slug, r.body))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/goals/{slug}',
    tag,
    access: 'write',
    graphql: 'Mutation.deleteGoal',
    summary: "Remove a metric's goal",
    params,
    responses: { 204: null },
    handler: async (r) => (await goals.deleteGoal(r.actor, r.params.slug), noContent()),
  }),
];
