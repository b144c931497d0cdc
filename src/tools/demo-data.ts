import { createHash } from 'node:crypto';
import { systemActor } from '../core/actor.ts';
import { localDateOf, wallTimeToUtc } from '../core/clock.ts';
import { createCategory, listCategories } from '../domain/categories/categories.service.ts';
import { createEvent } from '../domain/events/events.service.ts';
import { putGoal } from '../domain/goals/goals.service.ts';
import { createAutomation } from '../domain/metrics/automations.service.ts';
import { listDefinitions, updateDefinition } from '../domain/metrics/definitions.service.ts';
import { ingestReadings } from '../domain/metrics/ingest.service.ts';

/**
 * Realistic, reproducible demo data, written through the same services as the API: several
 * sources with overlapping readings, events with tags and categories, and planted relationships
 * and anomalies the insights should find. The same seed, user and day give the same data, and
 * every reading and event has a deterministic id, so a re-run adds nothing.
 *
 * Planted: an evening with alcohol -> shorter sleep (0.4 h a drink), lower HRV and higher resting
 * heart rate that night, lower mood next day; how energetic you feel follows the night's sleep; a run -> more steps and active energy that day, better mood next day;
 * meditation -> more mindful minutes and slightly better mood; more coffee -> a little less sleep;
 * late screens -> less sleep. Anomalies: a sick week (resting HR up, HRV and steps down), a travel
 * stretch (steps up), a week without the watch (steps fall back to the phone), and a demanding
 * week at work ending today (resting HR up, HRV down, more coffee and late screens, #work-late), so
 * the default insights (90 days ending today) have episodes and a sleep graph with strong edges.
 */
export type DemoOptions = { days: number; seed: number; today?: Date };
export type DemoResult = {
  days: number;
  from: string;
  to: string;
  readings: number;
  readingsCreated: number;
  events: number;
  eventsCreated: number;
};

