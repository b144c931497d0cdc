import type { ImportedVisit } from '../domain/places/imported-visits.ts';

/**
 * What a format's reader yields, one record at a time, whatever the file: the pipeline counts
 * each (read = new + already present + skipped by reason) and writes them in batches through the
 * domain services. A reader never writes, and never holds more than one record of its file.
 */

/** Why a record was not imported; the counts are kept per reason. */
export type SkipReason =
  /** A point or visit without a time: never given the import's time. */
  | 'no_time'
  /** A coordinate that is not a number, or outside -90..90 / -180..180. */
  | 'bad_coordinate'
  /** A time outside 1970..(now + 1 day), or an end before its start. */
  | 'out_of_range'
  /** A record of a kind this format carries but the service does not keep (a Wi-Fi scan, an OwnTracks card). */
  | 'unmapped_type'
  /** A record (line, element, field) over its size cap: skipped, never read into memory. */
  | 'too_large'
  /** A record that is not what its format says (JSON that does not parse, a line of the wrong shape). */
  | 'malformed';

export const SKIP_REASONS: readonly SkipReason[] = ['no_time', 'bad_coordinate', 'out_of_range', 'unmapped_type', 'too_large', 'malformed'];

/** One location sample. */
export type PointRecord = { kind: 'point'; at: Date; lat: number; lng: number; accuracyM: number | null };

/**
 * A visit the source app itself recognised (Google Timeline's placeVisit / visit segments): kept
 * as a visit, not recomputed. `utcOffsetMinutes` is the offset the file gives for its start (so its
 * local day is that of the trip, not of the user's home timezone), null when it gives none.
 */
type VisitRecord = { kind: 'visit' } & ImportedVisit;

/** A name the source gives one of the user's places (Google's frequentPlaces: HOME, WORK): not a record, a hint. */
type PlaceLabelRecord = { kind: 'place_label'; placeRef: string | null; lat: number | null; lng: number | null; label: string };

/** A record the reader could not use, with where and why (`detail`, e.g. "locations[12]: no timestamp"). */
export type SkipRecord = { kind: 'skip'; reason: SkipReason; detail: string };

export type ImportRecord = PointRecord | VisitRecord | PlaceLabelRecord | SkipRecord;
