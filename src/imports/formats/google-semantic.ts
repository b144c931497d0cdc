import type { ImportRecord } from '../records.ts';
import type { RecordFormat } from './format.ts';
import { e7LatLng, googleItems, isGoogleObject, pointOr, timeOf } from './google-shared.ts';
import { accuracy, isObject, itemPlace, skip, text, type Json } from './values.ts';

/**
 * Google Takeout's Semantic Location History, one file a month (`2019_MARCH.json`):
 * `{"timelineObjects": [{"placeVisit": {...}} | {"activitySegment": {...}}]}`. Durations are
 * `startTimestamp`/`endTimestamp` (ISO, with or without milliseconds, Z or an offset) or, in older
 * files, `startTimestampMs`/`endTimestampMs` (milliseconds as strings).
 *
 * What counts, per timeline object:
 * - placeVisit → one visit (location.latitudeE7/longitudeE7, else centerLatE7/centerLngE7;
 *   placeRef = location.placeId; name; address; the offset written in its ISO start), then one point
 *   per simplifiedRawPath point. Each childVisits entry (a visit nested in this one, a shop in a
 *   mall) → unmapped_type: its time is already the parent's. otherCandidateLocations (Google's
 *   other guesses for the same visit) are not records and are ignored.
 * - activitySegment → a point at the start location at the start time, one point per
 *   simplifiedRawPath point, a point at the end location at the end time, a point for its
 *   parkingEvent (where and when the car was left) if it has one; then one no_time skip per
 *   waypointPath waypoint and per transitPath transit stop (positions without a time).
 *   Activity types, distances and confidences are not kept.
 * - an object with neither → unmapped_type; a placeVisit or activitySegment that is not an
 *   object → malformed.
 */
function* placeVisit(path: string, v: unknown): Generator<ImportRecord> {
  if (!isObject(v)) {
    yield skip('malformed', path, 'placeVisit is not an object');
    return;
  }
  const duration = isObject(v.duration) ? v.duration : {};
  const start = timeOf(duration, 'startTimestamp', 'startTimestampMs');
  const end = timeOf(duration, 'endTimestamp', 'endTimestampMs');
  const location = isObject(v.location) ? v.location : {};
  const at = e7LatLng(location, 'latitudeE7', 'longitudeE7') ?? e7LatLng(v, 'centerLatE7', 'centerLngE7');
  if (start === 'absent' || end === 'absent')
    yield skip('no_time', path, `visit without ${start === 'absent' ? 'a start' : 'an end'} time`);
  else if (start === 'malformed' || end === 'malformed')
    yield skip('malformed', path, `visit with an unreadable ${start === 'malformed' ? 'start' : 'end'} time`);
  else if (!at) yield skip('bad_coordinate', path, 'visit without coordinates');
  else {
    yield {
      kind: 'visit',
      start: start.at,
      end: end.at,
      utcOffsetMinutes: start.offsetMinutes,
      lat: at.lat,
      lng: at.lng,
      placeRef: text(location.placeId),
      name: text(location.name),
      address: text(location.address),
    };
  }
  yield* rawPath(`${path}.simplifiedRawPath`, v.simplifiedRawPath);
  if (Array.isArray(v.childVisits)) {
    for (let i = 0; i < v.childVisits.length; i++) {
      yield skip('unmapped_type', `${path}.childVisits[${i}]`, 'a visit nested in its parent, kept as the parent');
    }
  }
}

function* rawPath(path: string, v: unknown): Generator<ImportRecord> {
  if (!isObject(v) || !Array.isArray(v.points)) return;
  for (let i = 0; i < v.points.length; i++) {
    const p: unknown = v.points[i];
    const at = `${path}.points[${i}]`;
    if (!isObject(p)) yield skip('malformed', at, 'not an object');
    else
      yield pointOr(
        at,
        timeOf(p, 'timestamp', 'timestampMs'),
        e7LatLng(p, 'latE7', 'lngE7'),
        accuracy(p.accuracyMeters ?? p.accuracyMetres),
      );
  }
}

function* noTimes(path: string, list: unknown, what: string): Generator<ImportRecord> {
  if (!Array.isArray(list)) return;
  for (let i = 0; i < list.length; i++) yield skip('no_time', `${path}[${i}]`, `${what} without a time`);
}

function* activitySegment(path: string, v: unknown): Generator<ImportRecord> {
  if (!isObject(v)) {
    yield skip('malformed', path, 'activitySegment is not an object');
    return;
  }
  const duration = isObject(v.duration) ? v.duration : {};
  const endpoint = (key: 'startLocation' | 'endLocation', time: ReturnType<typeof timeOf>) => {
    const loc: Json = isObject(v[key]) ? v[key] : {};
    return pointOr(
      `${path}.${key}`,
      time,
      e7LatLng(loc, 'latitudeE7', 'longitudeE7'),
      accuracy(loc.accuracyMeters ?? loc.accuracyMetres),
      key,
    );
  };
  yield endpoint('startLocation', timeOf(duration, 'startTimestamp', 'startTimestampMs'));
  yield* rawPath(`${path}.simplifiedRawPath`, v.simplifiedRawPath);
  yield endpoint('endLocation', timeOf(duration, 'endTimestamp', 'endTimestampMs'));
  if (isObject(v.parkingEvent)) {
    const parking = v.parkingEvent;
    const loc: Json = isObject(parking.location) ? parking.location : {};
    yield pointOr(
      `${path}.parkingEvent`,
      timeOf(parking, 'timestamp', 'timestampMs'),
      e7LatLng(loc, 'latitudeE7', 'longitudeE7'),
      accuracy(loc.accuracyMetres ?? loc.accuracyMeters),
      'parking event',
    );
  }
  if (isObject(v.waypointPath)) yield* noTimes(`${path}.waypointPath.waypoints`, v.waypointPath.waypoints, 'waypoint');
  if (isObject(v.transitPath)) yield* noTimes(`${path}.transitPath.transitStops`, v.transitPath.transitStops, 'transit stop');
}

function* timelineObject(path: string, value: unknown): Generator<ImportRecord> {
  const { key, index } = itemPlace(path);
  if (key !== 'timelineObjects') {
    yield skip('unmapped_type', path, 'not part of "timelineObjects"');
    return;
  }
  if (index === null) {
    yield skip('malformed', path, '"timelineObjects" is not an array');
    return;
  }
  if (!isObject(value)) {
    yield skip('malformed', path, 'not an object');
    return;
  }
  const known = 'placeVisit' in value || 'activitySegment' in value;
  if ('placeVisit' in value) yield* placeVisit(`${path}.placeVisit`, value.placeVisit);
  if ('activitySegment' in value) yield* activitySegment(`${path}.activitySegment`, value.activitySegment);
  if (!known) yield skip('unmapped_type', path, 'neither a placeVisit nor an activitySegment');
}

export const googleSemantic: RecordFormat = {
  name: 'google_semantic',
  kind: 'records',
  /** An object with a "timelineObjects" member and none of the other Google formats' keys. */
  detect: (head) => isGoogleObject(head, 'semantic'),
  read(input) {
    return googleItems(
      input,
      'object',
      'a Google Takeout Semantic Location History file (an object with "timelineObjects")',
      (path, value) => Array.from(timelineObject(path, value)),
    );
  },
};
