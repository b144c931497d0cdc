import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid, NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { em } from '../../db/context.ts';
import { query } from '../../db/sql.ts';
import { FoodItem } from './food-item.entity.ts';
import { scaled, total } from './nutrients.ts';
import { MealItem, SavedMeal } from './saved-meal.entity.ts';

/** A meal item's copy of its food item's label, for `servings` servings. */
function snapshotOf(food: FoodItem, servings: number, at: Date) {
  return {
    name: food.name,
    brand: food.brand,
    servingDescription: food.servingDescription ?? null,
    nutrition: scaled(food.nutrition, servings),
    snapshotAt: at,
  };
}

/** Template items for a saved meal, from the user's food items; an unknown or foreign id is a 422 at its index. */
export async function templateItems(
  actor: Actor,
  mealId: string,
  items: { food_item_id: string; servings: number }[],
): Promise<MealItem[]> {
  const ids = [...new Set(items.map((i) => i.food_item_id))];
  const foods = new Map((await em().find(FoodItem, { userId: actor.userId, id: { $in: ids } })).map((f) => [f.id, f]));
  const unknown = items.findIndex((i) => !foods.has(i.food_item_id));
  if (unknown >= 0) throw Invalid.at(['items', unknown, 'food_item_id'], 'Unknown food item', 'not_found');
  const now = new Date();
  return items.map((i, position) =>
    em().create(MealItem, {
      id: newId(),
      userId: actor.userId,
      savedMealId: mealId,
      eventId: null,
      foodItemId: i.food_item_id,
      position,
      servings: i.servings,
      ...snapshotOf(foods.get(i.food_item_id)!, i.servings, now),
    }),
  );
}

/** A meal's totals from its items, unless the user wrote them by hand. */
export function recomputeTotals(meal: SavedMeal, items: MealItem[]): void {
  if (meal.totalsSource === 'computed') meal.nutrition = total(items.map((i) => i.nutrition));
}

async function itemsBy(actor: Actor, key: 'savedMealId' | 'eventId', ids: string[]): Promise<Map<string, MealItem[]>> {
  authorize(actor, actor.userId, 'read');
  const rows = ids.length ? await em().find(MealItem, { userId: actor.userId, [key]: { $in: ids } }, { orderBy: { position: 'asc' } }) : [];
  const byId = new Map<string, MealItem[]>();
  for (const row of rows) {
    const id = row[key]!;
    byId.set(id, [...(byId.get(id) ?? []), row]);
  }
  return byId;
}

/** Batch read: the template items of the user's saved meals among `ids`, in meal order. */
export const mealItemsBySavedMealIds = (actor: Actor, ids: string[]) => itemsBy(actor, 'savedMealId', ids);

/** Batch read: the logged (event-scoped) items of the user's events among `ids`, in meal order. */
export const mealItemsByEventIds = (actor: Actor, ids: string[]) => itemsBy(actor, 'eventId', ids);

/** Whether `savedMealId` names one of the user's saved meals (an event's saved_meal_id is checked with it). */
export async function isOwnSavedMeal(actor: Actor, savedMealId: string): Promise<boolean> {
  return (await em().count(SavedMeal, { id: savedMealId, userId: actor.userId })) > 0;
}

/**
 * Logging a saved meal: its template items become the event's frozen snapshots, and the meal and
 * each of its foods count one more use. One statement each, so a batch is never half written;
 * the caller's transaction holds them together with the event.
 */
