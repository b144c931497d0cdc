import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wallTimeToUtc } from '../../../src/core/clock.ts';
import { LocalClock } from '../../../src/imports/formats/fitbit/local-time.ts';
import { expect422 } from '../../helpers/expect.ts';
import { withServer, type SharedServer } from '../../helpers/server.ts';
import { signUp, type TestUser } from '../../helpers/users.ts';
import { allReadings } from '../../metrics/support.ts';
import { importedCounted, upload } from '../uploads.ts';
import { zipOf } from '../zips.ts';
import { byTime, metricReadings } from './readings.ts';
import { generate } from './fitbit.generate.ts';

/**
 * Fitbit's export (`fitbit_takeout`) through POST /users/{id}/imports: Google Takeout's Fitbit
 * folder and the older fitbit.com archive as ZIP files, detected by their entries, and a few of its
 * JSON files alone, detected by their first element; each element or row read is one record, so
 * read = created + present + skipped, and every file not imported counts once under its type.
 * Times are wall times read in the user's timezone; the weight's unit comes from the BMI or the
 * upload's options.
 */
let server: SharedServer;
withServer((f) => ({ server } = f));

type Json = Record<string, any>;
const FIXTURES = fileURLToPath(new URL('../../fixtures/imports/wearables/fitbit/', import.meta.url));

/** Every file under a fixture folder, by its path there ("Takeout/Fitbit/…"). */
function tree(folder: string): Record<string, Buffer> {
  const root = join(FIXTURES, folder);
  const files: Record<string, Buffer> = {};
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else files[relative(root, path)] = readFileSync(path);
    }
  };
  walk(root);
  return files;
}

const TAKEOUT = 'Takeout/Fitbit/Global Export Data/';
const takeout = () => tree('takeout');
const fixtureFile = (name: string) => takeout()[`${TAKEOUT}${name}`];

/** Imports a file and waits for its end; its counts held to add up, `skipped` left with the reasons that occurred. */
const run = (user: TestUser, content: Buffer | string, query: Record<string, string> = {}) => importedCounted(server, user, content, query);

const readings = (user: TestUser, slug: string) => metricReadings(server, user, slug);
const hours = (h: number, m: number) => Number((h + m / 60).toFixed(6));

// 42 records: 21 into readings (18 of them: a minute's heart-rate samples and a night's logs are
// one reading each), 6 malformed, 15 skipped by name (8 of them whole files not imported).
const TAKEOUT_COUNTS = {
  read: 42,
  created: 21,
  present: 0,
  skipped: { malformed: 6, unmapped_type: 15 },
  unmapped: {
    'a minute without steps': 2,
    'a minute without distance': 1,
    'a day without a resting heart rate': 2,
    'a sleep log without time asleep': 1,
    'an exercise without a duration': 1,
    'calories.json': 1,
    'time_in_heart_rate_zones.json': 1,
    'estimated_oxygen_variation.csv': 1,
    'Minute SpO2.csv': 1,
    'Daily Heart Rate Variability Summary.csv': 1,
    'Heart Rate Variability Details.csv': 1,
    'steps.csv': 1,
    'Scales.csv': 1,
  },
};

