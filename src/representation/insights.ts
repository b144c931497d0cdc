import { z } from 'zod';
import type { EpisodeCard, Episodes } from '../domain/insights/episodes.ts';
import { GRAPH_MODES, TIERS, type InsightEdge, type InsightGraph } from '../domain/insights/graph.ts';

/**
 * Insights are "byte-identical JSON for the same data" (docs/architecture.md, Data rules): each presenter writes its
 * keys in one fixed order, and an absent ratio or corroboration is left out rather than null.
 */
const Kind = z.enum(['metric', 'factor']);

const InsightEdgeRead = z
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
type InsightEdgeRead = z.infer<typeof InsightEdgeRead>;

export const InsightGraphResponse = z
  .object({
    center: z.object({ key: z.string(), label: z.string(), unit: z.string() }),
    edges: z.array(InsightEdgeRead),
    mode: z.enum(GRAPH_MODES),
    window_days: z.int(),
  })
  .meta({ id: 'InsightGraphResponse' });
type InsightGraphResponse = z.infer<typeof InsightGraphResponse>;

const EpisodeCardRead = z
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
type EpisodeCardRead = z.infer<typeof EpisodeCardRead>;

export const EpisodesResponse = z.object({ episodes: z.array(EpisodeCardRead), window_days: z.int() }).meta({ id: 'EpisodesResponse' });
type EpisodesResponse = z.infer<typeof EpisodesResponse>;

function presentEdge(e: InsightEdge): InsightEdgeRead {
  return {
    key: e.key,
    label: e.label,
    kind: e.kind,
    direction: e.direction,
    confidence: e.confidence,
    lag: e.lag,
    n: e.n,
    support: e.support,
    r: e.r,
    q_value: e.qValue,
  };
}

export function presentInsightGraph(g: InsightGraph): InsightGraphResponse {
  const center = { key: g.center.key, label: g.center.label, unit: g.center.unit };
  return { center, edges: g.edges.map(presentEdge), mode: g.mode, window_days: g.windowDays };
}

export function presentEpisodeCard(c: EpisodeCard): EpisodeCardRead {
  return {
    id: c.id,
    key: c.key,
    kind: c.kind,
    label: c.label,
    direction: c.direction,
    z: c.z,
    ...(c.ratio !== null ? { ratio: c.ratio } : {}),
    headline: c.headline,
    caution: c.caution,
    ...(c.corroboration !== null ? { corroboration: c.corroboration } : {}),
    baseline_days: c.baselineDays,
    recent_days: c.recentDays,
    window_days: c.windowDays,
  };
}

export function presentEpisodes(e: Episodes): EpisodesResponse {
  return { episodes: e.episodes.map(presentEpisodeCard), window_days: e.windowDays };
}
