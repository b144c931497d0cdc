import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withServer, type SharedServer } from '../../helpers/server.ts';
import { signUp, type TestUser } from '../../helpers/users.ts';
import { ingestOk } from '../../metrics/support.ts';
import { finished, fixtureBytes, importedCounted, upload } from '../uploads.ts';
import { zipOf } from '../zips.ts';
import { readingLines } from './readings.ts';
import { generate } from './oura.generate.ts';

/**
 * Oura's exports (`oura`) through POST /users/{id}/imports: the trends CSV (a published one), the
 * newer export's "App Data" CSVs in a ZIP, API v2 JSON files and the older API v1 oura_data.json
 * (made from Oura's documentation: test/fixtures/imports/wearables/oura/README.md). Each value is
 * one record, counted once: read = created + present + skipped.
 */
let server: SharedServer;
withServer((f) => ({ server } = f));

const oura = (name: string) => fixtureBytes(`wearables/oura/${name}`);
const TRENDS = 'oura_2026-05-22_2026-07-23_trends.csv';
const APP_DATA = ['sleepmodel', 'dailyactivity', 'dailyreadiness', 'dailysleep', 'dailyspo2', 'heartrate', 'workout'];

const appDataZip = () => zipOf(Object.fromEntries(APP_DATA.map((n) => [`App Data/${n}.csv`, oura(`app-data/${n}.csv`)])));

/** Imports a file and waits for its end; its counts held to add up, `skipped` left with the reasons that occurred. */
const run = (user: TestUser, content: Buffer | string, query: Record<string, string> = {}) => importedCounted(server, user, content, query);

/** A user's readings of one metric, oldest first, as `recorded_at value unit source`. */
const readings = (user: TestUser, slug: string) => readingLines(server, user, slug);

test('detection: each of Oura’s files alone and its ZIPs are recognised without `format`, and with it', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  for (const file of [
    oura(TRENDS),
    oura('oura_data_v1.json'),
    oura('sleep.json'),
    oura('heartrate.json'),
    oura('app-data/sleepmodel.csv'),
    oura('app-data/dailyactivity.csv'),
    await appDataZip(),
    await zipOf({ 'oura_data.json': oura('oura_data_v1.json') }),
    // An App Data file a spreadsheet wrote again with commas.
    'timestamp,bpm,source\n2024-03-10T12:00:00.000+00:00,71,awake\n',
  ]) {
    const job = await run(u, file);
    expect(job).toMatchObject({ status: 'succeeded', format: null, detected_format: 'oura' });
  }
  expect(await run(u, oura(TRENDS), { format: 'oura' })).toMatchObject({ status: 'succeeded', format: 'oura', detected_format: 'oura' });
  // A ZIP of only per-kind files common to other apps (sleep.json) is Oura's only when named so.
  const generic = await zipOf({ 'sleep.json': oura('sleep.json') });
  expect((await upload(server, u, generic)).status).toBe(422);
  expect(await run(u, generic, { format: 'oura' })).toMatchObject({ status: 'succeeded', format: 'oura', counts: { read: 19 } });
});

