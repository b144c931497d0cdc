import { AsyncLocalStorage } from 'node:async_hooks';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { afterKeySql } from '../../core/paging.ts';
import { parse } from '../../core/validation.ts';
import { query } from '../../db/sql.ts';
import { metricType } from '../metric-types/catalogue.ts';
import { ReadingsScope } from './metrics.schemas.ts';
import { READING_COLUMNS, readingOf, type Reading, type ReadingRow } from './readings.service.ts';

/**
 * What a user measured, as it leaves the service in a standard form (the FHIR export; later a share
 * link): one reading, or a blood pressure taken once, its systolic and diastolic readings sharing a
 * reading_group_id.
 */
export type Measurement = { kind: 'reading'; reading: Reading } | { kind: 'blood_pressure'; systolic: Reading; diastolic: Reading };

type Scope = z.output<typeof ReadingsScope>;
type Row = ReadingRow & { recordedAt: string };
type GroupedRow = Row & { readingGroupId: string; systolicN: number; groupN: number };

const SYSTOLIC = metricType('blood_pressure_systolic')!.id;
const DIASTOLIC = metricType('blood_pressure_diastolic')!.id;

/** Readings per statement: each page is one short statement, whatever the account holds. */
const PAGE_SIZE = 1000;

const NEWEST_FIRST = [
  { column: 'recorded_at', direction: 'desc' },
  { column: 'id', direction: 'desc' },
] as const;

/**
 * The user's readings in `input`'s scope (ReadingsScope: local days from/to inclusive, metric slugs),
 * a page of measurements at a time, for a writer that streams them: the scope is checked now, before
 * the caller commits to an answer, and the pages are read as the caller asks for them.
 *
 * Every page is one statement of its own, by keyset (the (user, recorded_at) index, after the last
 * reading of the page before): no transaction, cursor or snapshot is held between pages, so a client
 * that reads slowly holds nothing of the database's (on the embedded database, one open transaction
 * would hold every other request), and memory stays at a page whatever the account holds. Readings
 * are immutable, so pages never disagree; one written meanwhile may or may not be included.
 *
 * A systolic and a diastolic reading that share a reading_group_id, and are the only blood pressure
 * readings of that group in the scope, are one measurement. Those come after the single readings,
 * read in group order so that both halves of a pair are on one page (bloodPressurePairs); everything
 * else comes newest first.
 */
export function measurementsInScope(
  actor: Actor,
  input: z.input<typeof ReadingsScope>,
  pageSize = PAGE_SIZE,
): AsyncGenerator<Measurement[]> {
  authorize(actor, actor.userId, 'read');
  const scope = parse(ReadingsScope, input);
  // The pages are asked for from the writer's stream callbacks: each statement runs in the caller's unit of work.
  const inUnit = AsyncLocalStorage.snapshot();
  return measurementPages(actor.userId, scope, Math.max(2, pageSize), (sql, params) => inUnit(() => query(sql, params)));
}

type Read = <R>(sql: string, params: unknown[]) => Promise<R[]>;

async function* measurementPages(userId: string, scope: Scope, pageSize: number, read: Read): AsyncGenerator<Measurement[]> {
  const types = scope.metrics?.map((t) => t.id);
  const pairs = !types || (types.includes(SYSTOLIC) && types.includes(DIASTOLIC));
  yield* singleReadings(userId, scope, pageSize, read, pairs);
  if (pairs) yield* bloodPressurePairs(userId, scope, pageSize, read);
}

/** The scope as SQL over health_metrics, $1 the user (READING_COLUMNS' source lookup needs it there). */
function scopeSql(userId: string, scope: Scope): { where: string[]; params: unknown[] } {
  const params: unknown[] = [userId];
  const where = ['user_id = $1'];
  const bind = (value: unknown) => `$${params.push(value)}`;
  if (scope.metrics) where.push(`metric_type_id = any(${bind(scope.metrics.map((t) => t.id))}::int2[])`);
  // Local days as stored, and a bound on recorded_at the (user, recorded_at) index can start from: a
  // local day lies within a day either side of its UTC day, whatever zone it was taken in.
  if (scope.from) {
    const at = bind(scope.from);
    where.push(`local_date >= ${at}::date`, `recorded_at >= ((${at}::date - 1)::timestamp at time zone 'UTC')`);
  }
  if (scope.to) {
    const at = bind(scope.to);
    where.push(`local_date <= ${at}::date`, `recorded_at < ((${at}::date + 2)::timestamp at time zone 'UTC')`);
  }
  return { where, params };
}

