import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { Place, type PlaceSource } from './place.entity.ts';
import { PlaceCreate, PlaceListQuery, PlaceUpdate } from './places.schemas.ts';

/** A place with what its visits say about it, read from them at every answer so it cannot drift. */
export type PlaceRecord = Pick<Place, 'id' | 'userId' | 'name' | 'source' | 'createdAt' | 'updatedAt'> & {
  aliases: string[];
  lat: number;
  lng: number;
  radiusM: number;
  tags: string[] | null;
  liked: boolean | null;
  notes: string | null;
  rating: number | null;
  visitCount: number;
  lastVisitAt: Date | null;
};

/** The visit statistics of `places` (the user's), in one query. */
async function withStats(userId: string, places: Place[]): Promise<PlaceRecord[]> {
  if (places.length === 0) return [];
  const rows = await query<{ place_id: string; n: number; last: Date }>(
    `select place_id, count(*)::int as n, max(occurred_at) as last from place_visits
     where user_id = $1 and place_id = any($2::uuid[]) group by place_id`,
    [userId, places.map((p) => p.id)],
  );
  const stats = new Map(rows.map((r) => [r.place_id, r]));
  return places.map((p) => {
    const s = stats.get(p.id);
    return {
      id: p.id,
      userId: p.userId,
      name: p.name,
      aliases: p.aliases ?? [],
      lat: Number(p.lat),
      lng: Number(p.lng),
      radiusM: Number(p.radiusM),
      source: p.source,
      tags: p.tags ?? null,
      liked: p.liked ?? null,
      notes: p.notes ?? null,
      rating: p.rating == null ? null : Number(p.rating),
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      visitCount: s?.n ?? 0,
      lastVisitAt: s ? new Date(s.last) : null,
    };
  });
}

export async function ownPlace(actor: Actor, placeId: string): Promise<Place> {
  const place = await em().findOne(Place, { id: placeId, userId: actor.userId });
  if (!place) throw new NotFound('Place');
  return place;
}

/** A new place with validated fields; `source` says who made it (the user, an accepted suggestion). */
export async function insertPlace(actor: Actor, input: z.input<typeof PlaceCreate>, source: PlaceSource): Promise<Place> {
  const data = parse(PlaceCreate, input);
  const now = new Date();
  const place = em().create(Place, {
    id: newId(),
    userId: actor.userId,
    name: data.name,
    aliases: data.aliases,
    lat: data.lat,
    lng: data.lng,
    radiusM: data.radius_m,
    source,
    tags: data.tags ?? null,
    liked: data.liked ?? null,
    notes: data.notes ?? null,
    rating: data.rating ?? null,
    createdAt: now,
    updatedAt: now,
  });
  await em().flush();
  return place;
}

export async function createPlace(actor: Actor, input: z.input<typeof PlaceCreate>): Promise<PlaceRecord> {
  authorize(actor, actor.userId, 'write');
  const [record] = await withStats(actor.userId, [await insertPlace(actor, input, 'user')]);
  return record;
}

export async function listPlaces(actor: Actor, input: z.input<typeof PlaceListQuery>): Promise<PlaceRecord[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(PlaceListQuery, input);
  const places = await em().find(
    Place,
    { userId: actor.userId },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: q.limit, offset: q.offset },
  );
  return withStats(actor.userId, places);
}

export async function getPlace(actor: Actor, placeId: string): Promise<PlaceRecord> {
  authorize(actor, actor.userId, 'read');
  const [record] = await withStats(actor.userId, [await ownPlace(actor, placeId)]);
  return record;
}

/** Batch read for relations (a visit's place, a suggestion's resulting place): the user's places among `ids`. */
export async function placesByIds(actor: Actor, ids: string[]): Promise<Map<string, PlaceRecord>> {
  authorize(actor, actor.userId, 'read');
  const places = ids.length ? await em().find(Place, { userId: actor.userId, id: { $in: ids } }) : [];
  return new Map((await withStats(actor.userId, places)).map((p) => [p.id, p]));
}

export async function updatePlace(actor: Actor, placeId: string, input: z.input<typeof PlaceUpdate>): Promise<PlaceRecord> {
  authorize(actor, actor.userId, 'write');
  const data = parse(PlaceUpdate, input);
  const place = await ownPlace(actor, placeId);
  if (data.name !== undefined) place.name = data.name;
  if (data.radius_m !== undefined) place.radiusM = data.radius_m;
  if (data.aliases !== undefined) place.aliases = data.aliases;
  if (data.tags !== undefined) place.tags = data.tags;
  if (data.liked !== undefined) place.liked = data.liked;
  if (data.notes !== undefined) place.notes = data.notes;
  if (data.rating !== undefined) place.rating = data.rating;
  place.updatedAt = new Date();
  await em().flush();
  const [record] = await withStats(actor.userId, [place]);
  return record;
}

/** Deletes a place and, with it, its visits (the foreign key cascades). */
export async function deletePlace(actor: Actor, placeId: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const deleted = await em().nativeDelete(Place, { id: placeId, userId: actor.userId });
  if (deleted === 0) throw new NotFound('Place');
}
