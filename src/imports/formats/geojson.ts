import type { Readable } from 'node:stream';
import { Invalid } from '../../core/errors.ts';
import { jsonItems } from '../json-items.ts';
import type { ImportRecord } from '../records.ts';
import type { RecordFormat } from './format.ts';
import { jsonDetect, timeSkip, timeValue, type TimeResult } from './track-values.ts';
import { MAX_RECORD_BYTES, accuracy, isObject, itemPlace, num, point, skip, type Json } from './values.ts';

/**
 * GeoJSON (RFC 7946) with times in the features' properties: a FeatureCollection (its
 * `features` streamed one by one with jsonItems, whatever the order of its members), a single
 * Feature, or a top-level array of Features. Each Feature is parsed alone, under the 1 MiB cap
 * (over it: one skip `too_large`; not JSON: `malformed`).
 *
 * - Point: one point. Its time is the first of `properties.time`, `timestamp`, `datetime`,
 *   `date`, `when`, `recorded_at`, `created_at` that is present and not null or "" (in that
 *   order, so Dawarich's export, which has both `timestamp` and the row's `created_at`, is read
 *   by its `timestamp`). A time is ISO text (Z, an offset or none: UTC) or an epoch number (or a
 *   string of digits): below 1e11 seconds, below 1e14 milliseconds (1e11 ms is March 1973, 1e11 s
 *   the year 5138), larger microseconds or nanoseconds. A date without a time of day → `no_time`.
 * - MultiPoint and LineString (togeojson's output from GPX): one point per coordinate, its time
 *   the same index of `properties.coordinateProperties.times` (togeojson ≥ 5), `coordTimes`
 *   (older togeojson) or `times`; MultiLineString (a GPX track with several segments) the same
 *   with one array of times per line. Without such an array, every coordinate is skipped
 *   `no_time` (one time for many places is no time for each); a missing entry, likewise.
 * - Any other geometry (Polygon, MultiPolygon, GeometryCollection ...) → one skip
 *   `unmapped_type`. No geometry → `bad_coordinate`; an object that is not a Feature at all
 *   → `malformed`.
 * - Accuracy: `properties.accuracy`, `accuracy_m`, `horizontal_accuracy` or `acc` (metres, a
 *   number or numeric string, not negative), else null.
 * - Coordinates may be strings ("13.4", Dawarich writes its decimals so); not numbers →
 *   `bad_coordinate`; numbers out of range are yielded for the pipeline's range check. The time
 *   is checked before the coordinates, as every reader does.
 */

const TIME_KEYS = ['time', 'timestamp', 'datetime', 'date', 'when', 'recorded_at', 'created_at'];
const ACCURACY_KEYS = ['accuracy', 'accuracy_m', 'horizontal_accuracy', 'acc'];
const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

function featureTime(props: Json): { time: TimeResult; what: string; value: unknown } {
  for (const key of TIME_KEYS) {
    const v = props[key];
    if (v !== undefined && v !== null && v !== '') return { time: timeValue(v), what: `properties.${key}`, value: v };
  }
  return { time: 'absent', what: `time in properties (${TIME_KEYS.join(', ')})`, value: undefined };
}

function featureAccuracy(props: Json): number | null {
  for (const key of ACCURACY_KEYS) {
    if (props[key] !== undefined && props[key] !== null) return accuracy(props[key]);
  }
  return null;
}

/** [lng, lat, ...] as numbers (or numeric strings), or null. */
function position(v: unknown): [number, number] | null {
  if (!Array.isArray(v) || v.length < 2) return null;
  const lng = num(v[0]);
  const lat = num(v[1]);
  return lng === null || lat === null ? null : [lng, lat];
}

/** The per-coordinate times togeojson (and others) write beside a line or multipoint. */
function coordinateTimes(props: Json): unknown[] | null {
  const nested = isObject(props.coordinateProperties) ? props.coordinateProperties.times : undefined;
  for (const v of [nested, props.coordTimes, props.times]) if (Array.isArray(v)) return v as unknown[];
  return null;
}

function* positions(where: string, coords: unknown[], times: unknown[] | null, acc: number | null, what: string): Generator<ImportRecord> {
  for (let i = 0; i < coords.length; i++) {
    const at = `${where}[${i}]`;
    if (!times) {
      yield skip('no_time', at, `no per-coordinate times (coordinateProperties.times, coordTimes or times) for this ${what}`);
      continue;
    }
    const raw = times[i];
    const time = timeValue(raw);
    if (!(time instanceof Date)) {
      yield time === 'absent' ? skip('no_time', at, `no entry ${i} in its times`) : timeSkip(at, time, `time ${i}`, raw);
      continue;
    }
    const p = position(coords[i]);
    if (!p) yield skip('bad_coordinate', at, 'not [lng, lat]');
    else yield point(time, p[1], p[0], acc);
  }
}

