import { CursorParam } from '../../core/paging.ts';
import { z } from 'zod';
import { isoDate, Pagination } from '../../core/validation.ts';
import { addDays } from '../insights/window.ts';
import { PERIOD_TYPES } from './narrative.entity.ts';

export const MAX_TEXT = 20_000;

/** 1 = Monday; NaN (not a date) is the date format's issue alone. */
const isMonday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return Number.isNaN(day) || day === 1;
};
const Monday = () => isoDate().refine(isMonday, { message: 'Input should be a Monday (a week runs Monday to Sunday)' });

const Provenance = z.string().trim().min(1).max(200);
/** Within a 32-bit integer column. */
const Tokens = z.number().int().min(0).max(2_147_483_647);

/**
 * A narrative written elsewhere, for one week. A second one for the same week replaces the first
 * one's text and provenance (omitted provenance is unknown: null), keeping its id.
 */
export const NarrativeCreate = z
  .object({
    period_start: Monday().describe('The Monday the week starts on'),
    period_end: isoDate().optional().describe('The Sunday it ends on (period_start + 6 days); derived when omitted'),
    period_type: z.enum(PERIOD_TYPES).default('week').describe('Only week (the default)'),
    narrative_text: z.string().trim().min(1).max(MAX_TEXT).describe('The prose, 1 to 20,000 characters after trimming'),
    provider: Provenance.nullable().optional().describe('Who wrote it (a service or host), up to 200 characters'),
    model_used: Provenance.nullable().optional().describe('The model that wrote it, up to 200 characters'),
    input_tokens: Tokens.nullable().optional().describe('Prompt tokens the model read'),
    output_tokens: Tokens.nullable().optional().describe('Tokens the model wrote'),
  })
  .superRefine((b, ctx) => {
    if (b.period_end === undefined || !isMonday(b.period_start)) return;
    const sunday = addDays(b.period_start, 6);
    if (b.period_end !== sunday) {
      ctx.addIssue({
        code: 'custom',
        path: ['period_end'],
        message: `Input should be ${sunday}, the Sunday after period_start`,
        input: b.period_end,
      });
    }
  })
  .meta({ id: 'NarrativeCreate' });
export type NarrativeCreate = z.output<typeof NarrativeCreate>;

export const NarrativeListQuery = z.object({ ...Pagination, ...CursorParam }).meta({ id: 'NarrativeListQuery' });

export const NarrativeDigestQuery = z
  .object({ week: Monday().optional().describe("The week's Monday; default: the last whole week in the user's timezone") })
  .meta({ id: 'NarrativeDigestQuery' });

/** The CLI's and the job's week: its Monday. */
export const WeekInput = z.object({ week: Monday() });
