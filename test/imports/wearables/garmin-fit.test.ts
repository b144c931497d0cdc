import { CrcCalculator } from '@garmin/fitsdk';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withServer, type SharedServer } from '../../helpers/server.ts';
import { signUp, type TestUser } from '../../helpers/users.ts';
import { allReadings } from '../../metrics/support.ts';
import { fixtureBytes, importedCounted, upload } from '../uploads.ts';
import { zipOf } from '../zips.ts';
import { cliOnOwnDatabase } from './own-database-cli.ts';
import { metricReadings, readingLines } from './readings.ts';
import { FENIX_7, NIGHT, sleepFit, VENU_3 } from './garmin-fit.generate.ts';

/**
 * Garmin FIT files (`garmin_fit`) through POST /users/{id}/imports: public samples (python-fitparse,
 * tormoder/fit) and files made with Garmin's SDK for what no public sample has (sleep, HRV status,
 * all-day monitoring, blood pressure, VO2 max): test/fixtures/imports/wearables/garmin-fit/README.md.
 * Every data message is one record, counted once: read = created + present + skipped.
 */
let server: SharedServer;
withServer((f) => ({ server } = f));

type Json = Record<string, any>;
const fit = (name: string) => fixtureBytes(`wearables/garmin-fit/${name}`);

/** Imports a file and waits for its end; its counts held to add up, `skipped` left with the reasons that occurred. */
const run = (user: TestUser, content: Buffer | string, query: Record<string, string> = {}) => importedCounted(server, user, content, query);

/** A user's readings of one metric as `recorded_at value unit source`, sorted. */
const readings = (user: TestUser, slug: string) => readingLines(server, user, slug);
const sum = async (user: TestUser, slug: string) => (await metricReadings(server, user, slug)).reduce((a, r) => a + r.value, 0);

/** Each fixture alone: its exact counts. */
const EXPECTED: Record<string, Json> = {
  // The SDK's example activity (an HRM): 14 records without heart rate, a lap, a session (3 readings).
  'Activity.fit': { read: 16, created: 1, skipped: { unmapped_type: 15 }, unmapped: { 'record without heart rate': 14, lap: 1 } },
  // 17 records with heart rate in 2 minutes, a session; 49 beat-to-beat HRV messages and the settings unmapped.
  'garmin-fenix-5-walk.fit': {
    read: 75,
    created: 18,
    skipped: { unmapped_type: 57 },
    unmapped: { hrv: 49, lap: 1, sport: 1, timeInZone: 2, userProfile: 1, zonesTarget: 1, deviceSettings: 1, trainingSettings: 1 },
  },
  // A vivoFit's day: 79 step increments; the messages of sedentary minutes have nothing to import.
  'MonitoringFile.fit': {
    read: 337,
    created: 79,
    skipped: { unmapped_type: 258 },
    unmapped: { 'monitoring without new steps or heart rate': 258 },
  },
  'WeightScaleMultiUser.fit': { read: 4, created: 2, skipped: { unmapped_type: 2 }, unmapped: { userProfile: 2 } },
  // 8 asleep levels make one night; the awake ones and the sleep score are unmapped.
  'sleep.fit': { read: 12, created: 8, skipped: { unmapped_type: 4 }, unmapped: { 'sleepLevel awake': 3, sleepAssessment: 1 } },
  // RMSSD, not SDNN: nothing to map to.
  'hrv-status.fit': { read: 4, created: 0, skipped: { unmapped_type: 4 }, unmapped: { hrvStatusSummary: 1, hrvValue: 3 } },
  'wellness.fit': {
    read: 13,
    created: 9,
    skipped: { invalid: 2, unmapped_type: 2 },
    unmapped: { 'monitoring without new steps or heart rate': 2 },
  },
  'blood-pressure.fit': { read: 2, created: 2, skipped: {}, unmapped: {} },
  'metrics.fit': { read: 1, created: 1, skipped: {}, unmapped: {} },
  // A pool swim whose heart rates a strap stored apart (hr messages): merged into the records' minutes.
  'activity_poolswim_with_hr.fit': {
    read: 4577,
    created: 3502,
    skipped: { unmapped_type: 1075 },
    unmapped: { lap: 38, length: 87, 'hr (merged into the records)': 950 },
  },
  // Cut short: what was read is kept, the rest of the file one malformed record.
  'activity-unexpected-eof.fit': {
    read: 17,
    created: 1,
    skipped: { unmapped_type: 15, malformed: 1 },
    unmapped: { 'record without heart rate': 14, lap: 1 },
  },
  // Two chained copies of one activity, the file CRC wrong: the second session is already there.
  'activity-activity-filecrc.fit': {
    read: 33,
    created: 1,
    present: 1,
    skipped: { unmapped_type: 30, malformed: 1 },
    unmapped: { 'record without heart rate': 28, lap: 2 },
  },
};

