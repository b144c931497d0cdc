import { Invalid } from '../../core/errors.ts';
import type { ImportRecord } from '../records.ts';
import { attribute, localName, type Emit, type XmlHandlers } from '../xml-guard.ts';
import { MAX_VALUE_CHARS, quote, timeSkip, trackTime, xmlFormat } from './track-values.ts';
import { num, point, skip } from './values.ts';

/**
 * GPX 1.0 and 1.1 (https://www.topografix.com/GPX/1/1/): every `<trkpt>` (in trk/trkseg),
 * `<rtept>` (in rte) and `<wpt>` is one record, in file order. Elements are matched by local
 * name, so a prefixed file (`<gpx:trkpt>`) reads the same; the namespace URI is not checked
 * (1.0 and 1.1 differ only there for these elements).
 *
 * - The point's time is its own `<time>` child (xsd:dateTime, UTC by the schema; an offset is
 *   honoured, a time without a zone is read as UTC); `<time>` elsewhere (metadata, extensions) is
 *   ignored. No `<time>`, or an empty one → skip `no_time`; a date without a time of day →
 *   `no_time`; anything else unreadable → `malformed`; a `<time>` over 1 KiB → `too_large`.
 * - `lat`/`lon` attributes that are missing or not numbers → skip `bad_coordinate` (checked after
 *   the time, as every reader does); numbers out of range are yielded as they are, for the
 *   pipeline's range check.
 * - Accuracy is null: `<hdop>` is a dilution of precision, a unitless factor, not metres (it
 *   would need the receiver's error in metres to become one), and GPX has no accuracy element.
 *   `<ele>` and everything else a point carries are ignored.
 * - A detail names the element and its 1-based number among its kind: "trkpt 12: no <time>".
 */

const POINT_ELEMENTS = new Set(['trkpt', 'rtept', 'wpt']);

type OpenPoint = { where: string; depth: number; lat: string | undefined; lon: string | undefined; time: string | null; over: boolean };

function gpxHandlers(emit: Emit<ImportRecord>): XmlHandlers {
  let depth = 0;
  let sawRoot = false;
  const numbers: Record<string, number> = { trkpt: 0, rtept: 0, wpt: 0 };
  let open: OpenPoint | null = null;
  /** Whether the text now read is the open point's (first) `<time>`. */
  let inTime = false;

  const finish = (p: OpenPoint): ImportRecord => {
    if (p.over) return skip('too_large', p.where, `<time> over ${MAX_VALUE_CHARS} characters`);
    const time = p.time === null ? 'absent' : trackTime(p.time);
    if (!(time instanceof Date)) return timeSkip(p.where, time, '<time>', p.time);
    const lat = num(p.lat);
    const lng = num(p.lon);
    if (lat === null || lng === null) {
      return skip('bad_coordinate', p.where, `lat ${quote(p.lat ?? '(none)')} / lon ${quote(p.lon ?? '(none)')} are not numbers`);
    }
    return point(time, lat, lng, null);
  };

  return {
    opentag(tag) {
      depth++;
      const name = localName(tag.name);
      if (!sawRoot) {
        sawRoot = true;
        if (name !== 'gpx') throw Invalid.at([], `The file is not GPX: its root element is <${tag.name.slice(0, 64)}>`);
        return;
      }
      if (open) {
        if (name === 'time' && depth === open.depth + 1 && open.time === null) {
          inTime = true;
          open.time = '';
        }
        return;
      }
      if (POINT_ELEMENTS.has(name)) {
        const n = ++numbers[name];
        open = {
          where: `${name} ${n}`,
          depth,
          lat: attribute(tag.attributes, 'lat'),
          lon: attribute(tag.attributes, 'lon'),
          time: null,
          over: false,
        };
      }
    },
    text(t) {
      if (!inTime || !open || open.over) return;
      const sofar = open.time ?? '';
      if (sofar.length + t.length > MAX_VALUE_CHARS) {
        open.over = true;
        open.time = '';
      } else open.time = sofar + t;
    },
    closetag() {
      if (open) {
        if (inTime && depth === open.depth + 1) inTime = false;
        else if (depth === open.depth) {
          emit(finish(open));
          open = null;
        }
      }
      depth--;
    },
  };
}

/** The `gpx` format: XML whose root element (after the declaration, comments, a DOCTYPE) is `gpx`, with or without a prefix. */
export const gpx = xmlFormat('gpx', gpxHandlers);
