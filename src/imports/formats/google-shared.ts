import type { Readable } from 'node:stream';
import { Invalid } from '../../core/errors.ts';
import { jsonItems } from '../json-items.ts';
import type { ImportRecord, PointRecord, SkipReason, SkipRecord } from '../records.ts';

/**
 * What Google's location-history readers share: the per-record cap, the skip records, and the
 * liberal parsers for the values Google writes in more than one way over the years (E7 integers,
 * "48.8566°, 2.3522°" and "geo:48.8566,2.3522" strings, ISO times with or without milliseconds,
 * millisecond counts as numbers or strings, numbers written as strings).
 */

/** The largest single record (an array element, a top-level member) a reader parses: 1 MiB. */
export const MAX_RECORD_BYTES = 1024 * 1024;

/** Strings kept from a file (a place's name, address, id, label) are cut to this many characters. */
const MAX_TEXT = 200;
const MAX_DETAIL = 200;

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A kept string: trimmed, cut to 200 characters (never in the middle of a surrogate pair), null when empty or not a string. */
export function text(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  let s = v.length > 4 * MAX_TEXT ? v.slice(0, 4 * MAX_TEXT) : v;
  s = s.trim();
  if (s.length > MAX_TEXT) {
    const cut = s.charCodeAt(MAX_TEXT - 1) >= 0xd800 && s.charCodeAt(MAX_TEXT - 1) <= 0xdbff ? MAX_TEXT - 1 : MAX_TEXT;
    s = s.slice(0, cut);
  }
  return s === '' ? null : s;
}

