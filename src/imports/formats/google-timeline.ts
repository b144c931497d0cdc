import type { ImportRecord } from '../records.ts';
import type { RecordFormat } from './format.ts';
import { googleItems, headKeys, isGoogleObject, latLng, pointOr, timeOf, type TimeResult } from './google-shared.ts';
import { accuracy, isObject, itemPlace, num, skip, text, type Json } from './values.ts';

/**
 * The on-device Timeline export (since 2024 Google keeps Timeline on the phone), in its two
 * dialects. Both are lists of segments with `startTime`/`endTime` (ISO with the local offset) and
 * one of `visit`, `activity`, `timelinePath` or `timelineMemory`:
 *
 * - Android, `Timeline.json`: `{"semanticSegments": [...], "rawSignals": [...], "userLocationProfile": {...}}`;
 *   positions are "48.8566°, 2.3522°" (`visit.topCandidate.placeLocation.latLng`,
 *   `activity.start.latLng`, `timelinePath[].point`), path points have their own `time`.
 * - iOS, `location-history.json`: a top-level array of segments; positions are "geo:48.8566,2.3522",
 *   numbers are strings, the place id is `placeID`, path points have
 *   `durationMinutesOffsetFromStartTime` (minutes after the segment's start).
 *
 * One liberal segment reader serves both (either spelling of positions, ids, point times):
 * - visit → a visit (utcOffsetMinutes: startTimeTimezoneUtcOffsetMinutes, else the offset written in
 *   startTime, null for Z). A visit with hierarchyLevel above 0 is nested in another visit of the
 *   same time (Google lists both) → unmapped_type, as the semantic history's childVisits.
 * - activity → a point at its start at startTime and one at its end at endTime (a start or end
 *   without a position → bad_coordinate). Its type and distance are not kept.
 * - timelinePath → a point each, at its `time`, else startTime + durationMinutesOffsetFromStartTime;
 *   a point with neither → no_time (it is not given the segment's start).
 * - timelineMemory (trip summaries), or a segment with none of these → unmapped_type.
 * Android only: rawSignals `position` → a point (LatLng, accuracyMeters, timestamp); `wifiScan`,
 * `activityRecord` and any other signal → unmapped_type. userLocationProfile → one place_label per
 * frequentPlaces entry with a label (one without → unmapped_type); its persona and frequentTrips are
 * summaries, not records, and are ignored.
 */
function segmentRecords(path: string, seg: unknown): ImportRecord[] {
  if (!isObject(seg)) return [skip('malformed', path, 'not an object')];
  const out: ImportRecord[] = [];
  const start = timeOf(seg, 'startTime');
  const end = timeOf(seg, 'endTime');
  let known = false;
  if ('visit' in seg) {
    known = true;
    out.push(visitRecord(`${path}.visit`, seg, start, end));
  }
  if ('activity' in seg) {
    known = true;
    const a = seg.activity;
    if (!isObject(a)) out.push(skip('malformed', `${path}.activity`, 'not an object'));
    else {
      out.push(pointOr(`${path}.activity.start`, start, latLng(a.start), null, 'activity start'));
      out.push(pointOr(`${path}.activity.end`, end, latLng(a.end), null, 'activity end'));
    }
  }
  if ('timelinePath' in seg) {
    known = true;
    if (!Array.isArray(seg.timelinePath)) out.push(skip('malformed', `${path}.timelinePath`, 'not an array'));
    else {
      for (let i = 0; i < seg.timelinePath.length; i++) out.push(pathPoint(`${path}.timelinePath[${i}]`, seg.timelinePath[i], start));
    }
  }
  if ('timelineMemory' in seg) {
    known = true;
    out.push(skip('unmapped_type', `${path}.timelineMemory`, 'a trip summary, not kept'));
  }
  if (!known) out.push(skip('unmapped_type', path, 'a segment without visit, activity or timelinePath'));
  return out;
}

function visitRecord(path: string, seg: Json, start: TimeResult, end: TimeResult): ImportRecord {
  if (!isObject(seg.visit)) return skip('malformed', path, 'not an object');
  const visit = seg.visit;
  const level = num(visit.hierarchyLevel);
  if (level !== null && level > 0) return skip('unmapped_type', path, `a visit nested in another (hierarchyLevel ${level})`);
  if (start === 'absent' || end === 'absent')
    return skip('no_time', path, `visit without ${start === 'absent' ? 'a start' : 'an end'} time`);
  if (start === 'malformed' || end === 'malformed') {
    return skip('malformed', path, `visit with an unreadable ${start === 'malformed' ? 'start' : 'end'} time`);
  }
  const candidate: Json = isObject(visit.topCandidate) ? visit.topCandidate : {};
  const at = latLng(candidate.placeLocation);
  if (!at) return skip('bad_coordinate', path, 'visit without coordinates');
  const offset = num(seg.startTimeTimezoneUtcOffsetMinutes);
  return {
    kind: 'visit',
    start: start.at,
    end: end.at,
    utcOffsetMinutes: offset !== null && Math.abs(offset) <= 18 * 60 ? Math.round(offset) : start.offsetMinutes,
    lat: at.lat,
    lng: at.lng,
    placeRef: text(candidate.placeId ?? candidate.placeID),
    name: null,
    address: null,
  };
}

