import { authorize, type Actor } from '../../core/actor.ts';
import { localDateOf } from '../../core/clock.ts';
import { newId } from '../../core/ids.ts';
import { query } from '../../db/sql.ts';
import { createSuggestions } from '../inbox/inbox.ts';
import { loadUser } from '../users/users.service.ts';
import { distanceM } from './stays.ts';

/**
 * A visit another app recognised (Google Timeline's): kept as a visit of source `import` at the
 * user's matching place, or, when they have none there yet, waiting for the place the new-place
 * suggestion made for it becomes.
 */
export type ImportedVisit = {
  start: Date;
  end: Date;
  /** The offset the source gives for the start (a trip abroad): the visit's local day is in it. */
  utcOffsetMinutes: number | null;
  lat: number;
  lng: number;
  /** The source's id for the place (Google's placeId), kept as the place's alias. */
  placeRef: string | null;
  name: string | null;
  address: string | null;
};

/** A place the imported visits went to that the user does not have: what its suggestion says. */
export type UnknownPlace = {
  ref: string;
  lat: number;
  lng: number;
  name: string | null;
  address: string | null;
  first: { start: Date; end: Date };
  visits: number;
};

type KnownPlace = { id: string; lat: number; lng: number; radius_m: number; aliases: string[] };

const geoRef = (lat: number, lng: number) => `geo:${lat.toFixed(4)},${lng.toFixed(4)}`;

/** The day of `at` in a fixed offset (minutes east of UTC). */
const dayInOffset = (at: Date, offsetMinutes: number) => new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);

/** The place a visit was at: the one whose alias is the source's place id, else the nearest whose radius holds it. */
function matchPlace(v: ImportedVisit, places: KnownPlace[]): KnownPlace | undefined {
  if (v.placeRef) {
    const named = places.find((p) => p.aliases.includes(v.placeRef!));
    if (named) return named;
  }
  let best: { place: KnownPlace; d: number } | undefined;
  for (const p of places) {
    const d = distanceM(v, p);
    if (d <= p.radius_m && (!best || d < best.d)) best = { place: p, d };
  }
  return best?.place;
}

/**
 * Stores a batch of imported visits; one already imported (the same place reference or position
 * and start second) is skipped. Answers how many were new, and the places not yet known, with
 * what their suggestion needs (merged into `unknown`, by reference).
 */
export async function importVisits(actor: Actor, visits: ImportedVisit[], unknown: Map<string, UnknownPlace>): Promise<number> {
  authorize(actor, actor.userId, 'write');
  if (!visits.length) return 0;
  const { timezone } = await loadUser(actor.userId);
  const places = await query<KnownPlace>(`select id, lat, lng, radius_m, aliases from places where user_id = $1`, [actor.userId]);
  const known: object[] = [];
  const pending: object[] = [];
  for (const v of visits) {
    const ref = v.placeRef ?? geoRef(v.lat, v.lng);
    const row = {
      key: `${ref}@${Math.floor(v.start.getTime() / 1000)}`,
      start: v.start.toISOString(),
      // A visit's end is after its start (or there is none): a zero-length visit has none.
      stop: v.end.getTime() > v.start.getTime() ? v.end.toISOString() : null,
      day: v.utcOffsetMinutes === null ? localDateOf(v.start, timezone) : dayInOffset(v.start, v.utcOffsetMinutes),
    };
    const place = matchPlace(v, places);
    if (place) {
      known.push({ ...row, id: newId(), place: place.id });
      continue;
    }
    pending.push({ ...row, ref });
    const seen = unknown.get(ref);
    if (seen) seen.visits++;
    else
      unknown.set(ref, { ref, lat: v.lat, lng: v.lng, name: v.name, address: v.address, first: { start: v.start, end: v.end }, visits: 1 });
  }
  let created = 0;
  if (known.length) {
    const [r] = await query<{ n: number }>(
      `with ins as (
         insert into place_visits (id, user_id, place_id, occurred_at, ended_at, local_date, note, source, created_at, import_key)
         select r.id, $1, r.place, r.start, r.stop, r.day, null, 'import', now(), r.key
         from jsonb_to_recordset($2::jsonb) as r(id uuid, place uuid, start timestamptz, stop timestamptz, day date, key text)
         on conflict do nothing returning 1)
       select count(*)::int as n from ins`,
      [actor.userId, JSON.stringify(known)],
    );
    created += r.n;
  }
  if (pending.length) {
    const [r] = await query<{ n: number }>(
      `with ins as (
         insert into import_pending_visits (user_id, import_key, place_ref, occurred_at, ended_at, local_date)
         select $1, r.key, r.ref, r.start, r.stop, r.day
         from jsonb_to_recordset($2::jsonb) as r(key text, ref text, start timestamptz, stop timestamptz, day date)
         -- already imported: waiting still, or a visit since its place was made
         where not exists (select 1 from place_visits w where w.user_id = $1 and w.import_key = r.key)
         on conflict do nothing returning 1)
       select count(*)::int as n from ins`,
      [actor.userId, JSON.stringify(pending)],
    );
    created += r.n;
  }
  return created;
}

