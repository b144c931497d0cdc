import { mulberry32 } from '../../src/tools/demo-data.ts';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/**
 * A Google Takeout `Records.json` of any size, written to a file as it is generated (never whole
 * in memory), for the tests and the bench that need a large upload (test/imports/restart.test.ts,
 * concurrency.test.ts, test/bench/import.ts). Deterministic for a seed. Its records are what
 * Takeout writes: latitudeE7/longitudeE7 (negative longitudes too: the walk is around Lisbon),
 * accuracy, source and deviceTag, now and then altitude, velocity and activity arrays; the time as
 * `timestampMs` (a string, sometimes a number) for the older part of the history and ISO
 * `timestamp` (with or without milliseconds) after it; each record 1 to 60 s after the one before
 * (so every point is a distinct sample, even to the second), over years for a large file. A person
 * stays at a handful of places (home, work, ...) and travels between them. About one record in
 * 5,000 has no time (an import skips it as `no_time`).
 */
export type GeneratedRecords = {
  path: string;
  bytes: number;
  /** Every element of "locations": what an import reads. */
  records: number;
  /** Those with a time and coordinates: what an import stores (created, or present). */
  points: number;
  /** Those without a time: skipped as no_time. */
  noTime: number;
  first: Date;
  last: Date;
};

const PLACES = [
  { lat: 38.7223, lng: -9.1393 },
  { lat: 38.7369, lng: -9.1427 },
  { lat: 38.7077, lng: -9.1365 },
  { lat: 38.7491, lng: -9.1553 },
  { lat: 38.6979, lng: -9.2065 },
  { lat: 38.7813, lng: -9.1353 },
];
const SOURCES = ['WIFI', 'GPS', 'CELL'];
const ACTIVITIES = ['STILL', 'ON_FOOT', 'WALKING', 'IN_VEHICLE', 'ON_BICYCLE', 'TILTING', 'UNKNOWN'];
const FLUSH_CHARS = 1 << 20;

/**
 * Writes the file at `path` until it holds `size.bytes` (the last record may pass it) or
 * `size.records` records, whichever is given. `from` is the first record's time (default
 * 2012-01-01); the history moves from timestampMs to ISO times a third of the way through (by
 * size, so a small file has both).
 */
export async function writeRecordsFile(
  path: string,
  size: { bytes: number } | { records: number },
  options: { seed?: number; from?: Date; onProgress?: (bytes: number) => void } = {},
): Promise<GeneratedRecords> {
  const rand = mulberry32(options.seed ?? 1);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const deviceTag = int(1, 2 ** 31 - 1);
  const out = createWriteStream(path);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  const limit = 'bytes' in size ? { bytes: size.bytes, records: Infinity } : { bytes: Infinity, records: size.records };
  // Where timestampMs gives way to ISO: a third of the way through.
  const switchAt = 'bytes' in size ? { bytes: size.bytes / 3, records: Infinity } : { bytes: Infinity, records: size.records / 3 };

  let bytes = 0;
  let records = 0;
  let noTime = 0;
  let t = (options.from ?? new Date(Date.UTC(2012, 0, 1))).getTime();
  const first = new Date(t);
  let last = first;
  // The walk: staying at `at` for `left` records, or travelling from `at` to `to` over `left` records.
  let at = PLACES[0];
  let to = PLACES[0];
  let moving = false;
  let left = int(20, 400);
  let steps = left;

  let buffer: string[] = [];
  let pending = 0;
  const write = async (s: string) => {
    buffer.push(s);
    pending += s.length;
    bytes += Buffer.byteLength(s);
    if (pending < FLUSH_CHARS) return;
    const chunk = buffer.join('');
    buffer = [];
    pending = 0;
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
    options.onProgress?.(bytes);
  };

  await write('{\n  "locations": [');
  while (bytes < limit.bytes && records < limit.records) {
    // Where the person is.
    let lat: number;
    let lng: number;
    if (moving) {
      const f = 1 - left / steps;
      lat = at.lat + (to.lat - at.lat) * f + (rand() - 0.5) * 0.0004;
      lng = at.lng + (to.lng - at.lng) * f + (rand() - 0.5) * 0.0004;
    } else {
      lat = at.lat + (rand() - 0.5) * 0.0003;
      lng = at.lng + (rand() - 0.5) * 0.0003;
    }
    if (--left <= 0) {
      if (moving) at = to;
      else {
        do to = PLACES[int(0, PLACES.length - 1)];
        while (to === at);
      }
      moving = !moving;
      left = steps = moving ? int(30, 200) : int(60, 1500);
    }
    const old = bytes < switchAt.bytes && records < switchAt.records;
    const timed = rand() >= 1 / 5000;
    const ms = int(0, 999);
    const instant = new Date(t + ms);
    const fields: string[] = [`"latitudeE7": ${Math.round(lat * 1e7)}`, `"longitudeE7": ${Math.round(lng * 1e7)}`];
    fields.push(`"accuracy": ${moving ? int(3, 30) : rand() < 0.1 ? int(100, 1500) : int(5, 80)}`);
    if (rand() < 0.15) fields.push(`"altitude": ${int(0, 120)}`, `"verticalAccuracy": ${int(2, 30)}`);
    if (moving && rand() < 0.3) fields.push(`"velocity": ${int(1, 25)}`, `"heading": ${int(0, 359)}`);
    if (rand() < 0.2) {
      const kinds = [ACTIVITIES[int(0, ACTIVITIES.length - 1)], ACTIVITIES[int(0, ACTIVITIES.length - 1)]];
      const when = old
        ? `"timestampMs": "${instant.getTime() - int(0, 5000)}"`
        : `"timestamp": "${new Date(instant.getTime() - int(0, 5000)).toISOString()}"`;
      fields.push(
        `"activity": [{\n      "activity": [{\n        "type": "${kinds[0]}",\n        "confidence": ${int(50, 100)}\n      }, {\n` +
          `        "type": "${kinds[1]}",\n        "confidence": ${int(0, 49)}\n      }],\n      ${when}\n    }]`,
      );
    }
    fields.push(`"source": "${SOURCES[int(0, 2)]}"`, `"deviceTag": ${deviceTag}`);
    if (!old) fields.push(`"platformType": "ANDROID"`);
    if (!timed) noTime++;
    else if (old) fields.push(rand() < 0.1 ? `"timestampMs": ${instant.getTime()}` : `"timestampMs": "${instant.getTime()}"`);
    else fields.push(`"timestamp": "${ms % 4 === 0 ? instant.toISOString().replace(/\.\d{3}Z$/, 'Z') : instant.toISOString()}"`);
    await write(`${records ? ', {' : '{'}\n    ${fields.join(',\n    ')}\n  }`);
    records++;
    last = instant;
    t += int(1, 60) * 1000;
  }
  await write(']\n}\n');
  out.end(buffer.join(''));
  await Promise.race([once(out, 'finish'), failed]);
  options.onProgress?.(bytes);
  return { path, bytes, records, points: records - noTime, noTime, first, last };
}
