import { z } from 'zod';
import { dateTime, isoDate, uuid } from '../../core/validation.ts';
import { Tag } from '../events/events.schemas.ts';

/** The longest a share may live, from its creation. */
export const MAX_SHARE_DAYS = 90;

const names = (what: string, item: z.ZodType<string>) => z.array(item).max(50).default([]).describe(what);

const ShareScope = z
  .object({
    metrics: names('Metric slugs whose daily values, charts and statistics are shown', z.string().min(1).max(64)),
    goals: names("Metric slugs whose goals' adherence and streaks are shown", z.string().min(1).max(64)),
    // As events carry them: '#Ibuprofen' is the tag ibuprofen.
    tags: names('Tags whose occurrences are counted and listed on a timeline (e.g. a medication)', Tag),
    categories: names('Category ids whose events are counted', uuid()),
    include_captures: z.boolean().default(false).describe("The free-text captures' text (off by default)"),
    include_notes: z.boolean().default(false).describe("The listed events' notes (off by default; encrypted ones never)"),
    include_locations: z.boolean().default(false).describe('Place visits (off by default)'),
    include_experiments: z.boolean().default(false).describe("n-of-1 experiments' results, marked exploratory (off by default)"),
    include_correlations: z
      .boolean()
      .default(false)
      .describe(
        "Rank correlations among the scope's own series over the period, marked exploratory with q-values and intervals (off by default)",
      ),
  })
  .describe('What the share shows: series by name, and free text and history only where switched on');

export const ShareCreate = z
  .object({
    label: z.string().trim().min(1).max(100).describe('What the share is for, shown to the owner and on the report'),
    scope: ShareScope,
    from: isoDate().optional().describe('A fixed period: its first day (with `to`)'),
    to: isoDate().optional().describe('A fixed period: its last day (with `from`)'),
    last_days: z.number().int().min(1).max(366).optional().describe('Or a rolling period: the last N days up to the day it is opened'),
    expires_at: dateTime().describe(`When the link stops working: required, at most ${MAX_SHARE_DAYS} days ahead`),
    password: z.string().min(8).max(256).optional().describe('Asked before the report shows (kept as an argon2id hash)'),
    max_views: z.number().int().min(1).max(10_000).optional().describe('How many times the report may be opened'),
  })
  .meta({ id: 'ShareCreate' });