/** How a frequent-place label reads as a place's name. */
const labelName = (label: string) => label.charAt(0).toUpperCase() + label.slice(1).toLowerCase().replaceAll('_', ' ');

/**
 * One new-place suggestion per place the imported visits went to that the user does not have and
 * was not asked about before (by any earlier import); the source's labels (HOME, WORK) name them.
 * They do not expire: accepting one turns its waiting visits into visits.
 */
export async function suggestImportedPlaces(
  actor: Actor,
  unknown: Map<string, UnknownPlace>,
  labels: Map<string, string>,
): Promise<number> {
  authorize(actor, actor.userId, 'write');
  if (!unknown.size) return 0;
  const asked = await query<{ ref: string }>(
    `select payload->>'place_ref' as ref from suggestions where user_id = $1 and kind = 'new_place' and payload->>'place_ref' = any($2::text[])`,
    [actor.userId, [...unknown.keys()]],
  );
  const skip = new Set(asked.map((a) => a.ref));
  const made = await createSuggestions(
    actor.userId,
    [...unknown.values()]
      .filter((p) => !skip.has(p.ref))
      .map((p) => {
        const label = labels.get(p.ref);
        const name = label ? labelName(label) : p.name;
        const where = name ?? p.address ?? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;
        return {
          kind: 'new_place' as const,
          source: 'location' as const,
          title: name ? `A new place: ${name}?` : 'A new place?',
          summary: `Your imported location history has ${p.visits} visit${p.visits === 1 ? '' : 's'} to ${where}, at none of your places`,
          occurredAt: p.first.start,
          windowStart: p.first.start,
          windowEnd: p.first.end,
          expiresAt: null,
          payload: {
            lat: p.lat,
            lng: p.lng,
            radius_m: 100,
            started_at: p.first.start.toISOString(),
            ended_at: p.first.end.toISOString(),
            place_ref: p.ref,
            name,
            address: p.address,
            visits: p.visits,
          },
          provenance: { rule: 'imported_visits' },
        };
      }),
  );
  return made.length;
}

/** The visits that waited for a place under `ref`, now visits to `placeId` (the user accepted its suggestion). */
export async function settlePendingVisits(actor: Actor, ref: string, placeId: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  await query(
    `with moved as (delete from import_pending_visits where user_id = $1 and place_ref = $2 returning *)
     insert into place_visits (id, user_id, place_id, occurred_at, ended_at, local_date, note, source, created_at, import_key)
     select gen_random_uuid(), $1, $3, occurred_at, ended_at, local_date, null, 'import', now(), import_key from moved
     on conflict do nothing`,
    [actor.userId, ref, placeId],
  );
}

/** Whether a place reference is the source's own id (kept as an alias), not a position made up for it. */
export const isSourcePlaceId = (ref: string) => !ref.startsWith('geo:');