export function skip(reason: SkipReason, path: string, why: string): SkipRecord {
  const detail = `${path}: ${why}`;
  return { kind: 'skip', reason, detail: detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 1)}…` : detail };
}

const NUMERIC = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** A finite number, from a number or a numeric string ("1234.5"); null otherwise. */
export function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.length < 40 && NUMERIC.test(v)) {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

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

/** An accuracy in metres (a number or numeric string, not negative), else null. */
export function accuracy(v: unknown): number | null {
  const n = num(v);
  return n !== null && n >= 0 ? n : null;
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

/** A time read from a record: its instant and the UTC offset it was written with (null for Z or a millisecond count). */
type Time = { at: Date; offsetMinutes: number | null };
/** A time, or why there is none: `absent` (→ no_time) or `malformed`. */
export type TimeResult = Time | 'absent' | 'malformed';

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by `n` ASCII digits at `at`, or -1. */
function digits(s: string, at: number, n: number): number {
  let v = 0;
  for (let k = 0; k < n; k++) {
    const d = s.charCodeAt(at + k) - 48;
    if (!(d >= 0 && d <= 9)) return -1;
    v = v * 10 + d;
  }
  return v;
}

/**
 * An ISO 8601 instant as Google writes them: "2024-01-01T09:00:00Z", "...:00.123Z",
 * "...:00.000+01:00" (any number of fraction digits; seconds optional; "+0100" and "+01" too). A
 * time without a zone or offset is malformed: its instant is unknown, and Google always writes
 * one. Read character by character (a regular expression's captures cost more than the rest of
 * a Records.json point together).
 */
function isoTime(s: string): Time | null {
  const len = s.length;
  if (len < 17 || len > 40) return null;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  const hour = digits(s, 11, 2);
  const minute = digits(s, 14, 2);
  const t = s.charCodeAt(10);
  if (year < 0 || month < 1 || day < 1 || hour < 0 || minute < 0) return null;
  if (s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || (t !== 84 && t !== 116 && t !== 32) || s.charCodeAt(13) !== 58) return null;
  let i = 16;
  let second = 0;
  let ms = 0;
  if (s.charCodeAt(i) === 58) {
    second = digits(s, i + 1, 2);
    if (second < 0) return null;
    i += 3;
    const c = s.charCodeAt(i);
    if (c === 46 || c === 44) {
      i++;
      const from = i;
      let scale = 100;
      for (let d = s.charCodeAt(i) - 48; d >= 0 && d <= 9; d = s.charCodeAt(++i) - 48) {
        ms += d * scale;
        scale /= 10;
      }
      if (i === from) return null;
      ms = Math.floor(ms);
    }
  }
  while (s.charCodeAt(i) === 32) i++;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month > 12 || day > (month === 2 && !leap ? 28 : DAYS[month - 1]) || hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes: number | null = null;
  const z = s.charCodeAt(i);
  if (z === 90 || z === 122) {
    if (i + 1 !== len) return null;
  } else if (z === 43 || z === 45) {
    const oh = digits(s, i + 1, 2);
    i += 3;
    if (s.charCodeAt(i) === 58) i++;
    const om = i === len ? 0 : digits(s, i, 2);
    if (oh < 0 || oh > 18 || om < 0 || om > 59 || (i !== len && i + 2 !== len)) return null;
    offsetMinutes = (z === 45 ? -1 : 1) * (oh * 60 + om);
  } else return null;
  let at = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (year < 100) at = new Date(at).setUTCFullYear(year);
  return { at: new Date(at - (offsetMinutes ?? 0) * 60_000), offsetMinutes };
}

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
    const t = typeof iso === 'string' ? isoTime(iso) : typeof iso === 'number' ? msOnly(iso) : null;
    if (t) return t;
  }
  if (hasMs) {
    const t = msOnly(ms);
    if (t) return t;
  }
  return hasIso || hasMs ? 'malformed' : 'absent';
}

function msOnly(v: unknown): Time | null {
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
  return { kind: 'point', at: time.at, lat: at.lat, lng: at.lng, accuracyM };
}

/** Where an item of jsonItems sits: the top-level member's key and its index in that member's array (null for a member that is not an array). */
export function itemPlace(path: string): { key: string; index: number | null } {
  if (path.endsWith(']')) {
    const open = path.lastIndexOf('[');
    if (open >= 0) return { key: path.slice(0, open), index: Number(path.slice(open + 1, -1)) };
  }
  return { key: path, index: null };
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

/** What the start of a JSON file shows: whether it is an object or an array, and the keys of the object (or of the array's first element). */
type HeadShape = { top: 'object' | 'array' | null; keys: Set<string> };

/**
 * The top-level keys of a JSON object (or the keys of a top-level array's first element), read
 * from the file's first bytes by a small scanner that follows strings and nesting only: robust
 * to key order, whitespace and a head cut anywhere. Text that is not JSON gives `top: null`.
 */
export function headShape(head: string): HeadShape {
  const keys = new Set<string>();
  let i = 0;
  while (i < head.length && /\s/.test(head[i])) i++;
  const c = head[i];
  if (c !== '{' && c !== '[') return { top: null, keys };
  const top = c === '{' ? 'object' : 'array';
  // The depth at which keys are collected: 1 for an object's members, 2 for an array's first element.
  const keyDepth = top === 'object' ? 1 : 2;
  let depth = 0;
  for (; i < head.length; i++) {
    const ch = head[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < head.length && head[j] !== '"') j += head[j] === '\\' ? 2 : 1;
      if (j >= head.length) break;
      if (depth === keyDepth) {
        let k = j + 1;
        while (k < head.length && (head[k] === ' ' || head[k] === '\n' || head[k] === '\r' || head[k] === '\t')) k++;
        if (head[k] === ':' && j - i - 1 <= 256) keys.add(head.slice(i + 1, j));
      }
      i = j;
    } else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth <= 0) break;
      // An array's first element is over: its keys are all that is collected.
      if (top === 'array' && depth === 1) break;
    } else if (ch === ',' && top === 'array' && depth === 1) break;
  }
  return { top, keys };
}

/** Top-level keys each Google format is known by: a detector claims a file only when none of the others' keys is there. */
export const RECORDS_KEYS = ['locations'];
export const SEMANTIC_KEYS = ['timelineObjects'];
export const ANDROID_KEYS = ['semanticSegments', 'rawSignals', 'userLocationProfile'];

export const hasAny = (keys: Set<string>, names: string[]) => names.some((n) => keys.has(n));

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
  const shape = headShape(head);
  const { keys } = shape;
  if (shape.top === 'array' || hasAny(keys, [...RECORDS_KEYS, ...SEMANTIC_KEYS, ...ANDROID_KEYS])) return null;
  if (shape.top === 'object') {
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
