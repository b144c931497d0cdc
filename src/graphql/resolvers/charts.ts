import { checkChartPeriod } from '../../domain/charts/charts.service.ts';
import { goalChartLink, metricChartLinks, tagChartLink } from '../../representation/charts/links.ts';
import type { Resolvers } from '../__generated__/types.ts';
import { serviceArgs } from '../args.ts';

/** Charts are SVG documents REST serves; GraphQL gives each one's URL beside the data it draws. */
export const chartResolvers: Resolvers = {
  MetricDefinition: {
    charts: (definition, args, { actor }) =>
      metricChartLinks(actor.userId, definition.metricTypeSlug, checkChartPeriod(actor, serviceArgs(args))),
  },
  Goal: {
    chart: (goal, args, { actor }) => goalChartLink(actor.userId, goal.slug, checkChartPeriod(actor, serviceArgs(args))),
  },
  User: {
    tagChart: (_user, { tag, ...args }, { actor }) => tagChartLink(actor.userId, tag, checkChartPeriod(actor, serviceArgs(args))),
  },
};