/** A small deterministic generator (mulberry32): the same seed, the same numbers. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The instant of a local wall-clock time (fractional hours) on a date in a timezone. */
export function zonedInstant(date: string, hours: number, timezone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(wallTimeToUtc(Date.UTC(y, m - 1, d) + Math.round(hours * 3600_000), timezone));
}

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A uuid derived from the inputs, so re-seeding finds the same events (client_id). */
function stableUuid(...parts: (string | number)[]): string {
  const h = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type Reading = { metric_type_slug: string; recorded_at: string; source: string; source_id: string; value: number; unit?: string };
type EventBody = {
  client_id: string;
  occurred_at: string;
  local_date: string;
  category_id?: string;
  tags: string[];
  duration?: string;
  scalar_value?: number;
};

export async function seedDemo(userId: string, timezone: string, opts: DemoOptions): Promise<DemoResult> {
  const actor = systemActor(userId);
  const rand = mulberry32(opts.seed);
  const normal = (mean: number, sd: number) => mean + sd * Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const chance = (p: number) => rand() < p;
  const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

  const to = localDateOf(opts.today ?? new Date(), timezone);
  const from = addDays(to, -(opts.days - 1));
  const at = (date: string, hours: number) => zonedInstant(date, hours, timezone).toISOString();

  // Categories (found or created), definitions ranked, goals, one automation.
  const wanted = ['Coffee', 'Alcohol', 'Exercise', 'Mindfulness', 'Health'];
  const existing = new Map((await listCategories(actor)).map((c) => [c.name, c.id]));
  for (const name of wanted) if (!existing.has(name)) existing.set(name, (await createCategory(actor, { name })).id);
  const category = (name: string) => existing.get(name)!;

  const definitions = new Map((await listDefinitions(actor, { limit: 500 })).map((d) => [d.metricTypeSlug, d]));
  const rank = async (slug: string, sources: string[]) =>
    updateDefinition(actor, definitions.get(slug)!.id, { sources: sources.map((source) => ({ source })) });
  await rank('steps', ['apple_watch', 'iphone']);
  await rank('sleep_duration', ['oura', 'apple_watch']);
  await rank('resting_heart_rate', ['oura', 'apple_watch']);
  await updateDefinition(actor, definitions.get('hrv_sdnn')!.id, {
    sources: [{ source: 'apple_watch' }, { source: 'oura', condition: { type: 'prefer_if_present' } }],
  });
  await putGoal(actor, 'steps', { target: 8000, direction: 'at_least' });
  await putGoal(actor, 'sleep_duration', { target: 7.5, direction: 'at_least' });
  await putGoal(actor, 'caffeine', { target: 300, direction: 'at_most' });
  await putGoal(actor, 'water', { target: 2000, direction: 'at_least' });
  const weightDef = definitions.get('weight')!;
  if (!weightDef.automations.some((a) => a.triggerType === 'missing_by')) {
    await createAutomation(actor, weightDef.id, {
      trigger_type: 'missing_by',
      trigger_config: { time: '10:00' },
      action_type: 'create_suggestion',
      action_config: { title: 'Step on the scale?' },
    });
  }

  const readings: Reading[] = [];
  const events: EventBody[] = [];
  const add = (slug: string, source: string, date: string, k: number | string, recordedAt: string, value: number, unit?: string) =>
    readings.push({
      metric_type_slug: slug,
      recorded_at: recordedAt,
      source,
      source_id: `demo:${slug}:${date}:${k}`,
      value,
      ...(unit ? { unit } : {}),
    });
  const event = (date: string, kind: string, k: number, hours: number, body: Omit<EventBody, 'client_id' | 'occurred_at' | 'local_date'>) =>
    events.push({ client_id: stableUuid(userId, opts.seed, date, kind, k), occurred_at: at(date, hours), local_date: date, ...body });

  const n = opts.days;
  const sick = n >= 60 ? [n - 45, n - 39] : [-1, -1];
  const travel = n >= 120 ? [n - 100, n - 96] : [-1, -1];
  const noWatch = n >= 90 ? [n - 70, n - 64] : [-1, -1];
  let weight = 74 + normal(0, 0.5);
  // The last week, ending today: a demanding week at work, so a new user's first look at the
  // episodes has something in it (resting heart rate up, HRV down, more coffee and late screens).
  const crunch = n >= 28 ? [n - 7, n - 1] : [-1, -1];
  let drinksYesterday = 0;
  let ranYesterday = false;

  for (let i = 0; i < n; i++) {
    const date = addDays(from, i);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const isSick = i >= sick[0] && i <= sick[1];
    const traveling = i >= travel[0] && i <= travel[1];
    const watchWorn = !(i >= noWatch[0] && i <= noWatch[1]) && !chance(0.06);
    const busy = i >= crunch[0] && i <= crunch[1];
    const drankYesterday = drinksYesterday > 0;

    // Last night, ending this morning: shaped by yesterday evening.
    const lateScreen = chance(busy ? 0.75 : 0.3);
    const coffees = Math.max(0, Math.round(normal(isSick ? 1 : busy ? 3.5 : 2, 0.9)));
    let sleep = normal(7.3, 0.45) - 0.4 * drinksYesterday - (lateScreen ? 0.35 : 0) - 0.12 * coffees + (isSick ? 0.6 : 0);
    sleep = Math.min(9.5, Math.max(4.5, sleep));
    const wake = normal(weekend ? 8 : 7, 0.3);
    if (!chance(0.05)) add('sleep_duration', 'oura', date, 0, at(date, wake), round(sleep, 2), 'h');
    if (watchWorn && chance(0.6))
      add('sleep_duration', 'apple_watch', date, 0, at(date, wake), round((sleep + normal(-0.2, 0.15)) * 60, 0), 'min');
    const rhr = normal(56, 1.5) + (drankYesterday ? 4 : 0) + (isSick ? 8 : 0) + (busy ? 9 : 0) - 0.01 * i * 0.2;
    const hrv = normal(52, 5) - (drankYesterday ? 10 : 0) - (isSick ? 15 : 0) - (busy ? 22 : 0);
    add('resting_heart_rate', 'oura', date, 0, at(date, wake), round(rhr));
    add('hrv_sdnn', 'oura', date, 0, at(date, wake), round(Math.max(15, hrv)));
    if (watchWorn) {
      add('resting_heart_rate', 'apple_watch', date, 0, at(date, 21), round(rhr + normal(1, 0.8)), 'count/min');
      add('hrv_sdnn', 'apple_watch', date, 0, at(date, wake + 0.2), round(Math.max(15, hrv - 6 + normal(0, 4))));
    }

    // The day.
    const runs = !isSick && chance(weekend ? 0.45 : 0.25);
    const gym = !isSick && !runs && chance(0.15);
    const meditates = chance(0.4);
    const drinks = !isSick && !busy && chance(weekday === 5 || weekday === 6 ? 0.4 : 0.1) ? 1 + Math.floor(rand() * 3) : 0;

    let steps = normal(weekend ? 9000 : 7500, 1800) + (runs ? 5500 : 0);
    if (isSick) steps *= 0.4;
    if (busy) steps *= 0.75;
    if (traveling) steps *= 1.8;
    steps = Math.max(800, Math.round(steps));
    const hours = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22];
    const weights = hours.map(() => 0.5 + rand());
    const sum = weights.reduce((a, b) => a + b, 0);
    const phoneShare = normal(0.88, 0.04);
    hours.forEach((h, k) => {
      const part = Math.round((steps * weights[k]) / sum);
      if (watchWorn) add('steps', 'apple_watch', date, k, at(date, h + 0.5), part, 'count');
      if (chance(0.9)) add('steps', 'iphone', date, k, at(date, h + 0.5), Math.round(part * phoneShare), 'count');
    });
    if (watchWorn) {
      add('active_energy', 'apple_watch', date, 0, at(date, 22), round(normal(380, 60) + (runs ? 320 : 0) + (gym ? 220 : 0)), 'kcal');
      for (let k = 0; k < 8; k++)
        add('heart_rate', 'apple_watch', date, k, at(date, 8 + k * 1.7), round(normal(72, 6) + (isSick ? 8 : 0)), 'count/min');
    }
    add('distance', 'iphone', date, 0, at(date, 22.5), round((steps * 0.75) / 1000, 2), 'km');

    if (runs) {
      const minutes = Math.round(normal(38, 8));
      add('workout_minutes', 'apple_watch', date, 'run', at(date, 18.5), minutes, 'min');
      event(date, 'run', 0, 18, { category_id: category('Exercise'), tags: ['run', 'outdoors'], duration: `PT${minutes}M` });
    }
    if (gym) {
      const minutes = Math.round(normal(55, 8));
      add('workout_minutes', 'apple_watch', date, 'gym', at(date, 19), minutes, 'min');
      event(date, 'gym', 0, 18, { category_id: category('Exercise'), tags: ['gym'], duration: `PT${minutes}M` });
    }
    if (meditates) {
      const minutes = 10 + 5 * Math.floor(rand() * 3);
      add('mindful_minutes', 'headspace', date, 0, at(date, 7.5), minutes, 'min');
      event(date, 'meditation', 0, 7.3, { category_id: category('Mindfulness'), tags: ['meditation'], duration: `PT${minutes}M` });
    }
    for (let k = 0; k < coffees; k++) {
      add('caffeine', 'manual', date, k, at(date, 7.5 + k * 2.5), 95, 'mg');
      event(date, 'coffee', k, 7.5 + k * 2.5, { category_id: category('Coffee'), tags: ['coffee'] });
    }
    for (let k = 0; k < drinks; k++)
      event(date, 'alcohol', k, 19.5 + k, { category_id: category('Alcohol'), tags: ['alcohol', chance(0.5) ? 'wine' : 'beer'] });
    if (lateScreen) event(addDays(date, -1), 'late-screen', 0, 23, { tags: ['late-screen'] });
    if (isSick) event(date, 'sick', 0, 9, { category_id: category('Health'), tags: ['sick'] });
    if (busy) event(date, 'work-late', 0, 20, { tags: ['work-late'] });

    const glasses = 3 + Math.floor(rand() * 4);
    for (let k = 0; k < glasses; k++) add('water', 'manual', date, k, at(date, 9 + k * 2), chance(0.5) ? 250 : 330, 'ml');
    const mood =
      normal(6.5, 0.8) + (ranYesterday ? 0.8 : 0) - (drankYesterday ? 0.7 : 0) + (meditates ? 0.4 : 0) - (isSick ? 2 : 0) - (busy ? 1 : 0);
    add('mood', 'manual', date, 0, at(date, 21.5), round(Math.min(10, Math.max(1, mood))));
    add('energy', 'manual', date, 0, at(date, 21.5), round(Math.min(10, Math.max(1, 5 + (sleep - 7) * 1.2 + normal(0, 0.8)))));

    weight += -0.012 + normal(0, 0.05) + (drinks ? 0.05 : 0);
    if (chance(0.5)) add('weight', 'withings', date, 0, at(date, wake + 0.3), round(weight + normal(0, 0.25), 2), 'kg');
    else if (chance(0.08)) add('weight', 'manual', date, 0, at(date, wake + 0.5), round((weight + normal(0, 0.3)) / 0.45359237, 1), 'lb');

    drinksYesterday = drinks;
    ranYesterday = runs;
  }

  let readingsCreated = 0;
  for (let k = 0; k < readings.length; k += 10_000) {
    readingsCreated += (await ingestReadings(actor, { readings: readings.slice(k, k + 10_000) })).created.length;
  }
  let eventsCreated = 0;
  for (const body of events) if ((await createEvent(actor, body)).created) eventsCreated++;
  return { days: n, from, to, readings: readings.length, readingsCreated, events: events.length, eventsCreated };
}
