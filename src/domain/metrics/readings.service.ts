import { afterKeySql, keyset, type Page, type SortKey } from '../../core/paging.ts';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import { cursorPages, query } from '../../db/sql.ts';
import { metricType, metricTypeById } from '../metric-types/catalogue.ts';
import { createdAtOf } from './metric.entity.ts';
import { HealthMetricListQuery } from './metrics.schemas.ts';
import { sourceIdOf, sourceNameSql, sourceNo } from './reading-sources.ts';

/** One reading as the services return it: in its metric's canonical unit, with the metric's slug. Readings are immutable. */
export type Reading = {
  id: string;
  userId: string;
  metricTypeId: number;
  metricTypeSlug: string;
  /** The metric's canonical unit, which `value` is in. */
  unit: string;
  recordedAt: Date;
  /** The local day it counts for, in the user's timezone when it was ingested. */
  localDate: string;
  value: number;
  source: string;
  sourceId: string | null;
  readingGroupId: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
};

/** One frozen `{}` for every reading without metadata (stored as null; readings are immutable). */
export const NO_METADATA = Object.freeze({}) as Record<string, unknown>;

export function readingOf(h: ReadingRow): Reading {
  const type = metricTypeById(h.metricTypeId)!;
  return {
    id: h.id,
    userId: h.userId,
    metricTypeId: h.metricTypeId,
    metricTypeSlug: type.slug,
    unit: type.unit,
    recordedAt: new Date(h.recordedAt),
    localDate: h.localDate,
    value: Number(h.value),
    source: h.source,
    sourceId: sourceIdOf(h.sourceNo, h.sourceUuid, h.sourceId),
    readingGroupId: h.readingGroupId ?? null,
    metadata: h.metadata ?? NO_METADATA,
    createdAt: createdAtOf(h.id, h.createdAt),
  };
}

const READING_ORDER = [
  { field: 'recordedAt', direction: 'desc' },
  { field: 'id', direction: 'desc' },
] as const satisfies readonly SortKey[];
const READING_KEY = [
  { column: 'recorded_at', direction: 'desc' },
  { column: 'id', direction: 'desc' },
] as const;

/**
 * Readings, newest first; from/to take a date (local day, inclusive) or a date-time (to exclusive).
 * A page by cursor starts after the previous page's last reading through the (user, recorded_at)
 * index, however deep into the history it is; readings of one instant are put in id order as the
 * scan meets them.
 */
export async function pageReadings(actor: Actor, input: z.input<typeof HealthMetricListQuery>): Promise<Page<Reading>> {
  authorize(actor, actor.userId, 'read');
  const q = parse(HealthMetricListQuery, input);
  // The next cursor holds recorded_at as the database's text: to the microsecond it stores, where
  // a Date's millisecond would skip the rest of a page's last millisecond.
  const paging = keyset<ReadingRow>('health_metrics', actor.userId, q, READING_ORDER, (r) => [String(r.recordedAt), r.id]);
  const params: unknown[] = [actor.userId];
  const where: string[] = ['user_id = $1'];
  const bind = (sql: (at: string) => string, value: unknown) => where.push(sql(`$${params.push(value)}`));
  if (q.metric !== undefined) {
    const type = metricType(q.metric);
    if (!type) throw Invalid.at(['metric'], `Unknown metric type "${q.metric}"`);
    bind((at) => `metric_type_id = ${at}`, type.id);
  }
  if (q.source !== undefined) {
    // Either letter case of its uuid source_ids (reading-sources.ts); a source no reading has, none.
    const no = await sourceNo(actor.userId, q.source);
    if (no === null) return { items: [], nextCursor: null };
    bind((at) => `source_no in (${at}, -${at}::int2)`, no);
  }
  const bound = (value: string | undefined, dateOp: string, instantOp: string) => {
    if (!value) return;
    if (value.length === 10) bind((at) => `local_date ${dateOp} ${at}::date`, value);
    else bind((at) => `recorded_at ${instantOp} ${at}::timestamptz`, value);
  };
  bound(q.from, '>=', '>=');
  bound(q.to, '<=', '<');
  if (paging.key) {
    where.push(afterKeySql(READING_KEY, params.length + 1));
    params.push(...paging.key);
  }
  const rows = await query<ReadingRow>(
    `select ${READING_COLUMNS} from health_metrics where ${where.join(' and ')}
      order by recorded_at desc, id desc limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, paging.limit, paging.offset],
  );
  const page = paging.page(rows);
  return { ...page, items: page.items.map(readingOf) };
}

/** The readings of one page, without the cursor (GraphQL's list field, MCP). */
export async function listReadings(actor: Actor, input: z.input<typeof HealthMetricListQuery>): Promise<Reading[]> {
  return (await pageReadings(actor, input)).items;
}

/** A reading's columns as READING_COLUMNS names them; the driver hands timestamps over as text. */
export type ReadingRow = {
  id: string;
  userId: string;
  metricTypeId: number;
  recordedAt: Date | string;
  localDate: string;
  value: number;
  source: string;
  sourceNo: number;
  sourceUuid: string | null;
  sourceId: string | null;
  readingGroupId: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date | string | null;
};

/**
 * Batch read for relations (the reading an accepted suggestion created) and for the changes feed,
 * which reads up to a thousand at a time: the user's readings among `ids`, by id. Plain rows, not
 * entities: nothing here is changed, and the feed's pages would otherwise pile up in the unit of work.
 */
export async function readingsByIds(actor: Actor, ids: string[]): Promise<Map<string, Reading>> {
  authorize(actor, actor.userId, 'read');
  if (!ids.length) return new Map();
  const rows = await query<ReadingRow>(
    `select ${READING_COLUMNS}
       -- By primary key first: on stale statistics the planner otherwise intersects with the user's whole index.
       from (select * from health_metrics where id = any($2::uuid[]) offset 0) h where user_id = $1`,
    [actor.userId, ids],
  );
  return new Map(rows.map((r) => [r.id, readingOf(r)]));
}

/**
 * All the user's readings, newest first, in pages: what an export walks. One cursor over the
 * (user, recorded_at) index, inside the caller's transaction: the rows are read in the order
 * they were mostly written, where reading them by id (the changes feed's order) took a lookup per
 * reading, scattered over the table when ids are random (readings from before UUIDv7).
 */
export async function* allReadings(actor: Actor, pageSize = 1000): AsyncGenerator<Reading[]> {
  authorize(actor, actor.userId, 'read');
  const pages = cursorPages<ReadingRow>(
    `select ${READING_COLUMNS} from health_metrics where user_id = $1 order by recorded_at desc, id desc`,
    [actor.userId],
    pageSize,
  );
  for await (const rows of pages) yield rows.map(readingOf);
}

/** A reading's columns, for a statement whose $1 is the user (the source's name is looked up by its number). */
export const READING_COLUMNS = `id, user_id as "userId", metric_type_id as "metricTypeId", recorded_at as "recordedAt",
  local_date::text as "localDate", value, ${sourceNameSql('source_no')} as source, source_no as "sourceNo",
  source_uuid as "sourceUuid", source_id as "sourceId", reading_group_id as "readingGroupId", metadata, created_at as "createdAt"`;
