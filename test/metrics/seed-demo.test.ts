import type { seedDemo as SeedDemo, zonedInstant as ZonedInstant } from '../../src/tools/demo-data.ts';
import { startIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp } from '../helpers/users.ts';

let server: IsolatedServer;
beforeAll(async () => {
  server = await startIsolatedServer();
});
afterAll(async () => {
  await server.stop();
});

const today = new Date('2026-06-30T12:00:00Z');

/** The demo seed and its clock, run by the server's process on its database. */
const seedDemo = (...args: Parameters<typeof SeedDemo>) => server.call<typeof SeedDemo>('tools/demo-data.ts', 'seedDemo', ...args);
const zonedInstant = (...args: Parameters<typeof ZonedInstant>) =>
  server.call<typeof ZonedInstant>('tools/demo-data.ts', 'zonedInstant', ...args);

test('local wall-clock times become instants, across DST', async () => {
  expect((await zonedInstant('2026-03-29', 12, 'Europe/Berlin')).toISOString()).toBe('2026-03-29T10:00:00.000Z');
  expect((await zonedInstant('2026-03-28', 12, 'Europe/Berlin')).toISOString()).toBe('2026-03-28T11:00:00.000Z');
  expect((await zonedInstant('2026-01-10', 7.5, 'America/New_York')).toISOString()).toBe('2026-01-10T12:30:00.000Z');
});

test('demo data is reproducible, written through the services, and a re-run adds nothing', async () => {
  const a = await signUp(server, { timezone: 'Europe/Berlin' });
  const b = await signUp(server, { timezone: 'Europe/Berlin' });
  const first = await seedDemo(a.id, 'Europe/Berlin', { days: 90, seed: 7, today });
  expect(first).toMatchObject({ days: 90, from: '2026-04-02', to: '2026-06-30' });
  expect(first.readingsCreated).toBe(first.readings);
  expect(first.eventsCreated).toBe(first.events);
  expect(first.readings).toBeGreaterThan(3000);

  const again = await seedDemo(a.id, 'Europe/Berlin', { days: 90, seed: 7, today });
  expect(again).toMatchObject({ readings: first.readings, readingsCreated: 0, events: first.events, eventsCreated: 0 });

  await seedDemo(b.id, 'Europe/Berlin', { days: 90, seed: 7, today });
  const range = '?from=2026-04-02&to=2026-06-30';
  const daysA = (await server.api().get(`/users/${a.id}/days${range}`).set(a.auth)).body;
  const daysB = (await server.api().get(`/users/${b.id}/days${range}`).set(b.auth)).body;
  const strip = (days: { metrics: unknown; goals: unknown }[]) => days.map((d) => [d.metrics, d.goals]);
  expect(strip(daysB)).toEqual(strip(daysA));

  // Several sources overlap; the ranking picks the watch, and the phone fills the week without it.
  const fromSource = daysA.map((d: { resolution: Record<string, { resolved_from: string }> }) => d.resolution.steps?.resolved_from);
  expect(fromSource.filter((s: string) => s === 'apple_watch').length).toBeGreaterThan(60);
  expect(fromSource.filter((s: string) => s === 'iphone').length).toBeGreaterThanOrEqual(7);
  expect(Object.keys(daysA[50].resolution.steps.sources).sort()).toEqual(['apple_watch', 'iphone']);
  // Factors and goals are there for the insights.
  expect(daysA.some((d: { factors: Record<string, number> }) => d.factors['tag:coffee'] > 0)).toBe(true);
  expect(daysA.some((d: { factors: Record<string, number> }) => d.factors['tag:sick'] > 0)).toBe(true);
  expect(daysA[0].goals.map((g: { slug: string }) => g.slug)).toEqual(['steps', 'sleep_duration', 'water', 'caffeine']);
});

type Edge = { key: string; confidence: string; lag: number; direction: string };
type Card = { key: string; direction: string; z: number; recent_days: number };
const significant = (edges: Edge[]) => edges.filter((e) => e.confidence === 'strong' || e.confidence === 'moderate');

test('the insights find what is planted in the last 90 days, ending on the seeded today', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  await seedDemo(u.id, 'Europe/Berlin', { days: 120, seed: 42, today });
  const end = '2026-06-30';
  const episodes = await server.api().get(`/users/${u.id}/insights/episodes?end_date=${end}`).set(u.auth);
  expect(episodes.status).toBe(200);
  const cards: Card[] = episodes.body.episodes;
  // The demanding week that ends today: HRV down, more coffee (and resting heart rate up, z < 2.5 here).
  expect(cards.map((c) => [c.key, c.direction])).toEqual([
    ['hrv_sdnn', 'below'],
    ['caffeine', 'above'],
  ]);
  expect(cards[0]).toMatchObject({ z: -3.23, recent_days: 7 });

  const graph = await server.api().get(`/users/${u.id}/insights/graph?metric=sleep_duration&end_date=${end}`).set(u.auth);
  expect(graph.status).toBe(200);
  const edges: Edge[] = significant(graph.body.edges);
  // How rested you feel follows the night; drinks in the evening shorten the next night.
  expect(edges.find((e) => e.key === 'energy')).toMatchObject({ confidence: 'strong', lag: 0, direction: 'positive' });
  expect(edges.find((e) => e.key === 'tag:alcohol')).toMatchObject({ lag: 1, direction: 'negative' });
}, 60_000);

test('right after seeding 120 days up to the real today, the insights show something with no parameters', async () => {
  const u = await signUp(server, { timezone: 'America/New_York' });
  await seedDemo(u.id, 'America/New_York', { days: 120, seed: 42 });
  const episodes = await server.api().get(`/users/${u.id}/insights/episodes`).set(u.auth);
  expect(episodes.status).toBe(200);
  expect(episodes.body.window_days).toBe(90);
  expect(episodes.body.episodes.length).toBeGreaterThanOrEqual(1);
  const graph = await server.api().get(`/users/${u.id}/insights/graph?metric=sleep_duration`).set(u.auth);
  expect(graph.status).toBe(200);
  expect(graph.body).toMatchObject({ center: { key: 'sleep_duration' }, mode: 'explore', window_days: 90 });
  expect(significant(graph.body.edges).length).toBeGreaterThanOrEqual(1);
}, 60_000);
