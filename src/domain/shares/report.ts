import { wallTimeToUtc } from '../../core/clock.ts';
import { Invalid, NotFound } from '../../core/errors.ts';
import { categoriesByIds } from '../categories/categories.service.ts';
import { capturesBetween } from '../captures/captures-between.ts';
import { goalChart, metricChart, tagChart, type GoalChart, type MetricChart, type TagChart } from '../charts/charts.service.ts';
import { categoryCounts, eventsWithTags, type TimelineEvent } from '../events/tag-days.ts';
import { listExperiments } from '../experiments/experiments.service.ts';
import type { ExperimentReport } from '../experiments/report.ts';
import { getGoalHistory } from '../goals/goals.service.ts';
import { addDays, daysBetween, streaks } from '../goals/periods.ts';
import type { Tier } from '../insights/graph.ts';
import { getInsightGraph } from '../insights/insights.service.ts';
import { median } from '../insights/stats/robust.ts';
import { metricType } from '../metric-types/catalogue.ts';
import { measurementsInScope, type Measurement } from '../metrics/measurements.ts';
import { resolvedDays } from '../metrics/resolved-days.ts';
import { pageLocationHistory, type VisitRecord } from '../places/visits.service.ts';
import type { CaptureLanguage } from '../users/preferences.ts';
import type { OpenedShare } from './opening.ts';

/** Lists on a report stop here: a printable summary, not an export (the CSV and FHIR files are). */
const REPORT_LIST_LIMIT = 500;

type MetricSection = {
  chart: MetricChart;
  n: number;
  min: number | null;
  median: number | null;
  max: number | null;
  missingDays: number;
  /** Where the days' values came from: each source and on how many days it was the one counted. */
  sources: { source: string; days: number }[];
};
type GoalSection = {
  slug: string;
  title: string;
  /** Null when the owner has no goal for it (any more). */
  chart: GoalChart | null;
  met: number;
  missed: number;
  skipped: number;
  /** met / (met + missed), or null without a decided period. */
  adherence: number | null;
  streak: number;
  longestStreak: number;
};
type TagSection = { chart: TagChart; total: number; days: number };
/** One rank correlation between two of the scope's series: `with` on day d-lag against `of` on day d. */
type CorrelationRow = {
  of: string;
  with: string;
  lag: number;
  n: number;
  r: number;
  low: number;
  high: number;
  qValue: number;
  confidence: Tier;
};

/** The insight graph's window bounds: a period shorter than this has no correlations; a longer one uses its last 365 days. */
const [MIN_WINDOW, MAX_WINDOW] = [14, 365];
/** Rows of the correlations table, the lowest q-values first. */
const MAX_CORRELATIONS = 20;

/** What a share shows for its period: only what its scope names, read as the owner with read access. */
export type ShareReport = {
  label: string;
  from: string;
  to: string;
  timezone: string;
  language: CaptureLanguage;
  metrics: MetricSection[];
  goals: GoalSection[];
  tags: TagSection[];
  timeline: TimelineEvent[];
  categories: { id: string; name: string; count: number }[];
  /** Null where the scope leaves them out. */
  captures: { capturedAt: Date; text: string }[] | null;
  visits: VisitRecord[] | null;
  experiments: ExperimentReport[] | null;
  /** 'too_short': the period has fewer than 14 days, too few to correlate. */
  correlations: CorrelationRow[] | 'too_short' | null;
};

/** Per metric type, on how many of the period's days each source was the one counted: one read for every metric. */
async function sourceDays(opened: OpenedShare): Promise<Map<number, Map<string, number>>> {
  const byType = new Map<number, Map<string, number>>();
  for (const d of await resolvedDays(opened.actor.userId, opened.from, opened.to)) {
    if (!d.source) continue;
    const bySource = byType.get(d.metricTypeId) ?? new Map<string, number>();
    bySource.set(d.source, (bySource.get(d.source) ?? 0) + 1);
    byType.set(d.metricTypeId, bySource);
  }
  return byType;
}

async function metricSection(opened: OpenedShare, slug: string, sources: Map<number, Map<string, number>>): Promise<MetricSection> {
  const { actor, from, to } = opened;
  const chart = await metricChart(actor, slug, { from, to }, 'month');
  const values = [...chart.values.values()].sort((a, b) => a - b);
  const bySource = sources.get(metricType(slug)!.id) ?? new Map<string, number>();
  return {
    chart,
    n: values.length,
    min: values[0] ?? null,
    median: values.length ? median(values) : null,
    max: values.at(-1) ?? null,
    missingDays: daysBetween(from, to) + 1 - values.length,
    sources: [...bySource].map(([source, days]) => ({ source, days })).sort((a, b) => b.days - a.days || a.source.localeCompare(b.source)),
  };
}

async function goalSection(opened: OpenedShare, slug: string): Promise<GoalSection> {
  const title = metricType(slug)!.label;
  try {
    const periods = await getGoalHistory(opened.actor, slug, { from: opened.from, to: opened.to });
    const count = (o: string) => periods.filter((p) => p.outcome === o).length;
    const [met, missed] = [count('met'), count('missed')];
    return {
      slug,
      title,
      chart: await goalChart(opened.actor, slug, { from: opened.from, to: opened.to }),
      met,
      missed,
      skipped: count('skipped'),
      adherence: met + missed ? met / (met + missed) : null,
      ...streaks(periods),
    };
  } catch (err) {
    if (!(err instanceof NotFound)) throw err;
    return { slug, title, chart: null, met: 0, missed: 0, skipped: 0, adherence: null, streak: 0, longestStreak: 0 };
  }
}

