import type { z } from 'zod';
import { Invalid, type ValidationIssue } from '../../core/errors.ts';
import { newTimeOrderedIds } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { isNonNegative, metricType, toCanonical, type MetricType } from '../metric-types/catalogue.ts';
import { isPlainReading } from './ingest-fast-check.ts';
import { HealthMetricBatch, MAX_READINGS } from './metrics.schemas.ts';
import { storedCreatedAt } from './metric.entity.ts';
import { storedSourceId } from './reading-sources.ts';

const MAX_ISSUES = 100;

/**
 * The batch as the insert statement's columns, built in the one pass that validates the readings,
 * converts their units and resolves their types (a 10,000-reading batch used to be walked and
 * copied four times: schema, units, types, a JSON payload). The fields are the input's own values
 * (strings are shared, not copied).
 */
export class Batch {
  size = 0;
  readonly id: string[];
  readonly type: MetricType[];
  readonly typeId: number[];
  /** recorded_at as sent: an RFC 3339 date-time (the schema's form), any offset and precision. */
  readonly at: string[];
  readonly value: number[];
  readonly source: string[];
  /** source_id as sent, and as stored (reading-sources.ts): a uuid (upper: its letter case) or text. */
  readonly sourceId: (string | null)[];
  readonly sourceUuid: (string | null)[];
  readonly sourceText: (string | null)[];
  readonly upper: boolean[];
  readonly group: (string | null)[];
  /** null for none or empty (stored as `{}`). */
  readonly metadata: (Record<string, unknown> | null)[];
  readonly issues: ValidationIssue[] = [];
  /** When the batch is written: the millisecond its ids carry (assignIds). */
  createdAt = new Date();
  /** created_at as stored: null when the ids say it (storedCreatedAt). */
  storedCreatedAt: Date | string | null = null;
  private lastSlug = '';
  private lastType: MetricType | undefined;

  /** Columns of the batch's length from the start: no array regrown and copied as it fills. */
  constructor(capacity: number) {
    this.id = new Array<string>(capacity);
    this.type = new Array<MetricType>(capacity);
    this.typeId = new Array<number>(capacity);
    this.at = new Array<string>(capacity);
    this.value = new Array<number>(capacity);
    this.source = new Array<string>(capacity);
    this.sourceId = new Array<string | null>(capacity);
    this.sourceUuid = new Array<string | null>(capacity);
    this.sourceText = new Array<string | null>(capacity);
    this.upper = new Array<boolean>(capacity);
    this.group = new Array<string | null>(capacity);
    this.metadata = new Array<Record<string, unknown> | null>(capacity);
  }

  add(
    i: number,
    slug: string,
    at: string,
    rawValue: number,
    source: string,
    sourceId: string | null | undefined,
    unit: string | null | undefined,
    metadata: Record<string, unknown> | undefined,
    group: string | null | undefined,
  ): void {
    // Batches are runs of a few metrics: the last lookup usually answers.
    const type = slug === this.lastSlug ? this.lastType : metricType(slug);
    this.lastSlug = slug;
    this.lastType = type;
    if (!type) {
      this.issue(
        ['readings', i, 'metric_type_slug'],
        `Unknown metric type "${slug}" (the metric type catalogue lists them)`,
        'value_error',
      );
      return;
    }
    const value = toCanonical(type.slug, rawValue, unit);
    if (value === null) {
      const accepted = type.acceptedUnits.join(', ');
      this.issue(
        ['readings', i, 'unit'],
        `Unit "${unit}" cannot be converted to ${type.unit} for ${type.slug}; accepted units: ${accepted}`,
        'value_error',
      );
      return;
    }
    if (value < 0 && isNonNegative(type.slug)) {
      this.issue(['readings', i, 'value'], `${type.label} cannot be negative`, 'greater_than_equal');
      return;
    }
    if (this.issues.length) return;
    const k = this.size++;
    this.type[k] = type;
    this.typeId[k] = type.id;
    this.at[k] = at;
    this.value[k] = value;
    this.source[k] = source;
    this.sourceId[k] = sourceId ?? null;
    const stored = storedSourceId(sourceId);
    this.sourceUuid[k] = stored.uuid;
    this.sourceText[k] = stored.text;
    this.upper[k] = stored.upper;
    this.group[k] = group ?? null;
    this.metadata[k] = metadata && hasKeys(metadata) ? metadata : null;
  }

  private issue(loc: ValidationIssue['loc'], msg: string, type: string): void {
    if (this.issues.length < MAX_ISSUES) this.issues.push({ loc, msg, type });
  }
}

function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

/**
 * Validates and converts the batch. The common case (every reading plainly valid) is checked by
 * hand as the columns are built, reading each field straight from the parsed body; anything the
 * quick check is not sure of sends the whole batch through the zod schema, so a rejected batch
 * gets exactly the schema's issues, as before.
 */
export function readBatch(input: z.input<typeof HealthMetricBatch>): Batch {
  const readings = (input as { readings?: unknown } | null)?.readings;
  if (Array.isArray(readings) && readings.length <= MAX_READINGS) {
    const batch = new Batch(readings.length);
    let plain = true;
    for (let i = 0; i < readings.length; i++) {
      const r: unknown = readings[i];
      if (!isPlainReading(r)) {
        plain = false;
        break;
      }
      batch.add(i, r.metric_type_slug, r.recorded_at, r.value, r.source.trim(), r.source_id, r.unit, r.metadata, r.reading_group_id);
    }
    if (plain) return checked(batch);
  }
  const parsed = parse(HealthMetricBatch, input).readings;
  const batch = new Batch(parsed.length);
  for (let i = 0; i < parsed.length; i++) {
    const r = parsed[i];
    batch.add(i, r.metric_type_slug, r.recorded_at, r.value, r.source, r.source_id, r.unit, r.metadata, r.reading_group_id);
  }
  return checked(batch);
}

function checked(batch: Batch): Batch {
  if (batch.issues.length) throw new Invalid(batch.issues);
  assignIds(batch);
  return batch;
}

/**
 * Time-ordered ids, increasing in the order the rows are inserted: (source, source_id), then batch
 * position. That order is the one concurrent batches take their dedup locks in (any order that is
 * the same for every batch would do: this one is JavaScript's, so no collation is involved), and in
 * it each new id is the largest yet, so the primary key's index only grows at its right end, in
 * full pages (random ids landed anywhere in it and left its pages about 70 % full).
 */
function assignIds(b: Batch): void {
  const order = new Array<number>(b.size);
  for (let i = 0; i < b.size; i++) order[i] = i;
  const { source, sourceId } = b;
  order.sort((i, j) => {
    if (source[i] !== source[j]) return source[i] < source[j] ? -1 : 1;
    const x = sourceId[i];
    const y = sourceId[j];
    if (x !== y) return x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
    return i - j;
  });
  const { ids, ms } = newTimeOrderedIds(b.size);
  for (let k = 0; k < b.size; k++) b.id[order[k]] = ids[k];
  b.createdAt = new Date(ms);
  // Ids only increase: if the last one carries the batch's millisecond, they all do.
  if (b.size) b.storedCreatedAt = storedCreatedAt(ids[b.size - 1], b.createdAt);
}
