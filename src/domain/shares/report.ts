import { wallTimeToUtc } from '../../core/clock.ts';
import { NotFound } from '../../core/errors.ts';
import { categoriesByIds } from '../categories/categories.service.ts';
import { capturesBetween } from '../captures/captures-between.ts';
import { goalChart, metricChart, tagChart, type GoalChart, type MetricChart, type TagChart } from '../charts/charts.service.ts';
import { categoryCounts, eventsWithTags, type TimelineEvent } from '../events/tag-days.ts';
import { listExperiments } from '../experiments/experiments.service.ts';
import type { ExperimentReport } from '../experiments/report.ts';
import { getGoalHistory } from '../goals/goals.service.ts';
import { addDays, streaks } from '../goals/periods.ts';
import { metricType } from '../metric-types/catalogue.ts';
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
};

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function metricSection(opened: OpenedShare, slug: string): Promise<MetricSection> {
  const { actor, from, to } = opened;
  const chart = await metricChart(actor, slug, { from, to }, 'month');
  const values = [...chart.values.values()].sort((a, b) => a - b);
  const type = metricType(slug)!;
  const bySource = new Map<string, number>();
  for (const d of await resolvedDays(actor.userId, from, to)) {
    if (d.metricTypeId === type.id && d.source) bySource.set(d.source, (bySource.get(d.source) ?? 0) + 1);
  }
  return {
    chart,
    n: values.length,
    min: values[0] ?? null,
    median: median(values),
    max: values.at(-1) ?? null,
    missingDays: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1 - values.length,
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

export async function shareReport(opened: OpenedShare): Promise<ShareReport> {
  const { share, actor, from, to, timezone, language } = opened;
  const scope = share.scope;
  const start = new Date(wallTimeToUtc(Date.parse(from), timezone));
  const end = new Date(wallTimeToUtc(Date.parse(addDays(to, 1)), timezone));
  const metrics: MetricSection[] = [];
  for (const slug of scope.metrics) metrics.push(await metricSection(opened, slug));
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
    experiments: scope.include_experiments
      ? (await listExperiments(actor)).filter((e) => e.start <= to && (e.stoppedOn ?? e.end) >= from)
      : null,
  };
}
