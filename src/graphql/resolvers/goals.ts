import { listGoals } from '../../domain/goals/goals.service.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const goalResolvers: Resolvers = {
  User: {
    goals: (_user, _args, { actor }) => listGoals(actor),
  },
};
