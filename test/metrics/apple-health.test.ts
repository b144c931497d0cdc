import { fileURLToPath } from 'node:url';
import { systemActor } from '../../src/core/actor.ts';
import { withContext } from '../../src/db/context.ts';
import { appleDate, importAppleHealth } from '../../src/domain/metrics/apple-health.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp } from '../helpers/users.ts';
import { allReadings } from './support.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/apple-health/export.xml', import.meta.url));

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
  const counts = await withContext(() => importAppleHealth(systemActor(u.id), FIXTURE, (read) => progress.push(read)));
  expect(counts).toEqual({ records: 25, created: 18, skipped: 1, ignored: 3, unconvertible: 1 });
  expect(progress.at(-1)).toBeGreaterThan(0);

  const readings = await allReadings(server, u);
  expect(readings).toHaveLength(18);
  const bySlug = (slug: string) => readings.filter((r) => (r as unknown as { metric_type_slug: string }).metric_type_slug === slug);
  expect(bySlug('weight')[0]).toMatchObject({ source: 'Withings', value: expect.closeTo(69.989, 3) });
  expect(bySlug('body_fat')[0]!.value).toBeCloseTo(21.5, 6);
  expect(bySlug('spo2')[0]!.value).toBeCloseTo(97, 6);
  expect(bySlug('blood_glucose')[0]!.value).toBeCloseTo(99.0858, 3);
  expect(bySlug('body_temperature').map((r) => r.value)).toEqual([37]);
  expect(bySlug('mindful_minutes')[0]!.value).toBe(10);
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
  expect(again).toEqual({ records: 25, created: 0, skipped: 19, ignored: 3, unconvertible: 1 });
  expect(await allReadings(server, u)).toHaveLength(18);
});

test('a file that is not XML is refused', async () => {
  const u = await signUp(server);
  const notXml = fileURLToPath(new URL('./support.ts', import.meta.url));
  await expect(withContext(() => importAppleHealth(systemActor(u.id), notXml))).rejects.toThrow(/not a valid Apple Health export/);
});
