import { CursorParam } from '../../core/paging.ts';
import { z } from 'zod';
import { dateTime, isoDate, Pagination } from '../../core/validation.ts';
import { Tags } from '../events/events.schemas.ts';

const Lat = z.number().min(-90).max(90);
const Lng = z.number().min(-180).max(180);
/** A radius of more than 50 km is no longer a place. */
const RadiusM = z.number().gt(0).max(50_000);

/** Metadata a place carries beside its position; each may be null (cleared). */
const metadata = {
  tags: Tags.nullable(),
  liked: z.boolean().nullable(),
  notes: z.string().max(10_000).nullable(),
  rating: z.number().min(0).max(5).nullable(),
};
const Name = z.string().trim().min(1).max(200);

/** One more name for a place, as a capture would say it: trimmed, inner whitespace collapsed, something to match. */
const Alias = z
  .string()
  .transform((a) => a.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, 'Alias must not be empty')
      .max(100)
      // An empty alias has its own issue (min) and no second one here.
      .refine((a) => a === '' || /[\p{L}\p{N}]/u.test(a), 'Alias must contain a letter or a digit'),
  );
/** The whole list (a PATCH replaces it, [] clears it); a repeat in any case is dropped, the first spelling kept. */
const Aliases = z
  .array(Alias)
  .max(20)
  .transform((list) => list.filter((a, i) => list.findIndex((b) => b.toLowerCase() === a.toLowerCase()) === i));

export const PlaceCreate = z
  .object({
    name: Name,
    lat: Lat,
    lng: Lng,
    radius_m: RadiusM.default(100),
    aliases: Aliases.default([]),
    ...z.object(metadata).partial().shape,
  })
  .meta({ id: 'PlaceCreate' });

/** PATCH as the spec's PlaceUpdate: omitted stays, null clears a metadata field; name, radius and aliases cannot be null. */
export const PlaceUpdate = z
  .object({ name: Name, radius_m: RadiusM, aliases: Aliases, ...metadata })
  .partial()
  .meta({ id: 'PlaceUpdate' });

export const PlaceListQuery = z.object({ ...Pagination }).meta({ id: 'PlaceListQuery' });

export const PlaceVisitCreate = z
  .object({
    occurred_at: dateTime(),
    ended_at: dateTime().nullable(),
    local_date: isoDate(),
    note: z.string().max(2000).nullable(),
  })
  .partial()
  .meta({ id: 'PlaceVisitCreate' });

export const VisitListQuery = z.object({ ...Pagination, ...CursorParam }).meta({ id: 'PlaceVisitListQuery' });
/** A place's newest visits as a relation (GraphQL's Place.visits): a limit, no paging. */
export const PlaceVisitsQuery = z.object({ limit: Pagination.limit });

/** from/to as everywhere: a date is the user's local day (inclusive), a date-time an instant (to exclusive). */
export const LocationHistoryQuery = z
  .object({
    from: dateTime().or(isoDate()).optional(),
    to: dateTime().or(isoDate()).optional(),
    ...Pagination,
    ...CursorParam,
  })
  .meta({ id: 'LocationHistoryQuery' });

const MAX_SAMPLES = 10_000;
const LocationSample = z.object({
  lat: Lat,
  lng: Lng,
  recorded_at: dateTime(),
  accuracy_m: z.number().min(0).finite().nullable().optional(),
});
export const LocationBatch = z
  .object({ samples: z.array(LocationSample).max(MAX_SAMPLES, `At most ${MAX_SAMPLES} samples per request`) })
  .meta({ id: 'LocationBatch' });

/** Every OwnTracks message names its type (https://owntracks.org/booklet/tech/json/): a body without one is not the app's. */
export const OwnTracksMessage = z.looseObject({ _type: z.string().min(1).max(50) }).meta({ id: 'OwnTracksMessage' });
/** The app's queue, sent at once: as many as POST …/locations takes. */
export const OwnTracksQueue = z.array(OwnTracksMessage).max(MAX_SAMPLES, `At most ${MAX_SAMPLES} messages per request`);
export const OwnTracksBody = z.union([OwnTracksMessage, OwnTracksQueue]).meta({ id: 'OwnTracksBody' });
