import { Invalid } from '../../core/errors.ts';
import type { ImportRecord } from '../records.ts';
import { localName, type Emit, type XmlHandlers } from '../xml-guard.ts';
import { MAX_VALUE_CHARS, timeSkip, trackTime, xmlFormat, type TimeResult } from './track-values.ts';
import { num, point, skip } from './values.ts';

/**
 * KML 2.2 (https://developers.google.com/kml/documentation/kmlreference), and KMZ through
 * `kml.read` (the pipeline's ZIP side streams a KMZ's .kml entry into it). Elements are matched by
 * local name (`gx:Track`, `kml:Placemark` ...); the namespace URIs are not checked.
 *
 * - `<gx:Track>` (alone or in `<gx:MultiTrack>`): its `<when>` list and `<gx:coord>` list
 *   ("lng lat [alt]") are paired in order, the n-th `<when>` with the n-th `<gx:coord>`, whether
 *   the lists come one after the other (the usual layout) or interleaved. The elements of the
 *   list that comes first wait for their partners, as numbers (8 bytes a `<when>`, 16 a
 *   `<gx:coord>`, at most 1,000,000 of each: beyond that, a pair is skipped `too_large`). When
 *   the counts differ, a `<gx:coord>` without a `<when>` is skipped `no_time`, and a `<when>`
 *   without a `<gx:coord>` `malformed` (a time alone is not a location; the track is not what
 *   the schema says).
 * - `<Placemark>` with a `<Point>` (or several, in a `<MultiGeometry>`): one point per Point,
 *   at the Placemark's `<TimeStamp><when>`, or else its `<TimeSpan><begin>` (the time the
 *   placemark's span starts), or else the span's `<end>`. KML puts the time before the geometry;
 *   when it comes after, the Points wait for it (at most 10,000, beyond that skipped
 *   `too_large`). No TimeStamp/TimeSpan → one skip `no_time` per Point.
 * - `<LineString>` coordinates have no times: one skip `no_time` per coordinate tuple, counted
 *   while the text streams (never split or kept; the XML guard caps a text node at 1 MiB, some
 *   35,000 to 50,000 tuples, and refuses a file with a longer one).
 * - `<Polygon>`, a `<LinearRing>` outside one, and `<Model>`: one skip `unmapped_type` each.
 * - `<when>` is an xsd:dateTime (Z, an offset, or none: read as UTC), or a date, a year-month
 *   or a year: those are skipped `no_time`, a day is not an instant and midnight would invent one
 *   (stays and visits would then start at 00:00). Unreadable → `malformed`; over 1 KiB →
 *   `too_large`. Coordinates missing or not numbers → `bad_coordinate` (after the time, as
 *   every reader checks); out-of-range numbers are yielded for the pipeline's range check.
 * - Accuracy is null (KML has none). Altitude and everything else are ignored.
 */

/** Pending `<when>`s (or `<gx:coord>`s) of one track that wait for their partners. */
const MAX_PENDING = 1_000_000;
/** Points of one Placemark that wait for a time given after them. */
const MAX_HELD = 10_000;

// A pending `<when>` is its time in ms, or one of these for a when that is not a time.
const WHEN_MALFORMED = Number.NaN;
const WHEN_DATE = Number.NEGATIVE_INFINITY;
const WHEN_EMPTY = Number.POSITIVE_INFINITY;
const WHEN_TOO_LARGE = Number.MAX_VALUE;

/** A FIFO of numbers (an array with a moving head, compacted as it drains). */
class NumberQueue {
  private items: number[] = [];
  private head = 0;
  get size(): number {
    return this.items.length - this.head;
  }
  push(v: number): void {
    this.items.push(v);
  }
  shift(): number {
    const v = this.items[this.head++];
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head >= 4096 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return v;
  }
}

type Track = {
  name: string;
  depth: number;
  pairs: number;
  whens: NumberQueue;
  /** lng, lat, lng, lat ... (NaN for a coordinate that is not one). */
  coords: NumberQueue;
  droppedWhens: number;
  droppedCoords: number;
};

type Placemark = {
  name: string;
  depth: number;
  points: number;
  /** The TimeStamp's when, the TimeSpan's begin and end, as read (null: not there). */
  when: string | null;
  begin: string | null;
  end: string | null;
  over: boolean;
  /** Whether the TimeStamp/TimeSpan has ended: Points after it are emitted at once. */
  timed: boolean;
  /** Points read before the time: lng, lat pairs. */
  held: number[];
};

/** What text is being collected, and for what. */
type Collect = { what: 'when' | 'begin' | 'end' | 'track-when' | 'track-coord' | 'point'; text: string; over: boolean };

/** "lng,lat[,alt]" (liberal about spaces around commas): the first tuple, or null. */
function pointCoordinates(text: string): [number, number] | null {
  const m = /^\s*([^,\s]+)\s*,\s*([^,\s]+)/.exec(text);
  if (!m) return null;
  const lng = num(m[1]);
  const lat = num(m[2]);
  return lng === null || lat === null ? null : [lng, lat];
}

