import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid, type ValidationIssue } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { isRetryable, query } from '../../db/sql.ts';
import { isNonNegative, metricType, toCanonical, type MetricType } from './catalogue.ts';
import { runReadingAutomations } from './automations.engine.ts';
import { readingFast, type ReadingInput } from './ingest-fast-check.ts';
import { HealthMetricBatch, MAX_READINGS } from './metrics.schemas.ts';
import type { Reading } from './readings.service.ts';

const MAX_ISSUES = 100;

/**
 * The batch as the insert statement's columns, built in the one pass that validates the readings,
 * converts their units and resolves their types (a 10,000-reading batch used to be walked and
 * copied four times: schema, units, types, a JSON payload).
 */
class Batch {
  readonly id: string[] = [];
  readonly type: MetricType[] = [];
  readonly at: string[] = [];
  readonly value: number[] = [];
  readonly source: string[] = [];
  readonly sourceId: (string | null)[] = [];
  readonly group: (string | null)[] = [];
  /** JSON text for the statement, or null for none (it stores `{}`); the object itself for the answer. */
  readonly metadata: (string | null)[] = [];
  readonly metadataObject: Record<string, unknown>[] = [];
  readonly issues: ValidationIssue[] = [];

  add(i: number, r: ReadingInput): void {
    const type = metricType(r.metric_type_slug);
    if (!type) {
      this.issue(
        ['readings', i, 'metric_type_slug'],
        `Unknown metric type "${r.metric_type_slug}" (the metric type catalogue lists them)`,
        'value_error',
      );
      return;
    }
    const value = toCanonical(type.slug, r.value, r.unit);
    if (value === null) {
      const accepted = type.acceptedUnits.join(', ');
      this.issue(
        ['readings', i, 'unit'],
        `Unit "${r.unit}" cannot be converted to ${type.unit} for ${type.slug}; accepted units: ${accepted}`,
        'value_error',
      );
      return;
    }
    if (value < 0 && isNonNegative(type.slug)) {
      this.issue(['readings', i, 'value'], `${type.label} cannot be negative`, 'greater_than_equal');
      return;
    }
    if (this.issues.length) return;
    this.id.push(newId());
    this.type.push(type);
    this.at.push(r.recorded_at);
    this.value.push(value);
    this.source.push(r.source);
    this.sourceId.push(r.source_id ?? null);
    this.group.push(r.reading_group_id ?? null);
    const metadata = r.metadata ?? {};
    this.metadata.push(Object.keys(metadata).length ? JSON.stringify(metadata) : null);
    this.metadataObject.push(metadata);
  }

  get size(): number {
    return this.id.length;
  }

  private issue(loc: ValidationIssue['loc'], msg: string, type: string): void {
    if (this.issues.length < MAX_ISSUES) this.issues.push({ loc, msg, type });
  }
}

/**
 * Validates and converts the batch. The common case (every reading plainly valid) is checked by
 * hand as the columns are built; anything the quick check is not sure of goes through the zod
 * schema, so a rejected batch gets exactly the schema's issues, as before.
 */
function readBatch(input: unknown): Batch {
  const readings = (input as { readings?: unknown } | null)?.readings;
  if (Array.isArray(readings) && readings.length <= MAX_READINGS) {
    const batch = new Batch();
    let plain = true;
    for (let i = 0; i < readings.length; i++) {
      const r = readingFast(readings[i]);
      if (!r) {
        plain = false;
        break;
      }
      batch.add(i, r);
    }
    if (plain) return checked(batch);
  }
  const batch = new Batch();
  parse(HealthMetricBatch, input).readings.forEach((r, i) => batch.add(i, r));
  return checked(batch);
}

function checked(batch: Batch): Batch {
  if (batch.issues.length) throw new Invalid(batch.issues);
  return batch;
}

/**
 * One statement: insert the readings (the unique key (user_id, source, source_id) skips any that
 * exist, are duplicated in this batch, or are being inserted by a concurrent batch), then fold the
 * rows actually inserted into the per-day rollup and the first-seen sources. Rows are written in
 * (source, source_id) order so concurrent batches take their locks in the same order. The batch
 * arrives as column arrays (unnest), well under PostgreSQL's 65,535 bind parameters.
 */