test('trends CSV: the night from Bedtime Start with Total Sleep Duration asleep, its lowest heart rate and breathing rate; steps and Activity Burn at the day’s noon; every other number unmapped by its column', async () => {
  const u = await signUp(server, { timezone: 'America/Los_Angeles' });
  const csv = oura(TRENDS);
  const first = await run(u, csv);
  // 4 rows: 42 + 45 + 44 values, and the activity-only day's 18 (its sleep columns empty or "None").
  expect(first.counts).toMatchObject({ read: 149, created: 17, present: 0, skipped: { unmapped_type: 132 } });
  expect(first.counts.unmapped).toMatchObject({
    'Sleep Score': 3,
    'Average HRV': 3,
    'Temperature Deviation (°C)': 3,
    'Temperature Trend Deviation': 2,
    'Average Resting Heart Rate': 3,
    'Sleep Timin Score': 3,
    'Total Burn': 4,
  });
  expect(first.progress).toEqual({ bytes_read: csv.length, bytes_total: csv.length });
  // 00:42:29 + 480 s latency, 31380 s asleep: 8.716667 h, recorded when it ends.
  expect(await readings(u, 'sleep_duration')).toEqual([
    '2026-05-27T16:33:29.000Z 8.716667 h Oura',
    '2026-06-25T16:28:32.000Z 8.3 h Oura',
    '2026-06-26T15:37:26.000Z 7.366667 h Oura',
  ]);
  expect(await readings(u, 'resting_heart_rate')).toEqual([
    '2026-05-27T17:37:02.000Z 67 bpm Oura',
    '2026-06-25T17:15:21.000Z 64 bpm Oura',
    '2026-06-26T16:32:31.000Z 65 bpm Oura',
  ]);
  expect(await readings(u, 'respiratory_rate')).toContain('2026-06-26T16:32:31.000Z 17.25 breaths/min Oura');
  // Noon in Los Angeles (PDT) is 19:00 UTC.
  expect(await readings(u, 'steps')).toEqual([
    '2026-05-27T19:00:00.000Z 2242 count Oura',
    '2026-06-07T19:00:00.000Z 7 count Oura',
    '2026-06-25T19:00:00.000Z 3626 count Oura',
    '2026-06-26T19:00:00.000Z 1423 count Oura',
  ]);
  expect(await readings(u, 'active_energy')).toContain('2026-06-25T19:00:00.000Z 194 kcal Oura');
  expect(await readings(u, 'body_temperature')).toEqual([]);
  expect(await readings(u, 'hrv_sdnn')).toEqual([]);

  const again = await run(u, csv);
  expect(again.counts).toMatchObject({ read: 149, created: 0, present: 17, skipped: { unmapped_type: 132 } });
});

test('App Data ZIP: sleep periods of one night are one night of their union (not double-counted), a deleted period and scores are unmapped; the same data from the API’s JSON adds nothing', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const zip = await appDataZip();
  const first = await run(u, zip);
  expect(first).toMatchObject({ status: 'succeeded', detected_format: 'oura' });
  // sleepmodel 27 values, dailyactivity 41, dailyreadiness 5, dailysleep 1, dailyspo2 3, heartrate 3, workout 3.
  // heartrate.csv's sleep sample is the sleep period's own heart_rate item: present.
  expect(first.counts).toMatchObject({ read: 83, created: 20, present: 1, skipped: { unmapped_type: 62 } });
  expect(first.counts.unmapped).toMatchObject({
    'sleep (deleted)': 1,
    'sleep.average_hrv': 3,
    'sleep.hrv': 1,
    'daily_readiness.temperature_deviation': 2,
    'daily_readiness.score': 2,
    'daily_sleep.score': 1,
    'daily_activity.met': 1,
    'daily_activity.equivalent_walking_distance': 2,
    'daily_spo2.breathing_disturbance_index': 1,
    daily_spo2: 1,
    'workout.calories': 1,
  });
  // The night: 23:20..06:20 (7 h) and 07:25..08:25 (1 h) CET; the nap 14:10..14:40 is a night of its own.
  expect(await readings(u, 'sleep_duration')).toEqual(['2024-03-10T07:25:00.000Z 8 h Oura', '2024-03-10T13:40:00.000Z 0.5 h Oura']);
  expect(await readings(u, 'resting_heart_rate')).toEqual([
    '2024-03-10T06:05:00.000Z 48 bpm Oura',
    '2024-03-10T07:30:00.000Z 52 bpm Oura',
    '2024-03-10T13:40:00.000Z 58 bpm Oura',
  ]);
  expect(await readings(u, 'heart_rate')).toEqual([
    '2024-03-09T22:15:00.000Z 58 bpm Oura',
    '2024-03-09T22:20:00.000Z 55 bpm Oura',
    '2024-03-10T12:00:00.000Z 71 bpm Oura',
    '2024-03-10T12:05:00.000Z 74 bpm Oura',
  ]);
  expect(await readings(u, 'spo2')).toEqual(['2024-03-10T11:00:00.000Z 96.842 % Oura']);
  expect(await readings(u, 'steps')).toEqual(['2024-03-10T11:00:00.000Z 8123 count Oura', '2024-03-11T11:00:00.000Z 2088 count Oura']);
  expect(await readings(u, 'workout_minutes')).toEqual(['2024-03-10T17:00:00.000Z 45 min Oura']);
  expect(await readings(u, 'distance')).toEqual(['2024-03-10T17:00:00.000Z 4.1203 km Oura']);

  expect((await run(u, zip)).counts).toMatchObject({ read: 83, created: 0, present: 21 });
  // The API's JSON of the same two periods and samples: every reading already there.
  const json = await run(
    u,
    await zipOf({ 'sleep.json': oura('sleep.json'), 'heartrate.json': oura('heartrate.json'), 'daily_sleep.json': '[]' }),
    {
      format: 'oura',
    },
  );
  expect(json.counts).toMatchObject({ read: 22, created: 0, present: 11, skipped: { unmapped_type: 11 } });
});

