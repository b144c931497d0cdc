import { categoriesByIds } from '../../domain/categories/categories.service.ts';
import { getDaySummary, listDaySummaries } from '../../domain/days/summary.service.ts';
import { metricTypesBySlugs } from '../../domain/metric-types/metric-types.service.ts';
import { serviceArgs } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const dayResolvers: Resolvers = {
  User: {
    day: (_user, { date }, { actor }) => getDaySummary(actor, date),
    days: (_user, args, { actor }) => listDaySummaries(actor, serviceArgs(args)),
  },
  DayMetric: {
    // Every summary metric is a catalogue slug: the loader always finds it.
    metricType: async (metric, _args, { loaders }) => (await loaders.byId(metricTypesBySlugs).load(metric.slug))!,
  },
  DayFactor: {
    category: (factor, _args, { loaders }) => (factor.categoryId ? loaders.byId(categoriesByIds).load(factor.categoryId) : null),
  },
};
