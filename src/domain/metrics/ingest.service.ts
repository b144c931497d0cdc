import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid, type ValidationIssue } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { isNonNegative, metricType, toCanonical } from './catalogue.ts';
import { runReadingAutomations } from './automations.engine.ts';
import { HealthMetricBatch } from './metrics.schemas.ts';
import type { Reading } from './readings.service.ts';
import { isRetryable, query } from '../../db/sql.ts';

/** A reading ready to insert: canonical value, catalogue id, and the id it gets if it is new. */
export type PreparedReading = {
  id: string;
  metricTypeId: number;
  slug: string;
  unit: string;
  recordedAt: string;
  value: number;
  source: string;
  sourceId: string | null;
  readingGroupId: string | null;
  metadata: Record<string, unknown>;
};

const MAX_ISSUES = 100;

function prepare(readings: ReturnType<typeof parseBatch>['readings']): PreparedReading[] {
  const issues: ValidationIssue[] = [];
  const out = new Array<PreparedReading>(readings.length);
  for (let i = 0; i < readings.length && issues.length < MAX_ISSUES; i++) {
    const r = readings[i];
    const type = metricType(r.metric_type_slug);
    if (!type) {
      issues.push({
        loc: ['readings', i, 'metric_type_slug'],
        msg: `Unknown metric type "${r.metric_type_slug}" (the metric type catalogue lists them)`,
        type: 'value_error',
      });
      continue;
    }
    const value = toCanonical(type.slug, r.value, r.unit);
    if (value === null) {
      const accepted = type.acceptedUnits.join(', ');
      issues.push({
        loc: ['readings', i, 'unit'],
        msg: `Unit "${r.unit}" cannot be converted to ${type.unit} for ${type.slug}; accepted units: ${accepted}`,
        type: 'value_error',
      });
      continue;
    }
    if (value < 0 && isNonNegative(type.slug)) {
      issues.push({ loc: ['readings', i, 'value'], msg: `${type.label} cannot be negative`, type: 'greater_than_equal' });
      continue;
    }
    out[i] = {
      id: newId(),
      metricTypeId: type.id,
      slug: type.slug,
      unit: type.unit,
      recordedAt: r.recorded_at,
      value,
      source: r.source,
      sourceId: r.source_id ?? null,
      readingGroupId: r.reading_group_id ?? null,
      metadata: r.metadata ?? {},
    };
  }
  if (issues.length) throw new Invalid(issues);
  return out;
}

function parseBatch(input: unknown) {
  return parse(HealthMetricBatch, input);
}

/**
 * One statement: insert the readings (the unique key (user_id, source, source_id) skips any that
 * exist, are duplicated in this batch, or are being inserted by a concurrent batch), then fold the
 * rows actually inserted into the per-day rollup and the first-seen sources. Rows are written in
 * (source, source_id) order so concurrent batches take their locks in the same order.
 */
const INSERT_SQL = `
with input as (
  select * from jsonb_to_recordset($2::jsonb)
    as r(o int, id uuid, t smallint, at timestamptz, v float8, s text, sid text, g uuid, m jsonb)
),
ins as (
  insert into health_metrics
    (id, user_id, metric_type_id, recorded_at, local_date, value, source, source_id, reading_group_id, metadata, created_at)
  select i.id, $1, i.t, i.at, (i.at at time zone u.timezone)::date, i.v, i.s, i.sid, i.g, coalesce(i.m, '{}'::jsonb), $3
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

async function insert(userId: string, rows: PreparedReading[], createdAt: Date): Promise<Map<string, string>> {
  const payload = JSON.stringify(
    rows.map((r, o) => ({
      o,
      id: r.id,
      t: r.metricTypeId,
      at: r.recordedAt,
      v: r.value,
      s: r.source,
      sid: r.sourceId,
      g: r.readingGroupId,
      m: r.metadata,
    })),
  );
  const inserted = await query<{ id: string; local_date: string }>(INSERT_SQL, [userId, payload, createdAt]);
  return new Map(inserted.map((r) => [r.id, r.local_date]));
}

function createdReading(userId: string, r: PreparedReading, localDate: string, createdAt: Date): Reading {
  return {
    id: r.id,
    userId,
    metricTypeId: r.metricTypeId,
    metricTypeSlug: r.slug,
    unit: r.unit,
    recordedAt: new Date(r.recordedAt),
    localDate,
    value: r.value,
    source: r.source,
    sourceId: r.sourceId,
    readingGroupId: r.readingGroupId,
    metadata: r.metadata,
    createdAt,
  };
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
  const rows = prepare(parseBatch(input).readings);
  if (rows.length === 0) return { created: [], skippedCount: 0 };
  const createdAt = new Date();
  const nested = em().getTransactionContext() !== undefined;
  let inserted: Map<string, string>;
  for (let attempt = 1; ; attempt++) {
    try {
      inserted = await em().transactional(async () => {
        const ids = await insert(actor.userId, rows, createdAt);
        if (ids.size) await runReadingAutomations(actor.userId, rows, ids);
        return ids;
      });
      break;
    } catch (err) {
      // Batches lock keys in one order, so a deadlock should not happen; if the database still
      // picks this transaction as a victim, the whole batch is simply tried again.
      if (nested || attempt >= 3 || !isRetryable(err)) throw err;
    }
  }
  const created = rows.filter((r) => inserted.has(r.id)).map((r) => createdReading(actor.userId, r, inserted.get(r.id)!, createdAt));
  return { created, skippedCount: rows.length - created.length };
}
