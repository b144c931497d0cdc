import { z } from 'zod';
import { isSourcePlaceId, settlePendingVisits } from '../../places/imported-visits.ts';
import { insertPlace } from '../../places/places.service.ts';
import { addVisit } from '../../places/visits.service.ts';
import type { AcceptHandler } from './index.ts';
import { pick } from './shared.ts';

/** What stay detection stored: the cluster's centre, a radius, and the stay that revealed it. */
const NewPlacePayload = z.object({
  lat: z.number(),
  lng: z.number(),
  radius_m: z.number(),
  started_at: z.iso.datetime(),
  ended_at: z.iso.datetime(),
  // A place an imported history went to (imported-visits.ts): its reference, name and address.
  place_ref: z.string().optional(),
  name: z.string().nullable().optional(),
});

/** Accept body fields a new place takes (validated as a place create: locs relative to the body). */
const PLACE_FIELDS = ['name', 'lat', 'lng', 'radius_m', 'tags', 'liked', 'notes', 'rating'] as const;

/**
 * A new place becomes a place (source `suggestion`) at the suggested point unless the accept body
 * moves it, named by the body or after its position, with the stay that revealed it as its first
 * visit (source `suggestion`). A place from an imported history is named as the source named it,
 * keeps the source's place id as an alias, and gets the imported visits that waited for it instead.
 */
export const acceptNewPlace: AcceptHandler = async (actor, s, overrides) => {
  const stay = NewPlacePayload.parse(s.payload);
  const ref = stay.place_ref;
  const place = await insertPlace(
    actor,
    {
      name: stay.name ?? `Place near ${stay.lat.toFixed(4)}, ${stay.lng.toFixed(4)}`,
      lat: stay.lat,
      lng: stay.lng,
      radius_m: stay.radius_m,
      ...(ref && isSourcePlaceId(ref) ? { aliases: [ref] } : {}),
      ...pick(overrides, PLACE_FIELDS),
    },
    'suggestion',
  );
  if (ref) {
    await settlePendingVisits(actor, ref, place.id);
    return { placeId: place.id };
  }
  await addVisit(actor, place, {
    occurredAt: new Date(stay.started_at),
    endedAt: new Date(stay.ended_at),
    note: null,
    source: 'suggestion',
  });
  return { placeId: place.id };
};
