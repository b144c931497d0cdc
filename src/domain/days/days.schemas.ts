import { z } from 'zod';
import { isoDate } from '../../core/validation.ts';

const MAX_DAYS = 366;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export const DayParams = z.object({ date: isoDate() });

export const DayRangeQuery = z
  .object({ from: isoDate(), to: isoDate() })
  .superRefine((q, ctx) => {
    const n = daysBetween(q.from, q.to);
    if (n < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` must not be before `from`', input: q.to });
    else if (n > MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_DAYS} days per request`, input: q.to });
  })
  .meta({ id: 'DayRangeQuery' });
