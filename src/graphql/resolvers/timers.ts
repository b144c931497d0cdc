import { categoriesByIds } from '../../domain/categories/categories.service.ts';
import { discardTimer, getTimer, listTimers, startTimer, stopTimer } from '../../domain/timers/timers.service.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const timerResolvers: Resolvers = {
  User: {
    trackingTimers: (_user, args, { actor }) => listTimers(actor, serviceArgs(args)),
    trackingTimer: (_user, { id }, { actor }) => getTimer(actor, id),
  },
  TrackingTimer: {
    category: (timer, _args, { loaders }) => (timer.categoryId ? loaders.byId(categoriesByIds).load(timer.categoryId) : null),
  },
  Mutation: {
    startTrackingTimer: (_root, { input }, { actor }) => withInput('input', () => startTimer(actor, serviceInput(input))),
    stopTrackingTimer: (_root, { id, input }, { actor }) => withInput('input', () => stopTimer(actor, id, serviceInput(input))),
    discardTrackingTimer: async (_root, { id }, { actor }) => (await discardTimer(actor, id), true),
  },
};
