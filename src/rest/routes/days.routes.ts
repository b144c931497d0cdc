import { z } from 'zod';
import * as days from '../../domain/days/summary.service.ts';
import { DayParams, DayRangeQuery } from '../../domain/days/days.schemas.ts';
import { DaySummaryRead, presentDaySummary } from '../../representation/days.ts';
import { ok, route, type Route } from '../route.ts';

const tag = 'days';

export const dayRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/days',
    tag,
    access: 'read',
    graphql: 'User.days',
    summary: 'Day summaries from..to (inclusive, at most 366 days), oldest first',
    query: DayRangeQuery,
    responses: { 200: z.array(DaySummaryRead) },
    handler: async (r) => ok((await days.listDaySummaries(r.actor, r.query)).map(presentDaySummary)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/days/{date}',
    tag,
    access: 'read',
    graphql: 'User.day',
    summary: 'One local day: every metric resolved across sources, event factors and goal progress',
    params: DayParams,
    responses: { 200: DaySummaryRead },
    handler: async (r) => ok(presentDaySummary(await days.getDaySummary(r.actor, r.params.date))),
  }),
];