test('detection: each FIT file alone, a ZIP of them at any depth and Garmin Connect’s export (ZIPs in the ZIP) without `format`, and with it', async () => {
  const u = await signUp(server);
  for (const name of Object.keys(EXPECTED)) {
    expect(await run(u, fit(name))).toMatchObject({ status: 'succeeded', format: null, detected_format: 'garmin_fit' });
  }
  const deep = await zipOf({ 'a/b/c/SLEEP.FIT': fit('sleep.fit'), 'notes.txt': 'hello' });
  expect(await run(u, deep)).toMatchObject({ status: 'succeeded', detected_format: 'garmin_fit', counts: { read: 12 } });
  const connect = await zipOf({
    'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip': await zipOf({
      '1234_WELLNESS.fit': fit('wellness.fit'),
      '5678.fit': fit('metrics.fit'),
    }),
    'DI_CONNECT/DI-Connect-Wellness/2024-03-10_sleepData.json': '[]',
  });
  const fresh = await signUp(server);
  expect(await run(fresh, connect)).toMatchObject({
    status: 'succeeded',
    format: null,
    detected_format: 'garmin_fit',
    counts: { read: 14, created: 10 },
  });
  expect(await run(fresh, connect, { format: 'garmin_fit' })).toMatchObject({
    status: 'succeeded',
    format: 'garmin_fit',
    counts: { read: 14, created: 0, present: 10 },
  });
  expect(await run(u, fit('Activity.fit'), { format: 'garmin_fit' })).toMatchObject({ status: 'succeeded', format: 'garmin_fit' });
  // Text is not FIT.
  expect((await upload(server, u, 'FIT,file\n1,2\n')).body.detail[0].msg).toMatch(/not recognised/);
});

test('each fixture: its exact counts', async () => {
  for (const [name, counts] of Object.entries(EXPECTED)) {
    const u = await signUp(server);
    const job = await run(u, fit(name));
    expect({ name, status: job.status, counts: job.counts }).toEqual({
      name,
      status: 'succeeded',
      counts: { present: 0, ...counts },
    });
  }
});

test('activities: a session’s duration, distance and calories at its start; heart rate as the mean of each minute; the device as the source', async () => {
  const u = await signUp(server);
  await run(u, fit('garmin-fenix-5-walk.fit'));
  expect(await readings(u, 'workout_minutes')).toEqual(['2017-06-11T14:32:51.000Z 0.756316666667 min Garmin fenix 5']);
  expect(await readings(u, 'distance')).toEqual(['2017-06-11T14:32:51.000Z 0.06785 km Garmin fenix 5']);
  expect(await readings(u, 'active_energy')).toEqual(['2017-06-11T14:32:51.000Z 4 kcal Garmin fenix 5']);
  expect(await readings(u, 'heart_rate')).toEqual([
    '2017-06-11T14:32:00.000Z 69.3 bpm Garmin fenix 5',
    '2017-06-11T14:33:00.000Z 77.2 bpm Garmin fenix 5',
  ]);
  const [minute] = (await allReadings(server, u, '&metric=heart_rate')) as unknown as Json[];
  expect(minute.metadata).toMatchObject({ fit_message: 'record', aggregation: 'mean of the minute' });
  // The SDK's example: an HRM's product name as the profile spells it.
  const v = await signUp(server);
  await run(v, fit('Activity.fit'));
  expect(await readings(v, 'workout_minutes')).toEqual(['2012-04-09T21:22:26.000Z 0.22915 min Dynastream hrm 1']);
});

