import { getEpisodes, getInsightGraph } from '../../domain/insights/insights.service.ts';
import { metricTypesBySlugs } from '../../domain/metric-types/metric-types.service.ts';
import { serviceArgs } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const insightResolvers: Resolvers = {
  User: {
    insightGraph: (_user, args, { actor }) => getInsightGraph(actor, serviceArgs(args)),
    episodes: (_user, args, { actor }) => getEpisodes(actor, serviceArgs(args)),
  },
  InsightCenter: {
    // A metric centre's key is its slug; a factor's (tag:…, category:…) is none, so it loads as null.
    metricType: (center, _args, { loaders }) => loaders.byId(metricTypesBySlugs).load(center.key),
  },
  InsightEdge: {
    metricType: (edge, _args, { loaders }) => (edge.kind === 'metric' ? loaders.byId(metricTypesBySlugs).load(edge.key) : null),
  },
};
