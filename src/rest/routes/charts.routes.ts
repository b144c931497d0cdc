import { z } from 'zod';
import { Tag } from '../../domain/events/events.schemas.ts';
import { ChartQuery } from '../../domain/charts/charts.schemas.ts';
import { goalChart, metricChart, tagChart } from '../../domain/charts/charts.service.ts';
import { goalHeatmap, metricHeatmap, tagHeatmap } from '../../representation/charts/heatmap.ts';
import { lineChart } from '../../representation/charts/line.ts';
import { svgAnswer } from '../../representation/charts/reply.ts';
import type { RenderedChart } from '../../representation/charts/svg.ts';
import { sparkline } from '../../representation/charts/sparkline.ts';
import { route, type Reply, type Route } from '../route.ts';

const tag = 'charts';
const slug = z.object({ slug: z.string().min(1).max(64) });
const SVG = 'image/svg+xml';
/** Each chart answers its SVG, or 304 when the client's If-None-Match is its ETag. */
const responses = { 200: null, 304: null };

const svg = (chart: RenderedChart): Reply => {
  const { headers, body } = svgAnswer(chart);
  return { status: 200, headers, stream: async (out) => void out.end(body) };
};

export const chartRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/charts/metrics/{slug}',
    tag,
    access: 'read',
    summary:
      "A metric's daily values over a period as an SVG line (default the last 30 days): gaps where a day has no value, the daily goal as a hatched band, in the user's language and the metric's canonical unit",
    params: slug,
    query: ChartQuery,
    produces: SVG,
    responses,
    handler: async (r) => svg(lineChart(await metricChart(r.actor, r.params.slug, r.query, 'month'))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/charts/metrics/{slug}/sparkline',
    tag,
    access: 'read',
    summary: "A metric's trend as a 120x32 SVG sparkline (default the last 30 days), the last day with a value marked",
    params: slug,
    query: ChartQuery,
    produces: SVG,
    responses,
    handler: async (r) => svg(sparkline(await metricChart(r.actor, r.params.slug, r.query, 'month'))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/charts/metrics/{slug}/heatmap',
    tag,
    access: 'read',
    summary:
      "A metric's daily values as an SVG calendar heatmap (default the last 365 days): five levels by lightness, days without data outlined",
    params: slug,
    query: ChartQuery,
    produces: SVG,
    responses,
    handler: async (r) => svg(metricHeatmap(await metricChart(r.actor, r.params.slug, r.query, 'year'))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/charts/tags/{tag}/heatmap',
    tag,
    access: 'read',
    graphql: 'User.tagChart',
    summary: 'How many events carried a tag each day, as an SVG calendar heatmap (default the last 365 days)',
    params: z.object({ tag: Tag }),
    query: ChartQuery,
    produces: SVG,
    responses,
    handler: async (r) => svg(tagHeatmap(await tagChart(r.actor, r.params.tag, r.query))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/charts/goals/{slug}/heatmap',
    tag,
    access: 'read',
    summary:
      "A goal's history as an SVG calendar (default the last 365 days): each day its period's outcome, met, missed, skipped or in progress, told apart by pattern as well as colour",
    params: slug,
    query: ChartQuery,
    produces: SVG,
    responses,
    handler: async (r) => svg(goalHeatmap(await goalChart(r.actor, r.params.slug, r.query))),
  }),
];
