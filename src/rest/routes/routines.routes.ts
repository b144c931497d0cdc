import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import { completeRoutine } from '../../domain/routines/completions.service.ts';
import * as routines from '../../domain/routines/routines.service.ts';
import { RoutineCompletion, RoutineCreate, RoutineUpdate } from '../../domain/routines/routines.schemas.ts';
import { EventRead, presentEvent } from '../../representation/events.ts';
import { presentRoutine, RoutineRead } from '../../representation/routines.ts';
import { created, noContent, ok, route, type Route } from '../route.ts';

const tag = 'routines';
const params = z.object({ routine_id: uuid() });

export const routineRoutes: Route[] = [
  route({
    method: 'post',
    path: '/users/{user_id}/routines',
    tag,
    access: 'write',
    graphql: 'Mutation.createRoutine',
    summary: 'Add a routine (time_of_day anytime, no items and display_order 0 unless given)',
    body: RoutineCreate,
    responses: { 201: RoutineRead },
    handler: async (r) => created(presentRoutine(await routines.createRoutine(r.actor, r.body))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/routines',
    tag,
    access: 'read',
    graphql: 'User.routines',
    summary: 'Every routine, by display_order, then name',
    responses: { 200: z.array(RoutineRead) },
    handler: async (r) => ok((await routines.listRoutines(r.actor)).map(presentRoutine)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/routines/{routine_id}',
    version: { type: 'routine', param: 'routine_id' },
    tag,
    access: 'read',
    graphql: 'User.routine',
    summary: 'One routine',
    params,
    responses: { 200: RoutineRead },
    handler: async (r) => ok(presentRoutine(await routines.getRoutine(r.actor, r.params.routine_id))),
  }),
  route({
    method: 'patch',
    path: '/users/{user_id}/routines/{routine_id}',
    version: { type: 'routine', param: 'routine_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updateRoutine',
    summary: 'Change a routine; omitted fields stay, null clears color or icon_key',
    params,
    body: RoutineUpdate,
    responses: { 200: RoutineRead },
    handler: async (r) => ok(presentRoutine(await routines.updateRoutine(r.actor, r.params.routine_id, r.body))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/routines/{routine_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.deleteRoutine',
    summary: 'Delete a routine (its logged completions stay)',
    params,
    responses: { 204: null },
    handler: async (r) => (await routines.deleteRoutine(r.actor, r.params.routine_id), noContent()),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/routines/{routine_id}/completions',
    tag,
    access: 'write',
    graphql: 'Mutation.completeRoutine',
    summary:
      "Record the routine (or the given items of it) as done on local_date (default today in the user's timezone): an event tagged routine:<routine_id>, a factor of the daily summary",
    params,
    body: RoutineCompletion,
    responses: { 201: EventRead },
    handler: async (r) => created(presentEvent(await completeRoutine(r.actor, r.params.routine_id, r.body))),
  }),
];