test("a Takeout's Fitbit folder: detected by its entries, each kind read into readings in the user's timezone, the rest counted by type; again, everything present", async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const zip = await zipOf(takeout());
  const first = await run(u, zip);
  expect(first).toMatchObject({ status: 'succeeded', format: null, detected_format: 'fitbit_takeout', counts: TAKEOUT_COUNTS });
  expect(first.progress).toEqual({ bytes_read: zip.length, bytes_total: zip.length });
  expect(first.reasons).toContainEqual({ reason: 'malformed', detail: 'heart_rate-2021-01-02.json [5]: no value.bpm' });
  expect(first.reasons).toContainEqual({ reason: 'malformed', detail: 'Daily SpO2 - 2021-01-01-2021-01-31.csv row 3: no average_value' });

  // One tracker listed: its readings are that tracker's. 07:00 in Berlin in January is 06:00Z.
  const hr = byTime(await readings(u, 'heart_rate'));
  expect(hr.map((r) => [r.recorded_at, r.value, r.source, r.source_id, r.metadata])).toEqual([
    ['2021-01-02T06:00:00.000Z', 62, 'Fitbit Charge 4', 'heart_rate:2021-01-02T07:00', { samples: 3 }],
    ['2021-01-02T06:01:00.000Z', 71, 'Fitbit Charge 4', 'heart_rate:2021-01-02T07:01', { samples: 2 }],
  ]);
  expect(byTime(await readings(u, 'steps')).map((r) => [r.recorded_at, r.value])).toEqual([
    ['2021-01-02T06:01:00.000Z', 12],
    ['2021-01-02T06:02:00.000Z', 30],
  ]);
  // Centimetres, to kilometres.
  expect(byTime(await readings(u, 'distance')).map((r) => r.value)).toEqual([0.009144, 0.02286]);
  expect(byTime(await readings(u, 'resting_heart_rate')).map((r) => [r.recorded_at, r.value])).toEqual([
    ['2021-01-01T11:00:00.000Z', 58.62],
    ['2021-01-02T11:00:00.000Z', 57.9],
  ]);

  // Nights: the stages (less shortData's short wakes: 7 h 20 min - 2.5 min), a log inside that
  // night adding nothing, the classic nap's asleep minutes (not restless or awake), and a log
  // without stages asleep for its minutesAsleep from when it fell asleep.
  const nights = byTime(await readings(u, 'sleep_duration'));
  expect(nights.map((r) => [r.recorded_at, Number(r.value.toFixed(6)), r.metadata.start])).toEqual([
    ['2021-01-02T06:00:00.000Z', hours(7, 17.5), '2021-01-01T22:20:00.000Z'],
    ['2021-01-02T13:50:00.000Z', hours(0, 43), '2021-01-02T13:05:00.000Z'],
    ['2021-01-03T05:45:00.000Z', hours(7, 30), '2021-01-02T22:15:00.000Z'],
  ]);

  // Pounds, told by the BMI; the scale's weigh-in is the scale's, the one logged through the API Fitbit's.
  const weights = byTime(await readings(u, 'weight'));
  expect(weights.map((r) => [r.recorded_at, Number(r.value.toFixed(3)), r.source, r.source_id])).toEqual([
    ['2021-01-01T07:00:00.000Z', 77.927, 'Fitbit Aria', 'weight:1609488000000'],
    ['2021-01-02T07:00:00.000Z', 77.519, 'Fitbit', 'weight:1609574400000'],
  ]);
  expect((await readings(u, 'body_fat')).map((r) => [r.value, r.source])).toEqual([[21.5, 'Fitbit Aria']]);
  const workouts = byTime(await readings(u, 'workout_minutes'));
  expect(workouts.map((r) => [r.recorded_at, r.value, r.source, r.metadata.activity])).toEqual([
    ['2021-01-02T08:30:00.000Z', 30, 'Fitbit Charge 4', 'Run'],
    ['2021-01-02T16:05:10.000Z', 16, 'Fitbit Charge 4', 'Walk'],
  ]);
  expect((await readings(u, 'spo2')).map((r) => [r.recorded_at, r.value])).toEqual([['2021-01-02T11:00:00.000Z', 95.9]]);
  expect((await readings(u, 'respiratory_rate')).map((r) => [r.recorded_at, r.value])).toEqual([['2021-01-02T11:00:00.000Z', 14.8]]);
  // RMSSD is not SDNN: no hrv_sdnn reading.
  expect(await readings(u, 'hrv_sdnn')).toEqual([]);
  expect(await allReadings(server, u)).toHaveLength(18);

  const day = (await server.api().get(`/users/${u.id}/days/2021-01-02`).set(u.auth)).body;
  expect(day).toMatchObject({ steps: 42, resting_heart_rate: 57.9, workout_minutes: 46 });
  expect(day.sleep_hours).toBeCloseTo(hours(7, 17.5) + hours(0, 43), 5);

  const again = await run(u, zip);
  expect(again.counts).toMatchObject({ read: 42, created: 0, present: 21, skipped: TAKEOUT_COUNTS.skipped });
  expect(await allReadings(server, u)).toHaveLength(18);
});

