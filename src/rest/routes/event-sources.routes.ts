import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import { syncEventSource } from '../../domain/calendar/calendar.service.ts';
import * as sources from '../../domain/event-sources/event-sources.service.ts';
import { EventSourceCreate, EventSourceListQuery, EventSourceUpdate } from '../../domain/event-sources/event-sources.schemas.ts';
import { EventSourceRead, presentEventSource } from '../../representation/event-sources.ts';
import { created, noContent, ok, route, type Route } from '../route.ts';

const tag = 'event-sources';
const params = z.object({ source_id: uuid() });

export const eventSourceRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/event-sources',
    tag,
    access: 'read',
    graphql: 'User.eventSources',
    summary: 'Where data comes from: one default source per kind (manual, health, calendar, location, log_capture, import)',
    query: EventSourceListQuery,
    responses: { 200: z.array(EventSourceRead) },
    handler: async (r) => ok((await sources.listEventSources(r.actor, r.query)).map(presentEventSource)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/event-sources/{source_id}',
    version: { type: 'event_source', param: 'source_id' },
    tag,
    access: 'read',
    graphql: 'User.eventSource',
    summary: 'One event source',
    params,
    responses: { 200: EventSourceRead },
    handler: async (r) => ok(presentEventSource(await sources.getEventSource(r.actor, r.params.source_id))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/event-sources/{source_id}',
    version: { type: 'event_source', param: 'source_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updateEventSource',
    summary:
      "Change config, enabled or source_label; a disabled source stops producing suggestions (and a calendar one stops syncing). A calendar source's config.url must be an http or https URL of at most 2048 characters",
    params,
    body: EventSourceUpdate,
    responses: { 200: EventSourceRead },
    handler: async (r) => ok(presentEventSource(await sources.updateEventSource(r.actor, r.params.source_id, r.body))),
  }),

  route({
    method: 'post',
    path: '/users/{user_id}/event-sources',
    tag,
    access: 'write',
    graphql: 'Mutation.createEventSource',
    summary:
      'Add a calendar feed: kind calendar, config.url its iCalendar URL (http or https, at most 2048 characters); it syncs every 15 minutes or at once through POST .../sync',
    body: EventSourceCreate,
    responses: { 201: EventSourceRead },
    handler: async (r) => created(presentEventSource(await sources.createEventSource(r.actor, r.body))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/event-sources/{source_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.deleteEventSource',
    summary: 'Delete a source the user added, with its calendar events; a default source is a 409 (disable it instead)',
    params,
    responses: { 204: null },
    errors: [409],
    handler: async (r) => (await sources.deleteEventSource(r.actor, r.params.source_id), noContent()),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/event-sources/{source_id}/sync',
    tag,
    access: 'write',
    graphql: 'Mutation.syncEventSource',
    summary:
      "Sync a calendar source's feed now and answer the source with the outcome (last_sync_status, last_sync_error, counts); a feed that fails is recorded there and changes no event. 409 when the source is not a calendar or has no config.url",
    params,
    responses: { 200: EventSourceRead },
    errors: [409],
    handler: async (r) => ok(presentEventSource(await syncEventSource(r.actor, r.params.source_id))),
  }),
];
