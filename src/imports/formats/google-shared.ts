import type { Readable } from 'node:stream';
import { Invalid } from '../../core/errors.ts';
import { jsonItems } from '../json-items.ts';
import type { ImportRecord, PointRecord, SkipRecord } from '../records.ts';
import { jsonHead, type JsonHead } from './json-head.ts';
import { MAX_RECORD_BYTES, isObject, isoTime, num, point, skip, type IsoTime, type Json } from './values.ts';

/**
 * What Google's location-history readers share besides values.ts: the liberal parsers for the
 * values Google writes in more than one way over the years (E7 integers, "48.8566°, 2.3522°" and
 * "geo:48.8566,2.3522" strings, ISO times with or without milliseconds, millisecond counts as
 * numbers or strings), the item loop, and detection by top-level keys.
 */

const E7_WRAP = 2 ** 32;
const E7_WRAP_ABOVE = 1_800_000_000;

/**
 * Degrees from an E7 integer (degrees × 10^7). Some old Takeout exports wrote negative E7 values as
 * unsigned 32-bit integers (-33.8° came out as 3956967296): no valid latitude or longitude is
 * above 180° (1800000000), so a value above that is wrapped back by subtracting 2^32. Anything
 * still out of range afterwards is returned as it is: the pipeline checks ranges.
 */
function e7(v: unknown): number | null {
  const n = num(v);
  if (n === null) return null;
  return (n > E7_WRAP_ABOVE ? n - E7_WRAP : n) / 1e7;
}

type LatLng = { lat: number; lng: number };

const LAT_LNG = /^\s*(?:geo:)?\s*([-+]?\d+(?:\.\d+)?)\s*°?\s*,\s*([-+]?\d+(?:\.\d+)?)\s*°?\s*(?:[,;].*)?$/;

/**
 * A position written as text: the Android export's "48.8566°, 2.3522°" (degree signs, maybe no
 * space, maybe negative), the iOS export's "geo:48.856600,2.352200", or either inside an object
 * (`{latLng: "..."}`, `{LatLng: "..."}`). Null when absent or unreadable. A trailing altitude
 * ("geo:48.85,2.35,35") is ignored.
 */