test('the older fitbit.com account archive: its folders, kilograms told by the BMI, two trackers listed so the source is "Fitbit"', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const job = await run(u, await zipOf(tree('legacy')));
  expect(job).toMatchObject({
    status: 'succeeded',
    detected_format: 'fitbit_takeout',
    counts: { read: 6, created: 5, present: 0, skipped: { unmapped_type: 1 }, unmapped: { 'Profile.csv': 1 } },
  });
  expect((await readings(u, 'heart_rate')).map((r) => [r.recorded_at, r.value, r.source])).toEqual([
    ['2019-04-22T02:00:00.000Z', 70, 'Fitbit'],
  ]);
  expect((await readings(u, 'weight')).map((r) => [r.value, r.source])).toEqual([[70.2, 'Fitbit Aria']]);
  // April in Berlin is +02:00: the night ends 07:09:30 there.
  expect((await readings(u, 'sleep_duration')).map((r) => [r.recorded_at, r.value, r.source])).toEqual([
    ['2019-04-28T05:09:30.000Z', 8, 'Fitbit'],
  ]);
});

test("wall times are read in the user's timezone, a DST gap moved forward as elsewhere in the service", async () => {
  const file = (time: string) => JSON.stringify([{ dateTime: time, value: { bpm: 60, confidence: 2 } }]);
  for (const [timezone, time, expected] of [
    ['America/New_York', '01/02/21 07:00:05', '2021-01-02T12:00:00.000Z'],
    ['Asia/Kolkata', '01/02/21 07:00:05', '2021-01-02T01:30:00.000Z'],
    // 02:30 does not exist in New York on 14 March 2021: it is 03:30 EDT, as wallTimeToUtc has it.
    ['America/New_York', '03/14/21 02:30:00', '2021-03-14T07:30:00.000Z'],
  ]) {
    const u = await signUp(server, { timezone });
    expect(await run(u, file(time))).toMatchObject({ detected_format: 'fitbit_takeout', counts: { read: 1, created: 1 } });
    expect((await readings(u, 'heart_rate')).map((r) => r.recorded_at)).toEqual([expected]);
  }
});

test('the hour-by-hour clock answers exactly as wallTimeToUtc, through DST changes and half-hour zones', () => {
  for (const timezone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kolkata', 'UTC']) {
    const clock = new LocalClock(timezone);
    for (const start of [Date.UTC(2021, 2, 13), Date.UTC(2021, 3, 3), Date.UTC(2021, 9, 30), Date.UTC(2021, 10, 6)]) {
      for (let t = start; t < start + 3 * 86_400_000; t += 7 * 60_000 + 13_000)
        expect([timezone, t, clock.utc(t)]).toEqual([timezone, t, wallTimeToUtc(t, timezone)]);
    }
  }
});

test('files uploaded alone: heart rate, sleep, weight, resting heart rate and exercise by their first element; the per-minute files only in their ZIP', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const detected = async (name: string, counts: Json) =>
    expect(await run(u, fixtureFile(name))).toMatchObject({ status: 'succeeded', format: null, detected_format: 'fitbit_takeout', counts });
  // With no devices file beside them, the source is "Fitbit".
  await detected('heart_rate-2021-01-02.json', { read: 7, created: 5, skipped: { malformed: 2 } });
  expect((await readings(u, 'heart_rate')).every((r) => r.source === 'Fitbit')).toBe(true);
  await detected('sleep-2021-01-01.json', { read: 6, created: 4, skipped: { malformed: 1, unmapped_type: 1 } });
  await detected('weight-2021-01-01.json', { read: 3, created: 2, skipped: { malformed: 1 } });
  await detected('resting_heart_rate-2021-01-01.json', { read: 4, created: 2, skipped: { unmapped_type: 2 } });
  await detected('exercise-0.json', { read: 3, created: 2, skipped: { unmapped_type: 1 } });

  // steps, distance, calories … are all {"dateTime", "value": "12"}: not recognised, and named, refused with why.
  const steps = fixtureFile('steps-2021-01-02.json');
  const res = await upload(server, u, steps);
  expect422(res, ['body']);
  expect(res.body.detail[0].msg).toMatch(/not recognised/);
  const named = await run(u, steps, { format: 'fitbit_takeout' });
  expect(named).toMatchObject({ status: 'failed', counts: { read: 0 } });
  expect(named.error).toMatch(/per-minute files .* cannot be told apart .* upload the export's ZIP file/);
  // Other JSON is not Fitbit's: another format's detection still wins, and named, it fails with why.
  expect(await run(u, JSON.stringify([{ _type: 'location', lat: 52.5, lon: 13.4, tst: 1609488000 }]))).toMatchObject({
    detected_format: 'owntracks_json',
  });
  const other = await run(u, JSON.stringify([{ name: 'x' }]), { format: 'fitbit_takeout' });
  expect(other).toMatchObject({ status: 'failed', counts: { read: 0 } });
  expect(other.error).toMatch(/Not a Fitbit export/);
  const notJson = await run(u, 'dateTime,value\n', { format: 'fitbit_takeout' });
  expect(notJson.error).toMatch(/Not a Fitbit export: The file is not a JSON array or object/);
});

