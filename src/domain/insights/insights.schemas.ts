import { z } from 'zod';
import { isoDate } from '../../core/validation.ts';
import { GRAPH_MODES, TIERS } from './graph.ts';

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
      .describe('Key of a daily summary column: a metric slug (sleep_duration), a day summary field (sleep_hours, centred on its slug), tag:<tag>, category:<id> or category:<name>'),
    window_days: WindowDays,
    mode: z.enum(GRAPH_MODES).default('explore').describe('explore: all four tiers; significant: strong and moderate only'),
    end_date: EndDate,
  })
  .meta({ id: 'InsightGraphQuery' });
export type InsightGraphQuery = z.output<typeof InsightGraphQuery>;

export const EpisodesQuery = z.object({ window_days: WindowDays, end_date: EndDate }).meta({ id: 'EpisodesQuery' });

const Kind = z.enum(['metric', 'factor']);

export const InsightEdge = z
  .object({
    key: z.string(),
    label: z.string(),
    kind: Kind,
    direction: z.enum(['positive', 'negative']),
    confidence: z.enum(TIERS),
    lag: z.int().min(0).max(3).describe('Days the contributor precedes the centre'),
    n: z.int().describe('Days with both values at this lag'),
    support: z.int().describe('Days the factor occurred among them (n for a metric)'),
    r: z.number().describe("Spearman's rho, 4 significant digits"),
    q_value: z.number().describe('Benjamini-Hochberg adjusted p over all tests for this centre, 4 significant digits'),
  })
  .meta({ id: 'InsightEdge' });

export const InsightGraphResponse = z
  .object({
    center: z.object({ key: z.string(), label: z.string(), unit: z.string() }),
    edges: z.array(InsightEdge),
    mode: z.enum(GRAPH_MODES),
    window_days: z.int(),
  })
  .meta({ id: 'InsightGraphResponse' });

export const EpisodeCard = z
  .object({
    id: z.string().describe('Stable for the same user, key and window'),
    key: z.string(),
    kind: Kind,
    label: z.string(),
    direction: z.enum(['above', 'below']),
    z: z.number().describe('Robust z of the recent median against the baseline, 2 decimals'),
    ratio: z.number().optional().describe('Recent median / baseline median; absent when the baseline median is 0'),
    headline: z.string(),
    caution: z.string().describe('What limits trust in this card; empty when nothing does'),
    corroboration: z.string().optional().describe('Other episodes of this window linked to this one in the graph'),
    baseline_days: z.int().describe('Baseline days with a value'),
    recent_days: z.int().describe('Recent days with a value'),
    window_days: z.int(),
  })
  .meta({ id: 'EpisodeCard' });

export const EpisodesResponse = z
  .object({ episodes: z.array(EpisodeCard), window_days: z.int() })
  .meta({ id: 'EpisodesResponse' });