/** The records of one Feature (at `path`, e.g. "features[12]"). */
function* featureRecords(path: string, value: unknown): Generator<ImportRecord> {
  if (!isObject(value) || (value.type !== 'Feature' && !('geometry' in value))) {
    yield skip('malformed', path, 'not a GeoJSON Feature');
    return;
  }
  const props = isObject(value.properties) ? value.properties : {};
  const geometry = value.geometry;
  if (!isObject(geometry)) {
    yield skip('bad_coordinate', path, 'a Feature without a geometry');
    return;
  }
  const type = typeof geometry.type === 'string' ? geometry.type : '(none)';
  const coords = geometry.coordinates;
  const acc = featureAccuracy(props);
  switch (type) {
    case 'Point': {
      const { time, what, value: raw } = featureTime(props);
      if (!(time instanceof Date)) yield timeSkip(path, time, what, raw);
      else {
        const p = position(coords);
        if (!p) yield skip('bad_coordinate', path, 'Point coordinates are not [lng, lat]');
        else yield point(time, p[1], p[0], acc);
      }
      return;
    }
    case 'MultiPoint':
    case 'LineString':
      if (!Array.isArray(coords)) yield skip('bad_coordinate', path, `${type} without a coordinates array`);
      else yield* positions(`${path}.geometry.coordinates`, coords, coordinateTimes(props), acc, type);
      return;
    case 'MultiLineString': {
      if (!Array.isArray(coords)) {
        yield skip('bad_coordinate', path, `${type} without a coordinates array`);
        return;
      }
      const times = coordinateTimes(props);
      // Times as one array per line (togeojson), or one flat array over all the lines' coordinates.
      const nested = times !== null && times.every((t) => Array.isArray(t) || t === null);
      let flatIndex = 0;
      for (let l = 0; l < coords.length; l++) {
        const line: unknown = coords[l];
        const where = `${path}.geometry.coordinates[${l}]`;
        if (!Array.isArray(line)) {
          yield skip('bad_coordinate', where, 'not an array of positions');
          continue;
        }
        const lineTimes =
          times === null
            ? null
            : nested
              ? ((times[l] as unknown[] | null | undefined) ?? [])
              : times.slice(flatIndex, flatIndex + line.length);
        flatIndex += line.length;
        yield* positions(where, line, lineTimes, acc, type);
      }
      return;
    }
    default:
      yield skip('unmapped_type', path, `a ${type} geometry (only points, lines and multipoints with times are locations)`);
  }
}

/** The records of a GeoJSON file, streamed (see the module's comment). */
async function* readGeoJson(input: Readable): AsyncGenerator<ImportRecord> {
  let features = false;
  // A single Feature's members, kept until the end (each under the cap): its type, geometry, properties.
  const single: Json = {};
  let singleTooLarge: string | null = null;
  let singleMalformed: string | null = null;
  for await (const item of jsonItems(input, MAX_RECORD_BYTES)) {
    const { key, index } = itemPlace(item.path);
    const isFeature = item.path.startsWith('[') || (key === 'features' && index !== null);
    if (item.path === '(after the end)') {
      if ('malformed' in item) yield skip('malformed', item.path, item.malformed);
      continue;
    }
    if (isFeature) {
      features = true;
      if ('tooLarge' in item) yield skip('too_large', item.path, `a Feature over ${MAX_RECORD_BYTES} bytes`);
      else if ('malformed' in item) yield skip('malformed', item.path, `not JSON (${item.malformed})`);
      else yield* featureRecords(item.path, item.value);
      continue;
    }
    if (index !== null || (key !== 'type' && key !== 'geometry' && key !== 'properties')) continue;
    if ('tooLarge' in item) singleTooLarge ??= key;
    else if ('malformed' in item) singleMalformed ??= key;
    else single[key] = item.value;
  }
  if (features) return;
  const type = single.type;
  if (type === 'FeatureCollection') return;
  if (type === 'Feature' || 'geometry' in single || singleTooLarge === 'geometry') {
    if (singleTooLarge) yield skip('too_large', singleTooLarge, `the Feature's ${singleTooLarge} is over ${MAX_RECORD_BYTES} bytes`);
    else if (singleMalformed) yield skip('malformed', singleMalformed, 'not JSON');
    else
      yield* featureRecords('(the Feature)', { type: 'Feature', geometry: single.geometry ?? null, properties: single.properties ?? null });
    return;
  }
  if (typeof type === 'string' && GEOMETRY_TYPES.has(type)) {
    yield skip('no_time', '(the file)', `a bare ${type} geometry: no Feature, so no properties and no time`);
    return;
  }
  throw Invalid.at([], 'The file is not GeoJSON: it has no "features" array and is not a Feature');
}

/** Whether the members at the head of a JSON object are a Feature's (and not Google's iOS export's or an OwnTracks message's). */
const isFeatureHead = (m: Map<string, string> | undefined) =>
  m !== undefined && !m.has('_type') && !m.has('startTime') && (m.get('type') === 'Feature' || (m.has('geometry') && !m.has('type')));

export const geojson: RecordFormat = {
  name: 'geojson',
  kind: 'records',
  /**
   * A JSON object whose `type` is FeatureCollection or Feature, or whose `features` array (its
   * `type` may come after it, past the head) starts with a Feature (a `"type": "Feature"` or a
   * `geometry` member) or is empty; or a JSON array whose first element is such a Feature. Never
   * an object with one of Google's keys (locations, timelineObjects, semanticSegments ...), nor an
   * array whose first element has `startTime` (Google's iOS export) or `_type` (OwnTracks).
   */
  detect: jsonDetect(isFeatureHead, ({ members, firstElement }, text) => {
    if (members.has('_type')) return false;
    const type = members.get('type');
    if (type === 'FeatureCollection') return true;
    if (type === 'Feature') return members.has('geometry') || members.has('properties') || !members.has('features');
    if (type !== undefined || members.get('features') !== '[') return false;
    const first = firstElement.get('features');
    return first ? isFeatureHead(first) : /"features"\s*:\s*\[\s*\]/.test(text);
  }),
  read: readGeoJson,
};
