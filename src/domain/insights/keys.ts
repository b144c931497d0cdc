import { Invalid } from '../../core/errors.ts';
import { METRIC_TYPES, metricType, type MetricType } from '../metric-types/catalogue.ts';
import type { InsightMatrix } from './matrix.ts';

/**
 * The keys the graph's `metric` accepts: every column key of the daily summary. A metric is named
 * by its slug (`sleep_duration`) or by its top-level day summary field (`sleep_hours`, the metric
 * type's value_field); both resolve to the slug, the key of its matrix column, so the centre and
 * the edges always use one spelling. Factors are `tag:<tag>` and `category:<id>`, or
 * `category:<name>` (case-insensitive) as the categories list shows it, resolved to the id.
 */
const BY_VALUE_FIELD = new Map(METRIC_TYPES.filter((t) => t.valueField).map((t) => [t.valueField!, t]));

/** The catalogue metric a slug or a day summary column names, if any. */
function metricOfKey(key: string): MetricType | undefined {
  return metricType(key) ?? BY_VALUE_FIELD.get(key);
}

const ACCEPTED_KEYS =
  `a metric slug (${METRIC_TYPES.map((t) => t.slug).join(', ')}), ` +
  `a day summary column (${[...BY_VALUE_FIELD.keys()].join(', ')}), ` +
  'tag:<tag> or category:<id or name> with events in the window';

function unknown(key: string, why = ''): Invalid {
  return Invalid.at(['metric'], `Unknown metric key '${key}'${why}. Accepted: ${ACCEPTED_KEYS}`, 'value_error');
}

export type ResolvedKey =
  /** A column of the window's matrix. */
  | { kind: 'column'; key: string }
  /** A catalogue metric with no value in the window: known, with nothing to relate. */
  | { kind: 'empty'; metric: MetricType };

/** The matrix column (or empty catalogue metric) a `metric` query names; an Invalid at ["metric"] otherwise. */
export function resolveGraphKey(matrix: InsightMatrix, key: string): ResolvedKey {
  const metric = metricOfKey(key);
  if (metric) {
    return matrix.columns.some((c) => c.key === metric.slug) ? { kind: 'column', key: metric.slug } : { kind: 'empty', metric };
  }
  if (matrix.columns.some((c) => c.kind === 'factor' && c.key === key)) return { kind: 'column', key };
  if (key.startsWith('tag:')) throw unknown(key, ': no event with this tag in the window');
  if (key.startsWith('category:')) {
    const name = key.slice('category:'.length).trim().toLowerCase();
    const named = matrix.columns.filter((c) => c.kind === 'factor' && c.key.startsWith('category:') && c.label.toLowerCase() === name);
    if (named.length === 1) return { kind: 'column', key: named[0].key };
    throw unknown(key, named.length ? ': several categories have this name, use its id' : ': no event in this category in the window');
  }
  throw unknown(key);
}
