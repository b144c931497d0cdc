import { z } from 'zod';
import { isoDate } from '../../core/validation.ts';
import { GRAPH_MODES } from './graph.ts';

const WindowDays = z.coerce
  .number({ message: 'Input should be a valid integer' })
  .int({ message: 'Input should be a valid integer' })
  .min(14)
  .max(365)
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
