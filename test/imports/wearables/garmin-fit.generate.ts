import { Encoder, Profile } from '@garmin/fitsdk';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/**
 * FIT files made with Garmin's own SDK (its Encoder, @garmin/fitsdk): the large ZIP that
 * npm run bench:wearables imports, and the small files in test/fixtures/imports/wearables/garmin-fit
 * that no public sample covers (sleep, HRV status, all-day monitoring with heart rate and stress,
 * blood pressure, VO2 max), written by `node test/imports/wearables/garmin-fit.generate.ts --fixtures`.
 */
const N = Profile.MesgNum;
type Mesg = [number, Record<string, unknown>];

const FIT_EPOCH_MS = 631_065_600_000;
const fitSeconds = (d: Date) => Math.round((d.getTime() - FIT_EPOCH_MS) / 1000);
const at = (iso: string) => new Date(iso);

/** A FIT file of these messages (a 14-byte header, definitions as the SDK writes them, the CRC). */
function encodeFit(messages: Mesg[]): Buffer {
  const encoder = new Encoder();
  for (const [mesgNum, fields] of messages) encoder.onMesg(mesgNum, fields);
  return Buffer.from(encoder.close());
}

/** A file_id: Garmin's product numbers (3906 is the fenix 7, 4260 the Venu 3), a serial, the file type (49: sleep, unnamed in the profile). */
const fileId = (product: number, serialNumber: number, type: string | number, timeCreated: Date): Mesg => [
  N.FILE_ID,
  { type, manufacturer: 'garmin', product, serialNumber, timeCreated },
];

/** A sleep file: each level holds until the next. */
export function sleepFit(product: number, serial: number, levels: [string, string][], extra: Mesg[] = []): Buffer {
  return encodeFit([
    fileId(product, serial, 49, at(levels[0][0])),
    ...levels.map(([t, sleepLevel]): Mesg => [N.SLEEP_LEVEL, { timestamp: at(t), sleepLevel }]),
    ...extra,
  ]);
}

export const FENIX_7 = 3906;
export const VENU_3 = 4260;

/** A night of 7 h 05 min asleep (22:45-01:45 and 01:55-06:00 UTC), awake before, between and after. */
export const NIGHT: [string, string][] = [
  ['2024-03-09T22:30:00Z', 'awake'],
  ['2024-03-09T22:45:00Z', 'light'],
  ['2024-03-09T23:30:00Z', 'deep'],
  ['2024-03-10T00:30:00Z', 'light'],
  ['2024-03-10T01:15:00Z', 'rem'],
  ['2024-03-10T01:45:00Z', 'awake'],
  ['2024-03-10T01:55:00Z', 'light'],
  ['2024-03-10T03:30:00Z', 'deep'],
  ['2024-03-10T04:30:00Z', 'rem'],
  ['2024-03-10T05:20:00Z', 'light'],
  ['2024-03-10T06:00:00Z', 'awake'],
];

/** The small files of the fixture folder, by name. */
function fixtureFiles(): Record<string, Buffer> {
  const midnight = at('2024-03-09T23:00:00Z'); // 2024-03-10 00:00 in Berlin (+01:00)
  const ts16 = (iso: string) => fitSeconds(at(iso)) & 0xffff;
  return {
    'sleep.fit': sleepFit(FENIX_7, 3_400_000_001, NIGHT, [
      [N.SLEEP_ASSESSMENT, { overallSleepScore: 81, deepSleepScore: 90, awakeningsCount: 2 }],
    ]),
    'hrv-status.fit': encodeFit([
      fileId(FENIX_7, 3_400_000_001, 68, at('2024-03-10T06:00:00Z')),
      [N.HRV_STATUS_SUMMARY, { timestamp: at('2024-03-10T06:00:00Z'), weeklyAverage: 52, lastNightAverage: 49, status: 'balanced' }],
      [N.HRV_VALUE, { timestamp: at('2024-03-09T23:00:00Z'), value: 47 }],
      [N.HRV_VALUE, { timestamp: at('2024-03-09T23:05:00Z'), value: 51 }],
      [N.HRV_VALUE, { timestamp: at('2024-03-09T23:10:00Z'), value: 49 }],
    ]),
    // All-day monitoring in Berlin: the day starts at local midnight (monitoring_info); step totals
    // run per activity type; heart rate samples carry a 16-bit timestamp.
    'wellness.fit': encodeFit([
      fileId(FENIX_7, 3_400_000_001, 'monitoringB', midnight),
      [N.MONITORING_INFO, { timestamp: midnight, localTimestamp: fitSeconds(midnight) + 3600, activityType: ['walking', 'running'] }],
      [N.MONITORING_HR_DATA, { timestamp: midnight, restingHeartRate: 52, currentDayRestingHeartRate: 50 }],
      [N.SPO2_DATA, { timestamp: at('2024-03-10T02:00:00Z'), readingSpo2: 96, readingConfidence: 80, mode: 'periodic' }],
      [N.MONITORING, { timestamp: at('2024-03-10T06:15:00Z'), activityType: 'walking', cycles: 600, activeCalories: 30 }],
      [N.MONITORING, { timestamp16: ts16('2024-03-10T06:16:00Z'), heartRate: 62 }],
      [N.MONITORING, { timestamp16: ts16('2024-03-10T06:17:00Z'), heartRate: 64 }],
      [N.MONITORING, { timestamp16: ts16('2024-03-10T06:18:00Z'), activityType: 'sedentary', intensity: 0 }],
      [N.STRESS_LEVEL, { stressLevelTime: at('2024-03-10T06:20:00Z'), stressLevelValue: 25 }],
      [N.STRESS_LEVEL, { stressLevelTime: at('2024-03-10T06:23:00Z'), stressLevelValue: -1 }],
      [N.RESPIRATION_RATE, { timestamp: at('2024-03-10T06:20:00Z'), respirationRate: 14.5 }],
      [N.RESPIRATION_RATE, { timestamp: at('2024-03-10T06:22:00Z'), respirationRate: -2 }],
      [N.MONITORING, { timestamp: at('2024-03-10T06:30:00Z'), activityType: 'walking', cycles: 750 }],
      [N.MONITORING, { timestamp: at('2024-03-10T06:30:00Z'), activityType: 'running', cycles: 100 }],
      [N.MONITORING, { timestamp: at('2024-03-10T06:45:00Z'), activityType: 'walking', cycles: 750 }],
    ]),
    // A blood pressure monitor Garmin's profile does not name (product 9999).
    'blood-pressure.fit': encodeFit([
      fileId(9999, 77, 'bloodPressure', at('2024-03-10T07:00:00Z')),
      [N.BLOOD_PRESSURE, { timestamp: at('2024-03-10T07:00:00Z'), systolicPressure: 121, diastolicPressure: 79, heartRate: 66 }],
      [N.BLOOD_PRESSURE, { timestamp: at('2024-03-10T19:00:00Z'), systolicPressure: 117, diastolicPressure: 76 }],
    ]),
    'metrics.fit': encodeFit([
      fileId(FENIX_7, 3_400_000_001, 44, at('2024-03-10T08:00:00Z')),
      [N.MAX_MET_DATA, { updateTime: at('2024-03-10T08:00:00Z'), vo2Max: 48.5, sport: 'running', subSport: 'generic' }],
    ]),
  };
}

