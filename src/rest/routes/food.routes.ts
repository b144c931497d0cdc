import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as food from '../../domain/food/food-items.service.ts';
import { BarcodeLookup, FoodItemCreate, FoodItemSearch, FoodItemUpdate, FoodItemUpdateQuery } from '../../domain/food/food.schemas.ts';
import { FoodItemRead, presentFoodItem } from '../../representation/food.ts';
import { created, createdOrReplayed, ok, route, type Route } from '../route.ts';

const tag = 'food';
const params = z.object({ food_item_id: uuid() });

export const foodRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/food-items',
    tag,
    access: 'read',
    graphql: 'User.foodItems',
    summary: 'Search food items (q: substring of name, brand or place); without q the recent items. Most used first, ties by recency',
    query: FoodItemSearch,
    responses: { 200: z.array(FoodItemRead) },
    handler: async (r) => ok((await food.searchFoodItems(r.actor, r.query)).map(presentFoodItem)),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/food-items',
    tag,
    access: 'write',
    graphql: 'Mutation.createFoodItem',
    summary: 'Enter a food item by hand (source user); nutrients are per serving',
    body: FoodItemCreate,
    responses: { 201: FoodItemRead },
    handler: async (r) => created(presentFoodItem(await food.createFoodItem(r.actor, r.body))),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/food-items/barcode',
    tag,
    access: 'write',
    graphql: 'Mutation.lookUpBarcode',
    errors: [404],
    summary:
      'Resolve a barcode: the item already scanned (200), else an item matching the product by name and brand gets the barcode (200), ' +
      'else a new verified item from the label (201). Unknown product 404; label provider down or slow 503, nothing written',
    body: BarcodeLookup,
    responses: { 201: FoodItemRead, 200: FoodItemRead },
    handler: async (r) => {
      const { item, created: wasCreated } = await food.lookUpFoodBarcode(r.actor, r.body);
      return createdOrReplayed(wasCreated, presentFoodItem(item));
    },
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/food-items/{food_item_id}',
    version: { type: 'food_item', param: 'food_item_id' },
    tag,
    access: 'read',
    graphql: 'User.foodItem',
    summary: 'One food item',
    params,
    responses: { 200: FoodItemRead },
    handler: async (r) => ok(presentFoodItem(await food.getFoodItem(r.actor, r.params.food_item_id))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/food-items/{food_item_id}',
    version: { type: 'food_item', param: 'food_item_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updateFoodItem',
    summary:
      'Edit a food item (flat body: omitted fields stay, null clears; a nutrient or serving change makes it user_edited). ' +
      "Saved meals' items re-snapshot; logged meals keep theirs except the event named by refresh_event_id",
    params,
    query: FoodItemUpdateQuery,
    body: FoodItemUpdate,
    responses: { 200: FoodItemRead },
    handler: async (r) => ok(presentFoodItem(await food.updateFoodItem(r.actor, r.params.food_item_id, r.body, r.query))),
  }),
];
