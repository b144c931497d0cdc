import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { mulberry32 } from '../../../src/tools/demo-data.ts';
import { addDailyCsv, DAY_MS, dayOf, START } from './daily-csv.ts';

/**
 * A realistic Oura data export of about `records` records, streamed to `dir/oura-export.zip` (for
 * npm run bench:wearables): the membership hub's ZIP with its "App Data" CSVs (`;`-separated, JSON
 * in cells, as test/fixtures/imports/wearables/oura/app-data), days from 2022-01-01 on, each with
 * a heart rate sample every 5 minutes (heartrate.csv), a night's sleep period with 12 five-minute
 * heart rate samples (sleepmodel.csv), an activity day with its MET series (dailyactivity.csv) and
 * a readiness day (dailyreadiness.csv). Whole days are written until `records` is reached; the
 * `records` returned is the exact count the import reads (each value one record, as the importer
 * counts them). Deterministic: the same `records`, the same file.
 */
const HR_PER_DAY = 288;
const SLEEP_HR_ITEMS = 12;
/** A sleep period: itself, breath and lowest heart rate, its heart rate samples, 7 numbers without a metric. */
const SLEEP_RECORDS = 1 + 2 + SLEEP_HR_ITEMS + 7;
/** An activity day: steps, active calories, and 19 numbers without a metric (its MET series one of them). */
const ACTIVITY_RECORDS = 21;
/** A readiness day: score and temperature deviations. */
const READINESS_RECORDS = 3;
const PER_DAY = HR_PER_DAY + SLEEP_RECORDS + ACTIVITY_RECORDS + READINESS_RECORDS;

export async function generate(dir: string, records: number): Promise<{ path: string; records: number }> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'oura-export.zip');
  const days = Math.max(1, Math.ceil(records / PER_DAY));
  const random = mulberry32(20220101);
  const zip = new ZipFile();
  const add = (name: string, header: string, row: (day: number) => string) => addDailyCsv(zip, `App Data/${name}`, header, days, row);
  add('heartrate.csv', 'timestamp;bpm;source', (d) => heartRateDay(d, random));
  add(
    'sleepmodel.csv',
    'id;average_breath;average_heart_rate;average_hrv;awake_time;bedtime_end;bedtime_start;day;deep_sleep_duration;efficiency;heart_rate;hrv;latency;light_sleep_duration;low_battery_alert;lowest_heart_rate;movement_30_sec;period;readiness;readiness_score_delta;rem_sleep_duration;restless_periods;sleep_phase_5_min;sleep_score_delta;sleep_algorithm_version;time_in_bed;total_sleep_duration;type',
    (d) => sleepRow(d, random),
  );
  add(
    'dailyactivity.csv',
    'id;active_calories;average_met_minutes;class_5_min;contributors;day;equivalent_walking_distance;high_activity_met_minutes;high_activity_time;inactivity_alerts;low_activity_met_minutes;low_activity_time;medium_activity_met_minutes;medium_activity_time;met;meters_to_target;non_wear_time;resting_time;score;sedentary_met_minutes;sedentary_time;steps;target_calories;target_meters;timestamp;total_calories',
    (d) => activityRow(d, random),
  );
  add('dailyreadiness.csv', 'id;contributors;day;score;temperature_deviation;temperature_trend_deviation;timestamp', (d) =>
    readinessRow(d, random),
  );
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
  return { path, records: days * PER_DAY };
}

const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');
const id = (kind: number, d: number) => `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${d.toString(16).padStart(12, '0')}`;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

function heartRateDay(d: number, random: () => number): string {
  let out = '';
  for (let i = 0; i < HR_PER_DAY; i++) {
    const at = START + d * DAY_MS + i * 300_000;
    const asleep = i < 84;
    out += `${iso(at)};${Math.round((asleep ? 52 : 68) + random() * 20)};${asleep ? 'sleep' : 'awake'}\n`;
  }
  return out;
}

/** The night ending on day `d`: in bed 23:00 the evening before (± 40 min) for about 8 hours. */
function sleepRow(d: number, random: () => number): string {
  const start = START + d * DAY_MS - 3_600_000 + Math.round((random() - 0.5) * 80) * 60_000;
  const inBed = 7 * 3600 + Math.round(random() * 7200);
  const total = inBed - 1800 - Math.round(random() * 1800);
  const deep = Math.round(total * 0.2);
  const rem = Math.round(total * 0.22);
  const items = Array.from({ length: SLEEP_HR_ITEMS }, () => round(50 + random() * 12)).join(', ');
  const series = (values: string) => `{"interval": 300.0, "items": [${values}], "timestamp": "${iso(start)}"}`;
  return (
    [
      id(1, d),
      round(13 + random() * 3, 3),
      round(54 + random() * 6),
      Math.round(35 + random() * 30),
      inBed - total,
      iso(start + inBed * 1000),
      iso(start),
      dayOf(d),
      deep,
      Math.round((total / inBed) * 100),
      series(items),
      series('40.0, 44.0, 51.0'),
      600,
      total - deep - rem,
      'False',
      Math.round(46 + random() * 8),
      '1111222211',
      0,
      '{"score": 80, "temperature_deviation": -0.1}',
      1,
      rem,
      Math.round(150 + random() * 100),
      '4422222111112222333322224',
      0,
      'v2',
      inBed,
      total,
      'long_sleep',
    ].join(';') + '\n'
  );
}

function activityRow(d: number, random: () => number): string {
  const steps = Math.round(3000 + random() * 9000);
  const met = `{"interval": 60.0, "items": [0.9, 1.2, ${round(1 + random() * 4)}], "timestamp": "${dayOf(d)}T04:00:00.000+00:00"}`;
  return (
    [
      id(2, d),
      Math.round(steps / 25),
      1.6,
      '1111223',
      '{"meet_daily_targets": 60, "move_every_hour": 100}',
      dayOf(d),
      Math.round(steps * 0.75),
      0,
      0,
      0,
      180,
      15840,
      120,
      1320,
      met,
      1200,
      0,
      28800,
      Math.round(60 + random() * 40),
      20,
      30960,
      steps,
      450,
      9000,
      `${dayOf(d)}T04:00:00.000+00:00`,
      2200 + Math.round(steps / 25),
    ].join(';') + '\n'
  );
}

function readinessRow(d: number, random: () => number): string {
  const score = Math.round(60 + random() * 35);
  return `${id(3, d)};{"activity_balance": 80, "hrv_balance": 75};${dayOf(d)};${score};${round(random() - 0.5, 2)};${round(random() - 0.5, 2)};${dayOf(d)}T00:00:00.000+00:00\n`;
}