const INSERT_SQL = `
with input as (
  select * from unnest($2::uuid[], $3::int2[], $4::timestamptz[], $5::float8[], $6::text[], $7::text[], $8::uuid[], $9::jsonb[])
    with ordinality as r(id, t, at, v, s, sid, g, m, o)
),
ins as (
  insert into health_metrics
    (id, user_id, metric_type_id, recorded_at, local_date, value, source, source_id, reading_group_id, metadata, created_at)
  select i.id, $1, i.t, i.at, (i.at at time zone u.timezone)::date, i.v, i.s, i.sid, i.g, coalesce(i.m, '{}'::jsonb), $10
  from input i cross join (select timezone from users where id = $1) u
  order by i.s, i.sid, i.o
  on conflict (user_id, source, source_id) do nothing
  returning id, metric_type_id, local_date, source, value, recorded_at
),
days as (
  insert into health_metric_days as d
    (user_id, local_date, metric_type_id, source, n, total, min_value, max_value, last_value, last_at)
  select $1, local_date, metric_type_id, source, count(*), sum(value), min(value), max(value),
    (array_agg(value order by recorded_at desc, value desc))[1], max(recorded_at)
  from ins
  group by local_date, metric_type_id, source
  order by local_date, metric_type_id, source
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
)
select id::text as id, local_date::text as local_date from ins`;

async function insert(userId: string, b: Batch, createdAt: Date): Promise<Map<string, string>> {
  const inserted = await query<{ id: string; local_date: string }>(INSERT_SQL, [
    userId,
    b.id,
    b.type.map((t) => t.id),
    b.at,
    b.value,
    b.source,
    b.sourceId,
    b.group,
    b.metadata,
    createdAt,
  ]);
  return new Map(inserted.map((r) => [r.id, r.local_date]));
}

/** The readings the database inserted, in batch order. */
function createdReadings(userId: string, b: Batch, inserted: Map<string, string>, createdAt: Date): Reading[] {
  const created: Reading[] = [];
  for (let i = 0; i < b.size; i++) {
    const localDate = inserted.get(b.id[i]);
    if (localDate === undefined) continue;
    const type = b.type[i];
    created.push({
      id: b.id[i],
      userId,
      metricTypeId: type.id,
      metricTypeSlug: type.slug,
      unit: type.unit,
      recordedAt: new Date(b.at[i]),
      localDate,
      value: b.value[i],
      source: b.source[i],
      sourceId: b.sourceId[i],
      readingGroupId: b.group[i],
      metadata: b.metadataObject[i],
      createdAt,
    });
  }
  return created;
}

/** What a batch did: the readings it created (in batch order) and how many it skipped as duplicates. */
export type IngestResult = { created: Reading[]; skippedCount: number };

/**
 * Bulk ingest (a client's batch, and accepted metric-reading suggestions): validates every
 * reading first (any bad one is Invalid, nothing written), converts units, inserts in one
 * transaction with dedup by the database, and runs the ingest-time automations on the new rows.
 */
export async function ingestReadings(actor: Actor, input: unknown): Promise<IngestResult> {
  authorize(actor, actor.userId, 'write');
  const batch = readBatch(input);
  if (batch.size === 0) return { created: [], skippedCount: 0 };
  const createdAt = new Date();
  const nested = em().getTransactionContext() !== undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await em().transactional(async () => {
        const rows = createdReadings(actor.userId, batch, await insert(actor.userId, batch, createdAt), createdAt);
        if (rows.length) await runReadingAutomations(actor.userId, rows);
        return rows;
      });
      return { created, skippedCount: batch.size - created.length };
    } catch (err) {
      // Batches lock keys in one order, so a deadlock should not happen; if the database still
      // picks this transaction as a victim, the whole batch is simply tried again.
      if (nested || attempt >= 3 || !isRetryable(err)) throw err;
    }
  }
}
