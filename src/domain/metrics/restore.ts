import { authorize, type Actor } from '../../core/actor.ts';
import { query } from '../../db/sql.ts';
import type { MetricType } from '../metric-types/catalogue.ts';
import { rollupCtes } from './daily-rollup.ts';
import { storedCreatedAt } from './metric.entity.ts';
import { signedSourceNo, sourceNumbers, storedSourceId } from './reading-sources.ts';

/** A reading coming home from an account archive: its id and created_at kept, its value already in the type's unit. */
export type RestoredReading = {
  id: string;
  type: MetricType;
  recordedAt: Date;
  value: number;
  source: string;
  sourceId: string | null;
  groupId: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
};

/**
 * Ingest's storage and rollups for readings with their own ids: insert (a reading whose id, or
 * whose (source, source_id), is already there is skipped), then fold the inserted rows into the
 * rollups (daily-rollup.ts). Local days are taken in `timezone`: the archive's, as its days were.
 */
const RESTORE_SQL = `
with ins as (
  insert into health_metrics
    (id, user_id, metric_type_id, recorded_at, local_date, value, source_no, source_uuid, source_id, reading_group_id, metadata, created_at)
  select r.id, $1, r.t, r.at, (r.at at time zone $2)::date, r.v, r.s, r.su, r.sid, r.g, r.m, r.c
  from unnest($3::uuid[], $4::int2[], $5::timestamptz[], $6::float8[], $7::int2[], $8::uuid[], $9::text[], $10::uuid[], $11::jsonb[], $12::timestamptz[])
    as r(id, t, at, v, s, su, sid, g, m, c)
  order by r.id
  on conflict do nothing
  returning id, metric_type_id, local_date, abs(source_no) as no, value, recorded_at
),
${rollupCtes('$13', '$14')}
select id::text from ins`;

/**
 * Readings of an account archive written as ingest writes readings (one statement, in the caller's
 * transaction; no automations run and no event is emitted: history is not news). Answers the ids
 * inserted. An account archive carries everything an account holds: only a signed-in session (or
 * the system) brings one in.
 */
export async function restoreReadings(actor: Actor, readings: readonly RestoredReading[], timezone: string): Promise<Set<string>> {
  authorize(actor, actor.userId, 'account');
  if (!readings.length) return new Set();
  const numbers = await sourceNumbers(actor.userId, [...new Set(readings.map((r) => r.source))], () => ['source']);
  const stored = readings.map((r) => storedSourceId(r.sourceId));
  const rows = await query<{ id: string }>(RESTORE_SQL, [
    actor.userId,
    timezone,
    readings.map((r) => r.id),
    readings.map((r) => r.type.id),
    readings.map((r) => r.recordedAt),
    readings.map((r) => r.value),
    readings.map((r, i) => signedSourceNo(numbers.get(r.source)!, stored[i])),
    stored.map((s) => s.uuid),
    stored.map((s) => s.text),
    readings.map((r) => r.groupId),
    // Stored as null when empty, as ingest stores it (Migration20261129000000_readings_layout).
    readings.map((r) => (r.metadata === null || Object.keys(r.metadata).length === 0 ? null : JSON.stringify(r.metadata))),
    readings.map((r) => storedCreatedAt(r.id, r.createdAt)),
    [...numbers.values()],
    [...numbers.keys()],
  ]);
  return new Set(rows.map((r) => r.id));
}
