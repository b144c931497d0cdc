import { z } from 'zod';
import { isoDate } from '../../core/validation.ts';
import { GRAPH_MODES } from './graph.ts';

// A schema-level message would be every issue's message (zod 4), so each bound says its own.
const WindowDays = z.coerce
  .number({ error: (issue) => (issue.code === 'invalid_type' ? 'Input should be a valid integer' : undefined) })
  .int({ message: 'Input should be a valid integer' })
  .min(14, 'Input should be between 14 and 365 days')
  .max(365, 'Input should be between 14 and 365 days')
  .default(90)
  .describe('Days in the window, ending on end_date (14..365, default 90)');
const EndDate = isoDate().optional().describe("Last day of the window (YYYY-MM-DD); default: the user's local today");

export const InsightGraphQuery = z
  .object({
    metric: z
      .string()
      .min(1)
      .max(200)
      .describe(
        'Key of a daily summary column: a metric slug (sleep_duration), a day summary field (sleep_hours, centred on its slug), tag:<tag>, category:<id> or category:<name>',
      ),
    window_days: WindowDays,
    mode: z.enum(GRAPH_MODES).default('explore').describe('explore: all four tiers; significant: strong and moderate only'),
    end_date: EndDate,
  })
  .meta({ id: 'InsightGraphQuery' });
export type InsightGraphQuery = z.output<typeof InsightGraphQuery>;

export const EpisodesQuery = z.object({ window_days: WindowDays, end_date: EndDate }).meta({ id: 'EpisodesQuery' });
