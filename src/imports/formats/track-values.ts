import type { PointRecord, SkipReason, SkipRecord } from '../records.ts';

/**
 * What the track readers (GPX, KML, GeoJSON, OwnTracks) share: the caps, the skip records, and
 * liberal parsers for the values these formats write in more than one way (numbers as strings,
 * ISO times with or without milliseconds, Z or an offset, epoch seconds or milliseconds).
 */

/** The largest single record (a JSON element, a .rec line) a reader parses: 1 MiB. */
export const MAX_RECORD_BYTES = 1024 * 1024;
/** The largest text a reader collects from one XML element (a time, a Point's coordinates): 1 KiB. */
export const MAX_VALUE_CHARS = 1024;
const MAX_DETAIL = 200;

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A skip record whose detail says where and why ("trkpt 12: no <time>"), cut to 200 characters. */
export function skip(reason: SkipReason, where: string, why: string): SkipRecord {
  const detail = `${where}: ${why}`;
  return { kind: 'skip', reason, detail: detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 1)}…` : detail };
}

/** A value quoted for a detail: at most 40 characters of it. */
export function quote(v: unknown): string {
  const s = typeof v === 'string' ? v.trim() : (JSON.stringify(v) ?? String(v));
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

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

/** A time, or why there is none: `absent` (→ no_time), `date` (a day without a time of day → no_time), `malformed`. */
export type TimeResult = Date | 'absent' | 'date' | 'malformed';

const ISO =
  /^([+-]?\d{4,6})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(?:([Zz]|UTC|GMT)|([-+])(\d{2})(?::?(\d{2}))?)?)?$/;
/** gYear and gYearMonth (KML's coarser `<when>`s): a year or a month, not an instant. */
const YEAR_OR_MONTH = /^[+-]?\d{4,6}(?:-\d{2})?$/;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * An ISO 8601 / XML Schema dateTime: "2023-05-01T10:00:00Z", with or without seconds and any
 * number of fraction digits, "T" or a space, Z, UTC, or an offset (+02:00, +0200, +02). A time
 * without a zone is read as UTC (GPX requires UTC; KML and GeoJSON writers that omit the zone
 * mostly mean it). A date alone ("2023-05-01"), a month or a year is `date`: a day is not an
 * instant, and midnight would invent one. Anything else is `malformed`.
 */
export function isoTime(text: string): TimeResult {
  const s = text.trim();
  if (s === '') return 'absent';
  if (s.length > 64) return 'malformed';
  const m = ISO.exec(s);
  if (!m) return YEAR_OR_MONTH.test(s) ? 'date' : 'malformed';
  const year = +m[1];
  const month = +m[2];
  const day = +m[3];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month < 1 || month > 12 || day < 1 || day > (month === 2 && !leap ? 28 : DAYS[month - 1])) return 'malformed';
  if (m[4] === undefined) return 'date';
  const hour = +m[4];
  const minute = +m[5];
  const second = m[6] === undefined ? 0 : +m[6];
  const ms = m[7] === undefined ? 0 : +m[7].slice(0, 3).padEnd(3, '0');
  // 24:00:00 is the end of the day; 60 a leap second (Date.UTC carries both over).
  if (hour > 24 || minute > 59 || second > 60 || (hour === 24 && (minute > 0 || second > 0 || ms > 0))) return 'malformed';
  let offsetMinutes = 0;
  if (m[9] !== undefined) {
    const oh = +m[10];
    const om = m[11] === undefined ? 0 : +m[11];
    if (oh > 18 || om > 59) return 'malformed';
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  let t = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (year >= 0 && year < 100) t = new Date(t).setUTCFullYear(year);
  const at = new Date(t - offsetMinutes * 60_000);
  return Number.isNaN(at.getTime()) ? 'malformed' : at;
}

/**
 * An epoch count, its unit told by its size: below 1e11 seconds (1e11 s is the year 5138), below
 * 1e14 milliseconds (1e11 ms is March 1973, before any of these formats), below 1e17
 * microseconds, else nanoseconds. So a millisecond time before March 1973 would be misread as
 * seconds, and then fail the pipeline's range check: no such files exist.
 */
export function epochTime(n: number): Date | 'malformed' {
  if (!Number.isFinite(n)) return 'malformed';
  const a = Math.abs(n);
  const ms = a < 1e11 ? n * 1000 : a < 1e14 ? n : a < 1e17 ? n / 1000 : n / 1e6;
  const at = new Date(Math.round(ms));
  return Number.isNaN(at.getTime()) ? 'malformed' : at;
}

/** A time given as JSON: an epoch number (or a string of digits, see `epochTime`) or ISO text (see `isoTime`). */
export function timeValue(v: unknown): TimeResult {
  if (v === undefined || v === null) return 'absent';
  if (typeof v === 'number') return epochTime(v);
  if (typeof v !== 'string') return 'malformed';
  const n = num(v);
  return n !== null && !/[-:]/.test(v.trim().slice(1)) ? epochTime(n) : isoTime(v);
}

/** Why a time result is not a time, as a skip record. */
export function timeSkip(where: string, time: 'absent' | 'date' | 'malformed', what: string, value?: unknown): SkipRecord {
  if (time === 'absent') return skip('no_time', where, `no ${what}`);
  if (time === 'date') return skip('no_time', where, `${what} ${quote(value)} is a date without a time of day`);
  return skip('malformed', where, `${what} ${quote(value)} is not a time`);
}

export const point = (at: Date, lat: number, lng: number, accuracyM: number | null = null): PointRecord => ({
  kind: 'point',
  at,
  lat,
  lng,
  accuracyM,
});

// ---------------------------------------------------------------------------------------------
// Detection: a look at the first 64 KiB, which may end anywhere.

/**
 * What the start of a JSON file shows: whether it is an object or an array; the top-level
 * object's members (a string value as its first 100 characters, any other value as its first
 * character: `[`, `{`, `1`, `t` ...); and the members of the first element of the top-level array
 * (under `''`) or of each array member of the top-level object (under the member's name).
 */
export type JsonHead = {
  top: 'object' | 'array' | null;
  members: Map<string, string>;
  firstElement: Map<string, Map<string, string>>;
};

type Frame = { open: '{' | '['; key: string | null; expectKey: boolean; index: number; into: Map<string, string> | null };

/**
 * Reads a JSON head by a small tokenizer that follows strings and nesting only: robust to key
 * order, whitespace and a head cut anywhere (it stops there). Text that is not JSON gives
 * `top: null`.
 */
export function jsonHead(head: string): JsonHead {
  const result: JsonHead = { top: null, members: new Map(), firstElement: new Map() };
  const stack: Frame[] = [];
  let i = 0;
  const n = head.length;
  const note = (frame: Frame | undefined, value: string) => {
    if (frame?.open === '{' && frame.into && frame.key !== null && !frame.expectKey) frame.into.set(frame.key, value);
  };
  while (i < n) {
    const c = head[i];
    const frame = stack[stack.length - 1];
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      i++;
    } else if (c === '{' || c === '[') {
      let into: Map<string, string> | null = null;
      if (!frame) {
        result.top = c === '{' ? 'object' : 'array';
        if (c === '{') into = result.members;
      } else if (c === '{' && frame.open === '[' && frame.index === 0) {
        const owner = stack.length === 1 ? '' : stack.length === 2 && stack[0].open === '{' ? stack[0].key : null;
        if (owner !== null && !result.firstElement.has(owner)) {
          into = new Map();
          result.firstElement.set(owner, into);
        }
      }
      note(frame, c);
      stack.push({ open: c, key: null, expectKey: c === '{', index: 0, into });
      i++;
    } else if (!frame) {
      break;
    } else if (c === '}' || c === ']') {
      stack.pop();
      if (!stack.length) break;
      i++;
    } else if (c === ',') {
      if (frame.open === '[') frame.index++;
      else frame.expectKey = true;
      i++;
    } else if (c === ':') {
      frame.expectKey = false;
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < n && head[j] !== '"') j += head[j] === '\\' ? 2 : 1;
      if (j >= n) break;
      let s: string;
      try {
        s = JSON.parse(head.slice(i, j + 1)) as string;
      } catch {
        s = head.slice(i + 1, j);
      }
      if (frame.open === '{' && frame.expectKey) frame.key = s;
      else note(frame, s.slice(0, 100));
      i = j + 1;
    } else {
      let j = i;
      while (j < n && !',}] \n\r\t'.includes(head[j])) j++;
      note(frame, c);
      i = j;
    }
  }
  return result;
}

/** Top-level keys of Google's location-history exports: a track format never claims a file that has one. */
export const GOOGLE_KEYS = ['locations', 'timelineObjects', 'semanticSegments', 'rawSignals', 'userLocationProfile'];
