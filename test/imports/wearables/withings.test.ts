import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withServer, type SharedServer } from '../../helpers/server.ts';
import { signUp, type TestUser } from '../../helpers/users.ts';
import { finished, fixtureBytes, importedCounted, upload } from '../uploads.ts';
import { zipOf } from '../zips.ts';
import { cliOnOwnDatabase } from './own-database-cli.ts';
import { byTime, metricReadings, readingLine } from './readings.ts';
import { generate } from './withings.generate.ts';

/**
 * Withings' Health Mate "Download my data" export (`withings`) through POST /users/{id}/imports:
 * a published export's files (test/fixtures/imports/wearables/withings/README.md) in a ZIP or
 * alone, localized headers, the account's local times, and the files that must not get in. Each
 * value is one record, counted once: read = created + present + skipped.
 */
let server: SharedServer;
withServer((f) => ({ server } = f));

const withings = (name: string) => fixtureBytes(`wearables/withings/${name}`);
const EXPORT = [
  'sleep.csv',
  'weight.csv',
  'bp.csv',
  'aggregates_steps.csv',
  'aggregates_calories_earned.csv',
  'raw_hr_hr.csv',
  'raw_tracker_steps.csv',
  'manual_spo2.csv',
  'height.csv',
  'activities.csv',
];

/** The export as Health Mate mails it: its CSVs and README.txt, in a folder. */
const exportZip = () =>
  zipOf({
    ...Object.fromEntries(EXPORT.map((n) => [`data_ABC_1700000000/${n}`, withings(n)])),
    'data_ABC_1700000000/README.txt': 'Below are the details of the data you have exported from Health Mate:\n',
    'data_ABC_1700000000/account.csv': 'Email,Name\nsomeone@example.com,Someone\n',
  });

