import { fileURLToPath } from 'node:url';
import { systemActor } from '../../src/core/actor.ts';
import { withContext } from '../../src/db/context.ts';
import { appleDate, importAppleHealth } from '../../src/imports/formats/apple-health.ts';
import { gqlData } from '../helpers/graphql.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp } from '../helpers/users.ts';
import { allReadings } from './support.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/apple-health/export.xml', import.meta.url));
const OVERLAPPING = fileURLToPath(new URL('../fixtures/apple-health/overlapping-sleep.xml', import.meta.url));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

test('Apple dates become ISO 8601 with an offset', () => {
  expect(appleDate('2026-03-01 08:00:00 +0100')).toBe('2026-03-01T08:00:00+01:00');
  expect(appleDate('2026-03-01 08:00:00 -0530')).toBe('2026-03-01T08:00:00-05:30');
  expect(appleDate('yesterday')).toBeNull();
});

test('imports the committed export: mapping, units, sleep nights, and dedup on re-import', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const progress: number[] = [];
  const counts = await withContext(() => importAppleHealth(systemActor(u.id), FIXTURE, { onProgress: (read) => progress.push(read) }));
  const ignoredByType = {
    'HKCategoryTypeIdentifierSleepAnalysis:HKCategoryValueSleepAnalysisInBed': 1,
    'HKCategoryTypeIdentifierSleepAnalysis:HKCategoryValueSleepAnalysisAwake': 1,
    HKQuantityTypeIdentifierEnvironmentalAudioExposure: 1,
  };
  expect(counts).toEqual({ records: 25, created: 18, skipped: 1, merged: 2, ignored: 3, unconvertible: 1, ignoredByType });
  expect(counts.created + counts.skipped + counts.merged + counts.ignored + counts.unconvertible).toBe(counts.records);
  expect(progress.at(-1)).toBeGreaterThan(0);

  const readings = await allReadings(server, u);
  expect(readings).toHaveLength(18);
  const bySlug = (slug: string) => readings.filter((r) => (r as unknown as { metric_type_slug: string }).metric_type_slug === slug);
  expect(bySlug('weight')[0]).toMatchObject({ source: 'Withings', value: expect.closeTo(69.989, 3) });
  expect(bySlug('body_fat')[0].value).toBeCloseTo(21.5, 6);
  expect(bySlug('spo2')[0].value).toBeCloseTo(97, 6);
  expect(bySlug('blood_glucose')[0].value).toBeCloseTo(99.0858, 3);
  expect(bySlug('body_temperature').map((r) => r.value)).toEqual([37]);
  expect(bySlug('mindful_minutes')[0].value).toBe(10);
  expect(bySlug('sleep_duration').map((r) => Number(r.value.toFixed(4)))).toEqual([7, 7.1667]);

  const day = await server.api().get(`/users/${u.id}/days/2026-03-01`).set(u.auth);
  expect(day.body).toMatchObject({
    sleep_hours: 7.166667,
    water_ml: 250,
    caffeine_mg: 95,
    resting_heart_rate: 55,
    hrv_ms: 48.2,
    mindful_minutes: 10,
    distance_km: 0.4,
    active_energy_kcal: 35.5,
  });
  expect(day.body.resolution.steps.sources).toEqual({ 'Anna’s iPhone': 1000, 'Anna’s Apple Watch': 600 });
  expect((await server.api().get(`/users/${u.id}/days/2026-03-02`).set(u.auth)).body.sleep_hours).toBe(7);

  const again = await withContext(() => importAppleHealth(systemActor(u.id), FIXTURE));
  expect(again).toEqual({ records: 25, created: 0, skipped: 19, merged: 2, ignored: 3, unconvertible: 1, ignoredByType });
  expect(await allReadings(server, u)).toHaveLength(18);
});

test('a night is the union of its asleep intervals per source, in any record order; the day takes one source, not the sum; REST and GraphQL agree', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const counts = await withContext(() => importAppleHealth(systemActor(u.id), OVERLAPPING));
  expect(counts).toEqual({
    records: 10,
    created: 3,
    skipped: 0,
    merged: 3,
    ignored: 4,
    unconvertible: 0,
    ignoredByType: {
      'HKCategoryTypeIdentifierSleepAnalysis:HKCategoryValueSleepAnalysisInBed': 1,
      'HKCategoryTypeIdentifierSleepAnalysis:HKCategoryValueSleepAnalysisAwake': 1,
      HKQuantityTypeIdentifierWalkingSpeed: 2,
    },
  });
  const hours = (h: number, m: number) => Number((h + m / 60).toFixed(6));
  const nights = (
    (await allReadings(server, u)) as unknown as { metric_type_slug: string; source: string; value: number; recorded_at: string }[]
  ).filter((r) => r.metric_type_slug === 'sleep_duration');
  expect(nights.map((r) => [r.source, Number(r.value.toFixed(6)), r.recorded_at]).sort()).toEqual(
    [
      // 19:04-06:45 and 22:00-05:00: the union, 11 h 41 min, not their sum (18 h 41 min).
      ['Jane’s Apple Watch', hours(7, 10), '2026-03-07T05:30:00.000Z'],
      ['Jane’s iPhone', hours(11, 41), '2026-03-06T05:45:00.000Z'],
      ['Jane’s iPhone', hours(7, 30), '2026-03-07T05:00:00.000Z'],
    ].sort(),
  );

  const day = (await server.api().get(`/users/${u.id}/days/2026-03-07`).set(u.auth)).body;
  expect(day.resolution.sleep_duration.sources).toEqual({ 'Jane’s iPhone': hours(7, 30), 'Jane’s Apple Watch': hours(7, 10) });
  expect([hours(7, 30), hours(7, 10)]).toContain(day.sleep_hours);
  const { me } = await gqlData(
    server,
    u,
    `{ me { days(from: "2026-03-06", to: "2026-03-07") { date metrics { slug value resolvedFrom } } } }`,
  );
  const sleep = me.days.map((d: { date: string; metrics: { slug: string; value: number }[] }) => [
    d.date,
    d.metrics.find((m) => m.slug === 'sleep_duration')?.value,
  ]);
  const rest = (await server.api().get(`/users/${u.id}/days?from=2026-03-06&to=2026-03-07`).set(u.auth)).body;
  expect(sleep).toEqual(rest.map((d: { date: string; sleep_hours: number }) => [d.date, d.sleep_hours]));
  expect(sleep[0]).toEqual(['2026-03-06', hours(11, 41)]);

  const again = await withContext(() => importAppleHealth(systemActor(u.id), OVERLAPPING));
  expect(again).toMatchObject({ created: 0, skipped: 3, merged: 3 });
});

test('a file that is not XML is refused', async () => {
  const u = await signUp(server);
  const notXml = fileURLToPath(new URL('./support.ts', import.meta.url));
  await expect(withContext(() => importAppleHealth(systemActor(u.id), notXml))).rejects.toThrow(/not a valid Apple Health export/);
});
