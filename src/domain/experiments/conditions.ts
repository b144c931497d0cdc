import { METRIC_TYPES, metricType, type MetricType } from '../metric-types/catalogue.ts';

/**
 * What an experiment switches (its intervention) and what it measures (its outcome), as written
 * by the client and as stored. Both name columns of the day summary, as the insight graph does:
 * a metric by slug or by its day summary field, `tag:<tag>`, `category:<id or name>`; an
 * intervention on a metric adds a condition on the day's value (`metric:caffeine<=100`).
 */
export type Operator = '<=' | '>=' | '<' | '>' | '=';

export type Factor = { kind: 'tag'; tag: string } | { kind: 'category'; ref: string };
export type Intervention = Factor | { kind: 'metric'; metric: MetricType; op: Operator; value: number };
export type Outcome = Factor | { kind: 'metric'; metric: MetricType };

const BY_VALUE_FIELD = new Map(METRIC_TYPES.filter((t) => t.valueField).map((t) => [t.valueField!, t]));
const metricOf = (key: string): MetricType | undefined => metricType(key) ?? BY_VALUE_FIELD.get(key);

/** As events store tags: trimmed, a leading # dropped, lower case. */
const normalTag = (t: string) => t.trim().replace(/^#/, '').toLowerCase();

function factor(key: string): Factor | string | null {
  if (key.startsWith('tag:')) {
    const tag = normalTag(key.slice(4));
    if (!tag || tag.length > 64) return 'A tag has 1 to 64 characters';
    return { kind: 'tag', tag };
  }
  if (key.startsWith('category:')) {
    const ref = key.slice(9).trim();
    return ref ? { kind: 'category', ref } : 'Name the category by its id or name';
  }
  return null;
}

const CONDITION = /^metric:\s*([a-z0-9_]+)\s*(<=|>=|<|>|=)\s*(-?\d{1,12}(?:\.\d{1,6})?)$/;

/** The intervention, or the reason it cannot be read. */
export function parseIntervention(key: string): Intervention | string {
  const f = factor(key);
  if (f) return f;
  const m = CONDITION.exec(key);
  if (!m) {
    return 'Expected tag:<tag>, category:<id or name> or metric:<metric><op><number> with op one of <=, >=, <, >, = (metric:caffeine<=100)';
  }
  const metric = metricOf(m[1]);
  if (!metric) return `Unknown metric '${m[1]}'`;
  return { kind: 'metric', metric, op: m[2] as Operator, value: Number(m[3]) };
}

/** The outcome, or the reason it cannot be read. */
export function parseOutcome(key: string): Outcome | string {
  const f = factor(key);
  if (f) return f;
  const metric = metricOf(key);
  if (metric) return { kind: 'metric', metric };
  return `Expected a metric slug (sleep_duration), a day summary field (sleep_hours), tag:<tag> or category:<id or name>`;
}

/** Whether the condition holds for a value. */
export function holds(op: Operator, value: number, threshold: number): boolean {
  switch (op) {
    case '<=':
      return value <= threshold;
    case '>=':
      return value >= threshold;
    case '<':
      return value < threshold;
    case '>':
      return value > threshold;
    case '=':
      return value === threshold;
  }
}

/** The day summary column a condition or outcome reads: the metric's slug, tag:<tag>, category:<id>. */
export function columnOf(c: Intervention | Outcome): string {
  if (c.kind === 'metric') return c.metric.slug;
  return c.kind === 'tag' ? `tag:${c.tag}` : `category:${c.ref}`;
}

/** The stored spelling: the column, and for a metric intervention its condition. */
export function canonical(c: Intervention | Outcome): string {
  if (c.kind === 'metric' && 'op' in c) return `metric:${c.metric.slug}${c.op}${c.value}`;
  return columnOf(c);
}