/**
 * The insight graph's tests between the scope's own series (metrics, tags, categories) over the
 * period: an edge to anything outside the scope is dropped, so no other series is even named. A pair
 * at lag 0 is tested from both ends and shown once. The interval is Fisher's z for a rank correlation
 * (standard error 1.06/sqrt(n-3), Fieller, Hartley and Pearson 1957): approximate, as the page says.
 */
async function scopeCorrelations(opened: OpenedShare): Promise<CorrelationRow[] | 'too_short'> {
  const { share, actor, from, to } = opened;
  const days = daysBetween(from, to) + 1;
  if (days < MIN_WINDOW) return 'too_short';
  const scope = share.scope;
  const keys = new Set([...scope.metrics, ...scope.tags.map((t) => `tag:${t}`), ...scope.categories.map((c) => `category:${c}`)]);
  const rows = new Map<string, CorrelationRow>();
  for (const key of keys) {
    const graph = await getInsightGraph(actor, { metric: key, window_days: Math.min(days, MAX_WINDOW), end_date: to }).catch(
      (err: unknown) => {
        // A tag or category without events in the window is no column: nothing to correlate.
        if (err instanceof Invalid || err instanceof NotFound) return null;
        throw err;
      },
    );
    for (const e of graph?.edges ?? []) {
      if (!keys.has(e.key)) continue;
      const pair = e.lag === 0 ? [key, e.key].sort().join('|') : `${key}<-${e.key}|${e.lag}`;
      const half = 1.96 * (1.06 / Math.sqrt(Math.max(1, e.n - 3)));
      const z = Math.atanh(Math.max(-0.999999, Math.min(0.999999, e.r)));
      rows.set(pair, {
        of: graph!.center.label,
        with: e.label,
        lag: e.lag,
        n: e.n,
        r: e.r,
        low: Math.tanh(z - half),
        high: Math.tanh(z + half),
        qValue: e.qValue,
        confidence: e.confidence,
      });
    }
  }
  return [...rows.values()].sort((a, b) => a.qValue - b.qValue || Math.abs(b.r) - Math.abs(a.r)).slice(0, MAX_CORRELATIONS);
}

export async function shareReport(opened: OpenedShare): Promise<ShareReport> {
  const { share, actor, from, to, timezone, language } = opened;
  const scope = share.scope;
  const start = new Date(wallTimeToUtc(Date.parse(from), timezone));
  const end = new Date(wallTimeToUtc(Date.parse(addDays(to, 1)), timezone));
  const metrics: MetricSection[] = [];
  const sources = scope.metrics.length ? await sourceDays(opened) : new Map<number, Map<string, number>>();
  for (const slug of scope.metrics) metrics.push(await metricSection(opened, slug, sources));
  const goals: GoalSection[] = [];
  for (const slug of scope.goals) goals.push(await goalSection(opened, slug));
  const tags: TagSection[] = [];
  for (const tag of scope.tags) {
    const chart = await tagChart(actor, tag, { from, to }, { unused: 'empty' });
    tags.push({ chart, total: [...chart.counts.values()].reduce((a, b) => a + b, 0), days: chart.counts.size });
  }
  const timeline = (await eventsWithTags(actor.userId, scope.tags, from, to, REPORT_LIST_LIMIT)).map((e) => ({
    ...e,
    // Only the scope's tags, and notes only where the owner shared them; an encrypted one never (the server cannot read it).
    tags: e.tags.filter((t) => scope.tags.includes(t)),
    notes: scope.include_notes && !e.encrypted ? e.notes : null,
  }));
  const names = await categoriesByIds(actor, scope.categories);
  const counts = await categoryCounts(actor.userId, scope.categories, from, to);
  return {
    label: share.label,
    from,
    to,
    timezone,
    language,
    metrics,
    goals,
    tags,
    timeline,
    categories: scope.categories.flatMap((id) => {
      const c = names.get(id);
      return c ? [{ id, name: c.name, count: counts.get(id) ?? 0 }] : [];
    }),
    captures: scope.include_captures ? await capturesBetween(actor.userId, start, end, REPORT_LIST_LIMIT) : null,
    visits: scope.include_locations ? (await pageLocationHistory(actor, { from, to, limit: 500 })).items : null,
    correlations: scope.include_correlations ? await scopeCorrelations(opened) : null,
    experiments: scope.include_experiments
      ? (await listExperiments(actor)).filter((e) => e.start <= to && (e.stoppedOn ?? e.end) >= from)
      : null,
  };
}

/**
 * What a share's FHIR file holds: its metrics' readings over its period; a scope without metrics,
 * none. Called in the request (measurementsInScope keeps the request's unit of work for its pages).
 */
export function shareMeasurements(opened: OpenedShare): AsyncIterable<Measurement[]> {
  const { actor, from, to, share } = opened;
  return share.scope.metrics.length ? measurementsInScope(actor, { from, to, metrics: share.scope.metrics }) : noMeasurements();
}

async function* noMeasurements(): AsyncGenerator<Measurement[]> {
  yield* [];
}
