import { z } from 'zod';
import { getEpisodes, getInsightGraph } from '../../domain/insights/insights.service.ts';
import { GRAPH_MODES } from '../../domain/insights/graph.ts';
import { presentEpisodes, presentInsightGraph } from '../../representation/insights.ts';
import { windowArgs } from './args.ts';
import { defineTool } from './tool.ts';

export const insightTools = [
  defineTool({
    name: 'get_insight_graph',
    title: 'What moves with a metric',
    description:
      'Correlations of one daily column with every other over a window: Spearman r at lags 0-3 days, Benjamini-Hochberg q values, ' +
      'confidence tiers. Observational, not causal. Same JSON as GET /users/{user_id}/insights/graph.',
    input: z.object({
      metric: z
        .string()
        .describe(
          'The centre: a metric slug (sleep_duration), a day summary field (sleep_hours), tag:<tag>, category:<id> or category:<name>',
        ),
      ...windowArgs,
      mode: z.enum(GRAPH_MODES).optional().describe('explore (default): all four tiers; significant: strong and moderate only'),
    }),
    run: async ({ actor }, args) => presentInsightGraph(await getInsightGraph(actor, args)),
  }),
  defineTool({
    name: 'get_episodes',
    title: 'Unusual recent days',
    description:
      "Metrics and factors whose recent days deviate from the user's own baseline (robust z ≥ 2.5), each with a headline. " +
      'Same JSON as GET /users/{user_id}/insights/episodes.',
    input: z.object({ ...windowArgs }),
    run: async ({ actor }, args) => presentEpisodes(await getEpisodes(actor, args)),
  }),
];
