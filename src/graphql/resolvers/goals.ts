import { goalProgressToday } from '../../domain/days/summary.service.ts';
import {
  addGoalSkips,
  deleteGoal,
  deleteGoalSkip,
  getGoalHistory,
  listGoals,
  listGoalSkips,
  putGoal,
} from '../../domain/goals/goals.service.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import { atVersion } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const goalResolvers: Resolvers = {
  User: {
    goals: (_user, _args, { actor }) => listGoals(actor),
    goalHistory: (_user, { slug, ...range }, { actor }) => getGoalHistory(actor, slug, serviceArgs(range)),
    goalSkips: (_user, { slug }, { actor }) => listGoalSkips(actor, slug),
  },
  Goal: {
    today: (goal, _args, { loaders }) => loaders.byId(goalProgressToday).load(goal.slug),
    periodValue: (goal) => goal.standing?.current.value ?? null,
    streak: (goal) => goal.standing?.streak ?? null,
    longestStreak: (goal) => goal.standing?.longestStreak ?? null,
    strength: (goal) => goal.standing?.strength ?? null,
  },
  Mutation: {
    putGoal: (_root, { slug, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'goal', id: slug }, expectedVersion, () =>
        withInput('input', () => putGoal(actor, slug, serviceInput(input))),
      ),
    deleteGoal: async (_root, { slug }, { actor }) => (await deleteGoal(actor, slug), true),
    addGoalSkips: (_root, { slug, input }, { actor }) => withInput('input', () => addGoalSkips(actor, slug, serviceInput(input))),
    deleteGoalSkip: async (_root, { slug, date }, { actor }) => (await deleteGoalSkip(actor, slug, date), true),
  },
};
