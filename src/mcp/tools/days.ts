import { z } from 'zod';
import { daysInRange, localDateOf } from '../../core/clock.ts';
import { getDaySummary, listDaySummaries } from '../../domain/days/summary.service.ts';
import { getProfile } from '../../domain/users/users.service.ts';
import { presentDaySummary } from '../../representation/days.ts';
import { Invalid } from '../../core/errors.ts';
import { MCP_LIMITS } from '../limits.ts';
import { localDate } from './args.ts';
import { defineTool } from './tool.ts';

/** The per-call budget, before any database work; a malformed date is left to the service's own check. */
function checkDaysPerCall(from: string, to: string): void {
  const days = daysInRange(from, to);
  if (days !== undefined && days > MCP_LIMITS.daysPerCall) {
    throw new Invalid([
      {
        loc: ['to'],
        msg: `At most ${MCP_LIMITS.daysPerCall} days per call (this asks for ${days}): call again for the next range`,
        type: 'too_long',
      },
    ]);
  }
}

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
      `Day summaries from..to (both local days, inclusive, at most ${MCP_LIMITS.daysPerCall} days per call), oldest first: ` +
      'the same per-day JSON as get_day_summary. For a longer span, call again with the next from..to. ' +
      'Same as GET /users/{user_id}/days.',
    input: z.object({ from: localDate('First day'), to: localDate('Last day, inclusive') }),
    run: async ({ actor }, args) => {
      checkDaysPerCall(args.from, args.to);
      return (await listDaySummaries(actor, args)).map(presentDaySummary);
    },
  }),
];
