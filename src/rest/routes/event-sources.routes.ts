import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as sources from '../../domain/event-sources/event-sources.service.ts';
import { EventSourceListQuery, EventSourceUpdate } from '../../domain/event-sources/event-sources.schemas.ts';
import { EventSourceRead, presentEventSource } from '../presenters/event-sources.ts';
import { ok, type Route } from '../route.ts';

const tag = 'event-sources';
const params = z.object({ source_id: uuid() });

export const eventSourceRoutes: Route[] = [
  {
    method: 'get', path: '/users/{user_id}/event-sources', tag, access: 'read', graphql: 'User.eventSources',
    summary: 'Where data comes from: one default source per kind (manual, health, calendar, location, log_capture, import)',
    query: EventSourceListQuery, responses: { 200: z.array(EventSourceRead) },
    handler: async (r) => ok((await sources.listEventSources(r.actor, r.query)).map(presentEventSource)),
  },
  {
    method: 'get', path: '/users/{user_id}/event-sources/{source_id}', tag, access: 'read', graphql: 'User.eventSource',
    summary: 'One event source', params, responses: { 200: EventSourceRead },
    handler: async (r) => ok(presentEventSource(await sources.getEventSource(r.actor, r.params.source_id!))),
  },
  {
    method: 'patch', path: '/users/{user_id}/event-sources/{source_id}', tag, access: 'write', graphql: 'Mutation.updateEventSource',
    summary: 'Change config, enabled or source_label; a disabled source stops producing suggestions',
    params, body: EventSourceUpdate, responses: { 200: EventSourceRead },
    handler: async (r) => ok(presentEventSource(await sources.updateEventSource(r.actor, r.params.source_id!, r.body))),
  },
];