/** "lng lat [alt]" (a gx:coord; commas accepted too), or null. */
function trackCoordinates(text: string): [number, number] | null {
  const parts = text.trim().split(/[\s,]+/);
  if (parts.length < 2) return null;
  const lng = num(parts[0]);
  const lat = num(parts[1]);
  return lng === null || lat === null ? null : [lng, lat];
}

function whenCode(c: Collect): number {
  if (c.over) return WHEN_TOO_LARGE;
  const t = trackTime(c.text);
  return t instanceof Date ? t.getTime() : t === 'date' ? WHEN_DATE : t === 'absent' ? WHEN_EMPTY : WHEN_MALFORMED;
}

function kmlHandlers(emit: Emit<ImportRecord>): XmlHandlers {
  /** Local names of the open elements (the guard caps the depth). */
  const stack: string[] = [];
  let placemarks = 0;
  let tracks = 0;
  let placemark: Placemark | null = null;
  let track: Track | null = null;
  let collect: Collect | null = null;
  /** Counting a LineString's tuples: the count, whether the last non-space was a comma, whether a space came since. */
  let line: { count: number; where: string; afterComma: boolean; started: boolean; gap: boolean } | null = null;
  /** Depth of a Polygon being skipped (its rings are not counted again), 0 outside one. */
  let polygonDepth = 0;

  const placemarkTime = (p: Placemark): { time: TimeResult; what: string; text: string | null } => {
    if (p.when !== null) return { time: trackTime(p.when), what: '<TimeStamp><when>', text: p.when };
    if (p.begin !== null && p.begin.trim() !== '') return { time: trackTime(p.begin), what: '<TimeSpan><begin>', text: p.begin };
    if (p.end !== null) return { time: trackTime(p.end), what: '<TimeSpan><end>', text: p.end };
    return { time: 'absent', what: '<TimeStamp> or <TimeSpan>', text: null };
  };

  const placemarkPoint = (p: Placemark, where: string, lng: number, lat: number): ImportRecord => {
    if (p.over) return skip('too_large', where, `time over ${MAX_VALUE_CHARS} characters`);
    const { time, what, text } = placemarkTime(p);
    if (!(time instanceof Date)) return timeSkip(where, time, what, text);
    if (Number.isNaN(lng) || Number.isNaN(lat)) return skip('bad_coordinate', where, '<Point> without readable <coordinates>');
    return point(time, lat, lng, null);
  };

  const releaseHeld = (p: Placemark) => {
    for (let k = 0; k < p.held.length; k += 2) emit(placemarkPoint(p, p.name, p.held[k], p.held[k + 1]));
    p.held = [];
  };

  const pair = (t: Track, when: number, lng: number, lat: number): ImportRecord => {
    const where = `${t.name}, point ${++t.pairs}`;
    if (when === WHEN_TOO_LARGE) return skip('too_large', where, `<when> over ${MAX_VALUE_CHARS} characters`);
    if (when === WHEN_EMPTY) return skip('no_time', where, 'empty <when>');
    if (when === WHEN_DATE) return skip('no_time', where, '<when> is a date without a time of day');
    if (Number.isNaN(when)) return skip('malformed', where, '<when> is not a time');
    if (Number.isNaN(lng) || Number.isNaN(lat)) return skip('bad_coordinate', where, '<gx:coord> is not "lng lat [alt]"');
    return point(new Date(when), lat, lng, null);
  };

  const trackWhen = (t: Track, when: number) => {
    if (t.coords.size > 0) emit(pair(t, when, t.coords.shift(), t.coords.shift()));
    else if (t.droppedCoords > 0) {
      t.droppedCoords--;
      emit(skip('too_large', `${t.name}, point ${++t.pairs}`, `more than ${MAX_PENDING} <gx:coord> before their <when>`));
    } else if (t.whens.size < MAX_PENDING) t.whens.push(when);
    else t.droppedWhens++;
  };

  const trackCoord = (t: Track, lng: number, lat: number) => {
    if (t.whens.size > 0) emit(pair(t, t.whens.shift(), lng, lat));
    else if (t.droppedWhens > 0) {
      t.droppedWhens--;
      emit(skip('too_large', `${t.name}, point ${++t.pairs}`, `more than ${MAX_PENDING} <when> before their <gx:coord>`));
    } else if (t.coords.size < 2 * MAX_PENDING) {
      t.coords.push(lng);
      t.coords.push(lat);
    } else t.droppedCoords++;
  };

  const endTrack = (t: Track) => {
    const whens = t.whens.size + t.droppedWhens;
    const coords = t.coords.size / 2 + t.droppedCoords;
    if (whens > 0) emit(skip('malformed', t.name, `${whens} <when> without a <gx:coord> (the lists differ in length)`), whens);
    if (coords > 0) emit(skip('no_time', t.name, `${coords} <gx:coord> without a <when> (the lists differ in length)`), coords);
  };

  return {
    opentag(tag) {
      const name = localName(tag.name);
      const parent = stack.length ? stack[stack.length - 1] : null;
      stack.push(name);
      const depth = stack.length;
      if (depth === 1) {
        if (name !== 'kml') throw Invalid.at([], `The file is not KML: its root element is <${tag.name.slice(0, 64)}>`);
        return;
      }
      if (polygonDepth) return;
      switch (name) {
        case 'Placemark':
          placemarks++;
          if (!placemark) {
            placemark = {
              name: `Placemark ${placemarks}`,
              depth,
              points: 0,
              when: null,
              begin: null,
              end: null,
              over: false,
              timed: false,
              held: [],
            };
          }
          return;
        case 'Track':
          tracks++;
          if (!track) {
            track = {
              name: `gx:Track ${tracks}`,
              depth,
              pairs: 0,
              whens: new NumberQueue(),
              coords: new NumberQueue(),
              droppedWhens: 0,
              droppedCoords: 0,
            };
          }
          return;
        case 'when':
          if (track && parent === 'Track' && depth === track.depth + 1) collect = { what: 'track-when', text: '', over: false };
          else if (placemark && parent === 'TimeStamp' && depth === placemark.depth + 2 && placemark.when === null) {
            collect = { what: 'when', text: '', over: false };
          }
          return;
        case 'begin':
        case 'end':
          if (placemark && parent === 'TimeSpan' && depth === placemark.depth + 2 && placemark[name] === null) {
            collect = { what: name, text: '', over: false };
          }
          return;
        case 'coord':
          if (track && parent === 'Track' && depth === track.depth + 1) collect = { what: 'track-coord', text: '', over: false };
          return;
        case 'coordinates':
          if (parent === 'Point' && placemark) collect = { what: 'point', text: '', over: false };
          else if (parent === 'LineString') {
            line = { count: 0, where: placemark ? placemark.name : 'LineString', afterComma: false, started: false, gap: false };
          }
          return;
        case 'Polygon':
        case 'LinearRing':
        case 'Model':
          polygonDepth = depth;
          emit(skip('unmapped_type', placemark ? placemark.name : name, `<${name}> (an area or a model, not a location)`));
          return;
      }
    },
    text(t) {
      if (collect) {
        if (collect.over) return;
        if (collect.text.length + t.length > MAX_VALUE_CHARS) {
          collect.over = true;
          collect.text = '';
        } else collect.text += t;
        return;
      }
      if (!line) return;
      // Tuples are separated by whitespace; a comma joins what is around it ("lng, lat" is one tuple).
      const l = line;
      for (let k = 0; k < t.length; k++) {
        const c = t.charCodeAt(k);
        if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) l.gap = true;
        else if (c === 0x2c) {
          l.afterComma = true;
          l.gap = false;
        } else {
          if (!l.started || (l.gap && !l.afterComma)) l.count++;
          l.started = true;
          l.afterComma = false;
          l.gap = false;
        }
      }
    },
    closetag() {
      const name = stack.pop() ?? '';
      const depth = stack.length + 1;
      if (polygonDepth) {
        if (depth === polygonDepth) polygonDepth = 0;
        return;
      }
      if (collect && (name === 'when' || name === 'begin' || name === 'end' || name === 'coord' || name === 'coordinates')) {
        const c = collect;
        collect = null;
        if (c.what === 'track-when' && track) trackWhen(track, whenCode(c));
        else if (c.what === 'track-coord' && track) {
          const at = c.over ? null : trackCoordinates(c.text);
          trackCoord(track, at ? at[0] : Number.NaN, at ? at[1] : Number.NaN);
        } else if (c.what === 'point' && placemark) {
          const p = placemark;
          const at = c.over ? null : pointCoordinates(c.text);
          const [lng, lat] = at ?? [Number.NaN, Number.NaN];
          p.points++;
          const where = p.points > 1 ? `${p.name}, Point ${p.points}` : p.name;
          if (p.timed) emit(placemarkPoint(p, where, lng, lat));
          else if (p.held.length < 2 * MAX_HELD) p.held.push(lng, lat);
          else emit(skip('too_large', where, `more than ${MAX_HELD} Points before the Placemark's time`));
        } else if (placemark && (c.what === 'when' || c.what === 'begin' || c.what === 'end')) {
          if (c.over) placemark.over = true;
          placemark[c.what] = c.text;
        }
        return;
      }
      if (line && name === 'coordinates') {
        emit(skip('no_time', line.where, 'LineString coordinates have no times'), line.count);
        line = null;
        return;
      }
      if (placemark && (name === 'TimeStamp' || name === 'TimeSpan') && depth === placemark.depth + 1) {
        placemark.timed = true;
        releaseHeld(placemark);
        return;
      }
      if (track && name === 'Track' && depth === track.depth) {
        endTrack(track);
        track = null;
        return;
      }
      if (placemark && name === 'Placemark' && depth === placemark.depth) {
        releaseHeld(placemark);
        placemark = null;
      }
    },
  };
}

/**
 * The `kml` format: XML whose root element (after the declaration, comments, a DOCTYPE) is `kml`,
 * with or without a prefix. Its reader is also the `kmz` format's, for the .kml entry that
 * streams out of the ZIP.
 */
export const kml = xmlFormat('kml', kmlHandlers);
