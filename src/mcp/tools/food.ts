import { z } from 'zod';
import { searchFoodItems } from '../../domain/food/food-items.service.ts';
import { presentFoodItem } from '../../representation/food.ts';
import { pageArgs } from './args.ts';
import { defineTool } from './tool.ts';

export const foodTools = [
  defineTool({
    name: 'search_food',
    title: 'Search food items',
    description:
      "The user's food items (nutrients per serving): q matches a substring of name, brand or place; without q the recent items. " +
      'Most used first, ties by recency. Same JSON as GET /users/{user_id}/food-items.',
    input: z.object({
      q: z.string().optional().describe('Text to find in the name, brand or place (at most 200 characters)'),
      limit: pageArgs.limit,
    }),
    run: async ({ actor }, args) => (await searchFoodItems(actor, args)).map(presentFoodItem),
  }),
];
