import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { mulberry32 } from '../../../src/tools/demo-data.ts';
import { addDailyCsv, DAY_MS, dayOf, START } from './daily-csv.ts';

/**
 * A realistic Withings Health Mate export of about `records` records, streamed to
 * `dir/withings-export.zip` (for npm run bench:wearables): its CSVs as Health Mate writes them
 * (test/fixtures/imports/wearables/withings), days from 2022-01-01 on, each with heart rate samples
 * every 10 minutes in runs of one to three (raw_hr_hr.csv, JSON arrays), raw tracker steps (not
 * mapped: the daily totals are), a night (sleep.csv), a weigh-in in pounds with its body
 * composition, every fourth day a blood pressure measurement, daily steps and active calories
 * (aggregates_*). Whole days are written until `records` is reached; the `records` returned is the
 * exact count the import reads (each value one record). Deterministic: the same `records`, the same file.
 */
const HR_ROWS_PER_DAY = 144;
const STEP_ROWS_PER_DAY = 40;
/** A night: itself, its lowest heart rate, and 6 numbers without a metric (wake ups, snoring, average and highest heart rate ...). */
const SLEEP_RECORDS = 8;
/** A weigh-in: weight, body fat (from fat mass), bone, muscle and hydration masses. */
const WEIGHT_RECORDS = 5;
/** A blood pressure measurement: systolic, diastolic, heart rate. */
const BP_RECORDS = 3;

export async function generate(dir: string, records: number): Promise<{ path: string; records: number }> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'withings-export.zip');
  // Each day's heart rate rows hold 1..3 samples, so days are drawn first and counted as they come.
  const plan: { hrSamples: number[]; stepSamples: number[] }[] = [];
  const random = mulberry32(20220101);
  let total = 0;
  while (total < records) {
    const d = plan.length;
    const hrSamples = Array.from({ length: HR_ROWS_PER_DAY }, () => 1 + Math.floor(random() * 3));
    const stepSamples = Array.from({ length: STEP_ROWS_PER_DAY }, () => 1 + Math.floor(random() * 4));
    plan.push({ hrSamples, stepSamples });
    total += sum(hrSamples) + sum(stepSamples) + SLEEP_RECORDS + WEIGHT_RECORDS + (d % 4 === 0 ? BP_RECORDS : 0) + 2;
  }
  const values = mulberry32(7);
  const zip = new ZipFile();
  const folder = 'data_ABC_1700000000/';
  const add = (name: string, header: string, row: (d: number) => string) => addDailyCsv(zip, folder + name, header, plan.length, row);
  add('raw_hr_hr.csv', 'start,duration,value', (d) => rawRows(d, plan[d].hrSamples, 600, () => Math.round(55 + values() * 40)));
  add('raw_tracker_steps.csv', 'start,duration,value', (d) => rawRows(d, plan[d].stepSamples, 1800, () => Math.round(values() * 120)));
  add(
    'sleep.csv',
    'from,to,"light (s)","deep (s)","rem (s)","awake (s)","wake up","Duration to sleep (s)","Duration to wake up (s)","Snoring (s)","Snoring episodes","Average heart rate","Heart rate (min)","Heart rate (max)","Night events",Notes',
    (d) => sleepRow(d, values),
  );
  add('weight.csv', 'Date,"Weight (lb)","Fat mass (lb)","Bone mass (lb)","Muscle mass (lb)","Hydration (lb)",Comments', (d) =>
    weightRow(d, values),
  );
  add('bp.csv', 'Date,"Heart rate",Systolic,Diastolic,Comments', (d) =>
    d % 4 === 0
      ? `"${local(d, 8 * 3600 + 300)}",${Math.round(60 + values() * 20)},${Math.round(110 + values() * 25)},${Math.round(70 + values() * 15)},\n`
      : '',
  );
  add('aggregates_steps.csv', 'date,value', (d) => `${dayOf(d)},${Math.round(2000 + values() * 10000)}\n`);
  add('aggregates_calories_earned.csv', 'date,value', (d) => `${dayOf(d)},${(values() * 600).toFixed(2)}\n`);
  zip.addBuffer(Buffer.from('Below are the details of the data you have exported from Health Mate:\n'), `${folder}README.txt`);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
  return { path, records: total };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The export's time with an offset (+01:00, as the raw files and sleep.csv write it). */
const withOffset = (ms: number) => `${new Date(ms + 3_600_000).toISOString().slice(0, 19)}+01:00`;
/** The account's local wall-clock time (weight.csv, bp.csv). */
const local = (d: number, secondOfDay: number) =>
  new Date(START + d * DAY_MS + secondOfDay * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** A day's raw rows, one every `everyS` seconds from midnight, each a run of samples a minute apart. */
function rawRows(d: number, samples: number[], everyS: number, value: () => number): string {
  let out = '';
  for (const [i, n] of samples.entries()) {
    const durations = Array.from({ length: n }, () => 60).join(',');
    const vals = Array.from({ length: n }, value).join(',');
    const cell = (s: string) => (n > 1 ? `"[${s}]"` : `[${s}]`);
    out += `${withOffset(START + d * DAY_MS + i * everyS * 1000)},${cell(durations)},${cell(vals)}\n`;
  }
  return out;
}

/** The night ending on day `d`: in bed about 23:30 the evening before, 7 to 9 hours. */
function sleepRow(d: number, random: () => number): string {
  const from = START + d * DAY_MS - 1800_000 + Math.round((random() - 0.5) * 60) * 60_000;
  const inBed = 7 * 3600 + Math.round(random() * 7200);
  const awake = 900 + Math.round(random() * 1200);
  const asleep = inBed - awake - 120;
  const deep = Math.round(asleep * 0.25);
  const rem = Math.round(asleep * 0.2);
  const low = Math.round(48 + random() * 10);
  return `${withOffset(from)},${withOffset(from + inBed * 1000)},${asleep - deep - rem},${deep},${rem},${awake},${Math.round(random() * 4)},120,0,${Math.round(random() * 600)},${Math.round(random() * 5)},${low + 8},${low},${low + 30},,\n`;
}

function weightRow(d: number, random: () => number): string {
  const weight = 150 + random() * 4;
  const fat = weight * (0.3 + random() * 0.04);
  return `"${local(d, 7 * 3600 + Math.round(random() * 3600))}",${weight.toFixed(1)},${fat.toFixed(1)},4.9,${(weight * 0.62).toFixed(1)},${(weight * 0.44).toFixed(1)},\n`;
}
