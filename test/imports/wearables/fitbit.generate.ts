import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/**
 * A realistic Fitbit Takeout of about `records` records, streamed to `dir/fitbit-takeout.zip` (for
 * npm run bench:wearables, and the tests' check that every record is counted): days from
 * 2023-01-02 on, each with a heart-rate sample every 5 seconds (heart_rate-YYYY-MM-DD.json, as
 * Takeout writes them), its minutes of steps and distance (most of them 0), a night's stages sleep
 * log, a resting heart rate, every third day a weigh-in (pounds, with a BMI), every other day an
 * exercise, a Daily SpO2 and a respiratory-rate row; the files Fitbit writes beside them that are
 * not imported (calories, Minute SpO2) count one record each. Files hold 30 days where Takeout's
 * do. Whole days are written until `records` is reached; `records` returned is the exact count the
 * import reads. Deterministic: the same `records`, the same file.
 */
export async function generate(dir: string, records: number): Promise<{ path: string; records: number }> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'fitbit-takeout.zip');
  const random = mulberry32(20230102);
  const days: Date[] = [];
  let total = 0;
  while (total < records) {
    days.push(new Date(Date.UTC(2023, 0, 2 + days.length)));
    total += perDay(days.length - 1);
  }
  const zip = new ZipFile();
  const root = 'Takeout/Fitbit/';
  const data = `${root}Global Export Data/`;
  const add = (name: string, body: () => Iterable<string>) => zip.addReadStream(Readable.from(chunks(body())), name);

  zip.addBuffer(
    Buffer.from(
      'tracker_id,date_added,last_sync_date_time,batt_level,tracker_name,device_name\n123456789,2022-11-20,2023-06-01T06:12:44.000Z,71,,Sense 2\n',
    ),
    `${root}Paired Devices/Trackers.csv`,
  );
  for (const [i, day] of days.entries()) {
    const d = usDate(day);
    add(`${data}heart_rate-${isoDate(day)}.json`, () => jsonArray(heartRate(d, random)));
    add(`${root}Oxygen Saturation (SpO2)/Minute SpO2 - ${isoDate(day)}.csv`, () => [`timestamp,value\n${isoDate(day)}T01:00:00Z,96.2\n`]);
    add(`${root}Heart Rate Variability/Daily Respiratory Rate Summary - ${isoDate(day)}.csv`, () => [
      `timestamp,daily_respiratory_rate\n${isoDate(day)}T00:00:00,${(14 + random() * 2).toFixed(1)}\n`,
    ]);
    if (i % 30 !== 0) continue;
    // The 30-day files, from this day on.
    const chunk = days.slice(i, i + 30);
    const from = isoDate(day);
    add(`${data}steps-${from}.json`, () => jsonArray(perMinute(chunk, random, 'steps')));
    add(`${data}distance-${from}.json`, () => jsonArray(perMinute(chunk, random, 'distance')));
    add(`${data}calories-${from}.json`, () => jsonArray(chunk.map((c) => ({ dateTime: `${usDate(c)} 00:00:00`, value: '1.19' }))));
    add(`${data}sleep-${from}.json`, () => jsonArray(chunk.map((c) => sleepLog(c, random))));
    add(`${data}resting_heart_rate-${from}.json`, () =>
      jsonArray(
        chunk.map((c) => ({ dateTime: `${usDate(c)} 00:00:00`, value: { date: usDate(c), value: 55 + random() * 6, error: 6.5 } })),
      ),
    );
    add(`${data}weight-${from}.json`, () => jsonArray(chunk.flatMap((c, k) => ((i + k) % 3 === 0 ? [weighIn(c, random)] : []))));
    add(`${data}exercise-${i}.json`, () => jsonArray(chunk.flatMap((c, k) => ((i + k) % 2 === 0 ? [exercise(c, random)] : []))));
    add(`${root}Oxygen Saturation (SpO2)/Daily SpO2 - ${from}-${isoDate(chunk.at(-1)!)}.csv`, () => [
      'timestamp,average_value,lower_bound,upper_bound\n',
      ...chunk.map((c) => `${isoDate(c)}T00:00:00Z,${(95 + random() * 2).toFixed(1)},93.0,98.4\n`),
    ]);
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
  return { path, records: total };
}

const SAMPLES_PER_DAY = 86_400 / 5;

/**
 * The records a day adds: its heart-rate samples, 1,440 minutes each of steps and distance, a sleep
 * log, a resting heart rate, a respiratory rate, a Minute SpO2 file; every third day a weigh-in,
 * every other an exercise; every 30th day (a chunk's first) its calories file.
 */
