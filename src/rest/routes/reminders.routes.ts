import { z } from 'zod';
import { uuid } from '../../core/validation.ts';
import * as reminders from '../../domain/reminders/reminders.service.ts';
import { HistoryQuery, ReminderCreate, ReminderUpdate, UpcomingQuery } from '../../domain/reminders/reminders.schemas.ts';
import {
  FiringRead,
  OccurrenceRead,
  presentFiring,
  presentOccurrence,
  presentReminder,
  ReminderRead,
} from '../../representation/reminders.ts';
import { created, noContent, ok, route, type Route } from '../route.ts';

const tag = 'reminders';
const params = z.object({ reminder_id: uuid() });
const path = '/users/{user_id}/reminders/{reminder_id}';

export const reminderRoutes: Route[] = [
  route({
    method: 'post',
    path: '/users/{user_id}/reminders',
    tag,
    access: 'write',
    graphql: 'Mutation.createReminder',
    summary:
      'Add a reminder: local times on the days an RRULE gives (FREQ=DAILY by default), in a timezone (default yours), optionally about a goal, routine, metric or tag with a condition (only if not logged today / this period), a quiet window, and a channel (webhook, ntfy or web_push)',
    body: ReminderCreate,
    responses: { 201: ReminderRead },
    handler: async (r) => created(presentReminder(await reminders.createReminder(r.actor, r.body))),
  }),
  route({
    method: 'get',
    path: '/users/{user_id}/reminders',
    tag,
    access: 'read',
    graphql: 'User.reminders',
    summary: 'Every reminder, oldest first, with when it next falls due',
    responses: { 200: z.array(ReminderRead) },
    handler: async (r) => ok((await reminders.listReminders(r.actor)).map(presentReminder)),
  }),
  route({
    method: 'get',
    path,
    version: { type: 'reminder', param: 'reminder_id' },
    tag,
    access: 'read',
    graphql: 'User.reminder',
    summary: 'One reminder',
    params,
    responses: { 200: ReminderRead },
    handler: async (r) => ok(presentReminder(await reminders.getReminder(r.actor, r.params.reminder_id))),
  }),
  route({
    method: 'patch',
    path,
    version: { type: 'reminder', param: 'reminder_id' },
    tag,
    access: 'write',
    graphql: 'Mutation.updateReminder',
    summary:
      'Change a reminder; omitted fields stay, null clears target or quiet. A new schedule, or switching it back on, counts from now (nothing missed meanwhile is sent late)',
    params,
    body: ReminderUpdate,
    responses: { 200: ReminderRead },
    handler: async (r) => ok(presentReminder(await reminders.updateReminder(r.actor, r.params.reminder_id, r.body))),
  }),
  route({
    method: 'delete',
    path,
    tag,
    access: 'write',
    graphql: 'Mutation.deleteReminder',
    summary: 'Delete a reminder and its history',
    params,
    responses: { 204: null },
    handler: async (r) => (await reminders.deleteReminder(r.actor, r.params.reminder_id), noContent()),
  }),
  route({
    method: 'get',
    path: `${path}/upcoming`,
    tag,
    access: 'read',
    graphql: 'User.reminderUpcoming',
    summary:
      'Its next due times after `from` (default now) as the scheduler will find them: a time the clocks skip goes out once, right after the gap; a time that repeats goes out once, the first time',
    params,
    query: UpcomingQuery,
    responses: { 200: z.array(OccurrenceRead) },
    handler: async (r) => ok((await reminders.upcomingDueTimes(r.actor, r.params.reminder_id, r.query)).map(presentOccurrence)),
  }),
  route({
    method: 'get',
    path: `${path}/history`,
    tag,
    access: 'read',
    graphql: 'User.reminderHistory',
    summary:
      'What became of each due time, latest first: sent, skipped (and why), missed, failed, and done or snoozed from its message; older ones with before = the last due_at',
    params,
    query: HistoryQuery,
    responses: { 200: z.array(FiringRead) },
    handler: async (r) => ok((await reminders.reminderHistory(r.actor, r.params.reminder_id, r.query)).map(presentFiring)),
  }),
];