test('sleep: a period and its re-analysis overlap and count once; a nap far from the night is its own; another source’s night stays its own reading', async () => {
  const u = await signUp(server, { timezone: 'UTC' });
  const period = (id: string, start: string, end: string, total: number) => ({
    id,
    bedtime_start: start,
    bedtime_end: end,
    total_sleep_duration: total,
    latency: 0,
    type: 'long_sleep',
  });
  const data = [
    period('a', '2024-05-01T22:00:00+00:00', '2024-05-02T06:00:00+00:00', 7 * 3600),
    // The same night analysed again, 30 minutes later and shorter: inside the first's interval.
    period('b', '2024-05-01T22:30:00+00:00', '2024-05-02T06:00:00+00:00', 6 * 3600),
    // Overlapping its end: adds the 30 minutes past 05:00.
    period('c', '2024-05-02T04:00:00+00:00', '2024-05-02T06:00:00+00:00', 1.5 * 3600),
  ];
  await ingestOk(server, u, [
    {
      metric_type_slug: 'sleep_duration',
      recorded_at: '2024-05-02T06:10:00Z',
      source: 'Apple Watch',
      source_id: 'night-1',
      value: 7.5,
      unit: 'h',
    },
  ]);
  const job = await run(u, JSON.stringify({ data }));
  expect(job.counts).toMatchObject({ read: 3, created: 3, present: 0 });
  expect(await readings(u, 'sleep_duration')).toEqual([
    '2024-05-02T05:30:00.000Z 7.5 h Oura',
    '2024-05-02T06:10:00.000Z 7.5 h Apple Watch',
  ]);
});

test('API v1 oura_data.json (the older export): fields renamed to v2, hr_5min samples as heart rate, 0 for no sample', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const first = await run(u, oura('oura_data_v1.json'));
  // sleep: 20 values (a period, 4 mapped, 15 unmapped), activity 25 (2 mapped), readiness 9 scores.
  expect(first.counts).toMatchObject({ read: 54, created: 7, present: 0, skipped: { unmapped_type: 47 } });
  expect(first.counts.unmapped).toMatchObject({
    'sleep.average_hrv': 1,
    'sleep.hrv': 1,
    'sleep.temperature_delta': 1,
    'daily_readiness.score': 1,
  });
  // 23:32:14 + 900 s, 24300 s asleep.
  expect(await readings(u, 'sleep_duration')).toEqual(['2021-01-10T05:32:14.000Z 6.75 h Oura']);
  expect(await readings(u, 'heart_rate')).toEqual(['2021-01-09T22:37:14.000Z 56 bpm Oura', '2021-01-09T22:42:14.000Z 54 bpm Oura']);
  expect(await readings(u, 'steps')).toEqual(['2021-01-09T11:00:00.000Z 9206 count Oura']);
  expect(await readings(u, 'active_energy')).toEqual(['2021-01-09T11:00:00.000Z 390 kcal Oura']);
  expect((await run(u, oura('oura_data_v1.json'))).counts).toMatchObject({ read: 54, created: 0, present: 7 });
});