function perDay(i: number): number {
  return SAMPLES_PER_DAY + 2 * 1440 + 1 + 1 + 1 + 1 + 1 + (i % 3 === 0 ? 1 : 0) + (i % 2 === 0 ? 1 : 0) + (i % 30 === 0 ? 1 : 0);
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const usDate = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${pad(d.getUTCFullYear() % 100)}`;
const clock = (seconds: number) => `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
const localIso = (d: Date, seconds: number) =>
  `${isoDate(new Date(d.getTime() + Math.floor(seconds / 86_400) * 86_400_000))}T${clock(seconds % 86_400)}.000`;

function* heartRate(day: string, random: () => number): Generator<object> {
  for (let s = 0; s < 86_400; s += 5) {
    const bpm = Math.round(62 + 18 * Math.sin((s / 86_400) * 2 * Math.PI - 1.5) + random() * 8);
    yield { dateTime: `${day} ${clock(s)}`, value: { bpm, confidence: random() < 0.9 ? 2 : 3 } };
  }
}

/** A minute's steps: walking now and then in the morning, at noon and in the evening, else 0. */
function* perMinute(days: Date[], random: () => number, kind: 'steps' | 'distance'): Generator<object> {
  for (const day of days) {
    for (let m = 0; m < 1440; m++) {
      const active = (m >= 420 && m < 540) || (m >= 720 && m < 780) || (m >= 1020 && m < 1140);
      const steps = active && random() < 0.6 ? Math.round(40 + random() * 80) : 0;
      yield { dateTime: `${usDate(day)} ${clock(m * 60)}`, value: String(kind === 'steps' ? steps : Math.round(steps * 76.2 * 10) / 10) };
    }
  }
}

/** A night from 23:00 to about 07:00: stages of 20 to 60 minutes, a short wake now and then. */
function sleepLog(day: Date, random: () => number): object {
  const start = -3600;
  const data: object[] = [];
  const shortData: object[] = [];
  let t = start;
  const stages = ['light', 'deep', 'light', 'rem', 'wake'];
  for (let k = 0; t < 8 * 3600 - 3600; k++) {
    const seconds = Math.round(((20 + random() * 40) * 60) / 30) * 30;
    data.push({ dateTime: localIso(day, 86_400 + t), level: stages[k % stages.length], seconds });
    if (random() < 0.3) shortData.push({ dateTime: localIso(day, 86_400 + t + 300), level: 'wake', seconds: 60 });
    t += seconds;
  }
  return {
    logId: 40_000_000_000 + Math.floor(day.getTime() / 86_400_000),
    dateOfSleep: isoDate(day),
    startTime: localIso(day, 86_400 + start),
    endTime: localIso(day, 86_400 + t),
    duration: (t - start) * 1000,
    minutesToFallAsleep: 0,
    minutesAsleep: Math.round((t - start) / 60) - 40,
    type: 'stages',
    levels: { data, shortData },
    mainSleep: true,
  };
}

function weighIn(day: Date, random: () => number): object {
  const weight = Math.round((170 + random() * 3) * 10) / 10;
  return {
    logId: day.getTime() + 8 * 3_600_000,
    weight,
    bmi: Math.round((weight / 6.96) * 100) / 100,
    date: usDate(day),
    time: '08:00:00',
    source: 'Aria',
  };
}

function exercise(day: Date, random: () => number): object {
  const minutes = Math.round(20 + random() * 40);
  return {
    logId: 37_000_000_000 + Math.floor(day.getTime() / 86_400_000),
    activityName: 'Walk',
    activityTypeId: 90013,
    duration: minutes * 60_000,
    activeDuration: minutes * 60_000,
    logType: 'auto_detected',
    startTime: `${usDate(day)} 17:05:10`,
  };
}

/** A JSON array of these elements, as text a piece at a time. */
function* jsonArray(elements: Iterable<object>): Generator<string> {
  yield '[';
  let first = true;
  for (const e of elements) {
    yield `${first ? '' : ','}${JSON.stringify(e)}`;
    first = false;
  }
  yield ']';
}

/** Text pieces as buffers of about 64 KiB. */
function* chunks(pieces: Iterable<string>): Generator<Buffer> {
  let held: string[] = [];
  let size = 0;
  for (const p of pieces) {
    held.push(p);
    size += p.length;
    if (size >= 64 * 1024) {
      yield Buffer.from(held.join(''));
      held = [];
      size = 0;
    }
  }
  if (held.length) yield Buffer.from(held.join(''));
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
