import * as insights from '../../domain/insights/insights.service.ts';
import { EpisodesQuery, InsightGraphQuery } from '../../domain/insights/insights.schemas.ts';
import { EpisodesResponse, InsightGraphResponse, presentEpisodes, presentInsightGraph } from '../../representation/insights.ts';
import { ok, route, type Route } from '../route.ts';

const tag = 'insights';

export const insightRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/insights/graph',
    tag,
    access: 'read',
    graphql: 'User.insightGraph',
    summary: 'What moves with a metric: Spearman at lags 0-3 days, Benjamini-Hochberg q, confidence tiers; computed at query time',
    query: InsightGraphQuery,
    responses: { 200: InsightGraphResponse },
    handler: async (r) => ok(presentInsightGraph(await insights.getInsightGraph(r.actor, r.query))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/insights/episodes',
    tag,
    access: 'read',
    graphql: 'User.episodes',
    summary: "Metrics and factors whose recent days deviate from the user's own baseline (robust z ≥ 2.5)",
    query: EpisodesQuery,
    responses: { 200: EpisodesResponse },
    handler: async (r) => ok(presentEpisodes(await insights.getEpisodes(r.actor, r.query))),
  }),
];