export function latLng(v: unknown): LatLng | null {
  if (isObject(v)) v = v.latLng ?? v.LatLng ?? v.point;
  if (typeof v !== 'string' || v.length > 200) return null;
  const m = LAT_LNG.exec(v);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

/** E7 coordinates under the given keys (latitudeE7/longitudeE7, latE7/lngE7 ...), null when either is absent or not a number. */
export function e7LatLng(o: unknown, latKey: string, lngKey: string): LatLng | null {
  if (!isObject(o)) return null;
  const lat = e7(o[latKey]);
  const lng = e7(o[lngKey]);
  return lat === null || lng === null ? null : { lat, lng };
}

/** A time, or why there is none: `absent` (→ no_time) or `malformed`. */
export type TimeResult = IsoTime | 'absent' | 'malformed';

/** Milliseconds since 1970 (Google's timestampMs / startTimestampMs), as a number or a string of digits (a fraction is rounded). */
function msTime(v: unknown): Date | null {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && v.length > 0 && v.length <= 24) {
    let i = v.charCodeAt(0) === 45 ? 1 : 0;
    const from = i;
    while (i < v.length && v.charCodeAt(i) >= 48 && v.charCodeAt(i) <= 57) i++;
    if (i === from || i - from > 16) return null;
    if (i < v.length && v.charCodeAt(i) === 46) {
      i++;
      while (i < v.length && v.charCodeAt(i) >= 48 && v.charCodeAt(i) <= 57) i++;
    }
    if (i !== v.length) return null;
    n = Number(v);
  } else return null;
  const at = new Date(Math.round(n));
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The time a record gives under `isoKey` (ISO text; a number there is read as milliseconds) or,
 * failing that, `msKey` (milliseconds): the first that parses. `absent` when it has neither (or
 * both are null/empty), `malformed` when what it has does not parse.
 */
export function timeOf(o: Json, isoKey: string, msKey?: string): TimeResult {
  const iso = o[isoKey];
  const ms = msKey === undefined ? undefined : o[msKey];
  const hasIso = iso !== undefined && iso !== null && iso !== '';
  const hasMs = ms !== undefined && ms !== null && ms !== '';
  if (hasIso) {
    // A time without a zone is malformed: its instant is unknown, and Google always writes one.
    const t = typeof iso === 'string' ? isoTime(iso, 'malformed') : typeof iso === 'number' ? msOnly(iso) : null;
    if (t !== null && typeof t === 'object') return t;
  }
  if (hasMs) {
    const t = msOnly(ms);
    if (t) return t;
  }
  return hasIso || hasMs ? 'malformed' : 'absent';
}

function msOnly(v: unknown): IsoTime | null {
  const at = msTime(v);
  return at ? { at, offsetMinutes: null } : null;
}

/**
 * A point record, or the skip that says why there is none: the time is checked first (absent →
 * no_time, unreadable → malformed), then the coordinates (absent or not numbers → bad_coordinate).
 * Values out of range are left for the pipeline.
 */
export function pointOr(
  path: string,
  time: TimeResult,
  at: LatLng | null,
  accuracyM: number | null,
  what = 'point',
): PointRecord | SkipRecord {
  if (time === 'absent') return skip('no_time', path, `${what} without a time`);
  if (time === 'malformed') return skip('malformed', path, `${what} with an unreadable time`);
  if (!at) return skip('bad_coordinate', path, `${what} without usable coordinates`);
  return point(time.at, at.lat, at.lng, accuracyM);
}

/**
 * The records of a Google JSON export, streamed with jsonItems under the 1 MiB cap: an element
 * over the cap is a too_large skip, one that does not parse a malformed skip, and every other is
 * handed to `records` with its path, which gives its record or records. `top` says whether the
 * file is an array or an object: the other kind is not this format at all, an Invalid naming
 * `formatName`. (A single record is yielded as it is: `yield*` over an array costs a Records.json
 * reader a third of its speed.)
 */
export async function* googleItems(
  input: Readable,
  top: 'array' | 'object',
  formatName: string,
  records: (path: string, value: unknown) => ImportRecord | ImportRecord[],
): AsyncGenerator<ImportRecord> {
  let first = true;
  for await (const item of jsonItems(input, MAX_RECORD_BYTES)) {
    if (first && item.path !== '(after the end)') {
      first = false;
      const isArray = item.path.startsWith('[');
      if (isArray !== (top === 'array')) {
        throw Invalid.at([], `The file is a JSON ${isArray ? 'array' : 'object'}, not ${formatName}`);
      }
    }
    if ('tooLarge' in item) yield skip('too_large', item.path, `over ${MAX_RECORD_BYTES} bytes`);
    else if ('malformed' in item) yield skip('malformed', item.path, `not JSON (${item.malformed})`);
    else {
      const out = records(item.path, item.value);
      if (Array.isArray(out)) for (const r of out) yield r;
      else yield out;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Detection: a look at the first 64 KiB, which may end anywhere.

/**
 * What Google's detectors go by (see jsonHead): whether the file is a JSON object or array, and
 * the members of the object (or of the array's first element).
 */
export function headKeys(head: string): { top: JsonHead['top']; keys: ReadonlyMap<string, string> } {
  const { top, members, firstElement } = jsonHead(head);
  return { top, keys: (top === 'array' ? firstElement.get('') : members) ?? new Map<string, string>() };
}

/** The top-level keys each of Google's JSON-object exports is known by. */
const KEYS = {
  records: ['locations'],
  semantic: ['timelineObjects'],
  android: ['semanticSegments', 'rawSignals', 'userLocationProfile'],
};
/** All of them: a track format never claims a file that has one. */
export const GOOGLE_KEYS = Object.values(KEYS).flat();

/** Whether the head is a JSON object with one of the keys of Google's export `kind`, and none of the other exports' keys. */
export function isGoogleObject(head: string, kind: keyof typeof KEYS): boolean {
  const { top, keys } = headKeys(head);
  const own = KEYS[kind];
  return top === 'object' && own.some((k) => keys.has(k)) && GOOGLE_KEYS.every((k) => own.includes(k) || !keys.has(k));
}

// ---------------------------------------------------------------------------------------------
// Takeout's stub files.

/** Settings.json's own keys; createdTime and modifiedTime, too common to tell it by, count only beside one of these. */
const SETTINGS_KEYS = ['deviceSettings', 'retentionWindowDays', 'hasReportedLocations', 'hasSetRetention', 'historyEnabled'];
const SETTINGS_TIMES = ['createdTime', 'modifiedTime'];

const WHERE_NOW =
  'since 2024 Google keeps Timeline on your phone, not in Takeout, so export it there and upload that file instead: on Android, ' +
  'Settings → Location → Location services → Timeline → Export timeline data (gives Timeline.json); on iPhone, ' +
  'in the Google Maps app, your profile → Your Timeline → ⋯ → Location & privacy settings → Export Timeline data ' +
  '(gives location-history.json).';

/**
 * A user-facing sentence when the file is one of the stubs Google Takeout still puts in its
 * "Location History (Timeline)" folder (Timeline Edits.json, Settings.json, Encrypted
 * Backups.txt) instead of a location history; null for anything else. Known by content (their
 * keys, or text about encrypted backups of a Timeline) and by name (Takeout localises names, so
 * content first). Detection asks before any format's `detect`, so it claims nothing else: never
 * an array or an object with a location history's keys, never XML, never a generic object
 * that has only createdTime/modifiedTime.
 */
export function takeoutStub(head: string, filename: string | null): string | null {
  const base = (filename ?? '').split(/[\\/]/).pop()?.trim().toLowerCase() ?? '';
  const { top, keys } = headKeys(head);
  if (top === 'array' || GOOGLE_KEYS.some((k) => keys.has(k))) return null;
  if (top === 'object') {
    if (keys.has('timelineEdits') || (base === 'timeline edits.json' && keys.size <= 1)) {
      return `This is Google Takeout’s “Timeline Edits.json”, a record of changes to your Timeline, not your location history: ${WHERE_NOW}`;
    }
    const own = SETTINGS_KEYS.filter((k) => keys.has(k)).length;
    const times = SETTINGS_TIMES.filter((k) => keys.has(k)).length;
    if (own >= 1 && (own + times >= 2 || base === 'settings.json')) {
      return `This is Google Takeout’s “Settings.json”, your location-history settings, not your location history: ${WHERE_NOW}`;
    }
    return null;
  }
  const aboutBackups =
    head.length < 16_384 && /encrypted\s+backups?/i.test(head) && /timeline|location/i.test(head) && !head.trimStart().startsWith('<');
  if (base === 'encrypted backups.txt' || aboutBackups) {
    return `This is Google Takeout’s “Encrypted Backups.txt”, a note about your Timeline’s encrypted backups, not your location history: ${WHERE_NOW}`;
  }
  return null;
}