/** A ZIP of no entries whose ZIP64 end record says it has `n` (after a local header, as a ZIP starts). */
function crowded(n: number): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  const end64 = Buffer.alloc(56);
  end64.writeUInt32LE(0x06064b50, 0);
  end64.writeBigUInt64LE(44n, 4);
  end64.writeUInt16LE(45, 12);
  end64.writeUInt16LE(45, 14);
  end64.writeBigUInt64LE(BigInt(n), 24);
  end64.writeBigUInt64LE(BigInt(n), 32);
  end64.writeBigUInt64LE(30n, 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(30n, 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(0xffffffff, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([local, end64, locator, end]);
}

/** Imports a file and waits for its end; its counts held to add up, `skipped` left with the reasons that occurred. */
const run = (user: TestUser, content: Buffer | string, query: Record<string, string> = {}) => importedCounted(server, user, content, query);

const readings = async (user: TestUser, slug: string) => byTime(await metricReadings(server, user, slug));
const shown = async (user: TestUser, slug: string) => (await readings(user, slug)).map(readingLine);

test('detection: the ZIP by its files, weight.csv, bp.csv, sleep.csv and activities.csv alone by their headers; others only named, or not at all', async () => {
  const u = await signUp(server, { timezone: 'America/Los_Angeles' });
  for (const file of [
    await exportZip(),
    withings('weight.csv'),
    withings('bp.csv'),
    withings('sleep.csv'),
    withings('activities.csv'),
    withings('sleep-de.csv'),
  ]) {
    expect(await run(u, file)).toMatchObject({ status: 'succeeded', format: null, detected_format: 'withings' });
  }
  expect(await run(u, withings('bp.csv'), { format: 'withings' })).toMatchObject({
    format: 'withings',
    detected_format: 'withings',
    counts: { present: 8 },
  });
  // `date,value` could be any daily file (or any app's): not recognised, and named as Withings' it cannot say which it is.
  const steps = await upload(server, u, withings('aggregates_steps.csv'));
  expect(steps.status).toBe(422);
  const named = await run(u, withings('aggregates_steps.csv'), { format: 'withings' });
  expect(named).toMatchObject({ status: 'failed', counts: { read: 0 } });
  expect(named.error).toMatch(/Not a Withings export: the file’s header/);
});

test('the export ZIP: weight and body fat, blood pressure pairs, nights (overlapping rows once), daily totals, heart rate samples, workouts; account files unread', async () => {
  const u = await signUp(server, { timezone: 'America/Los_Angeles' });
  const zip = await exportZip();
  const first = await run(u, zip);
  // sleep.csv 306 values, weight.csv 17, bp.csv 8, aggregates 5 + 3, raw_hr_hr 8 samples,
  // raw_tracker_steps 4, manual_spo2 3, height.csv 2, activities 3.
  expect(first.counts).toMatchObject({ read: 359, created: 111, present: 2, skipped: { unmapped_type: 246 } });
  expect(first.counts.unmapped).toMatchObject({
    'sleep.csv (no time asleep)': 1,
    'sleep.csv: Snoring episodes': 39,
    'sleep.csv: Average heart rate': 37,
    'weight.csv: Bone mass (lb)': 3,
    'weight.csv: Hydration (lb)': 3,
    'raw_tracker_steps.csv': 4,
    'height.csv': 2,
  });
  expect(first.progress.bytes_read).toBe(zip.length);

  // Pounds to kilograms; body fat as fat mass over weight; the account's local time in the profile's zone (PDT).
  const weight = await readings(u, 'weight');
  expect(weight.map((r) => `${r.recorded_at} ${r.unit}`)).toEqual([
    '2023-07-24T23:15:59.000Z kg',
    '2024-01-28T20:06:02.000Z kg',
    '2026-06-20T18:14:43.000Z kg',
    '2026-06-26T17:53:43.000Z kg',
    '2026-07-08T18:58:38.000Z kg',
  ]);
  expect(weight[4].value).toBeCloseTo(148.5 * 0.45359237, 4);
  expect(await shown(u, 'body_fat')).toEqual([
    '2026-06-20T18:14:43.000Z 34.3958 % Withings',
    '2026-06-26T17:53:43.000Z 33.7349 % Withings',
    '2026-07-08T18:58:38.000Z 33.8721 % Withings',
  ]);
  // A systolic and a diastolic reading of one measurement share a group; the heart rate beside them is its own.
  const systolic = await readings(u, 'blood_pressure_systolic');
  const diastolic = await readings(u, 'blood_pressure_diastolic');
  expect(systolic.map((r) => `${r.recorded_at} ${r.value}`)).toEqual(['2024-02-16T02:30:33.000Z 110', '2024-04-12T22:25:58.000Z 118']);
  expect(diastolic.map((r) => r.value)).toEqual([74, 77]);
  expect(systolic.map((r) => r.reading_group_id)).toEqual(diastolic.map((r) => r.reading_group_id));
  expect(new Set(systolic.map((r) => r.reading_group_id)).size).toBe(2);
  expect(await shown(u, 'heart_rate')).toContain('2024-04-12T22:25:58.000Z 112 bpm Withings');

  // 38 nights with sleep, the two rows of 2026-06-26 one night: 01:12:50..09:16:20 (the longer row contains the other).
  const nights = await shown(u, 'sleep_duration');
  expect(nights).toHaveLength(37);
  expect(nights).toContain('2026-06-26T16:16:20.000Z 8.058333 h Withings');
  expect(nights.filter((n) => n.startsWith('2026-06-26'))).toHaveLength(1);
  // light + deep + REM from when sleep began: 2023-10-20 23:33 + 1440 s, 34500 s asleep.
  expect(nights[0]).toBe('2023-10-21T16:32:00.000Z 9.583333 h Withings');
  expect(await shown(u, 'resting_heart_rate')).toHaveLength(36);

  expect(await shown(u, 'steps')).toEqual([
    '2026-07-14T19:00:00.000Z 114 count Withings',
    '2026-07-15T19:00:00.000Z 140 count Withings',
    '2026-07-16T19:00:00.000Z 2953 count Withings',
    '2026-07-17T19:00:00.000Z 2239 count Withings',
    '2026-07-18T19:00:00.000Z 25 count Withings',
  ]);
  expect(await shown(u, 'active_energy')).toContain('2026-07-16T19:00:00.000Z 191.63 kcal Withings');
  // Samples one after the other from their row's start: 03:39:42 and 03:39:43 (+02:00).
  expect(await shown(u, 'heart_rate')).toEqual(
    expect.arrayContaining([
      '2026-07-18T01:39:42.000Z 98 bpm Withings',
      '2026-07-18T01:39:43.000Z 99 bpm Withings',
      '2026-07-17T22:18:43.000Z 76 bpm Withings',
    ]),
  );
  expect(await shown(u, 'spo2')).toContain('2026-07-17T17:11:36.000Z 95 % Withings');
  // The Multi Sport row repeats the walk's times: one workout.
  expect(await shown(u, 'workout_minutes')).toEqual([
    '2023-07-23T03:03:00.000Z 13 min Withings',
    '2023-08-07T02:56:33.000Z 59.967 min Withings',
  ]);

  expect((await run(u, zip)).counts).toMatchObject({ read: 359, created: 0, present: 113, skipped: { unmapped_type: 246 } });
});

test('times without an offset are the profile’s timezone; localized headers are read by place', async () => {
  const berlin = await signUp(server, { timezone: 'Europe/Berlin' });
  expect((await run(berlin, withings('weight.csv'))).counts).toMatchObject({ read: 17, created: 8 });
  expect((await readings(berlin, 'weight')).at(-1)!.recorded_at).toBe('2026-07-08T09:58:38.000Z');

  // A German account's export: "Gewicht (kg)", "Fettmasse (kg)", dates as "2014-02-13 6:04 Uhr".
  const de = await signUp(server, { timezone: 'Europe/Berlin' });
  const zip = await zipOf({
    'weight.csv': withings('weight-de.csv'),
    'height.csv': 'Date,"Größe (m)",Kommentare\n"2014-02-13 6:04 Uhr",1.80,\n',
  });
  const job = await run(de, zip);
  expect(job).toMatchObject({ detected_format: 'withings', counts: { read: 7, created: 4, skipped: { unmapped_type: 3 } } });
  expect(job.counts.unmapped).toMatchObject({ 'weight.csv: Fettfreier Anteil (kg)': 2, 'height.csv': 1 });
  expect(await shown(de, 'weight')).toEqual(['2014-02-12T05:09:00.000Z 94.9 kg Withings', '2014-02-13T05:04:00.000Z 94.3 kg Withings']);
  expect(await shown(de, 'body_fat')).toContain('2014-02-13T05:04:00.000Z 28.4199 % Withings');
  // "von,bis,leicht (s),tief (s),rem (s),wach (s)": a night without stage columns is its time in bed.
  const sleep = await run(de, withings('sleep-de.csv'));
  expect(sleep.counts).toMatchObject({ read: 9, created: 3, skipped: { unmapped_type: 6 } });
  expect(await shown(de, 'sleep_duration')).toEqual([
    '2022-03-02T05:10:00.000Z 6.833333 h Withings',
    '2022-03-03T06:00:00.000Z 7.5 h Withings',
  ]);
});

test('a truncated file keeps what it held; a file of another kind fails with why; none is a 500', async () => {
  const u = await signUp(server, { timezone: 'UTC' });
  const sleep = withings('sleep.csv').toString();
  const cut = sleep.slice(0, sleep.lastIndexOf('2026-07-18T01:49:57') + 30);
  const truncated = await run(u, cut);
  // 38 whole rows (303 values) and what is left of the last: its times cut, a malformed night.
  expect(truncated).toMatchObject({ status: 'succeeded', counts: { read: 299, skipped: { malformed: 1 } } });

  for (const body of ['<?xml version="1.0"?><gpx version="1.1"><trk/></gpx>', '{"data": []}', 'date,time,weight\n2024-01-01,08:00,70\n']) {
    const res = await upload(server, u, body, { format: 'withings' });
    expect(res.status).toBe(202);
    const job = await finished(server, u, res.body.id);
    expect(job).toMatchObject({ status: 'failed', counts: { read: 0 } });
    expect(job.error).toMatch(/Not a Withings export/);
  }
  // A raw file whose arrays are not JSON, and a sample that is not a number.
  const raw = await zipOf({
    'raw_hr_hr.csv': 'start,duration,value\n2026-07-18T19:31:30+02:00,[29,[75]\n2026-07-18T19:21:30+02:00,"[29,1]","[71,""x""]"\n',
    'height.csv': '',
  });
  expect(await run(u, raw)).toMatchObject({ status: 'succeeded', counts: { read: 3, created: 1, skipped: { malformed: 1, invalid: 1 } } });

  // A ZIP entry whose deflated data is damaged: the other files are read, the damaged one ends in a malformed record.
  const samples = `start,duration,value\n${Array.from({ length: 2000 }, (_, i) => `2026-07-18T${String(i % 24).padStart(2, '0')}:00:${String(i % 60).padStart(2, '0')}+02:00,[1],[${60 + (i % 37)}]`).join('\n')}\n`;
  const damaged = await zipOf({ 'aggregates_steps.csv': withings('aggregates_steps.csv'), 'raw_hr_hr.csv': samples });
  const at = damaged.indexOf('raw_hr_hr.csv') + 'raw_hr_hr.csv'.length;
  damaged.fill(0xff, at + 200, at + 260);
  const job = await run(u, damaged);
  expect(job).toMatchObject({ status: 'succeeded', detected_format: 'withings', counts: { skipped: { malformed: 1 } } });
  expect(job.reasons.at(-1).detail).toMatch(/raw_hr_hr.csv is not a readable ZIP entry/);
  expect(await readings(u, 'steps')).toHaveLength(5);
});

test('the worst files: a ZIP that would inflate a thousandfold, one claiming millions of entries; a row over 1 MiB is skipped unread', async () => {
  const u = await signUp(server);
  const bomb = await zipOf({ 'weight.csv': 'Date,"Weight (kg)"\n', 'height.csv': '', 'raw_hr_hr.csv': Buffer.alloc(200 * 1024 * 1024) });
  expect(bomb.length).toBeLessThan(1_000_000);
  const refused = await run(u, bomb);
  expect(refused).toMatchObject({ status: 'failed', detected_format: 'withings', counts: { read: 0 } });
  expect(refused.error).toMatch(/inflate/);

  // 128 bytes whose (ZIP64) end record claims five million entries: refused before one is listed.
  const crowdedZip = crowded(5_000_000);
  expect((await upload(server, u, crowdedZip)).body.detail[0].msg).toMatch(/5000000 entries/);
  const crowdedJob = await run(u, crowdedZip, { format: 'withings' });
  expect(crowdedJob).toMatchObject({ status: 'failed', counts: { read: 0 } });
  expect(crowdedJob.error).toMatch(/Not a Withings export: the ZIP file has 5000000 entries/);

  const wide = await zipOf({
    'raw_hr_hr.csv': `start,duration,value\n2026-07-18T19:31:30+02:00,[29],[${'7'.repeat(1100 * 1024)}]\n2026-07-18T19:21:30+02:00,[29],[71]\n`,
  });
  expect(await run(u, wide)).toMatchObject({ status: 'succeeded', counts: { read: 2, created: 1, skipped: { too_large: 1 } } });
});

describe('npm run import', () => {
  const EMAIL = 'scale@example.com';
  const own = cliOnOwnDatabase('withings');
  const { cli } = own;
  beforeAll(async () => {
    expect(
      (await cli('user-create', ['--email', EMAIL, '--password', 'long enough password', '--timezone', 'America/Los_Angeles'])).code,
    ).toBe(0);
  }, 120_000);

  test('imports the export ZIP as the pipeline does; a second run finds everything there', async () => {
    const file = join(own.importDir, 'withings.zip');
    writeFileSync(file, await exportZip());
    const first = await cli('import', ['--user', EMAIL, file]);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('(withings)');
    expect(first.stdout).toMatch(/^succeeded: 359 records read, 111 new, 2 already there/);
    const again = await cli('import', ['--user', EMAIL, file]);
    expect(again.stdout).toMatch(/^succeeded: 359 records read, 0 new, 113 already there/);
  }, 120_000);
});

test('the benchmark’s generator: every record it writes is read, detected without `format`', async () => {
  const u = await signUp(server);
  const dir = mkdtempSync(join(tmpdir(), 'lifetrack-withings-generate-'));
  try {
    const file = await generate(dir, 3000);
    const job = await run(u, readFileSync(file.path));
    expect(job).toMatchObject({ status: 'succeeded', detected_format: 'withings' });
    expect(job.counts.read).toBe(file.records);
    expect(file.records).toBeGreaterThanOrEqual(3000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
