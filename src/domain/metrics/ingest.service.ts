import { emitEvent } from '../outbox/outbox.service.ts';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid, type ValidationIssue } from '../../core/errors.ts';
import { newTimeOrderedIds } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { isRetryable, query } from '../../db/sql.ts';
import { isNonNegative, metricType, toCanonical, type MetricType } from './catalogue.ts';
import { runReadingAutomations, type CreatedFacts } from './automations.engine.ts';
import { isPlainReading } from './ingest-fast-check.ts';
import { HealthMetricBatch, MAX_READINGS } from './metrics.schemas.ts';
import { storedCreatedAt } from './metric.entity.ts';
import { sourceNumbers, storedSourceId } from './reading-sources.ts';
import { NO_METADATA, type Reading } from './readings.service.ts';

const MAX_ISSUES = 100;
const DAY_MS = 86_400_000;

/**
 * The batch as the insert statement's columns, built in the one pass that validates the readings,
 * converts their units and resolves their types (a 10,000-reading batch used to be walked and
 * copied four times: schema, units, types, a JSON payload). The fields are the input's own values
 * (strings are shared, not copied).
 */
class Batch {
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
function readBatch(input: z.input<typeof HealthMetricBatch>): Batch {
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

/**
 * PostgreSQL array literals, written here rather than by node-postgres (which quotes and escapes
 * every element of every array: ~60 ms of a 10,000-reading batch). uuids, numbers and the schema's
 * date-times need no quoting; text is quoted and escaped only where the array syntax needs it. A
 * column of nulls only is sent empty: unnest pads the shorter arrays with nulls.
 */
function plainList(xs: readonly (string | number | null)[]): string {
  let nulls = 0;
  for (let i = 0; i < xs.length; i++) if (xs[i] === null) nulls++;
  if (nulls === xs.length) return '{}';
  return `{${(nulls ? xs.map((x) => x ?? 'NULL') : xs).join(',')}}`;
}

/** Unquoted, an element must not be empty, hold syntax or blanks, or spell NULL. */
const UNQUOTED = /^[^{}",\\\s]+$/;
const element = (s: string) =>
  UNQUOTED.test(s) && !(s.length === 4 && s.toUpperCase() === 'NULL') ? s : `"${s.replace(/["\\]/g, '\\$&')}"`;

function textList(xs: readonly (string | null)[]): string {
  const out = new Array<string>(xs.length);
  let nulls = 0;
  let last: string | null = null;
  let lastElement = '';
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (x === null) {
      out[i] = 'NULL';
      nulls++;
    } else {
      // A source is usually the same for the whole batch: written once.
      if (x !== last) lastElement = element((last = x));
      out[i] = lastElement;
    }
  }
  return nulls === xs.length ? '{}' : `{${out.join(',')}}`;
}

/**
 * One statement: insert the readings (the dedup key (user_id, source, source_id) skips any that
 * exist, are duplicated in this batch, or are being inserted by a concurrent batch), then fold the
 * rows actually inserted into the per-day rollup and the first-seen sources. Rows are written in id
 * order, which is (source, source_id) order (assignIds), so concurrent batches take their locks in
 * the same order and the primary key is only appended to. The batch arrives as column arrays
 * (unnest), its sources as numbers ($6, signed by the source_id's letter case) with the batch's
 * numbers and names beside ($12, $13) for the rollups, which are kept by name. It answers one row:
 * how many were inserted, the local day of every reading (days since 1970-01-01, in batch order, as text;
 * none when nothing was inserted) and, only when some but not all were inserted, the ids of those
 * that were. created_at ($11) is null when the ids say it (storedCreatedAt).
 */
const INSERT_SQL = `
with input as (
  select r.*, (r.at at time zone u.timezone)::date as d
  from unnest($2::uuid[], $3::int2[], $4::timestamptz[], $5::float8[], $6::int2[], $7::uuid[], $8::text[], $9::uuid[], $10::jsonb[])
    with ordinality as r(id, t, at, v, s, su, sid, g, m, o)
  cross join (select timezone from users where id = $1) u
),
ins as (
  insert into health_metrics
    (id, user_id, metric_type_id, recorded_at, local_date, value, source_no, source_uuid, source_id, reading_group_id, metadata, created_at)
  select id, $1, t, at, d, v, s, su, sid, g, m, $11
  from input
  order by id
  on conflict do nothing
  returning id, metric_type_id, local_date, abs(source_no) as no, value, recorded_at
),
days as (
  insert into health_metric_days as d
    (user_id, local_date, metric_type_id, source, n, total, min_value, max_value, last_value, last_at)
  select $1, local_date, metric_type_id, s.source, count(*), sum(value), min(value), max(value),
    (array_agg(value order by recorded_at desc, value desc))[1], max(recorded_at)
  from ins join unnest($12::int2[], $13::text[]) as s(no, source) using (no)
  group by local_date, metric_type_id, s.source
  order by local_date, metric_type_id, s.source
  on conflict (user_id, local_date, metric_type_id, source) do update set
    n = d.n + excluded.n,
    total = d.total + excluded.total,
    min_value = least(d.min_value, excluded.min_value),
    max_value = greatest(d.max_value, excluded.max_value),
    last_value = case when (excluded.last_at, excluded.last_value) > (d.last_at, d.last_value)
      then excluded.last_value else d.last_value end,
    last_at = greatest(d.last_at, excluded.last_at)
  returning metric_type_id, source, local_date
),
seen as (
  insert into metric_sources as m (user_id, metric_type_id, source, first_date)
  select $1, metric_type_id, source, min(local_date)
  from days
  group by metric_type_id, source
  order by metric_type_id, source
  on conflict (user_id, metric_type_id, source) do update set first_date = excluded.first_date
    where excluded.first_date < m.first_date
),
counts as (
  select (select count(*) from ins)::int4 as inserted, (select count(*) from input)::int4 as sent
)
select inserted,
  case when inserted > 0 then (select string_agg((d - date '1970-01-01')::text, ',' order by o) from input) end as days,
  case when inserted > 0 and inserted < sent then (select array_agg(id::text) from ins) end as ids
from counts`;

type Inserted = { positions: number[]; days: number[] };

async function insert(userId: string, b: Batch): Promise<Inserted> {
  const metadata = new Array<string | null>(b.size);
  for (let i = 0; i < b.size; i++) {
    const m = b.metadata[i];
    metadata[i] = m === null ? null : JSON.stringify(m);
  }
  const numbers = await sourceNumbers(userId, [...new Set(b.source.slice(0, b.size))], (s) => ['readings', b.source.indexOf(s), 'source']);
  const sourceNo = new Array<number>(b.size);
  for (let i = 0; i < b.size; i++) {
    const no = numbers.get(b.source[i])!;
    sourceNo[i] = b.upper[i] ? -no : no;
  }
  const [row] = await query<{ inserted: number; days: string | null; ids: string[] | null }>(INSERT_SQL, [
    userId,
    plainList(b.id),
    plainList(b.typeId),
    plainList(b.at),
    plainList(b.value),
    plainList(sourceNo),
    plainList(b.sourceUuid),
    textList(b.sourceText),
    plainList(b.group),
    textList(metadata),
    b.storedCreatedAt,
    plainList([...numbers.values()]),
    textList([...numbers.keys()]),
  ]);
  // Batch positions of the inserted readings, in batch order: all, none, or those the ids name.
  const positions: number[] = [];
  if (row.ids) {
    const inserted = new Set(row.ids);
    for (let i = 0; i < b.size; i++) if (inserted.has(b.id[i])) positions.push(i);
  } else if (row.inserted === b.size) {
    for (let i = 0; i < b.size; i++) positions.push(i);
  }
  return { positions, days: row.days === null ? [] : dayList(row.days, b.size) };
}

/**
 * The statement's local days, "20513,20513,20514": read here digit by digit (node-postgres parsing an
 * int4[] of 10,000 was ~2 ms of a batch). A day before 1970 is negative.
 */
function dayList(text: string, size: number): number[] {
  const days = new Array<number>(size);
  let k = 0;
  let n = 0;
  let sign = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 44) {
      days[k++] = sign * n;
      n = 0;
      sign = 1;
    } else if (c === 45) sign = -1;
    else n = n * 10 + c - 48;
  }
  days[k] = sign * n;
  return days;
}

