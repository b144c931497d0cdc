import { z } from 'zod';
import { Pagination, uuid } from '../../core/validation.ts';
import { isValidGtin } from './gs1.ts';
import { nutrientFields } from './nutrients.ts';

const name = z.string().trim().min(1, 'Name must not be empty').max(200);
const text = z.string().trim().max(200);

const identity = {
  name,
  brand: text,
  place: text.nullable(),
  is_drink: z.boolean(),
  serving_description: text.nullable(),
};

/** A food item entered by hand: a name is required, everything else optional. */
export const FoodItemCreate = z.object({ ...z.object(identity).partial().shape, name, ...nutrientFields }).meta({ id: 'FoodItemCreate' });

/** The spec's flat edit body: omitted fields stay, null clears a nutrient, place or serving description. */
export const FoodItemUpdate = z.object({ ...z.object(identity).partial().shape, ...nutrientFields }).meta({ id: 'FoodItemUpdate' });

export const FoodItemUpdateQuery = z.object({ refresh_event_id: uuid().optional() }).meta({ id: 'FoodItemUpdateQuery' });

export const BarcodeLookup = z
  .object({
    barcode: z
      .string()
      .trim()
      .regex(/^(\d{8}|\d{12,14})$/, 'A barcode is 8, 12, 13 or 14 digits')
      .refine(isValidGtin, 'The barcode check digit is wrong'),
  })
  .meta({ id: 'BarcodeLookup' });

export const FoodItemSearch = z
  .object({
    q: z.string().trim().max(200).optional(),
    limit: Pagination.limit,
  })
  .meta({ id: 'FoodItemSearch' });

const MealItemInput = z.object({
  food_item_id: uuid(),
  servings: z.number().finite().gt(0).max(1000).default(1),
});

const mealFields = {
  name,
  items: z.array(MealItemInput).min(1, 'A meal has at least one item').max(100),
};

export const SavedMealCreate = z.object(mealFields).meta({ id: 'SavedMealCreate' });

/**
 * Omitted fields stay; `items` replaces the whole list. `nutrition` edits the totals by hand
 * (the meal's `_meta.source` becomes `user`); `nutrition: null` hands them back to the items.
 */
export const SavedMealUpdate = z
  .object({ ...z.object(mealFields).partial().shape, nutrition: z.object(nutrientFields).nullable().optional() })
  .meta({ id: 'SavedMealUpdate' });

export const SavedMealListQuery = z.object(Pagination).meta({ id: 'SavedMealListQuery' });