export async function logSavedMeal(actor: Actor, savedMealId: string, eventId: string): Promise<void> {
  const now = new Date();
  await query(
    `insert into meal_items (id, user_id, saved_meal_id, event_id, food_item_id, position, servings, name, brand,
       serving_description, nutrition, snapshot_at)
     select gen_random_uuid(), user_id, null, $3, food_item_id, position, servings, name, brand, serving_description, nutrition, $4
       from meal_items where user_id = $1 and saved_meal_id = $2`,
    [actor.userId, savedMealId, eventId, now],
  );
  await query(`update saved_meals set usage_count = usage_count + 1 where user_id = $1 and id = $2`, [actor.userId, savedMealId]);
  await query(
    `update food_items set usage_count = usage_count + 1, last_used_at = $3
      where user_id = $1 and id in (select food_item_id from meal_items where user_id = $1 and saved_meal_id = $2)`,
    [actor.userId, savedMealId, now],
  );
}

/**
 * The user's food items named `names` (trimmed, any case), the most used (then most recent) one
 * per name: how a parsed meal's item names resolve to food items.
 */
export async function foodItemsNamed(actor: Actor, names: string[]): Promise<Map<string, FoodItem>> {
  const keys = [...new Set(names.map((n) => n.trim().toLowerCase()))];
  if (!keys.length) return new Map();
  const found = await query<{ id: string; key: string }>(
    `select distinct on (lower(name)) id, lower(name) as key from food_items
      where user_id = $1 and lower(name) = any($2::text[])
      order by lower(name), usage_count desc, last_used_at desc, id desc`,
    [actor.userId, keys],
  );
  if (!found.length) return new Map();
  const items = new Map((await em().find(FoodItem, { userId: actor.userId, id: { $in: found.map((f) => f.id) } })).map((f) => [f.id, f]));
  return new Map(found.map((f) => [f.key, items.get(f.id)!]));
}

/** Event-scoped snapshots of foods (a parsed meal's matched items), in order, each counting one use. */
export async function logFoodItems(actor: Actor, eventId: string, entries: { food: FoodItem; servings: number }[]): Promise<void> {
  if (!entries.length) return;
  const now = new Date();
  entries.forEach(({ food, servings }, position) =>
    em().create(MealItem, {
      id: newId(),
      userId: actor.userId,
      savedMealId: null,
      eventId,
      foodItemId: food.id,
      position,
      servings,
      ...snapshotOf(food, servings, now),
    }),
  );
  await em().flush();
  await query(`update food_items set usage_count = usage_count + 1, last_used_at = $2 where user_id = $1 and id = any($3::uuid[])`, [
    actor.userId,
    now,
    [...new Set(entries.map((e) => e.food.id))],
  ]);
}

/**
 * The spec's edit propagation after a food item changed. Rule 1: template items re-snapshot and
 * their meals' totals recompute, except totals the user wrote by hand (`_meta.source` = `user`).
 * Rule 2: logged items keep their frozen snapshots, except those of `refreshEventId`.
 */
export async function propagateFoodItemEdit(actor: Actor, food: FoodItem, refreshEventId: string | null): Promise<void> {
  // Read by its table: food stands below events (an event logs a saved meal), so it does not import their area.
  if (refreshEventId && !(await query(`select 1 from events where id = $1 and user_id = $2`, [refreshEventId, actor.userId])).length)
    throw new NotFound('Event');
  const scopes: object[] = [{ savedMealId: { $ne: null } }];
  if (refreshEventId) scopes.push({ eventId: refreshEventId });
  const items = await em().find(MealItem, { userId: actor.userId, foodItemId: food.id, $or: scopes });
  const now = new Date();
  for (const item of items) Object.assign(item, snapshotOf(food, Number(item.servings), now));
  const mealIds = [...new Set(items.map((i) => i.savedMealId).filter((id): id is string => id !== null))];
  if (mealIds.length) {
    const meals = await em().find(SavedMeal, { userId: actor.userId, id: { $in: mealIds }, totalsSource: 'computed' });
    const mealItems = await em().find(MealItem, { userId: actor.userId, savedMealId: { $in: meals.map((m) => m.id) } });
    for (const meal of meals) {
      recomputeTotals(
        meal,
        mealItems.filter((i) => i.savedMealId === meal.id),
      );
      meal.updatedAt = now;
    }
  }
  await em().flush();
}
