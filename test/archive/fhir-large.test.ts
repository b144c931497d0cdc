import { bundleOf, codeIn, observations } from '../helpers/fhir.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { statementsOf } from '../helpers/statements.ts';
import type { TestUser } from '../helpers/users.ts';
import { ingestOk, reading, type Reading } from '../metrics/support.ts';

/**
 * 20,000 readings exported as FHIR: read a page (1,000 readings) per statement and written as they
 * come, never the account at once; complete (no reading lost or doubled at a page's edge, ties of
 * one instant included, no blood pressure pair split between two pages) and valid FHIR R4.
 */
let server: IsolatedServer;
let u: TestUser;
// No job workers: nothing else may send statements while the export's are counted.
withIsolatedServer(
  (f) => ({ server, owner: u } = f),
  {},
  () => ({ workers: 0 }),
);

const TOTAL = 20_000;
const PAIRS = 1_500;
/** Groups in id order (the order pairs are read in): one lone systolic reading first, so every page of pairs ends between the two halves of one. */
const groupId = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const base = Date.parse('2025-01-01T00:00:00Z');
const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

const readings: Reading[] = [
  reading({ metric_type_slug: 'blood_pressure_systolic', value: 140, recorded_at: at(0), source: 'cuff', reading_group_id: groupId(0) }),
  ...Array.from({ length: PAIRS }, (_, i) =>
    ['blood_pressure_systolic', 'blood_pressure_diastolic'].map((slug, half) =>
      reading({ metric_type_slug: slug, value: half ? 80 : 120, recorded_at: at(i * 7), source: 'cuff', reading_group_id: groupId(i + 1) }),
    ),
  ).flat(),
];
// The rest two to an instant (a heart rate and steps), so pages also end between readings of one recorded_at.
for (let i = 0; readings.length < TOTAL; i++) {
  readings.push(reading({ metric_type_slug: i % 2 ? 'steps' : 'heart_rate', value: 60 + (i % 50), recorded_at: at(Math.floor(i / 2)) }));
}

test(`${TOTAL.toLocaleString('en')} readings: a page per statement, streamed, complete and valid`, async () => {
  const ids: string[] = [];
  for (let i = 0; i < TOTAL; i += 10_000) ids.push(...(await ingestOk(server, u, readings.slice(i, i + 10_000))).created.map((c) => c.id));
  expect(ids).toHaveLength(TOTAL);

  let res: Awaited<ReturnType<ReturnType<IsolatedServer['api']>['get']>> | undefined;
  const statements = await statementsOf(server, async () => {
    res = await server.api().get(`/users/${u.id}/export/fhir`).set(u.auth);
  });
  console.log(`[fhir] ${statements} statements`);
  // Written as it is read: no length known up front.
  expect(res!.headers['transfer-encoding']).toBe('chunked');
  expect(res!.headers['content-length']).toBeUndefined();
  // 17,000 single readings and 3,001 grouped ones, 1,000 a statement (and the token's look-up): not one statement, not one per reading.
  expect(statements).toBeGreaterThanOrEqual(21);
  expect(statements).toBeLessThan(40);

  const bundle = bundleOf(res!);
  const all = observations(bundle);
  const singles = all.filter((o) => !o.component);
  const panels = all.filter((o) => o.component);
  expect(panels).toHaveLength(PAIRS);
  expect(singles).toHaveLength(TOTAL - 2 * PAIRS);
  expect(new Set(all.map((o) => o.id)).size).toBe(all.length);
  // Every systolic reading of a pair is its panel's id; every other reading is an Observation of its own.
  const inPair = (r: Reading) => r.reading_group_id !== undefined && r.reading_group_id !== groupId(0);
  const pairedSystolic = ids.filter((_, i) => inPair(readings[i]) && readings[i].metric_type_slug === 'blood_pressure_systolic');
  expect(panels.map((o) => o.id).sort()).toEqual(pairedSystolic.sort());
  for (const p of panels) {
    expect(p.component!.map((c) => [codeIn(c, 'http://loinc.org'), c.valueQuantity.value])).toEqual([
      ['8480-6', 120],
      ['8462-4', 80],
    ]);
  }
  expect(singles.map((o) => o.id).sort()).toEqual(ids.filter((_, i) => !inPair(readings[i])).sort());
  // The single readings come newest first.
  const times = singles.map((o) => Date.parse(o.effectiveDateTime!));
  expect(times.every((t, i) => i === 0 || times[i - 1] >= t)).toBe(true);
}, 120_000);