/** A created reading's fields as the batch holds them: what a presenter needs, without a Reading object. */
export type CreatedRow = {
  id: string;
  type: MetricType;
  /** recorded_at in UTC with milliseconds and Z, as Date#toISOString writes it. */
  recordedAt: string;
  value: number;
  source: string;
  sourceId: string | null;
  readingGroupId: string | null;
  metadata: Record<string, unknown>;
  /** The local day it counts for (YYYY-MM-DD), in the user's timezone at ingest. */
  localDate: string;
};

/** The canonical form (2026-03-01T06:30:00.000Z) as is; any other offset or precision through Date. */
function utcIso(at: string): string {
  return at.length === 24 && at.charCodeAt(23) === 90 && at.charCodeAt(19) === 46 ? at : new Date(at).toISOString();
}

const EMPTY: Batch = new Batch(0);

/**
 * What a batch did: the readings it created (in batch order) and how many it skipped as duplicates.
 * `created` builds the Reading objects on first use; a presenter of a large batch reads the rows
 * with `eachCreated` instead, straight from the batch's columns.
 */
export class IngestResult {
  private readings: Reading[] | undefined;
  readonly userId: string;
  readonly createdAt: Date;
  readonly skippedCount: number;
  private readonly batch: Batch;
  /** Batch positions of the readings created, in batch order. */
  private readonly positions: readonly number[];
  /** The local day of every reading of the batch (days since 1970-01-01), by batch position. */
  private readonly days: readonly number[];

