import { z } from 'zod';
import { goalChart, metricChart, tagChart } from '../../domain/charts/charts.service.ts';
import { goalHeatmap, metricHeatmap, tagHeatmap } from '../../representation/charts/heatmap.ts';
import { lineChart } from '../../representation/charts/line.ts';
import { goalChartLink, metricChartLinks, tagChartLink } from '../../representation/charts/links.ts';
import { sparkline } from '../../representation/charts/sparkline.ts';
import type { RenderedChart } from '../../representation/charts/svg.ts';
import { defineTool } from './tool.ts';

const CHARTS = ['metric_line', 'metric_sparkline', 'metric_heatmap', 'tag_heatmap', 'goal_heatmap'] as const;

export const chartTools = [
  defineTool({
    name: 'get_chart',
    title: 'A chart, in words and as SVG',
    description:
      'One chart as the REST API draws it (GET /users/{user_id}/charts/...): `description` says in words what it shows (days with and without data, ' +
      'min and max, the goal; or the outcomes of a goal, or how often a tag occurred), `svg` is the document to show a person, `url` where a client ' +
      'with the same token fetches it. chart: metric_line | metric_sparkline | metric_heatmap (subject: a metric slug), tag_heatmap (subject: a tag), ' +
      'goal_heatmap (subject: the metric slug of a set goal).',
    input: z.object({
      chart: z.enum(CHARTS).describe('Which chart'),
      subject: z.string().describe("The metric's slug, the tag, or the goal's metric slug"),
      from: z.string().optional().describe('First day (YYYY-MM-DD); default: a month back for a line or sparkline, a year for a heatmap'),
      to: z.string().optional().describe("Last day (YYYY-MM-DD); default: the user's local today"),
    }),
    run: async ({ actor }, { chart, subject, ...period }) => {
      const drawn = async (): Promise<{ rendered: RenderedChart; url: string }> => {
        const links = metricChartLinks(actor.userId, subject, period);
        switch (chart) {
          case 'metric_line':
            return { rendered: lineChart(await metricChart(actor, subject, period, 'month')), url: links.line };
          case 'metric_sparkline':
            return { rendered: sparkline(await metricChart(actor, subject, period, 'month')), url: links.sparkline };
          case 'metric_heatmap':
            return { rendered: metricHeatmap(await metricChart(actor, subject, period, 'year')), url: links.heatmap };
          case 'tag_heatmap':
            return { rendered: tagHeatmap(await tagChart(actor, subject, period)), url: tagChartLink(actor.userId, subject, period) };
          case 'goal_heatmap':
            return { rendered: goalHeatmap(await goalChart(actor, subject, period)), url: goalChartLink(actor.userId, subject, period) };
        }
      };
      const { rendered, url } = await drawn();
      return { title: rendered.title, description: rendered.description, url, svg: rendered.svg };
    },
  }),
];