test('a truncated file keeps what it held; a file of another kind named as Oura’s fails with why; none is a 500', async () => {
  const u = await signUp(server);
  const sleep = oura('sleep.json').toString();
  const cut = sleep.slice(0, sleep.indexOf('"id": "0b1f6d52-1c1a-4f0e-9e3a-6c1f0a2b3c02"') + 20);
  const truncated = await run(u, cut);
  expect(truncated).toMatchObject({
    status: 'succeeded',
    detected_format: 'oura',
    counts: { read: 13, created: 5, skipped: { malformed: 1 } },
  });

  for (const [body, why] of [
    ['<?xml version="1.0"?><gpx version="1.1"><trk/></gpx>', /Not an Oura export/],
    ['date,time,weight\n2024-01-01,08:00,70\n', /Not an Oura export/],
    ['{"type": "FeatureCollection", "features": []}', /Not an Oura export/],
    ['', /empty/],
  ] as const) {
    const res = await upload(server, u, body, { format: 'oura' });
    if (res.status === 422) {
      expect(res.body.detail[0].msg).toMatch(why);
      continue;
    }
    expect(res.status).toBe(202);
    const job = await finished(server, u, res.body.id);
    expect(job).toMatchObject({ status: 'failed', counts: { read: 0 } });
    expect(job.error).toMatch(why);
  }
  // An App Data CSV whose quote never closes: what csv-parse cannot read is one malformed record, not a failed import.
  const broken = 'timestamp;bpm;source\n2024-03-10T12:00:00+00:00;71;awake\n"2024-03-10T12:05:00+00:00;74;awake\n';
  const unreadable = await run(u, broken);
  expect(unreadable).toMatchObject({ status: 'succeeded', counts: { skipped: { malformed: 1 } } });
  expect(unreadable.reasons[0].detail).toMatch(/Quote Not Closed/);
});

test('the worst files: a ZIP that would inflate a thousandfold is refused, a document over 4 MiB and a row over 1 MiB are skipped unread', async () => {
  const u = await signUp(server);
  // 200 MB of zeros in a "sleepmodel.csv": refused before anything is inflated.
  const bomb = await zipOf({ 'App Data/sleepmodel.csv': Buffer.alloc(200 * 1024 * 1024) });
  expect(bomb.length).toBeLessThan(1_000_000);
  const refused = await run(u, bomb);
  expect(refused).toMatchObject({ status: 'failed', detected_format: 'oura', counts: { read: 0 } });
  expect(refused.error).toMatch(/inflate/);

  const huge = JSON.stringify({
    data: [
      { bpm: 60, timestamp: '2024-01-01T00:00:00Z', note: 'x'.repeat(5 * 1024 * 1024) },
      { bpm: 61, timestamp: '2024-01-01T00:05:00Z' },
    ],
  });
  expect(await run(u, huge)).toMatchObject({ status: 'succeeded', counts: { read: 2, created: 1, skipped: { too_large: 1 } } });
  const row = `timestamp;bpm;source\n2024-01-02T00:00:00Z;60;${'y'.repeat(1100 * 1024)}\n2024-01-02T00:05:00Z;61;awake\n`;
  expect(await run(u, row)).toMatchObject({ status: 'succeeded', counts: { read: 2, created: 1, skipped: { too_large: 1 } } });
});

test('the benchmark’s generator: every record it writes is read, detected without `format`', async () => {
  const u = await signUp(server);
  const dir = mkdtempSync(join(tmpdir(), 'lifetrack-oura-generate-'));
  try {
    const file = await generate(dir, 3000);
    const job = await run(u, readFileSync(file.path));
    expect(job).toMatchObject({ status: 'succeeded', detected_format: 'oura' });
    expect(job.counts.read).toBe(file.records);
    expect(file.records).toBeGreaterThanOrEqual(3000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
