import { z } from 'zod';
import { listCategories } from '../../domain/categories/categories.service.ts';
import { getEvent, listEvents } from '../../domain/events/events.service.ts';
import { mealItemsByEventIds } from '../../domain/food/meal-items.ts';
import { presentCategory } from '../../representation/categories.ts';
import { presentEvent } from '../../representation/events.ts';
import { checkId, idArg, pageArgs, rangeArgs } from './args.ts';
import { defineTool } from './tool.ts';

export const eventTools = [
  defineTool({
    name: 'search_events',
    title: 'Search events',
    description:
      'Logged events (meals, workouts, moods, anything the user tracks), newest first, filtered by time range, category and tag. ' +
      'Same JSON as GET /users/{user_id}/events. Category ids come from list_categories.',
    input: z.object({
      ...rangeArgs,
      category_id: z.string().optional().describe('Only events of this category (its id, from list_categories)'),
      tag: z.string().optional().describe('Only events with this tag (case-insensitive, a leading # is ignored)'),
      ...pageArgs,
    }),
    run: async ({ actor }, args) => (await listEvents(actor, args)).map((e) => presentEvent(e)),
  }),
  defineTool({
    name: 'get_event',
    title: 'One event',
    description:
      'One event by id; a logged meal includes meal_items, the frozen snapshots of its foods. Same JSON as GET /users/{user_id}/events/{event_id}.',
    input: z.object({ event_id: idArg('event') }),
    run: async ({ actor }, args) => {
      const event = await getEvent(actor, checkId('event_id', args));
      return presentEvent(event, (await mealItemsByEventIds(actor, [event.id])).get(event.id));
    },
  }),
  defineTool({
    name: 'list_categories',
    title: 'Event categories',
    description: "The user's event categories, by name (ids for search_events). Same JSON as GET /users/{user_id}/categories.",
    input: z.object({}),
    run: async ({ actor }) => (await listCategories(actor)).map(presentCategory),
  }),
];
