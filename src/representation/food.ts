import { z } from 'zod';
import { FOOD_SOURCES, type FoodItem } from '../domain/food/food-item.entity.ts';
import { NUTRIENTS, NutritionRead } from '../domain/food/nutrients.ts';
import { MEAL_TOTALS_SOURCES, type MealItem, type SavedMeal } from '../domain/food/saved-meal.entity.ts';

/** The spec's FoodItemRead; the provider's raw product stays on the server. */
export const FoodItemRead = z
  .object({
    id: z.uuid(),
    name: z.string(),
    brand: z.string(),
    is_drink: z.boolean(),
    source: z.enum(FOOD_SOURCES),
    usage_count: z.int(),
    barcode: z.string().nullable(),
    confidence: z.string().nullable(),
    nutrition: NutritionRead,
    nutrition_derived: z
      .array(z.enum(NUTRIENTS))
      .describe(
        'The keys of `nutrition` computed from the product label rather than read off it: calories from kJ, sodium_mg from ' +
          'salt (÷ 2.5), or a per-serving value from the per-100 g one and the serving quantity. Empty for an item entered ' +
          'by hand or fully given by its label; a nutrient the user edits (or clears) leaves the list.',
      ),
    place: z.string().nullable(),
    serving_description: z.string().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'FoodItemRead' });
export type FoodItemRead = z.infer<typeof FoodItemRead>;

export function presentFoodItem(f: FoodItem): FoodItemRead {
  return {
    id: f.id,
    name: f.name,
    brand: f.brand,
    is_drink: f.isDrink,
    source: f.source,
    usage_count: f.usageCount,
    barcode: f.barcode ?? null,
    confidence: f.confidence ?? null,
    nutrition: f.nutrition,
    nutrition_derived: f.nutritionDerived,
    place: f.place ?? null,
    serving_description: f.servingDescription ?? null,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}

/** A food in a meal with its snapshot: nutrition is for `servings` servings, as of `snapshot_at`. */
export const MealItemRead = z
  .object({
    id: z.uuid(),
    food_item_id: z.uuid(),
    servings: z.number(),
    name: z.string(),
    brand: z.string(),
    serving_description: z.string().nullable(),
    nutrition: NutritionRead,
    snapshot_at: z.iso.datetime(),
  })
  .meta({ id: 'MealItemRead' });
export type MealItemRead = z.infer<typeof MealItemRead>;

export function presentMealItem(i: MealItem): MealItemRead {
  return {
    id: i.id,
    food_item_id: i.foodItemId,
    servings: Number(i.servings),
    name: i.name,
    brand: i.brand,
    serving_description: i.servingDescription ?? null,
    nutrition: i.nutrition,
    snapshot_at: i.snapshotAt.toISOString(),
  };
}

export const SavedMealRead = z
  .object({
    id: z.uuid(),
    name: z.string(),
    items: z.array(MealItemRead),
    nutrition: NutritionRead,
    usage_count: z.int(),
    _meta: z.object({ source: z.enum(MEAL_TOTALS_SOURCES) }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'SavedMealRead' });
export type SavedMealRead = z.infer<typeof SavedMealRead>;

export function presentSavedMeal(m: SavedMeal, items: MealItem[] = []): SavedMealRead {
  return {
    id: m.id,
    name: m.name,
    items: items.map(presentMealItem),
    nutrition: m.nutrition,
    usage_count: m.usageCount,
    _meta: { source: m.totalsSource },
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}