function pathPoint(path: string, p: unknown, start: TimeResult): ImportRecord {
  if (!isObject(p)) return skip('malformed', path, 'not an object');
  let time = timeOf(p, 'time');
  if (time === 'absent' && p.durationMinutesOffsetFromStartTime !== undefined && p.durationMinutesOffsetFromStartTime !== null) {
    const minutes = num(p.durationMinutesOffsetFromStartTime);
    if (minutes === null || start === 'malformed') time = 'malformed';
    else if (start !== 'absent') time = { at: new Date(start.at.getTime() + minutes * 60_000), offsetMinutes: start.offsetMinutes };
  }
  return pointOr(path, time, latLng(p.point), accuracy(p.accuracyMeters));
}

function rawSignal(path: string, s: unknown): ImportRecord {
  if (!isObject(s)) return skip('malformed', path, 'not an object');
  if (isObject(s.position)) {
    const p = s.position;
    return pointOr(`${path}.position`, timeOf(p, 'timestamp'), latLng(p.LatLng ?? p.latLng), accuracy(p.accuracyMeters), 'position');
  }
  if ('wifiScan' in s) return skip('unmapped_type', path, 'a Wi-Fi scan');
  if ('activityRecord' in s) return skip('unmapped_type', path, 'an activity record');
  if ('position' in s) return skip('malformed', `${path}.position`, 'not an object');
  return skip('unmapped_type', path, 'an unknown signal');
}

function profileRecords(path: string, profile: unknown): ImportRecord[] {
  if (!isObject(profile)) return [skip('malformed', path, 'not an object')];
  const places = profile.frequentPlaces;
  if (places === undefined) return [];
  if (!Array.isArray(places)) return [skip('malformed', `${path}.frequentPlaces`, 'not an array')];
  return places.map((place: unknown, i): ImportRecord => {
    const at = `${path}.frequentPlaces[${i}]`;
    if (!isObject(place)) return skip('malformed', at, 'not an object');
    const label = text(place.label);
    if (label === null) return skip('unmapped_type', at, 'a frequent place without a label');
    const position = latLng(place.placeLocation);
    return {
      kind: 'place_label',
      placeRef: text(place.placeId ?? place.placeID),
      lat: position?.lat ?? null,
      lng: position?.lng ?? null,
      label,
    };
  });
}

function androidRecords(path: string, value: unknown): ImportRecord | ImportRecord[] {
  const { key, index } = itemPlace(path);
  switch (key) {
    case 'semanticSegments':
      return index === null ? [skip('malformed', path, 'not an array')] : segmentRecords(path, value);
    case 'rawSignals':
      return index === null ? skip('malformed', path, 'not an array') : rawSignal(path, value);
    case 'userLocationProfile':
      return index === null ? profileRecords(path, value) : [skip('malformed', path, 'userLocationProfile is not an object')];
    default:
      return skip('unmapped_type', path, 'not a Timeline section');
  }
}

export const googleTimelineAndroid: RecordFormat = {
  name: 'google_timeline_android',
  kind: 'records',
  /** An object with "semanticSegments", "rawSignals" or "userLocationProfile", and none of the Takeout formats' keys. */
  detect: (head) => isGoogleObject(head, 'android'),
  read(input) {
    return googleItems(input, 'object', 'an Android Timeline.json (an object with "semanticSegments")', androidRecords);
  },
};

const IOS_SEGMENT_KINDS = ['visit', 'activity', 'timelinePath', 'timelineMemory'];

export const googleTimelineIos: RecordFormat = {
  name: 'google_timeline_ios',
  kind: 'records',
  /**
   * A top-level array whose first element has "startTime" and one of visit/activity/timelinePath/
   * timelineMemory (and no OwnTracks "_type"), with a "geo:" position in the first bytes.
   */
  detect(head) {
    const { top, keys } = headKeys(head);
    return (
      top === 'array' && keys.has('startTime') && IOS_SEGMENT_KINDS.some((k) => keys.has(k)) && !keys.has('_type') && head.includes('"geo:')
    );
  },
  read(input) {
    return googleItems(input, 'array', 'an iOS Timeline export (an array of segments)', segmentRecords);
  },
};
