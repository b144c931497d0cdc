import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { localDateOf } from '../../core/clock.ts';
import { parse } from '../../core/validation.ts';
import { activeGoals } from '../goals/active.ts';
import type { MetricGoal } from '../goals/goal.entity.ts';
import { METRIC_TYPES, metricTypeById } from '../metric-types/catalogue.ts';
import { resolvedDays } from '../metrics/resolved-days.ts';
import { resolveDaysWithSources } from '../metrics/resolution.ts';
import { loadUser } from '../users/users.service.ts';
import { readOnce } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import type { DayMetric, DaySummary, GoalProgress } from './day-summary.ts';
import { DayParams, DayRangeQuery } from './days.schemas.ts';

/**
 * The daily summary: every metric resolved per local day (see docs/daily-summary.md), plus the
 * factor columns (event counts per tag and per category) that insights correlate with them.
 * Everything is a handful of set-based queries over the whole range, never a query per day.
 */
export type DailyMatrix = {
  dates: string[];
  columns: Array<{ key: string; label: string; unit: string; kind: 'metric' | 'factor'; values: (number | null)[] }>;
};

/** Removes binary noise (0.1 + 0.2) so equal data always prints the same JSON. */
const clean = (v: number) => Number(v.toPrecision(12));

function dateRange(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

type FactorCount = { local_date: string; key: string; n: number };

/** `tag:<tag>` or `category:<id>` as its two parts (a tag may itself hold a colon). */
function splitFactorKey(key: string): { kind: 'tag' | 'category'; id: string } {
  const colon = key.indexOf(':');
  return { kind: key.slice(0, colon) as 'tag' | 'category', id: key.slice(colon + 1) };
}

const FACTORS_SQL = `
select local_date::text as local_date, key, count(*)::int as n from (
  select e.local_date, 'tag:' || t.tag as key
  from events e cross join lateral unnest(e.tags) as t(tag)
  where e.user_id = $1 and e.local_date between $2::date and $3::date
  union all
  select e.local_date, 'category:' || e.category_id::text
  from events e
  where e.user_id = $1 and e.local_date between $2::date and $3::date and e.category_id is not null
) x
group by local_date, key
order by key, local_date`;

type UserFacts = {
  timezone: string;
  first_event: string | null;
  display_names: Record<string, string> | null;
  categories: Record<string, string> | null;
};

/** The user's timezone, first event day, metric display names and category names, in one round trip. */
async function userFacts(userId: string): Promise<UserFacts> {
  const [row] = await query<UserFacts>(
    `select u.timezone,
       (select min(local_date)::text from events where user_id = $1) as first_event,
       (select jsonb_object_agg(metric_type_id::text, display_name) from metric_definitions
          where user_id = $1 and display_name is not null) as display_names,
       (select jsonb_object_agg(id::text, name) from categories where user_id = $1) as categories
     from users u where u.id = $1`,
    [userId],
  );
  return row ?? { timezone: 'UTC', first_event: null, display_names: null, categories: null };
}

/**
 * Metric columns (keyed by slug) for every metric with at least one value in the range, in catalogue
 * order; factor columns `tag:<tag>` and `category:<id>` for every tag and category with at least one
 * event in the range, sorted by key. A factor is 0 on a day without such an event, and null on days
 * before the user's first event or after their local today (no record yet, not an absence).
 */
export function loadDailyMatrix(userId: string, from: string, to: string): Promise<DailyMatrix> {
  // Once per unit of work: a GraphQL query asking for the graph and the episodes of one window reads it once.
  return readOnce(`daily-matrix:${userId}:${from}:${to}`, () => buildDailyMatrix(userId, from, to));
}

async function buildDailyMatrix(userId: string, from: string, to: string): Promise<DailyMatrix> {
  const dates = dateRange(from, to);
  if (!dates.length) return { dates, columns: [] };
  const index = new Map(dates.map((d, i) => [d, i]));
  const [resolved, factors, facts] = await Promise.all([
    resolvedDays(userId, from, to),
    query<FactorCount>(FACTORS_SQL, [userId, from, to]),
    userFacts(userId),
  ]);

  const metricValues = new Map<number, (number | null)[]>();
  for (const r of resolved) {
    let values = metricValues.get(r.metricTypeId);
    if (!values) metricValues.set(r.metricTypeId, (values = new Array<number | null>(dates.length).fill(null)));
    values[index.get(r.localDate)!] = clean(r.value);
  }
  const columns: DailyMatrix['columns'] = METRIC_TYPES.filter((t) => metricValues.has(t.id)).map((t) => ({
    key: t.slug,
    label: facts.display_names?.[String(t.id)] ?? t.label,
    unit: t.unit,
    kind: 'metric',
    values: metricValues.get(t.id)!,
  }));

  const today = localDateOf(new Date(), facts.timezone);
  const blank = dates.map((d) => (facts.first_event !== null && d >= facts.first_event && d <= today ? 0 : null));
  let current: DailyMatrix['columns'][number] | undefined;
  for (const f of factors) {
    if (current?.key !== f.key) {
      const { kind, id } = splitFactorKey(f.key);
      const label = kind === 'tag' ? `#${id}` : (facts.categories?.[id] ?? 'Category');
      current = { key: f.key, label, unit: 'count', kind: 'factor', values: [...blank] };
      columns.push(current);
    }
    current.values[index.get(f.local_date)!] = f.n;
  }
  return { dates, columns };
}

/** Day summaries for from..to (inclusive), oldest first. */
async function summaries(userId: string, from: string, to: string): Promise<DaySummary[]> {
  const dates = dateRange(from, to);
  const [{ resolved, sources: perSource }, factors, counts, goals] = await Promise.all([
    resolveDaysWithSources(userId, from, to),
    query<FactorCount>(FACTORS_SQL, [userId, from, to]),
    query<{ local_date: string; n: number }>(
      `select local_date::text as local_date, count(*)::int as n from events
       where user_id = $1 and local_date between $2::date and $3::date group by local_date`,
      [userId, from, to],
    ),
    activeGoals(userId),
  ]);

  const days = new Map<string, DaySummary>(dates.map((date) => [date, { date, metrics: [], factors: [], eventCount: 0, goals: [] }]));
  // Each day's metrics by type id: where its sources and its goals find it.
  const byDay = new Map<string, Map<number, DayMetric>>(dates.map((date) => [date, new Map()]));
  for (const r of resolved) {
    const type = metricTypeById(r.metricTypeId)!;
    const metric: DayMetric = {
      slug: type.slug,
      valueField: type.valueField,
      value: clean(r.value),
      operator: r.operator,
      resolvedFrom: r.source,
      sources: [],
    };
    days.get(r.localDate)!.metrics.push(metric);
    byDay.get(r.localDate)!.set(r.metricTypeId, metric);
  }
  for (const s of perSource) {
    // Sources of a disabled metric (no resolution) stay out of the summary.
    byDay
      .get(s.localDate)!
      .get(s.metricTypeId)
      ?.sources.push({ source: s.source, value: clean(s.value) });
  }
  for (const f of factors) {
    const { kind, id } = splitFactorKey(f.key);
    days
      .get(f.local_date)!
      .factors.push({ key: f.key, tag: kind === 'tag' ? id : null, categoryId: kind === 'category' ? id : null, count: f.n });
  }
  for (const c of counts) days.get(c.local_date)!.eventCount = c.n;
  for (const day of days.values()) day.goals = goals.map((g) => progressOf(g, byDay.get(day.date)!.get(g.metricTypeId)?.value ?? null));
  return [...days.values()];
}

/** A goal against the day's resolved value of its metric (null when the day has none). */
function progressOf(g: MetricGoal, value: number | null): GoalProgress {
  const type = metricTypeById(g.metricTypeId)!;
  const target = Number(g.target);
  return {
    slug: type.slug,
    valueField: type.valueField,
    target,
    direction: g.direction,
    value,
    met: value === null ? null : g.direction === 'at_least' ? value >= target : value <= target,
    progress: value === null ? null : clean(value / target),
  };
}

/** GET /users/{user_id}/days/{date}. */
export async function getDaySummary(actor: Actor, date: string): Promise<DaySummary> {
  authorize(actor, actor.userId, 'read');
  const { date: day } = parse(DayParams, { date });
  const [summary] = await summaries(actor.userId, day, day);
  return summary;
}

/** GET /users/{user_id}/days?from=&to= (at most 366 days), oldest first. */
/** The local days that have events or readings, in order: the days an export's day summaries cover. */
export async function daysWithData(actor: Actor): Promise<string[]> {
  authorize(actor, actor.userId, 'read');
  const rows = await query<{ d: string }>(
    `select local_date::text as d from events where user_id = $1
     union select local_date::text from health_metric_days where user_id = $1
     order by 1`,
    [actor.userId],
  );
  return rows.map((r) => r.d);
}

export async function listDaySummaries(actor: Actor, input: z.input<typeof DayRangeQuery>): Promise<DaySummary[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(DayRangeQuery, input);
  return summaries(actor.userId, q.from, q.to);
}

/**
 * Batch read for relations (a goal's progress today), by metric slug: the progress of the active
 * goals among them on the user's local today. Every goal of a request shares this one summary.
 */
export async function goalProgressToday(actor: Actor, slugs: string[]): Promise<Map<string, GoalProgress>> {
  authorize(actor, actor.userId, 'read');
  const [user, active] = await Promise.all([loadUser(actor.userId), activeGoals(actor.userId)]);
  const today = localDateOf(new Date(), user.timezone);
  const wanted = new Set(slugs);
  const goals = active.filter((g) => wanted.has(metricTypeById(g.metricTypeId)!.slug));
  if (goals.length === 0) return new Map();
  // The same values as the day summary's goal progress, without the rest of the summary.
  const value = new Map((await resolvedDays(actor.userId, today, today)).map((r) => [r.metricTypeId, clean(r.value)]));
  return new Map(goals.map((g) => [metricTypeById(g.metricTypeId)!.slug, progressOf(g, value.get(g.metricTypeId) ?? null)]));
}
