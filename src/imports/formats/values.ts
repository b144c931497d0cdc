import type { PointRecord, SkipReason, SkipRecord } from '../records.ts';

/**
 * What every location reader shares (Google's readers through google-shared.ts, the track
 * readers through track-values.ts): the per-record cap, point and skip records, liberal readers
 * for numbers and kept strings, where a jsonItems item sits, and the ISO 8601 time parser.
 */

/** The largest single record (an array element, a top-level member, a .rec line) a reader parses: 1 MiB. */
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

/** A skip record whose detail says where and why ("trkpt 12: no <time>"), cut to 200 characters. */
export function skip(reason: SkipReason, where: string, why: string): SkipRecord {
  const detail = `${where}: ${why}`;
  return { kind: 'skip', reason, detail: detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 1)}…` : detail };
}

export const point = (at: Date, lat: number, lng: number, accuracyM: number | null): PointRecord => ({
  kind: 'point',
  at,
  lat,
  lng,
  accuracyM,
});

const NUMERIC = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** A finite number, from a number or a numeric string (" 48.5", "1e3"); null otherwise (never 0 for ""). */
export function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.length <= 64 && NUMERIC.test(v)) {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** An accuracy in metres (a number or numeric string, not negative), else null. */
export function accuracy(v: unknown): number | null {
  const n = num(v);
  return n !== null && n >= 0 ? n : null;
}

/** Where an item of jsonItems sits: the top-level member's key and its index in that member's array (null for a member that is not an array). */
export function itemPlace(path: string): { key: string; index: number | null } {
  if (path.endsWith(']')) {
    const open = path.lastIndexOf('[');
    if (open >= 0) return { key: path.slice(0, open), index: Number(path.slice(open + 1, -1)) };
  }
  return { key: path, index: null };
}

// ---------------------------------------------------------------------------------------------
// ISO 8601 times.

/** A time read from a record: its instant, and the UTC offset it was written with (null for Z, UTC or GMT, and when none was). */
export type IsoTime = { at: Date; offsetMinutes: number | null };

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isDigit = (c: number) => c >= 48 && c <= 57;
/** What `\s` matches (and `trim` removes), by character code. */
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));

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
 * An ISO 8601 / XML Schema dateTime: "2023-05-01T10:00:00Z", with or without seconds and any
 * number of fraction digits (after "." or ","; milliseconds are kept, the rest cut), "T", "t" or a
 * space, then Z, UTC, GMT or an offset (+02:00, +0200, +02), maybe after spaces; a year of 4 to 6
 * digits, maybe signed; 24:00:00 (the end of the day) and a leap second :60 carry over. Text
 * around it is trimmed. A time without a zone is read as UTC when `zoneless` says `utc`, else it
 * is `malformed` (its instant is unknown). A date alone ("2023-05-01"), a year-month or a year
 * is `date`: a day is not an instant, and midnight would invent one. Empty text is `absent`,
 * anything else unreadable `malformed`. Read character by character: a regular expression's
 * captures cost more than the rest of a Records.json point together.
 */
export function isoTime(text: string, zoneless: 'utc' | 'malformed'): IsoTime | 'absent' | 'date' | 'malformed' {
  const s = text.trim();
  const len = s.length;
  if (len === 0) return 'absent';
  if (len > 64) return 'malformed';
  const sign = s.charCodeAt(0);
  const from = sign === 43 || sign === 45 ? 1 : 0;
  let i = from;
  let year = 0;
  for (; i < len && isDigit(s.charCodeAt(i)); i++) year = year * 10 + s.charCodeAt(i) - 48;
  if (i - from < 4 || i - from > 6) return 'malformed';
  if (sign === 45) year = -year;
  if (i === len) return 'date';
  const month = digits(s, i + 1, 2);
  if (s.charCodeAt(i) !== 45 || month < 0) return 'malformed';
  i += 3;
  if (i === len) return 'date';
  const day = digits(s, i + 1, 2);
  if (s.charCodeAt(i) !== 45 || day < 0) return 'malformed';
  i += 3;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month < 1 || month > 12 || day < 1 || day > (month === 2 && !leap ? 28 : DAYS[month - 1])) return 'malformed';
  if (i === len) return 'date';
  const t = s.charCodeAt(i);
  const hour = digits(s, i + 1, 2);
  const minute = digits(s, i + 4, 2);
  if ((t !== 84 && t !== 116 && t !== 32) || hour < 0 || s.charCodeAt(i + 3) !== 58 || minute < 0) return 'malformed';
  i += 6;
  let second = 0;
  let ms = 0;
  if (s.charCodeAt(i) === 58) {
    second = digits(s, i + 1, 2);
    if (second < 0) return 'malformed';
    i += 3;
    const c = s.charCodeAt(i);
    if (c === 46 || c === 44) {
      const fraction = ++i;
      while (i < len && isDigit(s.charCodeAt(i))) i++;
      const n = i - fraction;
      if (n === 0) return 'malformed';
      ms = digits(s, fraction, Math.min(n, 3)) * (n === 1 ? 100 : n === 2 ? 10 : 1);
    }
  }
  while (i < len && isSpace(s.charCodeAt(i))) i++;
  let offsetMinutes: number | null = null;
  const z = s.charCodeAt(i);
  if (i === len) {
    if (zoneless === 'malformed') return 'malformed';
  } else if (z === 90 || z === 122) {
    if (i + 1 !== len) return 'malformed';
  } else if (z === 43 || z === 45) {
    const oh = digits(s, i + 1, 2);
    const rest = len - i - 3;
    const om = rest === 0 ? 0 : rest === 2 ? digits(s, i + 3, 2) : rest === 3 && s.charCodeAt(i + 3) === 58 ? digits(s, i + 4, 2) : -1;
    if (oh < 0 || oh > 18 || om < 0 || om > 59) return 'malformed';
    offsetMinutes = (z === 45 ? -1 : 1) * (oh * 60 + om);
  } else if (!(i + 3 === len && (s.endsWith('UTC') || s.endsWith('GMT')))) return 'malformed';
  if (hour > 24 || minute > 59 || second > 60 || (hour === 24 && (minute > 0 || second > 0 || ms > 0))) return 'malformed';
  let at = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (year >= 0 && year < 100) at = new Date(at).setUTCFullYear(year);
  const instant = new Date(at - (offsetMinutes ?? 0) * 60_000);
  return Number.isNaN(instant.getTime()) ? 'malformed' : { at: instant, offsetMinutes };
}
