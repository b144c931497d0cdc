import type { Actor } from '../core/actor.ts';
import { NotFound } from '../core/errors.ts';
import type { ChangeType } from '../domain/changes/change-types.ts';
import { changeKey, type Change } from '../domain/changes/changes.service.ts';
import { getCalendarEvent, eventSourcesByIds } from '../domain/calendar/calendar.service.ts';
import { capturesByIds } from '../domain/captures/captures.service.ts';
import { categoriesByIds } from '../domain/categories/categories.service.ts';
import { findEncryptionKey, replacedKeysByIds } from '../domain/encryption-key/encryption-key.service.ts';
import { eventsByIds } from '../domain/events/events.service.ts';
import { experimentsByIds } from '../domain/experiments/experiments.service.ts';
import { sharesByIds } from '../domain/shares/shares.service.ts';
import { remindersByIds } from '../domain/reminders/reminders.service.ts';
import { pushSubscriptionsByIds } from '../domain/push/push.service.ts';
import { foodItemsByIds } from '../domain/food/food-items.service.ts';
import { mealItemsByEventIds, mealItemsBySavedMealIds } from '../domain/food/meal-items.ts';
import { getSavedMeal } from '../domain/food/saved-meals.service.ts';
import { listGoals } from '../domain/goals/goals.service.ts';
import { getDefinition } from '../domain/metrics/definitions.service.ts';
import { readingsByIds } from '../domain/metrics/readings.service.ts';
import { getNarrative } from '../domain/narratives/narratives.service.ts';
import { placesByIds } from '../domain/places/places.service.ts';
import { visitsByIds } from '../domain/places/visits.service.ts';
import { samplesByIds } from '../domain/places/locations.service.ts';
import { getRoutine } from '../domain/routines/routines.service.ts';
import { getSuggestion } from '../domain/suggestions/suggestions.service.ts';
import { getTimer } from '../domain/timers/timers.service.ts';
import { getProfile } from '../domain/users/users.service.ts';
import { presentCalendarEvent } from './calendar.ts';
import { presentCaptures } from './captures.ts';
import { presentCategory } from './categories.ts';
import { presentEncryptionKey, presentReplacedKey } from './encryption-key.ts';
import { presentEventSource } from './event-sources.ts';
import { presentEvent } from './events.ts';
import { presentExperiment } from './experiments.ts';
import { presentShare } from './shares.ts';
import { presentReminder } from './reminders.ts';
import { presentPushSubscription } from './web-push.ts';
import { presentFoodItem, presentSavedMeal } from './food.ts';
import { presentGoal } from './goals.ts';
import { presentDefinition } from './metric-definitions.ts';
import { presentReading } from './metrics.ts';
import { presentNarrative } from './narratives.ts';
import { presentPlace, presentSample, presentVisit } from './places.ts';
import { presentRoutine } from './routines.ts';
import { presentSuggestion } from './suggestions.ts';
import { presentTimer } from './timers.ts';
import { presentProfile } from './users.ts';

/** The REST read of some of the user's resources of one type, by id; ids not found are left out. */
type ReadMany = (actor: Actor, ids: string[]) => Promise<Map<string, unknown>>;

/** A batch read and its presenter. */
const batch =
  <T>(read: (actor: Actor, ids: string[]) => Promise<Map<string, T>>, present: (t: T) => unknown): ReadMany =>
  async (actor, ids) =>
    new Map([...(await read(actor, ids))].map(([id, t]) => [id, present(t)]));

/** One read per id, for the types read one at a time (few of a user's changes, and each a small read). */
const each =
  <T>(read: (actor: Actor, id: string) => Promise<T>, present: (actor: Actor, t: T) => unknown): ReadMany =>
  async (actor, ids) => {
    const out = new Map<string, unknown>();
    for (const id of ids) {
      try {
        out.set(id, await present(actor, await read(actor, id)));
      } catch (err) {
        if (!(err instanceof NotFound)) throw err;
      }
    }
    return out;
  };

/**
 * Every resource type's REST read, exactly as its GET shows it: the changes feed's `data` (in
 * REST and, as JSON, in GraphQL) and the current resource of a 412.
 */
const READS: Record<ChangeType, ReadMany> = {
  profile: async (actor, ids) => new Map(ids.includes(actor.userId) ? [[actor.userId, presentProfile(await getProfile(actor))]] : []),
  event: async (actor, ids) => {
    const [events, items] = await Promise.all([eventsByIds(actor, ids), mealItemsByEventIds(actor, ids)]);
    return new Map([...events].map(([id, e]) => [id, presentEvent(e, items.get(id))]));
  },
  health_metric: batch(readingsByIds, presentReading),
  suggestion: each(getSuggestion, (_, s) => presentSuggestion(s)),
  log_capture: async (actor, ids) => {
    const captures = [...(await capturesByIds(actor, ids)).values()];
    const read = await presentCaptures(actor, captures);
    return new Map(read.map((c) => [c.id, c]));
  },
  goal: async (actor, slugs) => {
    const wanted = new Set(slugs);
    return new Map((await listGoals(actor)).filter((g) => wanted.has(g.slug)).map((g) => [g.slug, presentGoal(g)]));
  },
  metric_definition: each(getDefinition, (_, d) => presentDefinition(d)),
  routine: each(getRoutine, (_, r) => presentRoutine(r)),
  place: batch(placesByIds, presentPlace),
  place_visit: batch(visitsByIds, presentVisit),
  food_item: batch(foodItemsByIds, presentFoodItem),
  saved_meal: each(getSavedMeal, async (actor, m) => presentSavedMeal(m, (await mealItemsBySavedMealIds(actor, [m.id])).get(m.id))),
  tracking_timer: each(getTimer, (_, t) => presentTimer(t)),
  calendar_event: each(getCalendarEvent, (_, e) => presentCalendarEvent(e)),
  event_source: batch(eventSourcesByIds, presentEventSource),
  narrative: each(getNarrative, (_, n) => presentNarrative(n)),
  category: batch(categoriesByIds, presentCategory),
  encryption_key: async (actor, ids) => {
    const key = ids.includes(actor.userId) ? await findEncryptionKey(actor) : null;
    return new Map(key ? [[actor.userId, presentEncryptionKey(key)]] : []);
  },
  replaced_encryption_key: batch(replacedKeysByIds, presentReplacedKey),
  experiment: batch(experimentsByIds, presentExperiment),
  share: batch(sharesByIds, presentShare),
  reminder: batch(remindersByIds, presentReminder),
  push_subscription: batch(pushSubscriptionsByIds, presentPushSubscription),
  location_sample: batch(samplesByIds, presentSample),
};

/** The REST reads of the upserts of a page of changes, keyed by changeKey(). */
export async function readChanged(actor: Actor, changes: Change[]): Promise<Map<string, unknown>> {
  const idsByType = new Map<ChangeType, string[]>();
  for (const c of changes) idsByType.set(c.type, [...(idsByType.get(c.type) ?? []), c.id]);
  const out = new Map<string, unknown>();
  for (const [type, ids] of idsByType) {
    for (const [id, read] of await READS[type](actor, ids)) out.set(changeKey(type, id), read);
  }
  return out;
}

/** Some resources' REST reads, by id; ids not found are left out. */
export const readMany = (actor: Actor, type: ChangeType, ids: string[]) => READS[type](actor, ids);

/** One resource's REST read, or null when it is gone. */
export async function readOne(actor: Actor, type: ChangeType, id: string): Promise<unknown> {
  return (await readMany(actor, type, [id])).get(id) ?? null;
}