test("the weight's unit: the upload's option says it, else the BMI; without either the weigh-ins are refused with how to name it", async () => {
  const u = await signUp(server);
  const noBmi = JSON.stringify([
    { logId: 1, weight: 80.5, date: '01/01/21', time: '08:00:00', source: 'Web' },
    { logId: 2, weight: 80.1, date: '01/02/21', time: '08:00:00', source: 'Web' },
  ]);
  const refused = await run(u, noBmi);
  expect(refused).toMatchObject({ status: 'succeeded', counts: { read: 2, created: 0, skipped: { invalid: 2 } } });
  expect(refused.reasons[0].detail).toMatch(/unit \(kg or lb\) is unknown.*"weight_unit"/);
  const named = await run(u, noBmi, { options: JSON.stringify({ weight_unit: 'kg' }) });
  expect(named).toMatchObject({ counts: { read: 2, created: 2 } });
  expect((await readings(u, 'weight')).map((r) => r.value).sort()).toEqual([80.1, 80.5]);
  // The option wins over the BMI (here saying pounds).
  const v = await signUp(server);
  await run(v, fixtureFile('weight-2021-01-01.json'), { options: JSON.stringify({ weight_unit: 'kg' }) });
  expect((await readings(v, 'weight')).map((r) => r.value).sort()).toEqual([170.9, 171.8]);
  // An option that is not a unit: a 422 at its place, nothing queued.
  expect422(await upload(server, v, noBmi, { options: JSON.stringify({ weight_unit: 'stone' }) }), ['query', 'options', 'weight_unit']);
});

test('only the Fitbit folder of a Takeout is read; a ZIP of other files is not taken for one, and named as one fails with why', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const mixed = await zipOf({
    'Takeout/Fitbit/Global Export Data/heart_rate-2021-01-02.json': fixtureFile('heart_rate-2021-01-02.json'),
    'Takeout/Google Photos/Photos from 2021/metadata.json': '{"title": "Photos from 2021"}',
    'Takeout/Keep/Shopping.json': '{"title": "Shopping"}',
    'Takeout/archive_browser.html': '<html></html>',
    'Takeout/Fitbit/': '',
  });
  expect(await run(u, mixed)).toMatchObject({
    detected_format: 'fitbit_takeout',
    counts: { read: 7, created: 5, skipped: { malformed: 2 } },
  });

  // A newer Takeout names the folder "Google Health"; a hand-made ZIP of the data folder alone is read too.
  for (const prefix of ['Takeout/Google Health/Global Export Data/', 'Global Export Data/']) {
    const v = await signUp(server);
    const job = await run(
      v,
      await zipOf({ [`${prefix}resting_heart_rate-2021-01-01.json`]: fixtureFile('resting_heart_rate-2021-01-01.json') }),
    );
    expect(job).toMatchObject({ detected_format: 'fitbit_takeout', counts: { read: 4, created: 2 } });
  }

  // Loose files zipped by hand are not told from any JSON by their folders; named, they are read by their names.
  const loose = await zipOf({ 'steps-2021-01-02.json': fixtureFile('steps-2021-01-02.json'), 'notes.txt': 'steps' });
  const res = await upload(server, u, loose);
  expect422(res, ['body']);
  expect(res.body.detail[0].msg).toMatch(/not one an import reads/);
  expect(await run(u, loose, { format: 'fitbit_takeout' })).toMatchObject({
    status: 'succeeded',
    counts: { read: 6, created: 2, skipped: { unmapped_type: 3, malformed: 1 }, unmapped: { 'a minute without steps': 2, 'notes.txt': 1 } },
  });
  const named = await run(u, await zipOf({ 'notes/heart_rate.txt': 'fast', 'notes/readme.md': '' }), { format: 'fitbit_takeout' });
  expect(named).toMatchObject({ status: 'failed', counts: { read: 0 } });
  expect(named.error).toMatch(/Not a Fitbit export: the ZIP file has none of its files/);
});

