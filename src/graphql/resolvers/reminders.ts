import { linksOf } from '../../domain/reminders/actions.ts';
import {
  createReminder,
  deleteReminder,
  getReminder,
  listReminders,
  reminderHistory,
  remindersOfGoals,
  remindersOfRoutines,
  updateReminder,
  upcomingDueTimes,
} from '../../domain/reminders/reminders.service.ts';
import { serviceArgs, serviceInput, withInput } from '../args.ts';
import { atVersion, versionField } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const reminderResolvers: Resolvers = {
  User: {
    reminders: (_user, _args, { actor }) => listReminders(actor),
    reminder: (_user, { id }, { actor }) => getReminder(actor, id),
    reminderUpcoming: (_user, { id, ...args }, { actor }) => upcomingDueTimes(actor, id, serviceArgs(args)),
    reminderHistory: (_user, { id, ...args }, { actor }) => reminderHistory(actor, id, serviceArgs(args)),
  },
  Goal: {
    reminders: (goal, _args, { loaders }) => loaders.manyById(remindersOfGoals).load(goal.slug),
  },
  Routine: {
    reminders: (routine, _args, { loaders }) => loaders.manyById(remindersOfRoutines).load(routine.id),
  },
  Reminder: {
    version: versionField('reminder', (r) => r.id),
    target: (r) => (r.targetKind ? { kind: r.targetKind, ref: r.targetRef! } : null),
    quiet: (r) => (r.quietStart ? { start: r.quietStart, end: r.quietEnd! } : null),
  },
  ReminderPushResult: { subscriptionId: (p) => p.subscription_id },
  ReminderFiring: {
    actions: (f) => {
      const l = linksOf(f);
      return l && { pageUrl: l.page_url, doneUrl: l.done_url, snoozeUrl: l.snooze_url };
    },
  },
  Mutation: {
    createReminder: (_root, { input }, { actor }) => withInput('input', () => createReminder(actor, serviceInput(input))),
    updateReminder: (_root, { id, input, expectedVersion }, { actor }) =>
      atVersion(actor, { type: 'reminder', id }, expectedVersion, () =>
        withInput('input', () => updateReminder(actor, id, serviceInput(input))),
      ),
    deleteReminder: async (_root, { id }, { actor }) => (await deleteReminder(actor, id), true),
  },
};
