import type { ImportRecord, SkipRecord } from '../records.ts';
import { localName, xmlEvents, xmlRootName, type Emit, type XmlHandlers } from '../xml-guard.ts';
import type { RecordFormat } from './format.ts';
import { GOOGLE_KEYS } from './google-shared.ts';
import { jsonHead, type JsonHead } from './json-head.ts';
import { isoTime, num, skip } from './values.ts';

/**
 * What the track readers (GPX, KML, GeoJSON, OwnTracks) share besides values.ts: the XML text
 * cap, quoted values in details, the times these formats write in more than one way (ISO text
 * with or without a zone, epoch seconds or milliseconds), and how their formats are made.
 */

/** The largest text a reader collects from one XML element (a time, a Point's coordinates): 1 KiB. */
export const MAX_VALUE_CHARS = 1024;

/** A value quoted for a detail: at most 40 characters of it. */
export function quote(v: unknown): string {
  const s = typeof v === 'string' ? v.trim() : (JSON.stringify(v) ?? String(v));
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

/** A time, or why there is none: `absent` (→ no_time), `date` (a day without a time of day → no_time), `malformed`. */
export type TimeResult = Date | 'absent' | 'date' | 'malformed';

/**
 * ISO text as `isoTime` in values.ts reads it, a time without a zone read as UTC (GPX requires
 * UTC; KML and GeoJSON writers that omit the zone mostly mean it).
 */
export function trackTime(text: string): TimeResult {
  const t = isoTime(text, 'utc');
  return typeof t === 'string' ? t : t.at;
}

/**
 * An epoch count, its unit told by its size: below 1e11 seconds (1e11 s is the year 5138), below
 * 1e14 milliseconds (1e11 ms is March 1973, before any of these formats), below 1e17
 * microseconds, else nanoseconds. So a millisecond time before March 1973 would be misread as
 * seconds, and then fail the pipeline's range check: no such files exist.
 */
function epochTime(n: number): Date | 'malformed' {
  if (!Number.isFinite(n)) return 'malformed';
  const a = Math.abs(n);
  const ms = a < 1e11 ? n * 1000 : a < 1e14 ? n : a < 1e17 ? n / 1000 : n / 1e6;
  const at = new Date(Math.round(ms));
  return Number.isNaN(at.getTime()) ? 'malformed' : at;
}

/** A time given as JSON: an epoch number (or a string of digits, see `epochTime`) or ISO text (see `trackTime`). */
export function timeValue(v: unknown): TimeResult {
  if (v === undefined || v === null) return 'absent';
  if (typeof v === 'number') return epochTime(v);
  if (typeof v !== 'string') return 'malformed';
  const n = num(v);
  return n !== null && !/[-:]/.test(v.trim().slice(1)) ? epochTime(n) : trackTime(v);
}

/** Why a time result is not a time, as a skip record. */
export function timeSkip(where: string, time: 'absent' | 'date' | 'malformed', what: string, value?: unknown): SkipRecord {
  if (time === 'absent') return skip('no_time', where, `no ${what}`);
  if (time === 'date') return skip('no_time', where, `${what} ${quote(value)} is a date without a time of day`);
  return skip('malformed', where, `${what} ${quote(value)} is not a time`);
}

// ---------------------------------------------------------------------------------------------
// Formats.

/** A format read from XML by the handlers `setup` makes (see xmlEvents), detected by its root element, whose local name is `name`. */
export const xmlFormat = (name: string, setup: (emit: Emit<ImportRecord>) => XmlHandlers): RecordFormat => ({
  name,
  kind: 'records',
  detect(head) {
    const root = xmlRootName(head);
    return root !== null && localName(root) === name;
  },
  read: (input) => xmlEvents(input, setup),
});

/**
 * A JSON format's `detect`: a top-level array whose first element's members `element` accepts
 * (undefined when that element is not an object), or a top-level object that has none of
 * Google's keys and that `object` accepts (given the head as read and as text).
 */
export function jsonDetect(
  element: (members: Map<string, string> | undefined) => boolean,
  object: (head: JsonHead, text: string) => boolean,
): (text: string) => boolean {
  return (text) => {
    const head = jsonHead(text);
    if (head.top === 'array') return element(head.firstElement.get(''));
    return head.top === 'object' && !GOOGLE_KEYS.some((k) => head.members.has(k)) && object(head, text);
  };
}
