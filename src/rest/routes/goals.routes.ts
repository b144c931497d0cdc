import { z } from 'zod';
import * as goals from '../../domain/goals/goals.service.ts';
import { GoalHistoryQuery, GoalSkipsCreate, MetricGoalUpdate } from '../../domain/goals/goals.schemas.ts';
import { isoDate } from '../../core/validation.ts';
import { GoalMetricRead, GoalPeriodRead, presentGoal, presentPeriod } from '../../representation/goals.ts';
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
    summary:
      "Create or replace a metric's standing goal: the spec's body is a daily goal; period week or month (and times_per_period) make it a period goal",
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
  route({
    method: 'get',
    path: '/users/{user_id}/goals/{slug}/history',
    tag,
    access: 'read',
    graphql: 'User.goalHistory',
    summary: 'Each period of from..to (default: the last twelve) with its value, target and outcome (met, missed, skipped, in_progress)',
    params,
    query: GoalHistoryQuery,
    responses: { 200: z.array(GoalPeriodRead) },
    handler: async (r) => ok((await goals.getGoalHistory(r.actor, r.params.slug, r.query)).map(presentPeriod)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/goals/{slug}/skips',
    tag,
    access: 'read',
    graphql: 'User.goalSkips',
    summary: 'The days the goal is set aside (illness, holidays), oldest first',
    params,
    responses: { 200: z.array(z.iso.date()) },
    handler: async (r) => ok(await goals.listGoalSkips(r.actor, r.params.slug)),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/goals/{slug}/skips',
    tag,
    access: 'write',
    graphql: 'Mutation.addGoalSkips',
    summary: 'Set the goal aside on some days, or for a pause from..to: they neither break nor extend a streak. Answers every skip',
    params,
    body: GoalSkipsCreate,
    responses: { 200: z.array(z.iso.date()) },
    handler: async (r) => ok(await goals.addGoalSkips(r.actor, r.params.slug, r.body)),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/goals/{slug}/skips/{date}',
    tag,
    access: 'write',
    graphql: 'Mutation.deleteGoalSkip',
    summary: 'The day counts again',
    params: params.extend({ date: isoDate() }),
    responses: { 204: null },
    handler: async (r) => (await goals.deleteGoalSkip(r.actor, r.params.slug, r.params.date), noContent()),
  }),
];
