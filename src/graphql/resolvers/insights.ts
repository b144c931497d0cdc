import { getEpisodes, getInsightGraph } from '../../domain/insights/insights.service.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const insightResolvers: Resolvers = {
  User: {
    insightGraph: (_user, { metric, windowDays, mode, endDate }, { actor }) =>
      getInsightGraph(actor, { metric, window_days: windowDays ?? undefined, mode: mode ?? undefined, end_date: endDate ?? undefined }),
    episodes: (_user, { windowDays, endDate }, { actor }) =>
      getEpisodes(actor, { window_days: windowDays ?? undefined, end_date: endDate ?? undefined }),
  },
};
