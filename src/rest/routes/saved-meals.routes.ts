import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import { mealItemsBySavedMealIds } from '../../domain/food/meal-items.ts';
import * as meals from '../../domain/food/saved-meals.service.ts';
import { SavedMealCreate, SavedMealListQuery, SavedMealUpdate } from '../../domain/food/food.schemas.ts';
import type { SavedMeal } from '../../domain/food/saved-meal.entity.ts';
import type { Actor } from '../../core/actor.ts';
import { presentSavedMeal, SavedMealRead } from '../../representation/food.ts';
import { created, noContent, ok, route, type Route } from '../route.ts';

const tag = 'food';
const params = z.object({ saved_meal_id: uuid() });

/** Saved meals with their items, read in one batch. */
async function withItems(actor: Actor, list: SavedMeal[]) {
  const items = await mealItemsBySavedMealIds(
    actor,
    list.map((m) => m.id),
  );
  return list.map((m) => presentSavedMeal(m, items.get(m.id)));
}
const one = async (actor: Actor, meal: SavedMeal) => (await withItems(actor, [meal]))[0];

export const savedMealRoutes: Route[] = [
  route({
    method: 'post',
    path: '/users/{user_id}/saved-meals',
    tag,
    access: 'write',
    graphql: 'Mutation.createSavedMeal',
    summary: 'Save a meal: food items and servings; its totals are computed from the items',
    body: SavedMealCreate,
    responses: { 201: SavedMealRead },
    handler: async (r) => created(await one(r.actor, await meals.createSavedMeal(r.actor, r.body))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/saved-meals',
    tag,
    access: 'read',
    graphql: 'User.savedMeals',
    summary: 'Saved meals, most used first, then newest',
    query: SavedMealListQuery,
    responses: { 200: z.array(SavedMealRead) },
    handler: async (r) => ok(await withItems(r.actor, await meals.listSavedMeals(r.actor, r.query))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/saved-meals/{saved_meal_id}',
    version: { type: 'saved_meal', param: 'saved_meal_id' },
    tag,
    access: 'read',
    graphql: 'User.savedMeal',
    summary: 'One saved meal',
    params,
    responses: { 200: SavedMealRead },
    handler: async (r) => ok(await one(r.actor, await meals.getSavedMeal(r.actor, r.params.saved_meal_id))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/saved-meals/{saved_meal_id}',
    version: { type: 'saved_meal', param: 'saved_meal_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updateSavedMeal',
    summary:
      'Change a saved meal: items replace the list; nutrition edits the totals by hand (_meta.source user), null makes them computed again',
    params,
    body: SavedMealUpdate,
    responses: { 200: SavedMealRead },
    handler: async (r) => ok(await one(r.actor, await meals.updateSavedMeal(r.actor, r.params.saved_meal_id, r.body))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/saved-meals/{saved_meal_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.deleteSavedMeal',
    summary: 'Delete a saved meal; events that logged it keep their items',
    params,
    responses: { 204: null },
    handler: async (r) => (await meals.deleteSavedMeal(r.actor, r.params.saved_meal_id), noContent()),
  }),
];
