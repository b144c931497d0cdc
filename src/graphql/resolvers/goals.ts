import { goalProgressToday } from '../../domain/days/summary.service.ts';
import { deleteGoal, listGoals, putGoal } from '../../domain/goals/goals.service.ts';
import { serviceInput, withInput } from '../args.ts';
import { atVersion } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const goalResolvers: Resolvers = {
  User: {
    goals: (_user, _args, { actor }) => listGoals(actor),
  },
  Goal: {
    today: (goal, _args, { loaders }) => loaders.byId(goalProgressToday).load(goal.slug),
  },
  Mutation: {
    putGoal: (_root, { slug, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'goal', id: slug }, expectedVersion, () =>
        withInput('input', () => putGoal(actor, slug, serviceInput(input))),
      ),
    deleteGoal: async (_root, { slug }, { actor }) => (await deleteGoal(actor, slug), true),
  },
};
