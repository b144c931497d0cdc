import type { Readable } from 'node:stream';
import { Invalid } from '../../core/errors.ts';
import { jsonItems } from '../json-items.ts';
import type { ImportRecord } from '../records.ts';
import type { RecordFormat } from './format.ts';
import { jsonDetect, quote, timeSkip, timeValue, trackTime } from './track-values.ts';
import { MAX_RECORD_BYTES, accuracy, isObject, itemPlace, num, point, skip, type Json } from './values.ts';

/**
 * OwnTracks (https://owntracks.org/booklet/tech/json/): the Recorder's `.rec` files and JSON
 * lists of messages. The mapping is the same for both:
 *
 * - `_type: "location"` → a point at `tst` (epoch seconds; a number or a string of digits, its
 *   unit told by its size as for GeoJSON, so a sender that writes milliseconds still reads right),
 *   at `lat`/`lon`, with accuracy `acc` (metres). When `tst` is missing or null, the time falls
 *   back to the one beside the message: a .rec line's first field (the Recorder writes it from
 *   `tst`, or from its own clock when the message had none), or `isotst` in the Recorder API's
 *   and ocat's JSON. A `tst` that is there but unreadable is `malformed` (no fallback: the message
 *   says something wrong about its own time).
 * - Every other `_type` (lwt, transition, waypoint(s), card, cmd, steps, status, beacon,
 *   encrypted, dump ...) → skip `unmapped_type`. A message without `_type` is read as a location
 *   when it has `lat` and `lon` (some third-party senders omit it), else `malformed`.
 * - The time is checked before the coordinates, as every reader does; coordinates not numbers →
 *   `bad_coordinate`, numbers out of range are yielded for the pipeline's range check.
 */

/** The record of one OwnTracks message. `fallback` is the time written beside it (a .rec line's, `isotst`), if any. */
function messageRecord(where: string, msg: unknown, fallback: string | null): ImportRecord {
  if (!isObject(msg)) return skip('malformed', where, 'not a JSON object');
  const type = msg._type;
  if (type !== 'location') {
    if (type !== undefined && type !== null) return skip('unmapped_type', where, `_type ${quote(type)}`);
    if (msg.lat === undefined || msg.lon === undefined) return skip('malformed', where, 'no _type and no lat/lon');
  }
  let time: ReturnType<typeof timeValue>;
  let what = 'tst';
  let value: unknown = msg.tst;
  if (msg.tst !== undefined && msg.tst !== null && msg.tst !== '') {
    time = timeValue(msg.tst);
  } else if (fallback !== null) {
    time = trackTime(fallback);
    what = where.startsWith('line') ? "the line's time (no tst)" : 'isotst (no tst)';
    value = fallback;
  } else {
    time = 'absent';
    what = 'tst';
  }
  if (!(time instanceof Date)) return timeSkip(where, time, what, value);
  const lat = num(msg.lat);
  const lng = num(msg.lon);
  if (lat === null || lng === null)
    return skip('bad_coordinate', where, `lat ${quote(msg.lat ?? '(none)')} / lon ${quote(msg.lon ?? '(none)')} are not numbers`);
  return point(time, lat, lng, accuracy(msg.acc));
}

// ---------------------------------------------------------------------------------------------
// .rec