/** Records of one generated day: 1,440 monitoring messages and 11 sleep levels. */
const MONITORING_PER_DAY = 1440;
const PER_DAY = MONITORING_PER_DAY + NIGHT.length;

/** A day of all-day monitoring: a heart rate every minute (16-bit timestamps), the walking total every 15 minutes. */
function wellnessDay(day: Date, minutes: number): Buffer {
  const start = fitSeconds(day);
  const messages: Mesg[] = [
    fileId(FENIX_7, 3_400_000_001, 'monitoringB', day),
    [N.MONITORING_INFO, { timestamp: day, localTimestamp: start, activityType: ['walking'] }],
  ];
  let steps = 0;
  for (let m = 0; m < minutes; m++) {
    const heartRate = 55 + ((m * 7) % 40);
    if (m % 15 === 0) {
      steps += (m * 13) % 400;
      messages.push([
        N.MONITORING,
        { timestamp: new Date(day.getTime() + m * 60_000), activityType: 'walking', cycles: steps / 2, heartRate },
      ]);
    } else messages.push([N.MONITORING, { timestamp16: (start + m * 60) & 0xffff, heartRate }]);
  }
  return encodeFit(messages);
}

/** The night before `day` (the levels of NIGHT moved to it). */
function nightBefore(day: Date): Buffer {
  const shift = day.getTime() - at('2024-03-10T00:00:00Z').getTime();
  return sleepFit(
    FENIX_7,
    3_400_000_001,
    NIGHT.map(([t, level]) => [new Date(at(t).getTime() + shift).toISOString(), level]),
  );
}

/**
 * A ZIP as Garmin Connect's data export is, about `records` records: DI_CONNECT/DI-Connect-Uploaded-Files/
 * UploadedFiles_0-_Part1.zip (a ZIP in the ZIP) holding per day from 2023-01-01 a WELLNESS and a
 * SLEEP_DATA file, beside a wellness JSON file that is not read. Each FIT file is made and added one
 * at a time (a few KB each) to the inner ZIP, streamed to disk, then the inner ZIP into the outer
 * one; a last partial day makes the count exact.
 */
export async function generate(dir: string, records: number): Promise<{ path: string; records: number }> {
  mkdirSync(dir, { recursive: true });
  const innerPath = join(dir, 'UploadedFiles_0-_Part1.zip');
  const inner = new ZipFile();
  const innerWritten = pipeline(inner.outputStream, createWriteStream(innerPath));
  let total = 0;
  for (let d = 0; total < records; d++) {
    const day = new Date(Date.UTC(2023, 0, 1 + d));
    const name = day.toISOString().slice(0, 10);
    if (records - total >= PER_DAY) {
      inner.addBuffer(nightBefore(day), `${name}_SLEEP_DATA.fit`);
      inner.addBuffer(wellnessDay(day, MONITORING_PER_DAY), `${name}_WELLNESS.fit`);
      total += PER_DAY;
    } else {
      inner.addBuffer(wellnessDay(day, records - total), `${name}_WELLNESS.fit`);
      total = records;
    }
    // Lets the ZIP's stream write the file out before the next is made.
    await new Promise((r) => setImmediate(r));
  }
  inner.end();
  await innerWritten;
  const path = join(dir, 'garmin-connect-export.zip');
  const outer = new ZipFile();
  const written = pipeline(outer.outputStream, createWriteStream(path));
  outer.addFile(innerPath, 'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip', { compress: false });
  outer.addBuffer(Buffer.from('[]'), 'DI_CONNECT/DI-Connect-Wellness/2023-01-01_2023-04-11_12345_sleepData.json');
  outer.end();
  await written;
  return { path, records: total };
}

if (import.meta.main && process.argv[2] === '--fixtures') {
  const out = new URL('../../fixtures/imports/wearables/garmin-fit/', import.meta.url);
  for (const [name, bytes] of Object.entries(fixtureFiles())) writeFileSync(new URL(name, out), bytes);
}