test('all-day monitoring: running step totals become increments per activity type, matching the file’s own daily total', async () => {
  const u = await signUp(server);
  await run(u, fit('MonitoringFile.fit'));
  // The file ends with the day's totals (walking 3,142 steps, running 31): the increments add up to them.
  expect(await sum(u, 'steps')).toBe(3142 + 31);
  const w = await signUp(server);
  await run(w, fit('wellness.fit'));
  expect(await readings(w, 'steps')).toEqual([
    '2024-03-10T06:15:00.000Z 1200 count Garmin fenix 7',
    '2024-03-10T06:30:00.000Z 200 count Garmin fenix 7',
    '2024-03-10T06:30:00.000Z 300 count Garmin fenix 7',
  ]);
  // Heart rate samples with 16-bit timestamps, counted on from the last full one.
  expect(await readings(w, 'heart_rate')).toEqual([
    '2024-03-10T06:16:00.000Z 62 bpm Garmin fenix 7',
    '2024-03-10T06:17:00.000Z 64 bpm Garmin fenix 7',
  ]);
  expect(await readings(w, 'resting_heart_rate')).toEqual(['2024-03-09T23:00:00.000Z 50 bpm Garmin fenix 7']);
  expect(await readings(w, 'spo2')).toEqual(['2024-03-10T02:00:00.000Z 96 % Garmin fenix 7']);
  expect(await readings(w, 'stress')).toEqual(['2024-03-10T06:20:00.000Z 25 score Garmin fenix 7']);
  expect(await readings(w, 'respiratory_rate')).toEqual(['2024-03-10T06:20:00.000Z 14.5 breaths/min Garmin fenix 7']);
  const job = await run(w, fit('wellness.fit'));
  expect(job.reasons.map((r: Json) => r.detail)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/stress level -1 is no measurement/),
      expect.stringMatching(/respiration rate -2 is no measurement/),
    ]),
  );
  // Times in the file's own offset (Berlin's, from monitoring_info).
  expect(job.reasons[0].detail).toBe('the file: monitoring at 2024-03-10T07:18:00+01:00');
});

test('scales and monitors: weight and body fat, blood pressure as a pair, VO2 max', async () => {
  const u = await signUp(server);
  await run(u, fit('WeightScaleMultiUser.fit'));
  expect(await readings(u, 'weight')).toEqual([
    '2009-09-09T21:38:00.000Z 75.8 kg Dynastream hrmFitSingleByteProductId',
    '2009-09-09T22:38:00.000Z 58.2 kg Dynastream hrmFitSingleByteProductId',
  ]);
  expect(await readings(u, 'body_fat')).toEqual([
    '2009-09-09T21:38:00.000Z 22.3 % Dynastream hrmFitSingleByteProductId',
    '2009-09-09T22:38:00.000Z 25.1 % Dynastream hrmFitSingleByteProductId',
  ]);
  await run(u, fit('blood-pressure.fit'));
  expect(await readings(u, 'blood_pressure_systolic')).toEqual([
    '2024-03-10T07:00:00.000Z 121 mmHg Garmin product 9999',
    '2024-03-10T19:00:00.000Z 117 mmHg Garmin product 9999',
  ]);
  const pairs = (await allReadings(server, u, '&metric=blood_pressure_diastolic')) as unknown as Json[];
  const systolic = (await allReadings(server, u, '&metric=blood_pressure_systolic')) as unknown as Json[];
  expect(new Set(pairs.map((r) => r.reading_group_id))).toEqual(new Set(systolic.map((r) => r.reading_group_id)));
  expect(await readings(u, 'heart_rate')).toEqual(['2024-03-10T07:00:00.000Z 66 bpm Garmin product 9999']);
  await run(u, fit('metrics.fit'));
  expect(await readings(u, 'vo2_max')).toEqual(['2024-03-10T08:00:00.000Z 48.5 mL/kg/min Garmin fenix 7']);
});

