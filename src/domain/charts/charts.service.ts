import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid, NotFound } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { tagCountsByDay, tagInUse } from '../events/tag-days.ts';
import { getGoalHistory } from '../goals/goals.service.ts';
import { MetricGoal } from '../goals/goal.entity.ts';
import { addDays, daysBetween, type PeriodOutcome } from '../goals/periods.ts';
import { metricType, type MetricType } from '../metric-types/catalogue.ts';
import { MetricDefinition } from '../metrics/metric.entity.ts';
import { resolvedDays } from '../metrics/resolved-days.ts';
import type { CaptureLanguage, Weekday } from '../users/preferences.ts';
import { localDateOf } from '../../core/clock.ts';
import { loadUser } from '../users/users.service.ts';
import { ChartQuery, MAX_CHART_DAYS } from './charts.schemas.ts';

/**
 * What a chart draws, for one user and period: the days, the language and week of the person it is
 * drawn for. Each transport renders it (REST as SVG, representation/charts/); nothing here knows a pixel.
 */
export type ChartFrame = { from: string; to: string; language: CaptureLanguage; weekStart: Weekday };
/** A metric's resolved value per day (missing days absent), with its goal where one is set. */
export type MetricChart = ChartFrame & {
  slug: string;
  title: string;
  unit: string;
  values: Map<string, number>;
  goal: { target: number; direction: 'at_least' | 'at_most' } | null;
};
/** How many events carried a tag, per day. */
export type TagChart = ChartFrame & { tag: string; counts: Map<string, number> };
/** A goal's outcome on each day (a week's or month's outcome on each of its days). */
export type GoalChart = ChartFrame & { slug: string; title: string; outcomes: Map<string, PeriodOutcome> };

/** A line or a sparkline shows a month by default, a heatmap a year. */
export type ChartSpan = 'month' | 'year';
const DEFAULT_DAYS: Record<ChartSpan, number> = { month: 30, year: 365 };

async function frameOf(actor: Actor, input: z.input<typeof ChartQuery>, span: ChartSpan): Promise<ChartFrame> {
  const q = parse(ChartQuery, input);
  const user = await loadUser(actor.userId);
  const to = q.to ?? localDateOf(new Date(), user.timezone);
  const from = q.from ?? addDays(to, 1 - DEFAULT_DAYS[span]);
  checkChartPeriod(actor, { from, to });
  return { from, to, language: user.language, weekStart: user.weekStart };
}

/** A period asked for a chart fetched later (GraphQL's links to charts), checked as the chart will check it. */
export function checkChartPeriod(actor: Actor, input: z.input<typeof ChartQuery>): z.output<typeof ChartQuery> {
  authorize(actor, actor.userId, 'read');
  const q = parse(ChartQuery, input);
  if (q.from && q.to && q.from > q.to) throw Invalid.at(['to'], '`to` must not be before `from`');
  if (q.from && q.to && daysBetween(q.from, q.to) >= MAX_CHART_DAYS) throw Invalid.at(['to'], `At most ${MAX_CHART_DAYS} days per chart`);
  return q;
}

function known(slug: string): MetricType {
  const type = metricType(slug);
  if (!type) throw new NotFound(`Metric type "${slug}"`);
  return type;
}

/** A metric's daily values over the period, titled as the user named it, with the goal's band. */
export async function metricChart(actor: Actor, slug: string, input: z.input<typeof ChartQuery>, span: ChartSpan): Promise<MetricChart> {
  const type = known(slug);
  const frame = await frameOf(actor, input, span);
  const [days, definition, goal] = await Promise.all([
    resolvedDays(actor.userId, frame.from, frame.to),
    em().findOne(MetricDefinition, { userId: actor.userId, metricTypeId: type.id }),
    em().findOne(MetricGoal, { userId: actor.userId, metricTypeId: type.id, active: true }),
  ]);
  const values = new Map<string, number>();
  for (const d of days) if (d.metricTypeId === type.id) values.set(d.localDate, d.value);
  return {
    ...frame,
    slug,
    title: definition?.displayName ?? type.label,
    unit: type.unit,
    values,
    // A week's or month's target is not a day's: only a daily goal is drawn as a band.
    goal: goal && goal.period === 'day' && goal.timesPerPeriod === null ? { target: Number(goal.target), direction: goal.direction } : null,
  };
}

/** How often a tag was logged, per day. */
/** `unused: 'empty'`: a tag never used draws as no events (a share names tags before they are logged). */
export async function tagChart(
  actor: Actor,
  tag: string,
  input: z.input<typeof ChartQuery>,
  opts: { unused: 'not_found' | 'empty' } = { unused: 'not_found' },
): Promise<TagChart> {
  const frame = await frameOf(actor, input, 'year');
  // A tag is a label on events, not a resource: one never used is as unknown as a metric that does not exist.
  if (opts.unused === 'not_found' && !(await tagInUse(actor.userId, tag))) throw new NotFound(`Tag "${tag}"`);
  return { ...frame, tag, counts: await tagCountsByDay(actor.userId, tag, frame.from, frame.to) };
}

/** A goal's history as days: each day carries its period's outcome. */
export async function goalChart(actor: Actor, slug: string, input: z.input<typeof ChartQuery>): Promise<GoalChart> {
  const type = known(slug);
  const frame = await frameOf(actor, input, 'year');
  const periods = await getGoalHistory(actor, slug, { from: frame.from, to: frame.to });
  const outcomes = new Map<string, PeriodOutcome>();
  for (const p of periods) {
    for (let day = p.start < frame.from ? frame.from : p.start; day <= p.end && day <= frame.to; day = addDays(day, 1))
      outcomes.set(day, p.outcome);
  }
  return { ...frame, slug, title: type.label, outcomes };
}