test('damaged and oversized parts: an element over 1 MiB is skipped unread, a file that is not JSON counts once, the rest is read; a ZIP that inflates a thousandfold is refused', async () => {
  const u = await signUp(server);
  const big = `[{"dateTime" : "01/02/21 08:00:00", "value" : {"bpm" : 70, "note" : "${'x'.repeat(1024 * 1024 + 10)}"}},{"dateTime" : "01/02/21 08:00:30", "value" : {"bpm" : 74}}]`;
  const job = await run(
    u,
    await zipOf({
      'Takeout/Fitbit/Global Export Data/heart_rate-2021-01-02.json': big,
      'Takeout/Fitbit/Global Export Data/steps-2021-01-02.json': '[{"dateTime" : "01/02/21 08:00:00", "value" : "12"},{"dateTime',
      'Takeout/Fitbit/Global Export Data/sleep-2021-01-01.json': 'Fitbit could not export this file',
      'Takeout/Fitbit/Global Export Data/weight-2021-01-01.json':
        '[{"logId" : 1, "weight" : 7O.2, "bmi" : 22.9, "date" : "01/01/21", "time" : "08:00:00"}]',
    }),
  );
  expect(job).toMatchObject({ status: 'succeeded', counts: { read: 6, created: 2, skipped: { too_large: 1, malformed: 3 } } });
  expect(job.reasons).toContainEqual({
    reason: 'too_large',
    detail: `heart_rate-2021-01-02.json [0]: over ${1024 * 1024} bytes: not read`,
  });
  expect(job.reasons).toContainEqual({ reason: 'malformed', detail: 'sleep-2021-01-01.json: The file is not a JSON array or object' });
  expect((await readings(u, 'heart_rate')).map((r) => r.value)).toEqual([74]);
  expect((await readings(u, 'steps')).map((r) => r.value)).toEqual([12]);

  // 64 MiB of one repeated byte deflates to about 64 KiB: refused before anything is inflated.
  const bomb = await zipOf({ 'Takeout/Fitbit/Global Export Data/heart_rate-2021-01-02.json': Buffer.alloc(65 * 1024 * 1024, 0x20) });
  const refused = await run(u, bomb);
  expect(refused).toMatchObject({ status: 'failed', detected_format: 'fitbit_takeout', counts: { read: 0 } });
  expect(refused.error).toMatch(/inflate to \d+ bytes, more than 100 times/);
});

test("the bench's generated Takeout: every record it writes is read and counted, nothing refused", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fitbit-gen-'));
  try {
    const file = await generate(dir, 40_000);
    const u = await signUp(server, { timezone: 'America/Los_Angeles' });
    const job = await run(u, readFileSync(file.path));
    expect(job).toMatchObject({ status: 'succeeded', detected_format: 'fitbit_takeout' });
    expect(job.counts.read).toBe(file.records);
    expect(Object.keys(job.counts.skipped)).toEqual(['unmapped_type']);
    expect(Object.keys(job.counts.unmapped).sort()).toEqual([
      'Minute SpO2.csv',
      'a minute without distance',
      'a minute without steps',
      'calories.json',
    ]);
    const nights = await readings(u, 'sleep_duration');
    expect(nights).toHaveLength(2);
    expect(nights.every((r) => r.source === 'Fitbit Sense 2' && r.value > 5 && r.value < 9)).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
