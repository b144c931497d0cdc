import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { localDateOf } from '../../core/clock.ts';
import { parse } from '../../core/validation.ts';
import { categoriesByIds } from '../categories/categories.service.ts';
import type { DaySummary } from '../days/day-summary.ts';
import { listDaySummaries } from '../days/summary.service.ts';
import { listGoals } from '../goals/goals.service.ts';
import { getEpisodes, getInsightGraph } from '../insights/insights.service.ts';
import { decimals } from '../insights/rounding.ts';
import { addDays } from '../insights/window.ts';
import { metricType } from '../metric-types/catalogue.ts';
import { loadUser } from '../users/users.service.ts';
import { NarrativeDigestQuery } from './narratives.schemas.ts';

/** The insight window the digest's episodes and graph look at, ending on the week's Sunday. */
const DIGEST_WINDOW_DAYS = 90;
/** The graph's centre when the week has it, else the first metric with values in the week. */
const CENTRE = 'sleep_duration';
const MAX_EDGES = 5;
const MAX_EPISODES = 6;
const MAX_FACTORS = 12;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export type NarrativeDigest = {
  periodType: 'week';
  periodStart: string;
  periodEnd: string;
  /** Whether the week holds any metric value or event (the weekly job skips empty weeks). */
  hasData: boolean;
  /** The compact plain-text digest a model (or a person) writes the narrative from. */
  text: string;
};

/** The Monday of the last whole week (Monday to Sunday) before `instant`, in the timezone. */
export function lastWholeWeek(instant: Date, timezone: string): string {
  const today = localDateOf(instant, timezone);
  const dow = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(today, -dow - 7);
}

const num = (x: number) => String(decimals(x, 2));

/**
 * A week's facts, in a few lines of plain text: every number is one the API gives for the same
 * days (the daily summaries, goal progress, episodes and the insight graph, read through the same
 * services), so the narrative written from it says nothing the user cannot look up. Deterministic:
 * the same data gives the same text.
 */
export async function buildDigest(actor: Actor, periodStart: string): Promise<NarrativeDigest> {
  authorize(actor, actor.userId, 'read');
  const periodEnd = addDays(periodStart, 6);
  const [user, days, goals] = await Promise.all([
    loadUser(actor.userId),
    listDaySummaries(actor, { from: periodStart, to: periodEnd }),
    listGoals(actor),
  ]);
  const lines: string[] = [`Week ${periodStart} (Mon) to ${periodEnd} (Sun), timezone ${user.timezone}.`];
  const hasData = days.some((d) => d.metrics.length > 0 || d.eventCount > 0);
  if (!hasData) {
    lines.push('No metric values and no events were recorded this week.');
    return { periodType: 'week', periodStart, periodEnd, hasData, text: lines.join('\n') };
  }

  lines.push('', `Daily values (${WEEKDAYS.join(' ')}; "-" = no value):`);
  for (const slug of metricSlugs(days)) {
    const type = metricType(slug);
    const values = days.map((d) => d.metrics.find((m) => m.slug === slug)?.value ?? null);
    const present = values.filter((v): v is number => v !== null);
    const mean = present.reduce((a, b) => a + b, 0) / present.length;
    lines.push(
      `- ${type?.label ?? slug} (${slug}, ${type?.unit ?? ''}): ${values.map((v) => (v === null ? '-' : num(v))).join(' ')}; ` +
        `mean ${num(mean)} over ${present.length} day${present.length === 1 ? '' : 's'}`,
    );
  }

  const events = days.reduce((a, d) => a + d.eventCount, 0);
  lines.push('', `Events logged: ${events} (per day ${days.map((d) => d.eventCount).join(' ')}).`);
  const factors = await factorTotals(actor, days);
  if (factors.length)
    lines.push(
      `Most logged: ${factors
        .slice(0, MAX_FACTORS)
        .map(([label, n]) => `${label} ${n}`)
        .join(', ')}.`,
    );

  const active = goals.filter((g) => g.active && g.target !== null);
  if (active.length) {
    lines.push('', 'Daily goals (days met / days with a value):');
    for (const g of active) {
      const progress = days.map((d) => d.goals.find((p) => p.slug === g.slug)).filter((p) => p && p.met !== null);
      const met = progress.filter((p) => p!.met).length;
      lines.push(
        `- ${g.label} ${g.direction === 'at_least' ? 'at least' : 'at most'} ${num(g.target!)} ${g.unit}: ${met}/${progress.length}`,
      );
    }
  }

  const window = { window_days: DIGEST_WINDOW_DAYS, end_date: periodEnd };
  const { episodes } = await getEpisodes(actor, window);
  if (episodes.length) {
    lines.push('', `Unusual against the user's own ${DIGEST_WINDOW_DAYS}-day baseline:`);
    for (const e of episodes.slice(0, MAX_EPISODES)) lines.push(`- ${e.headline} (z ${num(e.z)})`);
  }

  const metricsThisWeek = metricSlugs(days);
  const centre = metricsThisWeek.includes(CENTRE) ? CENTRE : metricsThisWeek[0];
  if (centre) {
    const graph = await getInsightGraph(actor, { ...window, metric: centre, mode: 'explore' });
    const edges = graph.edges.slice(0, MAX_EDGES);
    if (edges.length) {
      lines.push('', `Strongest links with ${graph.center.label} over ${DIGEST_WINDOW_DAYS} days (correlations, not causes):`);
      for (const e of edges) {
        const lag = e.lag === 0 ? 'same day' : `${e.lag} day${e.lag === 1 ? '' : 's'} before`;
        lines.push(`- ${e.label}: ${e.direction}, ${e.confidence}, r ${num(e.r)}, ${lag}, n ${e.n}`);
      }
    }
  }
  return { periodType: 'week', periodStart, periodEnd, hasData, text: lines.join('\n') };
}

/** GET /users/{user_id}/narratives/digest?week=: the digest, for a narrative written elsewhere. */
export async function getNarrativeDigest(actor: Actor, input: z.input<typeof NarrativeDigestQuery>): Promise<NarrativeDigest> {
  authorize(actor, actor.userId, 'read');
  const q = parse(NarrativeDigestQuery, input);
  const week = q.week ?? lastWholeWeek(new Date(), (await loadUser(actor.userId)).timezone);
  return buildDigest(actor, week);
}

/** Metrics with a value on any day of the week, in the order they first appear. */
function metricSlugs(days: DaySummary[]): string[] {
  return [...new Set(days.flatMap((d) => d.metrics.map((m) => m.slug)))];
}

/** Each tag or category's events in the week, most first (ties by name); categories by their name. */
async function factorTotals(actor: Actor, days: DaySummary[]): Promise<[string, number][]> {
  const totals = new Map<string, number>();
  const categoryIds = new Set<string>();
  for (const f of days.flatMap((d) => d.factors)) {
    totals.set(f.key, (totals.get(f.key) ?? 0) + f.count);
    if (f.categoryId) categoryIds.add(f.categoryId);
  }
  const categories = await categoriesByIds(actor, [...categoryIds]);
  const label = (key: string) => {
    if (key.startsWith('category:')) return `category ${categories.get(key.slice('category:'.length))?.name ?? key.slice(9)}`;
    return `#${key.replace(/^tag:/, '')}`;
  };
  return [...totals]
    .map(([key, n]): [string, number] => [label(key), n])
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