const NEWLINE = 0x0a;
const REC_LINE = /^(\S+)\t[^\t]*\t(.*)$/s;
const REC_FIRST_LINE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\t[^\t\n]*\t\s*\{/;

function recLine(n: number, text: string): ImportRecord | null {
  const line = text.endsWith('\r') ? text.slice(0, -1) : text;
  if (line.trim() === '') return null;
  const where = `line ${n}`;
  const m = REC_LINE.exec(line);
  if (!m) return skip('malformed', where, 'not "time<TAB>topic<TAB>JSON"');
  let msg: unknown;
  try {
    msg = JSON.parse(m[2]) as unknown;
  } catch {
    return skip('malformed', where, 'not JSON');
  }
  return messageRecord(where, msg, m[1]);
}

/**
 * The records of an OwnTracks Recorder `.rec` file (`rec/<user>/<device>/YYYY-MM.rec`): one
 * message a line, `<ISO time>\t<topic, padded to 18>\t<JSON>` (the topic `*` for the device's
 * base topic, `lwt`, `event` for transitions ...). Lines are split as bytes, so a line over 1 MiB
 * is skipped `too_large` without being held (the reader scans on to the next newline); blank
 * lines are ignored and not counted as records (they still count in the line numbers the
 * details give); a line that is not three tab-separated fields, or whose third is not JSON, is
 * `malformed` (the Recorder also stores payloads that are not JSON, as they came).
 */
async function* readOwntracksRec(input: Readable): AsyncGenerator<ImportRecord> {
  let parts: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  let n = 0;
  const end = (): ImportRecord | null => {
    n++;
    if (tooLarge) {
      tooLarge = false;
      return skip('too_large', `line ${n}`, `over ${MAX_RECORD_BYTES} bytes`);
    }
    let text = Buffer.concat(parts, size).toString('utf8');
    parts = [];
    size = 0;
    if (n === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return recLine(n, text);
  };
  const keep = (buf: Uint8Array, from: number, to: number) => {
    if (tooLarge || to <= from) return;
    size += to - from;
    if (size > MAX_RECORD_BYTES) {
      tooLarge = true;
      parts = [];
      size = 0;
    } else parts.push(buf.subarray(from, to));
  };
  for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let from = 0;
    for (;;) {
      const nl = buf.indexOf(NEWLINE, from);
      if (nl < 0) break;
      keep(buf, from, nl);
      const record = end();
      if (record) yield record;
      from = nl + 1;
    }
    keep(buf, from, buf.length);
  }
  if (size > 0 || tooLarge) {
    const record = end();
    if (record) yield record;
  }
}

export const owntracksRec: RecordFormat = {
  name: 'owntracks_rec',
  kind: 'records',
  /** The first non-blank line is "<ISO time>\t<topic>\t{" (a .rec line whose payload is JSON). */
  detect(head) {
    const first = head.split('\n').find((l) => l.trim() !== '');
    return first !== undefined && REC_FIRST_LINE.test(first);
  },
  read: readOwntracksRec,
};

// ---------------------------------------------------------------------------------------------
// JSON

/** Members of a single message kept until the end of the file (its other members are not needed). */
const SINGLE_KEYS = new Set(['_type', 'tst', 'lat', 'lon', 'acc', 'isotst']);
/** The array members that hold messages: the Recorder API's `data`, ocat's `locations`. */
const LIST_KEYS = new Set(['data', 'locations']);

const isotst = (msg: unknown): string | null => (isObject(msg) && typeof msg.isotst === 'string' ? msg.isotst : null);

/**
 * The records of a JSON list of OwnTracks messages, streamed with jsonItems (each message under
 * the 1 MiB cap): a top-level array (the Recorder API's /api/0/last, a client's export), an
 * object with the list in `data` (the Recorder API's /api/0/locations: `{"count", "data",
 * "status"}`) or in `locations` (ocat's JSON: `{"count", "locations"}`; read when chosen, not
 * detected: see `detect`), or one message object.
 */
async function* readOwntracksJson(input: Readable): AsyncGenerator<ImportRecord> {
  let lists = false;
  /** Whether the object has a list's companions (the API's and ocat's `count`), for an empty list. */
  let counted = false;
  const single: Json = {};
  for await (const item of jsonItems(input, MAX_RECORD_BYTES)) {
    if (item.path === '(after the end)') {
      if ('malformed' in item) yield skip('malformed', item.path, item.malformed);
      continue;
    }
    const { key, index } = itemPlace(item.path);
    const isMessage = item.path.startsWith('[') || (index !== null && LIST_KEYS.has(key));
    if (!isMessage) {
      if (index === null && SINGLE_KEYS.has(key) && 'value' in item) single[key] = item.value;
      if (index === null && key === 'count') counted = true;
      continue;
    }
    lists = true;
    if ('tooLarge' in item) yield skip('too_large', item.path, `a message over ${MAX_RECORD_BYTES} bytes`);
    else if ('malformed' in item) yield skip('malformed', item.path, `not JSON (${item.malformed})`);
    else yield messageRecord(item.path, item.value, isotst(item.value));
  }
  if (lists) return;
  if ('_type' in single || ('lat' in single && 'lon' in single)) {
    yield messageRecord('(the message)', single, isotst(single));
    return;
  }
  if (counted) return;
  throw Invalid.at([], 'The file is not OwnTracks JSON: no list of messages (an array, "data") and no message (_type)');
}

/** Whether the members at the head of a JSON object are an OwnTracks message's (and not Google's iOS export's or a GeoJSON Feature's). */
const isMessageHead = (m: Map<string, string> | undefined) => m !== undefined && m.has('_type') && !m.has('startTime') && !m.has('type');

export const owntracksJson: RecordFormat = {
  name: 'owntracks_json',
  kind: 'records',
  /**
   * A JSON array whose first element has `_type` (and not Google's `startTime`), an object with
   * `_type` (one message), or an object whose `data` array starts with such a message. Never an
   * object with one of Google's keys: ocat's `{"count", "locations": [...]}` is read when chosen
   * but not detected, as `locations` is Google's Records.json key.
   */
  detect: jsonDetect(isMessageHead, ({ members, firstElement }) =>
    members.has('_type')
      ? !members.has('type') && !members.has('features')
      : members.get('data') === '[' && isMessageHead(firstElement.get('data')),
  ),
  read: readOwntracksJson,
};
