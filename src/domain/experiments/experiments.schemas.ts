import { z } from 'zod';
import { isoDate } from '../../core/validation.ts';
import { BETTER } from './analysis.ts';
import { DESIGNS, type Design } from './schedule.ts';

/** The longest schedule: a year of days (a leap year's). */
const MAX_DAYS = 366;
const DEFAULT_BLOCK_DAYS = 7;
/** AB is one switch; ABAB the classic two; randomized four pairs (docs/decisions.md). */
export const DEFAULT_BLOCKS: Record<Design, number> = { ab: 2, abab: 4, randomized: 8 };
export const MAX_SEED = 2_147_483_647;

const Hypothesis = z.string().trim().min(1).max(2000);
const Blocks = z.number().int().min(2).max(MAX_DAYS);
const Key = z.string().trim().min(1).max(200);

/** The rules a design puts on its number of blocks, or null when `blocks` suits it. */
export function blocksRule(design: Design, blocks: number, blockDays: number): string | null {
  if (design === 'ab' && blocks !== 2) return 'An ab design has exactly 2 blocks (A, then B)';
  if (design === 'randomized' && blocks % 2 !== 0) return 'A randomized design has an even number of blocks (pairs of A and B)';
  if (blocks * blockDays > MAX_DAYS) return `blocks × block_days is at most ${MAX_DAYS} days`;
  return null;
}

export const ExperimentCreate = z
  .object({
    hypothesis: Hypothesis.describe('What the experiment tests, in the user’s words (1 to 2000 characters)'),
    intervention: Key.describe(
      'What B days switch on: tag:<tag>, category:<id or name>, or a metric with a condition on the day’s value in its canonical unit, metric:<slug><op><number> (op <=, >=, <, >, =; metric:caffeine<=100)',
    ),
    outcome: Key.describe(
      'The day summary column compared between B and A days: a metric slug (sleep_duration), a day summary field (sleep_hours), tag:<tag> or category:<id or name>',
    ),
    design: z.enum(DESIGNS).describe('ab: A then B; abab: alternating blocks from A; randomized: pairs of blocks in a seeded random order'),
    block_days: z.number().int().min(1).max(MAX_DAYS).default(DEFAULT_BLOCK_DAYS).describe('Days per block (default 7)'),
    blocks: Blocks.optional().describe('Blocks in all (default: ab 2, abab 4, randomized 8); randomized needs an even number'),
    washout_days: z
      .number()
      .int()
      .min(0)
      .max(MAX_DAYS)
      .default(0)
      .describe('Days left out of the comparison at the start of each block after a switch (default 0; fewer than block_days)'),
    start: isoDate().describe('The first day of the first block'),
    seed: z
      .number()
      .int()
      .min(0)
      .max(MAX_SEED)
      .optional()
      .describe('Randomized design only: the schedule’s seed, 0..2147483647 (default: drawn at random and stored)'),
    better: z.enum(BETTER).default('higher').describe('Which way the outcome improves (default higher)'),
    lag: z.number().int().min(0).max(3).default(0).describe('Read the outcome this many days after the day exposed (0..3, default 0)'),
  })
  .superRefine((e, ctx) => {
    if (e.washout_days >= e.block_days) {
      ctx.addIssue({ code: 'custom', path: ['washout_days'], message: 'Washout must leave at least one day of each block' });
    }
    const rule = blocksRule(e.design, e.blocks ?? DEFAULT_BLOCKS[e.design], e.block_days);
    if (rule) ctx.addIssue({ code: 'custom', path: ['blocks'], message: rule });
    if (e.seed !== undefined && e.design !== 'randomized') {
      ctx.addIssue({ code: 'custom', path: ['seed'], message: 'Only a randomized design uses a seed' });
    }
  })
  .meta({ id: 'ExperimentCreate' });

/** PATCH: a new hypothesis wording, more blocks (extend), or status stopped (stop today). The rest of the plan is fixed. */
export const ExperimentUpdate = z
  .object({
    hypothesis: Hypothesis,
    blocks: Blocks.describe('More blocks than now (extend); the design’s rules hold'),
    status: z.enum(['stopped']).describe("stopped: the schedule ends on the user's local today"),
  })
  .partial()
  .meta({ id: 'ExperimentUpdate' });
