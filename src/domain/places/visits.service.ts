import { afterKeySql, keyset, type Keyset, type Page, type SortKey } from '../../core/paging.ts';
import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { localDateOf } from '../../core/clock.ts';
import { Invalid, NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { loadUser } from '../users/users.service.ts';
import { PlaceVisit, type Place, type VisitSource } from './place.entity.ts';
import { ownPlace } from './places.service.ts';
import { LocationHistoryQuery, PlaceVisitCreate, PlaceVisitsQuery, VisitListQuery } from './places.schemas.ts';

/** A visit with its place's name and position, as every visit list shows it (manual and detected alike). */
export type VisitRecord = {
  id: string;
  placeId: string;
  placeName: string;
  lat: number;
  lng: number;
  occurredAt: Date;
  endedAt: Date | null;
  localDate: string | null;
  note: string | null;
  source: VisitSource;
};

type VisitRow = {
  id: string;
  place_id: string;
  place_name: string;
  lat: number;
  lng: number;
  occurred_at: Date;
  ended_at: Date | null;
  local_date: string | null;
  note: string | null;
  source: VisitSource;
};

const SELECT = `select v.id, v.place_id, p.name as place_name, p.lat, p.lng, v.occurred_at, v.ended_at,
  v.local_date::text as local_date, v.note, v.source
  from place_visits v join places p on p.id = v.place_id and p.user_id = v.user_id`;

const record = (r: VisitRow): VisitRecord => ({
  id: r.id,
  placeId: r.place_id,
  placeName: r.place_name,
  lat: Number(r.lat),
  lng: Number(r.lng),
  occurredAt: new Date(r.occurred_at),
  endedAt: r.ended_at ? new Date(r.ended_at) : null,
  localDate: r.local_date,
  note: r.note,
  source: r.source,
});

const VISIT_ORDER = [
  { field: 'occurredAt', direction: 'desc' },
  { field: 'id', direction: 'desc' },
] as const satisfies readonly SortKey[];
const VISIT_COLUMNS = [
  { column: 'v.occurred_at', direction: 'desc' },
  { column: 'v.id', direction: 'desc' },
] as const;

/** The user's visits matching `where` (SQL over v and p, binding from $2), newest first, one page of them. */
async function selectVisits(userId: string, where: string, params: unknown[], paging: Keyset<VisitRecord>): Promise<Page<VisitRecord>> {
  const after = paging.key ? `and ${afterKeySql(VISIT_COLUMNS, params.length + 2)}` : '';
  const args = [userId, ...params, ...(paging.key ?? [])];
  const n = args.length;
  const rows = await query<VisitRow>(
    `${SELECT} where v.user_id = $1 ${where} ${after} order by v.occurred_at desc, v.id desc limit $${n + 1} offset $${n + 2}`,
    [...args, paging.limit, paging.offset],
  );
  return paging.page(rows.map(record));
}

const visitKey = (v: VisitRecord) => [v.occurredAt, v.id];

/** A new visit to one of the user's places (a typed call: createVisit validates a client's body first). */
export async function addVisit(
  actor: Actor,
  place: Pick<Place, 'id' | 'name' | 'lat' | 'lng'>,
  v: { occurredAt: Date; endedAt: Date | null; localDate?: string; note: string | null; source: VisitSource },
): Promise<VisitRecord> {
  authorize(actor, actor.userId, 'write');
  const localDate = v.localDate ?? localDateOf(v.occurredAt, (await loadUser(actor.userId)).timezone);
  const id = newId();
  em().create(PlaceVisit, { id, userId: actor.userId, placeId: place.id, ...v, localDate, createdAt: new Date() });
  await em().flush();
  return { id, placeId: place.id, placeName: place.name, lat: Number(place.lat), lng: Number(place.lng), ...v, localDate };
}

/** Rule 11: occurred_at defaults to now and local_date is stamped from the user's timezone when omitted. */
export async function createVisit(actor: Actor, placeId: string, input: z.input<typeof PlaceVisitCreate>): Promise<VisitRecord> {
  authorize(actor, actor.userId, 'write');
  const data = parse(PlaceVisitCreate, input ?? {});
  const place = await ownPlace(actor, placeId);
  const occurredAt = data.occurred_at ? new Date(data.occurred_at) : new Date();
  const endedAt = data.ended_at ? new Date(data.ended_at) : null;
  // Checked here rather than in the schema: occurred_at may be the defaulted now.
  if (endedAt && endedAt <= occurredAt) throw Invalid.at(['ended_at'], 'ended_at must be after occurred_at');
  return addVisit(actor, place, { occurredAt, endedAt, localDate: data.local_date, note: data.note ?? null, source: 'manual' });
}

export async function pageVisits(actor: Actor, placeId: string, input: z.input<typeof VisitListQuery>): Promise<Page<VisitRecord>> {
  authorize(actor, actor.userId, 'read');
  const q = parse(VisitListQuery, input);
  await ownPlace(actor, placeId);
  const paging = keyset('place_visits', actor.userId, { ...q, place_id: placeId }, VISIT_ORDER, visitKey);
  return selectVisits(actor.userId, 'and v.place_id = $2', [placeId], paging);
}

/** One page of a place's visits, without its cursor. */
export async function listVisits(actor: Actor, placeId: string, input: z.input<typeof VisitListQuery>): Promise<VisitRecord[]> {
  return (await pageVisits(actor, placeId, input)).items;
}

/** Manual, detected and accepted visits together, newest first; a date is the user's local day, a date-time an instant. */
export async function pageLocationHistory(actor: Actor, input: z.input<typeof LocationHistoryQuery>): Promise<Page<VisitRecord>> {
  authorize(actor, actor.userId, 'read');
  const q = parse(LocationHistoryQuery, input);
  const clauses: string[] = [];
  const params: unknown[] = [];
  const bound = (value: string | undefined, onDay: string, onInstant: string) => {
    if (!value) return;
    params.push(value.length === 10 ? value : new Date(value));
    clauses.push(`and ${value.length === 10 ? onDay : onInstant} $${params.length + 1}`);
  };
  bound(q.from, 'v.local_date >=', 'v.occurred_at >=');
  bound(q.to, 'v.local_date <=', 'v.occurred_at <');
  return selectVisits(actor.userId, clauses.join(' '), params, keyset('location_history', actor.userId, q, VISIT_ORDER, visitKey));
}

/** One page of the location history, without its cursor (GraphQL's list field, MCP). */
export async function locationHistory(actor: Actor, input: z.input<typeof LocationHistoryQuery>): Promise<VisitRecord[]> {
  return (await pageLocationHistory(actor, input)).items;
}

/** Batch read for relations (an accepted suggestion's resulting visit): the user's visits among `ids`, by id. */
export async function visitsByIds(actor: Actor, ids: string[]): Promise<Map<string, VisitRecord>> {
  authorize(actor, actor.userId, 'read');
  if (ids.length === 0) return new Map();
  const rows = await query<VisitRow>(`${SELECT} where v.user_id = $1 and v.id = any($2::uuid[])`, [actor.userId, ids]);
  return new Map(rows.map((r) => [r.id, record(r)]));
}

type VisitBatch = (actor: Actor, ids: string[]) => Promise<Map<string, VisitRecord[]>>;
const visitBatches = new Map<number, VisitBatch>();

/**
 * Batch read for Place.visits(limit): each of the user's places among `ids` with its newest
 * `limit` visits, in one query however many places a page holds. One function per limit, so a
 * request's loader (keyed by the function) batches every place asking for the same limit.
 */
export function placeVisitsBatch(input: z.input<typeof PlaceVisitsQuery>): VisitBatch {
  const { limit } = parse(PlaceVisitsQuery, input);
  let batch = visitBatches.get(limit);
  if (!batch) {
    batch = async (actor, ids) => {
      authorize(actor, actor.userId, 'read');
      const out = new Map<string, VisitRecord[]>(ids.map((id) => [id, []]));
      if (ids.length === 0) return out;
      const rows = await query<VisitRow>(
        `select * from (
           select s.*, row_number() over (partition by s.place_id order by s.occurred_at desc, s.id desc) as k
           from (${SELECT} where v.user_id = $1 and v.place_id = any($2::uuid[])) s
         ) ranked where k <= $3 order by occurred_at desc, id desc`,
        [actor.userId, ids, limit],
      );
      for (const r of rows) out.get(r.place_id)?.push(record(r));
      return out;
    };
    visitBatches.set(limit, batch);
  }
  return batch;
}

/** The user's detected visits overlapping [lo, hi], newest first: what a location batch reports. */
export async function visitsDetectedBetween(userId: string, lo: Date, hi: Date): Promise<VisitRecord[]> {
  const rows = await query<VisitRow>(
    `${SELECT} where v.user_id = $1 and v.source = 'detected' and v.occurred_at <= $3 and coalesce(v.ended_at, v.occurred_at) >= $2
     order by v.occurred_at desc, v.id desc`,
    [userId, lo, hi],
  );
  return rows.map(record);
}

export async function deleteVisit(actor: Actor, visitId: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const deleted = await em().nativeDelete(PlaceVisit, { id: visitId, userId: actor.userId });
  if (deleted === 0) throw new NotFound('Visit');
}