test('sleep: one night per device, the union of its asleep levels (an overlapping file adds nothing), two devices two nights; a re-import adds nothing', async () => {
  const u = await signUp(server);
  // The same watch synced part of the night again, and a second watch that slept along.
  const resync = sleepFit(FENIX_7, 3_400_000_001, [
    ['2024-03-09T23:00:00Z', 'deep'],
    ['2024-03-10T01:00:00Z', 'light'],
    ['2024-03-10T01:30:00Z', 'awake'],
  ]);
  const other = sleepFit(VENU_3, 42, [
    ['2024-03-09T23:00:00Z', 'light'],
    ['2024-03-10T06:30:00Z', 'awake'],
  ]);
  const zip = await zipOf({ 'sleep.fit': fit('sleep.fit'), 'resync.fit': resync, 'venu.fit': other });
  const first = await run(u, zip);
  expect(first.counts).toMatchObject({ read: 12 + 3 + 2, created: 8 + 2 + 1, skipped: { unmapped_type: 4 + 1 + 1 } });
  expect(await readings(u, 'sleep_duration')).toEqual([
    '2024-03-10T06:00:00.000Z 7.083333 h Garmin fenix 7',
    '2024-03-10T06:30:00.000Z 7.5 h Garmin venu 3',
  ]);
  expect(NIGHT).toHaveLength(11);
  const again = await run(u, zip);
  expect(again.counts).toMatchObject({ read: 17, created: 0, present: 11 });
  expect(await readings(u, 'sleep_duration')).toHaveLength(2);
});

test('a re-import of every fixture adds nothing', async () => {
  const u = await signUp(server);
  const all = await zipOf(Object.fromEntries(Object.keys(EXPECTED).map((name) => [`fit/${name}`, fit(name)])));
  const first = await run(u, all);
  const read = Object.values(EXPECTED).reduce((a, c) => a + c.read, 0);
  expect(first.counts.read).toBe(read);
  const again = await run(u, all);
  expect(again.counts).toMatchObject({ read, created: 0, present: first.counts.created + first.counts.present });
});

test('a file that is not FIT, cut short or damaged: a failed import that says why, or one record skipped in a ZIP; never a 500', async () => {
  const u = await signUp(server);
  const gpx = await run(u, '<?xml version="1.0"?><gpx><trk/></gpx>', { format: 'garmin_fit' });
  expect(gpx).toMatchObject({ status: 'failed', counts: { read: 0 } });
  expect(gpx.error).toMatch(/Not a Garmin FIT file: it has no FIT header/);
  // A header and then nothing readable.
  const cut = await run(u, fit('garmin-fenix-5-walk.fit').subarray(0, 20));
  expect(cut).toMatchObject({ status: 'failed', detected_format: 'garmin_fit' });
  expect(cut.error).toMatch(/Not a Garmin FIT file: it does not decode/);
  const noFit = await run(u, await zipOf({ 'readme.txt': 'no FIT here' }), { format: 'garmin_fit' });
  expect(noFit).toMatchObject({ status: 'failed' });
  expect(noFit.error).toMatch(/holds no \.fit file/);
  const zip = await zipOf({
    'junk.fit': 'not a FIT file at all',
    'cut.fit': fit('garmin-fenix-5-walk.fit').subarray(0, 20),
    'inner.zip': 'not a ZIP either',
    'ok.fit': fit('metrics.fit'),
  });
  const mixed = await run(u, zip);
  expect(mixed).toMatchObject({ status: 'succeeded', counts: { read: 4, created: 1, skipped: { malformed: 3 } } });
  expect(mixed.reasons.map((r: Json) => r.detail)).toEqual([
    'junk.fit: it has no FIT header',
    expect.stringMatching(/^cut\.fit: it does not decode/),
    'inner.zip: not a ZIP file',
  ]);
});