  constructor(userId: string, createdAt: Date, batch: Batch, inserted: Inserted) {
    this.userId = userId;
    this.createdAt = createdAt;
    this.batch = batch;
    this.positions = inserted.positions;
    this.days = inserted.days;
    this.skippedCount = batch.size - inserted.positions.length;
  }

  get createdCount(): number {
    return this.positions.length;
  }

  get created(): Reading[] {
    if (this.readings) return this.readings;
    const readings: Reading[] = [];
    this.eachCreated((row) =>
      readings.push({
        id: row.id,
        userId: this.userId,
        metricTypeId: row.type.id,
        metricTypeSlug: row.type.slug,
        unit: row.type.unit,
        recordedAt: new Date(row.recordedAt),
        localDate: row.localDate,
        value: row.value,
        source: row.source,
        sourceId: row.sourceId,
        readingGroupId: row.readingGroupId,
        metadata: row.metadata,
        createdAt: this.createdAt,
      }),
    );
    return (this.readings = readings);
  }

  /** Each created reading to `f`, in batch order. */
  eachCreated(f: (row: CreatedRow) => void): void {
    const b = this.batch;
    let lastDay = NaN;
    let localDate = '';
    for (const i of this.positions) {
      // Readings of one day come in runs: one string per run.
      if (this.days[i] !== lastDay) localDate = dateOfDay((lastDay = this.days[i]));
      f({
        id: b.id[i],
        type: b.type[i],
        recordedAt: utcIso(b.at[i]),
        value: b.value[i],
        source: b.source[i],
        sourceId: b.sourceId[i],
        readingGroupId: b.group[i],
        metadata: b.metadata[i] ?? NO_METADATA,
        localDate,
      });
    }
  }

  /** health_metric.ingested's payload: counts, the metric types and the time span of what was created. */
  summary(): { created_count: number; skipped_count: number; metric_types: string[]; from: string | null; to: string | null } {
    const b = this.batch;
    const slugs = new Set<string>();
    let from: string | null = null;
    let to: string | null = null;
    for (const i of this.positions) {
      slugs.add(b.type[i].slug);
      const at = utcIso(b.at[i]);
      if (from === null || at < from) from = at;
      if (to === null || at > to) to = at;
    }
    return { created_count: this.createdCount, skipped_count: this.skippedCount, metric_types: [...slugs].sort(), from, to };
  }

  /** What the ingest-time automations read of the created readings. */
  facts(): CreatedFacts {
    const b = this.batch;
    const typeIds = new Set<number>();
    for (const i of this.positions) typeIds.add(b.typeId[i]);
    return {
      typeIds: [...typeIds],
      onDay: (localDate) => {
        const day = Date.parse(`${localDate}T00:00:00Z`) / DAY_MS;
        const out = [];
        for (const i of this.positions) {
          if (this.days[i] !== day) continue;
          out.push({ metricTypeId: b.typeId[i], source: b.source[i], value: b.value[i] });
        }
        return out;
      },
    };
  }
}

const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Bulk ingest (a client's batch, and accepted metric-reading suggestions): validates every
 * reading first (any bad one is Invalid, nothing written), converts units, inserts in one
 * transaction with dedup by the database, and runs the ingest-time automations on the new rows.
 * `whileCommitting` is given the result while its COMMIT is in flight (a caller's own work on it,
 * such as writing the answer, done in time Node would spend waiting); it may run for an attempt
 * whose COMMIT then fails, so only what the returned result matches counts.
 */
export async function ingestReadings(
  actor: Actor,
  input: z.input<typeof HealthMetricBatch>,
  whileCommitting?: (result: IngestResult) => void,
): Promise<IngestResult> {
  authorize(actor, actor.userId, 'write');
  const batch = readBatch(input);
  const { createdAt } = batch;
  if (batch.size === 0) return new IngestResult(actor.userId, createdAt, EMPTY, { positions: [], days: [] });
  const nested = em().getTransactionContext() !== undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await em().transactional(async () => {
        const result = new IngestResult(actor.userId, createdAt, batch, await insert(actor.userId, batch));
        if (result.createdCount) {
          await runReadingAutomations(actor.userId, result.facts());
          await emitEvent(actor.userId, 'health_metric.ingested', result.summary());
        }
        // Runs once the COMMIT is sent (setImmediate comes after the microtasks that send it) and
        // before its answer is read: Node would otherwise sit idle while the database commits.
        if (whileCommitting && !nested) setImmediate(() => whileCommitting(result));
        return result;
      });
    } catch (err) {
      // Batches lock keys in one order, so a deadlock should not happen; if the database still
      // picks this transaction as a victim, the whole batch is simply tried again.
      if (nested || attempt >= 3 || !isRetryable(err)) throw err;
    }
  }
}
