import type { ImportRecord } from '../records.ts';
import type { RecordFormat } from './format.ts';
import { e7LatLng, googleItems, isGoogleObject, pointOr, timeOf } from './google-shared.ts';
import { accuracy, isObject, itemPlace, skip } from './values.ts';

/**
 * Google Takeout's raw location history, `Records.json` (Takeout until 2024):
 * `{"locations": [{"latitudeE7", "longitudeE7", "accuracy", "timestamp" | "timestampMs", ...}]}`.
 * Each element is one point. `timestamp` is ISO (newer exports), `timestampMs` milliseconds as a
 * string (older ones); the first that parses is used. Everything else an element carries
 * (activity, source, deviceTag, velocity, altitude, Wi-Fi scans ...) is ignored. E7 values above
 * 1800000000 are the old exports' unsigned negatives, wrapped back (see `e7`).
 */
function locationRecord(path: string, value: unknown): ImportRecord {
  if (!isObject(value)) return skip('malformed', path, 'not an object');
  return pointOr(
    path,
    timeOf(value, 'timestamp', 'timestampMs'),
    e7LatLng(value, 'latitudeE7', 'longitudeE7'),
    accuracy(value.accuracy),
    'location',
  );
}

function records(path: string, value: unknown): ImportRecord {
  const { key, index } = itemPlace(path);
  if (key !== 'locations') return skip('unmapped_type', path, 'not part of "locations"');
  if (index === null) return skip('malformed', path, '"locations" is not an array');
  return locationRecord(path, value);
}

export const googleRecords: RecordFormat = {
  name: 'google_records',
  kind: 'records',
  /** An object with a "locations" member whose first elements carry latitudeE7 (or an empty "locations"), and none of the other Google formats' keys. */
  detect(head) {
    return isGoogleObject(head, 'records') && (/"latitudeE7"\s*:/.test(head) || /"locations"\s*:\s*\[\s*\]/.test(head));
  },
  read(input) {
    return googleItems(input, 'object', 'a Google Takeout Records.json (an object with "locations")', records);
  },
};