/** A FIT file of `count` record messages of one byte each (a heart rate, no time): the smallest messages a file can hold. */
function tinyMessages(count: number): Buffer {
  const definition = Buffer.from([0x40, 0, 0, 20, 0, 1, 3, 1, 0x02]);
  const data = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i++) data[i * 2 + 1] = 70;
  const header = Buffer.alloc(14);
  header.writeUInt8(14, 0);
  header.writeUInt8(0x20, 1);
  header.writeUInt16LE(2132, 2);
  header.writeUInt32LE(definition.length + data.length, 4);
  header.write('.FIT', 8, 'ascii');
  header.writeUInt16LE(CrcCalculator.calculateCRC(header, 0, 12), 12);
  const body = Buffer.concat([header, definition, data]);
  const crc = Buffer.alloc(2);
  crc.writeUInt16LE(CrcCalculator.calculateCRC(body, 0, body.length));
  return Buffer.concat([body, crc]);
}

test('the worst files: a FIT entry that inflates past 16 MiB, a ZIP in the ZIP larger than the upload, thousands of junk entries, a million tiny messages: refused or skipped, in bounded memory', async () => {
  const u = await signUp(server);
  const bomb = await zipOf({ 'big.fit': Buffer.alloc(20 * 1024 * 1024), 'ok.fit': fit('metrics.fit') });
  expect(bomb.length).toBeLessThan(100_000);
  expect(await run(u, bomb)).toMatchObject({ status: 'succeeded', counts: { read: 2, created: 1, skipped: { too_large: 1 } } });
  // 70 MB of zeros as a ZIP in the ZIP: over 100 times the upload, refused before anything is inflated ...
  const inner = 'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0.zip';
  const ratio = await run(u, await zipOf({ [inner]: Buffer.alloc(70 * 1024 * 1024) }));
  expect(ratio).toMatchObject({ status: 'failed', counts: { read: 0 } });
  expect(ratio.error).toMatch(/more than 100 times the ZIP's size/);
  // ... and beside a megabyte of noise (within the ratio), spooled only up to 64 MiB, then skipped.
  const noise = randomBytes(1024 * 1024);
  const refused = await run(u, await zipOf({ [inner]: Buffer.alloc(70 * 1024 * 1024), 'noise.bin': noise, 'ok.fit': fit('metrics.fit') }));
  expect(refused).toMatchObject({
    error: null,
    status: 'succeeded',
    counts: { read: 2, created: 0, present: 1, skipped: { too_large: 1 } },
  });
  expect(refused.reasons[0].detail).toBe(`${inner}: a ZIP larger than the upload itself`);

  const junk = await zipOf(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`x/${i}.fit`, 'x'])));
  expect(await run(u, junk)).toMatchObject({ status: 'succeeded', counts: { read: 3000, skipped: { malformed: 3000 } } });

  // 1.2 million messages: decoding stops at 600,000 (the rest is one malformed record), in the decoding thread's memory.
  const tiny = await run(u, tinyMessages(1_200_000));
  expect(tiny).toMatchObject({ status: 'succeeded', counts: { read: 600_001, created: 0, skipped: { malformed: 600_001 } } });
  expect(tiny.reasons.at(-1)?.detail ?? '').not.toBe('');
  expect(tiny.counts.unmapped).toEqual({});
}, 180_000);

describe('the CLI', () => {
  const own = cliOnOwnDatabase('fit');
  const { cli } = own;

  test('imports a FIT file with its counts, and a second run finds it all there', async () => {
    const file = fileURLToPath(new URL('../../fixtures/imports/wearables/garmin-fit/garmin-fenix-5-walk.fit', import.meta.url));
    expect((await cli('user-create', ['--email', 'fit@example.com', '--password', 'long enough password'])).code).toBe(0);
    const first = await cli('import', ['--user', 'fit@example.com', file]);
    expect(first.stderr).toContain('(garmin_fit)');
    expect(first.stdout).toMatch(/^succeeded: 75 records read, 18 new, 0 already there/);
    expect(first.code).toBe(0);
    const again = await cli('import', ['--user', 'fit@example.com', '--format', 'garmin_fit', file]);
    expect(again.stdout).toMatch(/^succeeded: 75 records read, 0 new, 18 already there/);
    expect(readdirSync(own.importDir, { recursive: true }).filter((f) => String(f).includes('.'))).toEqual([]);
  }, 120_000);
});
