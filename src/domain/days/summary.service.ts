import { authorize, type Actor } from '../../core/actor.ts';
import { localDateOf } from '../../core/clock.ts';
import { parse } from '../../core/validation.ts';
import { activeGoals } from '../goals/goals.service.ts';
import { METRIC_TYPES, metricTypeById } from '../metrics/catalogue.ts';
import { resolveDays, resolveDaysWithSources, type ResolvedValue } from '../metrics/resolution.ts';
import { query } from '../../db/sql.ts';
import { DayParams, DayRangeQuery, type DaySummary } from './days.schemas.ts';

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

export function dateRange(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

type FactorCount = { local_date: string; key: string; n: number };

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

type UserFacts = { timezone: string; first_event: string | null; display_names: Record<string, string> | null; categories: Record<string, string> | null };

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
export async function loadDailyMatrix(userId: string, from: string, to: string): Promise<DailyMatrix> {
  const dates = dateRange(from, to);
  if (!dates.length) return { dates, columns: [] };
  const index = new Map(dates.map((d, i) => [d, i]));
  const [resolved, factors, facts] = await Promise.all([
    resolveDays(userId, from, to),
    query<FactorCount>(FACTORS_SQL, [userId, from, to]),
    userFacts(userId),
  ]);

  const metricValues = new Map<number, (number | null)[]>();
  for (const r of resolved) {
    let values = metricValues.get(r.metricTypeId);
    if (!values) metricValues.set(r.metricTypeId, (values = new Array(dates.length).fill(null)));
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
      const [kind, id] = [f.key.slice(0, f.key.indexOf(':')), f.key.slice(f.key.indexOf(':') + 1)];
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

  const days = new Map<string, DaySummary>(
    dates.map((date) => {
      const core = Object.fromEntries(METRIC_TYPES.filter((t) => t.valueField).map((t) => [t.valueField!, null]));
      return [date, { date, ...core, metrics: {}, resolution: {}, factors: {}, event_count: 0, goals: [] } as DaySummary];
    }),
  );
  const byDay = new Map<string, Map<number, ResolvedValue>>();
  for (const r of resolved) {
    const day = days.get(r.localDate)!;
    const type = metricTypeById(r.metricTypeId)!;
    const value = clean(r.value);
    day.metrics[type.slug] = value;
    if (type.valueField) (day as Record<string, unknown>)[type.valueField] = value;
    day.resolution[type.slug] = { operator: r.operator, resolved_from: r.source, sources: {} };
    if (!byDay.has(r.localDate)) byDay.set(r.localDate, new Map());
    byDay.get(r.localDate)!.set(r.metricTypeId, r);
  }
  for (const s of perSource) {
    const entry = days.get(s.localDate)!.resolution[metricTypeById(s.metricTypeId)!.slug];
    // Sources of a disabled metric (no resolution) stay out of the summary.
    if (entry) entry.sources[s.source] = clean(s.value);
  }
  for (const f of factors) days.get(f.local_date)!.factors[f.key] = f.n;
  for (const c of counts) days.get(c.local_date)!.event_count = c.n;
  for (const day of days.values()) {
    day.goals = goals.map((g) => {
      const type = metricTypeById(g.metricTypeId)!;
      const value = byDay.get(day.date)?.get(g.metricTypeId)?.value;
      const target = Number(g.target);
      const v = value === undefined ? null : clean(value);
      return {
        slug: type.slug,
        value_field: type.valueField,
        target,
        direction: g.direction,
        value: v,
        met: v === null ? null : g.direction === 'at_least' ? v >= target : v <= target,
        progress: v === null ? null : clean(v / target),
      };
    });
  }
  return [...days.values()];
}

/** GET /users/{user_id}/days/{date}. */
export async function getDaySummary(actor: Actor, date: string): Promise<DaySummary> {
  authorize(actor, actor.userId, 'read');
  const { date: day } = parse(DayParams, { date });
  const [summary] = await summaries(actor.userId, day, day);
  return summary!;
}

/** GET /users/{user_id}/days?from=&to= (at most 366 days), oldest first. */
export async function listDaySummaries(actor: Actor, input: unknown): Promise<DaySummary[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(DayRangeQuery, input);
  return summaries(actor.userId, q.from, q.to);
}
