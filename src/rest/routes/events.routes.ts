import { pagedReply } from '../paging.ts';
import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as events from '../../domain/events/events.service.ts';
import { mealItemsByEventIds } from '../../domain/food/meal-items.ts';
import { EventCreate, EventListQuery, EventUpdate } from '../../domain/events/events.schemas.ts';
import { EventRead, presentEvent } from '../../representation/events.ts';
import type { Actor } from '../../core/actor.ts';
import type { Event } from '../../domain/events/event.entity.ts';
import { createdOrReplayed, noContent, ok, route, type Route } from '../route.ts';

/** An event with its logged meal items, if it has any (a saved meal, a parsed meal's matched foods). */
async function withMealItems(actor: Actor, event: Event) {
  return presentEvent(event, (await mealItemsByEventIds(actor, [event.id])).get(event.id));
}

const tag = 'events';
const params = z.object({ event_id: uuid() });

export const eventRoutes: Route[] = [
  route({
    method: 'post',
    path: '/users/{user_id}/events',
    tag,
    access: 'write',
    graphql: 'Mutation.createEvent',
    errors: [409],
    summary:
      "Log an event; re-sending the same client_id returns the first event with 200. With saved_meal_id the meal's items are copied as frozen snapshots (meal_items)",
    body: EventCreate,
    responses: { 201: EventRead, 200: EventRead },
    handler: async (r) => {
      const { event, created } = await events.createEvent(r.actor, r.body);
      // Only a saved meal gives a new event items: a plain one skips the read.
      return createdOrReplayed(created, event.savedMealId ? await withMealItems(r.actor, event) : presentEvent(event));
    },
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/events',
    tag,
    access: 'read',
    graphql: 'User.events',
    summary: 'Events, newest first; from/to take a date (local day, inclusive) or a date-time (to is exclusive)',
    query: EventListQuery,
    responses: { 200: z.array(EventRead) },
    paged: true,
    graphqlPage: 'User.eventsPage',
    handler: async (r) => pagedReply(r, await events.pageEvents(r.actor, r.query), (e) => presentEvent(e)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/events/{event_id}',
    version: { type: 'event', param: 'event_id' },
    tag,
    access: 'read',
    graphql: 'User.event',
    summary: 'One event; a logged meal has meal_items, the frozen snapshots of its foods',
    params,
    responses: { 200: EventRead },
    handler: async (r) => ok(await withMealItems(r.actor, await events.getEvent(r.actor, r.params.event_id))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/events/{event_id}',
    version: { type: 'event', param: 'event_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updateEvent',
    summary: 'Change an event; omitted fields stay, null clears',
    params,
    body: EventUpdate,
    responses: { 200: EventRead },
    handler: async (r) => ok(presentEvent(await events.updateEvent(r.actor, r.params.event_id, r.body))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/events/{event_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.deleteEvent',
    summary: 'Delete an event',
    params,
    responses: { 204: null },
    handler: async (r) => (await events.deleteEvent(r.actor, r.params.event_id), noContent()),
  }),
];