/** Every reading in the scope newest first, but for the grouped blood pressure readings when bloodPressurePairs reads them. */
async function* singleReadings(userId: string, scope: Scope, pageSize: number, read: Read, pairs: boolean): AsyncGenerator<Measurement[]> {
  const { where, params } = scopeSql(userId, scope);
  if (pairs) where.push(`not (metric_type_id in (${SYSTOLIC}, ${DIASTOLIC}) and reading_group_id is not null)`);
  let after: [string, string] | null = null;
  for (;;) {
    const keyed = after ? [...where, afterKeySql(NEWEST_FIRST, params.length + 1)] : where;
    const rows: Row[] = await read<Row>(
      `select ${READING_COLUMNS} from health_metrics where ${keyed.join(' and ')}
        order by recorded_at desc, id desc limit ${pageSize}`,
      after ? [...params, ...after] : params,
    );
    if (rows.length) yield rows.map((r) => ({ kind: 'reading', reading: readingOf(r) }));
    if (rows.length < pageSize) return;
    // recorded_at as the database's text: to the microsecond it stores (a Date would stop at the millisecond).
    const last = rows.at(-1)!;
    after = [String(last.recordedAt), last.id];
  }
}

/**
 * The grouped blood pressure readings of the scope, by group: a group whose only blood pressure
 * readings in the scope are one systolic and one diastolic is one measurement, any other group's
 * readings are measurements of their own. The window counts each row's group, so a page needs no
 * state from the one before; a page that would end between the two halves of a pair ends before it.
 * Each page reads the user's grouped blood pressure readings in the scope (a few a day at most).
 */
async function* bloodPressurePairs(userId: string, scope: Scope, pageSize: number, read: Read): AsyncGenerator<Measurement[]> {
  const { where, params } = scopeSql(userId, scope);
  where.push(`metric_type_id in (${SYSTOLIC}, ${DIASTOLIC})`, 'reading_group_id is not null');
  const isPair = (r: GroupedRow) => r.systolicN === 1 && r.groupN === 2;
  let after: [string, string] | null = null;
  for (;;) {
    const next = params.length + 1;
    let rows: GroupedRow[] = await read<GroupedRow>(
      `select * from (
         select ${READING_COLUMNS},
                (count(*) filter (where metric_type_id = ${SYSTOLIC}) over grp)::int as "systolicN",
                (count(*) over grp)::int as "groupN"
           from health_metrics where ${where.join(' and ')}
         window grp as (partition by reading_group_id)) g
       ${after ? `where ("readingGroupId", id) > ($${next}::uuid, $${next + 1}::uuid)` : ''}
       order by "readingGroupId", id limit ${pageSize}`,
      after ? [...params, ...after] : params,
    );
    const full = rows.length === pageSize;
    const last = rows.at(-1);
    if (full && last && isPair(last) && rows.at(-2)?.readingGroupId !== last.readingGroupId) rows = rows.slice(0, -1);
    const page: Measurement[] = [];
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      if (isPair(row)) {
        const both = [row, rows[++i]].map(readingOf);
        const systolic = both.find((r) => r.metricTypeId === SYSTOLIC)!;
        page.push({ kind: 'blood_pressure', systolic, diastolic: both.find((r) => r !== systolic)! });
      } else page.push({ kind: 'reading', reading: readingOf(row) });
    }
    if (page.length) yield page;
    if (!full) return;
    const end = rows.at(-1)!;
    after = [end.readingGroupId, end.id];
  }
}
