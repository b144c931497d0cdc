import { z } from 'zod';
import { listReminders, reminderHistory } from '../../domain/reminders/reminders.service.ts';
import { presentFiring, presentReminder } from '../../representation/reminders.ts';
import { defineTool } from './tool.ts';

export const reminderTools = [
  defineTool({
    name: 'list_reminders',
    title: 'Reminders',
    description:
      "The user's reminders, oldest first: label, local times, RRULE, timezone, what each is about (goal, routine, metric or tag), " +
      'its condition (always, not_logged_today, not_logged_this_period), quiet window, channel and when it next falls due. Same JSON as GET /users/{user_id}/reminders.',
    input: z.object({}),
    run: async ({ actor }) => (await listReminders(actor)).map(presentReminder),
  }),
  defineTool({
    name: 'get_reminder_history',
    title: 'Reminder history',
    description:
      'What became of each due time of one reminder, latest first: sent, skipped (already_logged, goal_met, goal_out_of_reach, quiet_hours), ' +
      'missed (the service was not running), failed, and whether it was marked done or snoozed. Same JSON as GET /users/{user_id}/reminders/{reminder_id}/history.',
    input: z.object({
      reminder_id: z.string().describe('The reminder id (from list_reminders)'),
      before: z.string().optional().describe('Only firings due before this ISO date-time (the last due_at of the previous call)'),
      limit: z.number().int().optional().describe('How many (1 to 200, default 50)'),
    }),
    run: async ({ actor }, args) =>
      (await reminderHistory(actor, args.reminder_id, { before: args.before, limit: args.limit })).map(presentFiring),
  }),
];
