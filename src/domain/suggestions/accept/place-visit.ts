import { z } from 'zod';
import { Invalid } from '../../../core/errors.ts';
import { dateTime, parse, uuid } from '../../../core/validation.ts';
import { em } from '../../../db/context.ts';
import { Place } from '../../places/place.entity.ts';
import { addVisit } from '../../places/visits.service.ts';
import type { AcceptHandler } from './index.ts';

/** A place_visit payload, as the capture parser stores it and as the accept body may override it. */
const VisitFields = z.object({
  place_id: uuid(),
  occurred_at: dateTime(),
  ended_at: dateTime().nullable(),
  note: z.string().max(2000).nullable(),
});
/** The accept body's overrides, and the stored payload read the same way (any field may be missing). */
const VisitOverride = VisitFields.partial();

/**
 * A place visit becomes a visit (source `suggestion`) to one of the user's places: the suggested
 * one unless the body names another. A place that is not the user's, or was deleted since, is a
 * 422 at `place_id` (the body can name another), as an unknown category is for an event.
 */
export const acceptPlaceVisit: AcceptHandler = async (actor, s, overrides) => {
  const over = parse(VisitOverride, overrides);
  const base = VisitOverride.parse(s.payload);
  const placeId = over.place_id ?? base.place_id;
  const place = placeId ? await em().findOne(Place, { id: placeId, userId: actor.userId }) : null;
  if (!place) {
    throw over.place_id
      ? Invalid.at(['place_id'], 'Unknown place', 'not_found')
      : Invalid.at(['place_id'], 'The suggested place no longer exists; name another with place_id', 'not_found');
  }
  const occurredAt = new Date(over.occurred_at ?? base.occurred_at ?? s.occurredAt ?? new Date());
  const endedText = over.ended_at !== undefined ? over.ended_at : (base.ended_at ?? null);
  const endedAt = endedText ? new Date(endedText) : null;
  if (endedAt && endedAt <= occurredAt) {
    throw Invalid.at([over.ended_at !== undefined ? 'ended_at' : 'occurred_at'], 'ended_at must be after occurred_at');
  }
  const visit = await addVisit(actor, place, {
    occurredAt,
    endedAt,
    note: over.note !== undefined ? over.note : (base.note ?? null),
    source: 'suggestion',
  });
  return { placeId: place.id, visitId: visit.id };
};
