import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as timers from '../../domain/timers/timers.service.ts';
import { TrackingTimerListQuery, TrackingTimerStart, TrackingTimerStop } from '../../domain/timers/timers.schemas.ts';
import { EventRead, presentEvent } from '../../representation/events.ts';
import { presentTimer, TrackingTimerRead } from '../../representation/timers.ts';
import { created, noContent, ok, route, type Route } from '../route.ts';

const tag = 'tracking-timers';
const params = z.object({ timer_id: uuid() });

export const timerRoutes: Route[] = [
  route({
    method: 'post',
    path: '/users/{user_id}/tracking-timers',
    tag,
    access: 'write',
    graphql: 'Mutation.startTrackingTimer',
    summary: 'Start a timer (category_id and/or label required; started_at defaults to now)',
    body: TrackingTimerStart,
    responses: { 201: TrackingTimerRead },
    handler: async (r) => created(presentTimer(await timers.startTimer(r.actor, r.body))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/tracking-timers',
    tag,
    access: 'read',
    graphql: 'User.trackingTimers',
    summary: 'Running timers, most recently started first',
    query: TrackingTimerListQuery,
    responses: { 200: z.array(TrackingTimerRead) },
    handler: async (r) => ok((await timers.listTimers(r.actor, r.query)).map(presentTimer)),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/tracking-timers/{timer_id}',
    version: { type: 'tracking_timer', param: 'timer_id' },
    tag,
    access: 'read',
    graphql: 'User.trackingTimer',
    summary: 'One running timer',
    params,
    responses: { 200: TrackingTimerRead },
    handler: async (r) => ok(presentTimer(await timers.getTimer(r.actor, r.params.timer_id))),
  }),
  route({
    method: 'post',
    path: '/users/{user_id}/tracking-timers/{timer_id}/stop',
    tag,
    access: 'write',
    graphql: 'Mutation.stopTrackingTimer',
    summary: 'Stop: logs an event (source timer) with the start, duration, category and label, and removes the timer',
    params,
    body: TrackingTimerStop,
    responses: { 201: EventRead },
    handler: async (r) => created(presentEvent(await timers.stopTimer(r.actor, r.params.timer_id, r.body))),
  }),
  route({
    method: 'delete',
    path: '/users/{user_id}/tracking-timers/{timer_id}',
    tag,
    access: 'write',
    graphql: 'Mutation.discardTrackingTimer',
    summary: 'Discard a running timer without logging anything',
    params,
    responses: { 204: null },
    handler: async (r) => (await timers.discardTimer(r.actor, r.params.timer_id), noContent()),
  }),
];
