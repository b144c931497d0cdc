import {
  createFoodItem,
  foodItemsByIds,
  getFoodItem,
  lookUpFoodBarcode,
  searchFoodItems,
  updateFoodItem,
} from '../../domain/food/food-items.service.ts';
import { mealItemsByEventIds, mealItemsBySavedMealIds } from '../../domain/food/meal-items.ts';
import { NUTRIENTS, type Nutrition } from '../../domain/food/nutrients.ts';
import { createSavedMeal, deleteSavedMeal, getSavedMeal, listSavedMeals, updateSavedMeal } from '../../domain/food/saved-meals.service.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import { atVersion } from '../versions.ts';
import { asInput } from '../../core/validation.ts';
import type { NutrientName, NutritionResolvers, Resolvers } from '../__generated__/types.ts';

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Each nutrient's GraphQL field (proteinG) reads the stored key (protein_g); unknown is null. */
const nutritionFields = Object.fromEntries(
  NUTRIENTS.map((n) => [camel(n), (parent: Nutrition) => parent[n] ?? null]),
) as NutritionResolvers;

/** A saved meal input in the service's spelling, down to its items and hand-written totals. */
function mealInput<T>(input: object): T {
  const data = serviceInput(input);
  if (Array.isArray(data.items)) data.items = data.items.map((i: object) => serviceInput(i));
  if (data.nutrition) data.nutrition = serviceInput(data.nutrition);
  return asInput<T>(data);
}

export const foodResolvers: Resolvers = {
  User: {
    foodItems: (_user, args, { actor }) => searchFoodItems(actor, serviceArgs(args)),
    foodItem: (_user, { id }, { actor }) => getFoodItem(actor, id),
    savedMeals: (_user, args, { actor }) => listSavedMeals(actor, serviceArgs(args)),
    savedMeal: (_user, { id }, { actor }) => getSavedMeal(actor, id),
  },
  Event: {
    mealItems: (event, _args, { loaders }) => loaders.manyById(mealItemsByEventIds).load(event.id),
  },
  SavedMeal: {
    items: (meal, _args, { loaders }) => loaders.manyById(mealItemsBySavedMealIds).load(meal.id),
  },
  MealItem: {
    servings: (item) => Number(item.servings),
    foodItem: (item, _args, { loaders }) => loaders.byId(foodItemsByIds).load(item.foodItemId),
  },
  FoodItem: {
    // GraphQL names a nutrient as its Nutrition field (sodiumMg), REST as its nutrition key (sodium_mg).
    nutritionDerived: (item) => item.nutritionDerived.map(camel) as NutrientName[],
  },
  Nutrition: nutritionFields,
  Mutation: {
    createFoodItem: (_root, { input }, { actor }) => withInput('input', () => createFoodItem(actor, serviceInput(input))),
    lookUpBarcode: async (_root, { input }, { actor }) =>
      (await withInput('input', () => lookUpFoodBarcode(actor, serviceInput(input)))).item,
    updateFoodItem: (_root, { id, refreshEventId, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'food_item', id }, expectedVersion, () =>
        withInput('input', () => updateFoodItem(actor, id, serviceInput(input), serviceArgs({ refreshEventId }))),
      ),
    createSavedMeal: (_root, { input }, { actor }) => withInput('input', () => createSavedMeal(actor, mealInput(input))),
    updateSavedMeal: (_root, { id, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'saved_meal', id }, expectedVersion, () =>
        withInput('input', () => updateSavedMeal(actor, id, mealInput(input))),
      ),
    deleteSavedMeal: async (_root, { id }, { actor }) => (await deleteSavedMeal(actor, id), true),
  },
};
