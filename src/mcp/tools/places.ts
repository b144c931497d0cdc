import { z } from 'zod';
import { listPlaces } from '../../domain/places/places.service.ts';
import { listVisits, locationHistory } from '../../domain/places/visits.service.ts';
import { presentPlace, presentVisit } from '../../representation/places.ts';
import { checkId, idArg, pageArgs, rangeArgs } from './args.ts';
import { defineTool } from './tool.ts';

export const placeTools = [
  defineTool({
    name: 'list_places',
    title: 'Places',
    description: "The user's places, newest first, each with its visit count and last visit. Same JSON as GET /users/{user_id}/places.",
    input: z.object({ ...pageArgs }),
    run: async ({ actor }, args) => (await listPlaces(actor, args)).map(presentPlace),
  }),
  defineTool({
    name: 'list_place_visits',
    title: 'Visits of one place',
    description: "One place's visits, newest first. Same JSON as GET /users/{user_id}/places/{place_id}/visits.",
    input: z.object({ place_id: idArg('place'), ...pageArgs }),
    run: async ({ actor }, { place_id, ...page }) => (await listVisits(actor, checkId('place_id', { place_id }), page)).map(presentVisit),
  }),
  defineTool({
    name: 'get_location_history',
    title: 'Location history',
    description:
      'Visits to places (logged by hand and detected from location samples) in a time range, newest first. ' +
      'Same JSON as GET /users/{user_id}/location-history.',
    input: z.object({ ...rangeArgs, ...pageArgs }),
    run: async ({ actor }, args) => (await locationHistory(actor, args)).map(presentVisit),
  }),
];
