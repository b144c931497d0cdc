import { z } from 'zod';
import { isoDate } from '../../core/validation.ts';

/** The longest period one chart draws: two years of days, as a goal's history reads at most. */
export const MAX_CHART_DAYS = 731;

export const ChartQuery = z
  .object({
    from: isoDate().optional().describe('First day (default: 29 days before `to` for a line or a sparkline, 364 for a heatmap)'),
    to: isoDate().optional().describe("Last day (default: the user's local today)"),
  })
  .meta({ id: 'ChartQuery' });
