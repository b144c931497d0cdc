import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Nutrition } from './nutrients.ts';

/** `computed`: totals follow the items; `user`: the totals were edited by hand and stay as written. */
export const MEAL_TOTALS_SOURCES = ['computed', 'user'] as const;

export const SavedMeal = defineEntity({
  name: 'SavedMeal',
  tableName: 'saved_meals',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    name: p.text(),
    /** The meal's aggregate nutrition (sum of its items' snapshots unless totalsSource is `user`). */
    nutrition: p.json<Nutrition>(),
    totalsSource: p.enum(MEAL_TOTALS_SOURCES),
    usageCount: p.integer(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type SavedMeal = InferEntity<typeof SavedMeal>;

/**
 * One food in a meal, with a snapshot of the food item's label at the time: a template item
 * (savedMealId set) belongs to a saved meal, an event-scoped one (eventId set) to logged history.
 */
export const MealItem = defineEntity({
  name: 'MealItem',
  tableName: 'meal_items',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid().primary(),
    savedMealId: p.uuid().nullable(),
    eventId: p.uuid().nullable(),
    foodItemId: p.uuid(),
    position: p.integer(),
    servings: p.double(),
    name: p.text(),
    brand: p.text(),
    servingDescription: p.text().nullable(),
    /** The food item's per-serving nutrition at snapshot time, times `servings`. */
    nutrition: p.json<Nutrition>(),
    snapshotAt: p.datetime(),
  },
});
export type MealItem = InferEntity<typeof MealItem>;
