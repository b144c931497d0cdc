import { z } from 'zod';
import { localDateOf } from '../../core/clock.ts';
import { getDaySummary, listDaySummaries } from '../../domain/days/summary.service.ts';
import { getProfile } from '../../domain/users/users.service.ts';
import { presentDaySummary } from '../../rest/presenters/days.ts';
import { localDate } from './args.ts';
import { defineTool } from './tool.ts';

export const dayTools = [
  defineTool({
    name: 'get_day_summary',
    title: 'Day summary',
    description:
      'One local day of the user: every metric resolved across sources (sleep, steps, weight...), event counts per tag and category ' +
      '(factors), the number of events, and progress on each active goal. Same JSON as GET /users/{user_id}/days/{date}.',
    input: z.object({ date: localDate('The day').optional().describe("The day (YYYY-MM-DD); default: today in the user's timezone") }),
    run: async ({ actor }, { date }) => {
      const day = date ?? localDateOf(new Date(), (await getProfile(actor)).timezone);
      return presentDaySummary(await getDaySummary(actor, day));
    },
  }),
  defineTool({
    name: 'get_days',
    title: 'Day summaries for a range',
    description:
      'Day summaries from..to (both local days, inclusive, at most 366 days), oldest first: the same per-day JSON as get_day_summary. ' +
      'Same as GET /users/{user_id}/days.',
    input: z.object({ from: localDate('First day'), to: localDate('Last day, inclusive') }),
    run: async ({ actor }, args) => (await listDaySummaries(actor, args)).map(presentDaySummary),
  }),
];
