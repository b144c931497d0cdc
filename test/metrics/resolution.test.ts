import { withSharedServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { definitionOf, ingestOk, reading } from './support.ts';

/**
 * Steps from three devices and manual entries over four days (UTC user):
 *   03-01  watch 5000+3000 (sum 8000, last at 20:00)  phone 7000 (last at 21:00)  manual 6000
 *   03-02  phone 7500                                 manual 6500                  (the watch is missing)
 *   03-03  manual 5000 only
 *   03-04  phone 7000                                 oura 9000
 */
let server: SharedServer;
withSharedServer((s) => (server = s));
let u: TestUser;
let definitionId: string;

const at = (day: string, hour: number) => `2026-03-${day}T${String(hour).padStart(2, '0')}:00:00Z`;

beforeAll(async () => {
  u = await signUp(server);
  await ingestOk(server, u, [
    reading({ source: 'watch', value: 5000, recorded_at: at('01', 10) }),
    reading({ source: 'watch', value: 3000, recorded_at: at('01', 20) }),
    reading({ source: 'phone', value: 7000, recorded_at: at('01', 21) }),
    reading({ source: 'manual', value: 6000, recorded_at: at('01', 12) }),
    reading({ source: 'phone', value: 7500, recorded_at: at('02', 12) }),
    reading({ source: 'manual', value: 6500, recorded_at: at('02', 12) }),
    reading({ source: 'manual', value: 5000, recorded_at: at('03', 12) }),
    reading({ source: 'phone', value: 7000, recorded_at: at('04', 12) }),
    reading({ source: 'oura', value: 9000, recorded_at: at('04', 12) }),
    // Another metric on the same days is resolved on its own.
    reading({ metric_type_slug: 'weight', source: 'scale', value: 70, recorded_at: at('01', 7) }),
    reading({ metric_type_slug: 'weight', source: 'scale', value: 69.5, recorded_at: at('01', 19) }),
  ]);
  definitionId = (await definitionOf(server, u, 'steps')).id;
});

async function steps(): Promise<[number | null, string | null][]> {
  const res = await server.api().get(`/users/${u.id}/days?from=2026-03-01&to=2026-03-04`).set(u.auth);
  expect(res.status).toBe(200);
  return res.body.map((d: { steps: number | null; resolution: Record<string, { resolved_from: string | null }> }) => [
    d.steps,
    d.resolution.steps?.resolved_from ?? null,
  ]);
}

async function define(body: object) {
  const res = await server.api().patch(`/users/${u.id}/metric-definitions/${definitionId}`).set(u.auth).send(body);
  expect(res.status).toBe(200);
}

test('one source aggregates by the metric type: steps sum, weight last', async () => {
  const day = await server.api().get(`/users/${u.id}/days/2026-03-01`).set(u.auth);
  expect(day.body.resolution.steps.sources).toEqual({ watch: 8000, phone: 7000, manual: 6000 });
  expect(day.body.weight_kg).toBe(69.5);
  expect(day.body.metrics.weight).toBe(69.5);
});

test('no ranking: every non-manual source in order of first report (ties by name), manual as the fallback', async () => {
  expect(await steps()).toEqual([
    [7000, 'phone'],
    [7500, 'phone'],
    [5000, 'manual'],
    [7000, 'phone'],
  ]);
});

test('ranked sources: the top one that reported wins; a day without the top source falls to the next', async () => {
  await define({ sources: [{ source: 'watch' }, { source: 'phone' }] });
  expect(await steps()).toEqual([
    [8000, 'watch'],
    [7500, 'phone'], // the watch is missing on 03-02
    [5000, 'manual'], // no ranked source reported: manual_fallback
    [7000, 'phone'], // oura is not ranked, so it is not used
  ]);
});

test('manual_fallback off: a day with only manual readings has no value', async () => {
  await define({ sources: [{ source: 'watch' }, { source: 'phone' }], manual_fallback: false });
  expect(await steps()).toEqual([
    [8000, 'watch'],
    [7500, 'phone'],
    [null, null],
    [7000, 'phone'],
  ]);
  await define({ manual_fallback: true });
});

test('prefer_if_present jumps the queue whenever that source reported that day', async () => {
  await define({ sources: [{ source: 'watch' }, { source: 'phone' }, { source: 'oura', condition: { type: 'prefer_if_present' } }] });
  expect(await steps()).toEqual([
    [8000, 'watch'],
    [7500, 'phone'],
    [5000, 'manual'],
    [9000, 'oura'],
  ]);
});

test('manual ranked explicitly is an ordinary source', async () => {
  await define({ sources: [{ source: 'manual' }, { source: 'watch' }] });
  expect(await steps()).toEqual([
    [6000, 'manual'],
    [6500, 'manual'],
    [5000, 'manual'],
    [null, null],
  ]);
});

test('operators combine the eligible sources: max, min, mean, latest', async () => {
  await define({ sources: [{ source: 'watch' }, { source: 'phone' }] });
  await define({ resolution_operator: 'max' });
  expect((await steps())[0]).toEqual([8000, 'watch']);
  await define({ resolution_operator: 'min' });
  expect((await steps())[0]).toEqual([7000, 'phone']);
  await define({ resolution_operator: 'mean' });
  expect((await steps())[0]).toEqual([7500, null]);
  await define({ resolution_operator: 'latest' });
  expect((await steps())[0]).toEqual([7000, 'phone']); // the phone's last reading (21:00) is the latest
  // Manual readings stay a fallback under every operator.
  expect((await steps())[2]).toEqual([5000, 'manual']);
  await define({ resolution_operator: 'priority' });
});

test('a disabled metric is left out of the summary', async () => {
  await define({ enabled: false });
  const day = await server.api().get(`/users/${u.id}/days/2026-03-01`).set(u.auth);
  expect(day.body.steps).toBeNull();
  expect(day.body.metrics).not.toHaveProperty('steps');
  expect(day.body.resolution).not.toHaveProperty('steps');
  expect(day.body.weight_kg).toBe(69.5);
  await define({ enabled: true });
});
